//! W815 `host-url-mode-undeclared`. Reported from what a host version
//! declares when it connects (`hosts::data`), with `--hosts`.

rule! {
    HOST_URL_MODE_UNDECLARED = "W815" "host-url-mode-undeclared" Warning
        summary: "A URL-mode request to a host that declares form mode only (reported with `--hosts` only)."
        why: "Claude Code 2.1.176 to 2.1.260 declares `elicitation: {}` and Cursor `{\"form\": {}}`: under 2025-11-25 that is form mode alone, and a server must not send such a client a URL-mode request."
        example: words!(r#"{"mode": "url", "url": "https://example.com/connect", "message": "Connect", "elicitationId": "1"}, with --hosts claude-code@2.1.260"#, "check the client's `elicitation.url` capability before sending URL mode, and otherwise give the link in the tool result");
}
