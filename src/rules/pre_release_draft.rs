//! E003 `pre-release-draft`. Reported by the reader of documents and sessions
//! (`lint`).

use super::*;

rule! {
    PRE_RELEASE_DRAFT = "E003" "pre-release-draft" Error
        summary: "The document uses the early elicitation draft (a bare message, answers as a content array with `cancelled`) that no published revision uses."
        why: "No client or server of a published revision understands this shape: requests need a requestedSchema (or URL mode) and answers an action."
        example: fixture!("E003", "json", "2025-11-25");
        blocks_form: true;
}

/// A document, or an answer at `ptr`, in the early draft's form.
pub(crate) fn report(span: Span, ptr: &str, out: &mut Findings) {
    out.push(
        &PRE_RELEASE_DRAFT,
        span,
        ptr,
        "this is the early elicitation draft (a bare `message`, answers as a `content` array with `cancelled`), which no published revision uses; send `message` with a `requestedSchema` and answer with `{\"action\": ..., \"content\": {...}}`",
    );
}
