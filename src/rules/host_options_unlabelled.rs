//! N805 `host-options-unlabelled`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_OPTIONS_UNLABELLED = "N805" "host-options-unlabelled" Note
        summary: "The host does not show the option titles (`oneOf` titles, `enumNames`) as labels (reported with `--hosts` only)."
        why: "Goose and mcporter show raw values, VS Code shows the value with the title as grey text, and Goose desktop turns a `oneOf` into a text box: cryptic values reach the person as they are."
        example: words!(r#"{"type": "string", "oneOf": [{"const": "T1", "title": "Window"}, {"const": "T2", "title": "Patio"}]}"#, r#"{"type": "string", "enum": ["window", "patio"]}"#);
}
