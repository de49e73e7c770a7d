//! E211 `format-unsupported`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    FORMAT_UNSUPPORTED = "E211" "format-unsupported" Error
        summary: "A string `format` is not one of email, uri, date, date-time."
        why: "Only those four formats exist in elicitation; clients ignore others or reject the request."
        example: fixture!("E211", "json", "2026-07-28");
}
