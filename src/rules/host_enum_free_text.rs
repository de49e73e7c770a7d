//! W809 `host-enum-free-text`. Reported by the host facts (`hosts::data`), with
//! `--hosts`.

rule! {
    HOST_ENUM_FREE_TEXT = "W809" "host-enum-free-text" Warning
        summary: "Hosts on TypeScript SDK 1.13-1.21 turn every `enum` into a free-text field (reported with `--hosts` only)."
        why: "The SDK's union tried the plain string shape first, which dropped `enum`; any text can come back."
        example: words!(r#"{"type": "string", "enum": ["red", "green"]}"#, "validate that the answer is one of the options on the server");
}
