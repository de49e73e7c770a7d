//! W806 `host-multi-select-unsupported`. Reported by the host facts
//! (`hosts::data`), with `--hosts`.

rule! {
    HOST_MULTI_SELECT_UNSUPPORTED = "W806" "host-multi-select-unsupported" Warning
        summary: "The host has no multi-select (reported with `--hosts` only)."
        why: "Goose desktop draws no field for an array and Goose CLI reads it as plain text, so the answer is missing or a string."
        example: words!(r#"{"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}"#, r#"{"a": {"type": "boolean"}, "b": {"type": "boolean"}}"#);
}
