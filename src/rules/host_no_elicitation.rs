//! W801 `host-no-elicitation`. Reported by the host facts (`hosts::data`), with
//! `--hosts`.

rule! {
    HOST_NO_ELICITATION = "W801" "host-no-elicitation" Warning
        summary: "A host named with `--hosts` has no elicitation at all: the person there sees nothing (reported with `--hosts` only)."
        why: "Claude Desktop, Zed, Continue, Cline and gemini-cli declare no elicitation capability; the request fails (-32601) or is never answered, and the tool call fails with it."
        example: words!(r#"{"message": "Which table?", "requestedSchema": {...}}, with --hosts zed"#, "check the client's `elicitation` capability before asking, and fall back (a tool argument, a default) when it is absent");
}
