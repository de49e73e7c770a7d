//! N808 `host-default-not-shown`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_DEFAULT_NOT_SHOWN = "N808" "host-default-not-shown" Note
        summary: "The host neither shows nor sends a default (reported with `--hosts` only)."
        why: "VS Code offers only truthy defaults (`false`, 0 and \"\" are dropped) and Codex starts every text field empty, so an untouched answer lacks the default."
        example: words!(r#"{"type": "boolean", "default": false}"#, "treat a missing answer as the default on the server");
}
