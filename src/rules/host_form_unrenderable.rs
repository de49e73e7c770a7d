//! W802 `host-form-unrenderable`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_FORM_UNRENDERABLE = "W802" "host-form-unrenderable" Warning
        summary: "A property the host cannot draw makes it replace the whole form (reported with `--hosts` only)."
        why: "Codex renders strings, booleans and single-selects only; one number, integer or multi-select and the person gets a generic approval dialog whose \"Yes\" sends an empty `content`."
        example: words!(r#"{"type": "object", "properties": {"guests": {"type": "integer"}}}"#, r#"{"type": "object", "properties": {"guests": {"type": "string", "enum": ["1", "2", "3", "4"]}}}"#);
}
