//! E302 `enum-not-strings`. Reported when the model builder
//! (`schema::parse`) cannot build an option that is not a string.

rule! {
    ENUM_NOT_STRINGS = "E302" "enum-not-strings" Error
        summary: "Options are not all strings."
        why: "Every enum form takes string values only; numbers or mixed types are outside the subset."
        example: fixture!("E302", "json", "2026-07-28");
}

/// An option of an `enum`, written `raw`.
pub(crate) fn option(index: usize, got: &str, raw: &str) -> String {
    format!("option {index} is {got}; every option is a string (write `\"{raw}\"`)")
}

/// The `const` of a titled option, written `raw`.
pub(crate) fn titled_const(index: usize, got: &str, raw: &str) -> String {
    format!("`const` of option {index} is {got}; option values are strings (write `\"{raw}\"`)")
}
