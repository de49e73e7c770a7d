//! E306 `option-malformed`. Reported when the model builder
//! (`schema::parse`) cannot build a titled option.

rule! {
    OPTION_MALFORMED = "E306" "option-malformed" Error
        summary: "A titled option is not exactly `{\"const\": string, \"title\": string}`."
        why: "Titled single- and multi-select options have a string `const` (the value sent) and a string `title` (the label shown), nothing else."
        example: fixture!("E306", "json", "2026-07-28");
}

pub(crate) fn not_object(index: usize, got: &str) -> String {
    format!("option {index} is {got}; write {{\"const\": value, \"title\": label}}")
}

pub(crate) fn stray_key(key: &str) -> String {
    format!("`{key}` is not a key of a titled option; an option is exactly {{\"const\", \"title\"}}")
}

pub(crate) fn no_const(index: usize) -> String {
    format!("option {index} has no `const` (the value sent); add it")
}

pub(crate) fn no_title(index: usize) -> String {
    format!(
        "option {index} has no `title` (the label shown); add it, or use an untitled `enum`"
    )
}

pub(crate) fn title_not_string(index: usize, got: &str) -> String {
    format!("`title` of option {index} is {got}; write a string")
}
