//! E110 `params-not-object`. Reported by the params check
//! ([`super::check_params`]) and by the reader of documents and sessions
//! (`lint`), where params are missing.

use super::*;

rule! {
    PARAMS_NOT_OBJECT = "E110" "params-not-object" Error
        summary: "`elicitation/create` has no params object."
        why: "The params carry the message and the schema; without them a client has nothing to ask."
        example: fixture!("E110", "json", "2026-07-28");
        blocks_form: true;
}

/// Params that are not an object.
pub(crate) fn report(node: &Node, ptr: &str, out: &mut Findings) {
    out.push(
        &PARAMS_NOT_OBJECT,
        node.span,
        ptr,
        format!(
            "params is {}; elicitation/create params are an object {{\"message\": ..., \"requestedSchema\": {{...}}}}",
            node.type_name()
        ),
    );
}

/// An `elicitation/create` request with no `params`.
pub(crate) fn missing(request: &Node, out: &mut Findings) {
    out.push(
        &PARAMS_NOT_OBJECT,
        Span::new(request.span.start, request.span.start + 1),
        "",
        "elicitation/create has no `params`; add {\"message\": ..., \"requestedSchema\": {...}}",
    );
}

/// An `elicitation/create` input request (at `ptr`) with no `params`.
pub(crate) fn missing_in_input_request(request: &Node, ptr: String, out: &mut Findings) {
    out.push(
        &PARAMS_NOT_OBJECT,
        request.span,
        ptr,
        "this elicitation/create input request has no `params`",
    );
}
