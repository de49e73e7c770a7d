//! W505 `elicitation-id-undeclared`.

use super::*;

rule! {
    ELICITATION_ID_UNDECLARED = "W505" "elicitation-id-undeclared" Warning
        summary: "URL-mode params carry `elicitationId` under 2026-07-28, which removed it."
        why: "2026-07-28 removed `elicitationId` and the completion notification; clients ignore the key."
        example: fixture!("W505", "json", "2026-07-28");
        check: Check::Params(check);
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    for (m, stray) in cx.strays() {
        if stray == Stray::RemovedId {
            out.push(
                &ELICITATION_ID_UNDECLARED,
                m.key_span,
                cx.at("elicitationId"),
                format!("`elicitationId` was removed in {}; remove it", cx.rev),
            );
        }
    }
}
