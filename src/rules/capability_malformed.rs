//! E710 `capability-malformed`. Judged here on a client's `elicitation`
//! capability; the modes it declares are read by the answer check
//! (`lint::answer`).

use super::*;

rule! {
    CAPABILITY_MALFORMED = "E710" "capability-malformed" Error
        summary: "The `elicitation` client capability has the wrong shape for the revision."
        why: "2025-06-18 declares `elicitation: {}`; from 2025-11-25 it is `{form?: {}, url?: {}}` (`{}` means form only)."
        example: fixture!("E710", "jsonl", auto);
        check: Check::Capability(check);
}

fn check(cx: &CapabilityCx<'_>, out: &mut Findings) {
    let Some(members) = cx.node.as_object() else {
        out.push(
            &CAPABILITY_MALFORMED,
            cx.node.span,
            cx.ptr,
            format!(
                "the elicitation capability is {}; write {}",
                cx.node.type_name(),
                if cx.rev.capability_has_modes() {
                    "{\"form\": {}, \"url\": {}} (or {} for form only)"
                } else {
                    "{}"
                }
            ),
        );
        return;
    };
    if !cx.rev.capability_has_modes() {
        return;
    }
    for m in members {
        if !matches!(m.key.as_ref(), "form" | "url") {
            out.push(
                &CAPABILITY_MALFORMED,
                m.key_span,
                cx.at(&m.key),
                format!(
                    "`{}` is not part of the elicitation capability; declare modes as {{\"form\": {{}}, \"url\": {{}}}}",
                    m.key
                ),
            );
        } else if m.value.as_object().is_none() {
            out.push(
                &CAPABILITY_MALFORMED,
                m.value.span,
                cx.at(&m.key),
                format!("`{}` is {}; write {{}}", m.key, m.value.type_name()),
            );
        }
    }
}
