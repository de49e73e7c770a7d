//! E701 `action-invalid`. Judged here on an answer object; an answer that
//! is not an object is reported by the answer reader (`lint::answer`).

use super::*;

rule! {
    ACTION_INVALID = "E701" "action-invalid" Error
        summary: "An ElicitResult's `action` is not accept, decline or cancel."
        why: "Servers branch on exactly these three actions."
        example: fixture!("E701", "jsonl", "2026-07-28");
        check: Check::Result(check);
}

fn check(cx: &ResultCx<'_>, out: &mut Findings) {
    match cx.node.get("action") {
        None => out.push(
            &ACTION_INVALID,
            cx.start(),
            cx.ptr,
            "the answer has no `action`; add \"accept\", \"decline\" or \"cancel\"",
        ),
        Some(a) if cx.action().is_none() => out.push(
            &ACTION_INVALID,
            a.span,
            cx.at("action"),
            format!(
                "`action` is {}; write \"accept\", \"decline\" or \"cancel\"",
                match a.as_str() {
                    Some(s) => format!("\"{s}\""),
                    None => a.type_name().to_string(),
                }
            ),
        ),
        Some(_) => {}
    }
}

/// An answer that is not an object.
pub(crate) fn not_object(node: &Node, ptr: &str, out: &mut Findings) {
    out.push(
        &ACTION_INVALID,
        node.span,
        ptr,
        format!(
            "the answer is {}; an ElicitResult is {{\"action\": \"accept\"|\"decline\"|\"cancel\", \"content\"?: {{...}}}}",
            node.type_name()
        ),
    );
}
