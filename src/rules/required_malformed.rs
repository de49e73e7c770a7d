//! E123 `required-malformed`. Reported when the model builder
//! (`schema::parse`) cannot build `required`.

rule! {
    REQUIRED_MALFORMED = "E123" "required-malformed" Error
        summary: "`required` is not an array of property names."
        why: "`required` must be an array of strings naming properties."
        example: fixture!("E123", "json", "2026-07-28");
}

/// `required` that is not an array.
pub(crate) fn not_array(got: &str) -> String {
    format!("`required` is {got}; write an array of property names")
}

/// An entry of `required` that is not a string.
pub(crate) fn entry_not_string(got: &str) -> String {
    format!("`required` entries are property names, but this one is {got}")
}
