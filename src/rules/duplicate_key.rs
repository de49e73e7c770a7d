//! E004 `duplicate-key`. Reported by the reader of documents and sessions
//! (`lint`).

use super::*;

rule! {
    DUPLICATE_KEY = "E004" "duplicate-key" Error
        summary: "An object has the same key twice."
        why: "JSON readers disagree on which of two equal keys wins (the first, the last, or an error), so the server and the client may see different schemas."
        example: fixture!("E004", "json", "2026-07-28");
}

/// Key `key` (at `span`, `ptr`) written twice in one object.
pub(crate) fn report(span: Span, ptr: String, key: &str, out: &mut Findings) {
    out.push(
        &DUPLICATE_KEY,
        span,
        ptr,
        format!(
            "`{key}` appears more than once in this object; readers disagree on which one wins, keep one"
        ),
    );
}
