//! W814 `host-input-required-unsupported`. Reported by the host facts
//! (`hosts::data`), with `--hosts`.

rule! {
    HOST_INPUT_REQUIRED_UNSUPPORTED = "W814" "host-input-required-unsupported" Warning
        summary: "The host does not handle 2026-07-28's InputRequiredResult (reported with `--hosts` only)."
        why: "Goose declares 2025-03-26 and Python SDK 1.x clients have no retry: the elicitation is never shown."
        example: words!(r#"{"resultType": "input_required", "inputRequests": {"ask": {"method": "elicitation/create", "params": {...}}}}"#, "negotiate the revision and send an `elicitation/create` request to clients before 2026-07-28");
}
