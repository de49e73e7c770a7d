//! W811 `host-empty-form`. Reported by the host facts (`hosts::data`), with
//! `--hosts`.

rule! {
    HOST_EMPTY_FORM = "W811" "host-empty-form" Warning
        summary: "The host accepts an approve-only form (no properties) without asking, or shows it without a way to say no (reported with `--hosts` only)."
        why: "mcporter accepts an empty form at once, Codex accepts it under an auto-approve policy, and older Goose desktop builds offer only Submit: an empty form is no safety confirmation."
        example: words!(r#"{"type": "object", "properties": {}}"#, r#"{"type": "object", "properties": {"confirm": {"type": "boolean", "title": "Deploy now?"}}, "required": ["confirm"]}"#);
}
