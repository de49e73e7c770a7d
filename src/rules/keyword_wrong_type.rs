//! E209 `keyword-wrong-type`. Reported when the model builder
//! (`schema::parse`) cannot build a keyword of the wrong JSON type.

rule! {
    KEYWORD_WRONG_TYPE = "E209" "keyword-wrong-type" Error
        summary: "A keyword's value has the wrong JSON type (a `title` that is not a string, a `maxLength` that is not a non-negative integer, ...)."
        why: "Clients parse these keywords with fixed types; a wrong one makes the whole request invalid."
        example: fixture!("E209", "json", "2026-07-28");
}

/// A keyword whose value (`got`, as messages quote it) is not `want`.
pub fn message(key: &str, got: &str, want: &str) -> String {
    format!("`{key}` is {got}; it must be {want}")
}

/// An `enum` that is not an array.
pub(crate) fn enum_not_array(got: &str) -> String {
    format!("`enum` is {got}; write an array of strings")
}

/// A label of `enumNames` that is not a string.
pub(crate) fn label_not_string(index: usize, got: &str) -> String {
    format!("label {index} in `enumNames` is {got}; labels are strings")
}

/// A list of titled options that is not an array.
pub(crate) fn titled_not_array(got: &str) -> String {
    format!(
        "titled options are {got}; write an array of {{\"const\": value, \"title\": label}}"
    )
}
