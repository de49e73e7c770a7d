//! N812 `host-title-ignored`. Reported by the host facts (`hosts::data`), with
//! `--hosts`.

rule! {
    HOST_TITLE_IGNORED = "N812" "host-title-ignored" Note
        summary: "The host labels fields with their property names, not their titles (reported with `--hosts` only)."
        why: "Goose desktop ignores `title`; a key such as `gc` is all the person sees."
        example: words!(r#"{"gc": {"type": "integer", "title": "Number of guests"}}"#, r#"{"guests": {"type": "integer", "title": "Number of guests"}}"#);
}
