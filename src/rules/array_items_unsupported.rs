//! E206 `array-items-unsupported`. Reported when the model builder
//! (`schema::parse`) cannot build a multi-select from an array's `items`.

rule! {
    ARRAY_ITEMS_UNSUPPORTED = "E206" "array-items-unsupported" Error
        summary: "An array property is not a multi-select: its `items` are not string options."
        why: "The only array shape is a multi-select: `items` is `{type: \"string\", enum: [...]}` or `{anyOf: [{const, title}]}`."
        example: fixture!("E206", "json", "2026-07-28");
        blocks_form: true;
}

pub(crate) fn missing(name: &str) -> String {
    format!(
        "array property `{name}` has no `items`; a multi-select needs `items: {{\"type\": \"string\", \"enum\": [...]}}` or `items: {{\"anyOf\": [{{\"const\", \"title\"}}]}}`"
    )
}

pub(crate) fn not_object(name: &str, got: &str) -> String {
    format!("`items` of `{name}` is {got}; a multi-select's items are string options")
}

pub(crate) fn not_string(name: &str, ty: &str) -> String {
    format!(
        "`items` of `{name}` have type `{ty}`; the only array shape is a multi-select of string options"
    )
}

pub(crate) fn enum_untyped(name: &str) -> String {
    format!("`items` of `{name}` has `enum` but no `\"type\": \"string\"`; add it")
}

pub(crate) fn no_options(name: &str) -> String {
    format!(
        "`items` of `{name}` offers no options; write `{{\"type\": \"string\", \"enum\": [...]}}` or `{{\"anyOf\": [{{\"const\": ..., \"title\": ...}}]}}`"
    )
}
