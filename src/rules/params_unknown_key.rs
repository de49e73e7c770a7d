//! W115 `params-unknown-key`. Judged here on params; also reported by the reader of documents
//! (`lint`) for a wrong `resultType` beside `inputRequests`.

use super::*;

rule! {
    PARAMS_UNKNOWN_KEY = "W115" "params-unknown-key" Warning
        summary: "The params carry a key the revision does not declare, or a result with `inputRequests` has a `resultType` other than `input_required`."
        why: "Clients ignore or reject undeclared keys; what the server meant by them is lost."
        example: fixture!("W115", "json", "2026-07-28");
        check: Check::Params(check);
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    let rev = cx.rev;
    if !rev.has_modes()
        && let Some(m) = cx.node.member("mode")
        && m.value.as_str() == Some("form")
    {
        out.push(
            &PARAMS_UNKNOWN_KEY,
            m.key_span,
            cx.at("mode"),
            format!("`mode` does not exist in {rev} (form is the only mode); remove it"),
        );
    }
    for (m, stray) in cx.strays() {
        if stray == Stray::Unknown {
            let key = m.key.as_ref();
            out.push(
                &PARAMS_UNKNOWN_KEY,
                m.key_span,
                cx.at(key),
                format!(
                    "`{key}` is not a field of elicitation/create params in {rev}; peers ignore it{}",
                    if key == "task" { " (`task` exists in 2025-11-25 only)" } else { "" }
                ),
            );
        }
    }
}

/// A result with `inputRequests` whose `resultType` (the value at `span`,
/// `ptr`) is not `input_required`.
pub(crate) fn result_type(span: Span, ptr: String, out: &mut Findings) {
    out.push(
        &PARAMS_UNKNOWN_KEY,
        span,
        ptr,
        "a result with inputRequests must have `\"resultType\": \"input_required\"`",
    );
}
