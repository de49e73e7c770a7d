//! N807 `host-number-prefilled`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_NUMBER_PREFILLED = "N807" "host-number-prefilled" Note
        summary: "The host pre-fills a number without a default (reported with `--hosts` only)."
        why: "Goose desktop starts a number field at its `minimum`, or 0: an untouched form sends a number the person never chose."
        example: words!(r#"{"type": "integer", "minimum": 1}"#, r#"{"type": "integer", "minimum": 1, "default": 2}"#);
}
