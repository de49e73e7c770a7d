//! E504 `elicitation-id-missing`.

use super::*;

rule! {
    ELICITATION_ID_MISSING = "E504" "elicitation-id-missing" Error
        summary: "URL-mode params under 2025-11-25 have no `elicitationId` string."
        why: "2025-11-25 requires `elicitationId` so the server can later send `notifications/elicitation/complete`."
        example: fixture!("E504", "jsonl", auto);
        check: Check::Params(check);
        relies_on: &["mode", "elicitationId"];
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    if cx.mode != Mode::Url || cx.rev.url_mode() != UrlMode::WithElicitationId {
        return;
    }
    cx.require_string(
        &ELICITATION_ID_MISSING,
        "elicitationId",
        "URL-mode params have no `elicitationId`; 2025-11-25 requires one to match `notifications/elicitation/complete`",
        out,
    );
}
