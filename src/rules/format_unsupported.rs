//! E211 `format-unsupported`. Reported when the model builder
//! (`schema::parse`) cannot build a `format` no revision has.

rule! {
    FORMAT_UNSUPPORTED = "E211" "format-unsupported" Error
        summary: "A string `format` is not one of email, uri, date, date-time."
        why: "Only those four formats exist in elicitation; clients ignore others or reject the request."
        example: fixture!("E211", "json", "2026-07-28");
}

use crate::spec::FORMATS;

pub fn message(format: &str) -> String {
    format!(
        "format `{format}` is not allowed; use one of {}, or drop `format` and describe the expected form in `description`",
        FORMATS.join(", ")
    )
}
