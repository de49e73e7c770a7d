//! E001 `invalid-json`. Reported by the reader of documents and sessions
//! (`lint`) and by the mock server (`mcp::server::mock`).

use super::*;

rule! {
    INVALID_JSON = "E001" "invalid-json" Error
        summary: "The file, or a line of a JSONL file, is not valid JSON."
        why: "Nothing can be checked in a document that does not parse, and a peer that receives it answers with a parse error."
        example: fixture!("E001", "json", "2026-07-28");
        blocks_form: true;
}

/// Text that is not JSON, as the parser says (`parser`), at `span`.
pub(crate) fn finding(span: Span, parser: &str) -> crate::finding::Finding {
    crate::finding::Finding {
        rule: &INVALID_JSON,
        message: format!("not valid JSON: {parser}"),
        pointer: String::new(),
        span,
    }
}

/// A value held in memory that has no JSON text, as the reader says.
pub(crate) fn value(reader: String, out: &mut Findings) {
    out.push(&INVALID_JSON, Span::default(), "", reader);
}

/// A `what` (a line, a document) of `len` bytes, more than is read
/// (`max_mib`).
pub(crate) fn too_large(what: &str, len: u64, max_mib: usize) -> String {
    format!(
        "this {what} is {len} bytes, more than the {max_mib} MiB mcp-elicit reads; it was skipped (split it or check what wrote it)"
    )
}
