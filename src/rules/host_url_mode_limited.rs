//! N813 `host-url-mode-limited`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_URL_MODE_LIMITED = "N813" "host-url-mode-limited" Note
        summary: "The host does not declare URL mode, or shows it as a form (reported with `--hosts` only)."
        why: "Goose turns a URL request into a form with no fields and Codex declares URL mode only when enabled; the person may never get the link."
        example: words!(r#"{"mode": "url", "url": "https://example.com/connect", "message": "Connect", "elicitationId": "1"}"#, "check the client's `elicitation.url` capability and fall back to a link in the tool result");
}
