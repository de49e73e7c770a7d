//! E504 `elicitation-id-missing`.

use super::*;

rule! {
    ELICITATION_ID_MISSING = "E504" "elicitation-id-missing" Error
        summary: "URL-mode params under 2025-11-25 have no `elicitationId` string."
        why: "2025-11-25 requires `elicitationId` so the server can later send `notifications/elicitation/complete`."
        example: fixture!("E504", "jsonl", auto);
        check: Check::Params(check);
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    if cx.mode != Mode::Url || cx.rev.url_mode() != UrlMode::WithElicitationId {
        return;
    }
    match cx.node.get("elicitationId") {
        None => out.push(
            &ELICITATION_ID_MISSING,
            cx.start(),
            cx.ptr,
            "URL-mode params have no `elicitationId`; 2025-11-25 requires one to match `notifications/elicitation/complete`",
        ),
        Some(id) if id.as_str().is_none() => out.push(
            &ELICITATION_ID_MISSING,
            id.span,
            cx.at("elicitationId"),
            format!("`elicitationId` is {}; write it as a string", id.type_name()),
        ),
        Some(_) => {}
    }
}
