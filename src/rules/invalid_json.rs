//! E001 `invalid-json`. Reported by the reader of documents and sessions
//! (`lint`) and by the mock server (`mcp::mock`).

rule! {
    INVALID_JSON = "E001" "invalid-json" Error
        summary: "The file, or a line of a JSONL file, is not valid JSON."
        why: "Nothing can be checked in a document that does not parse, and a peer that receives it answers with a parse error."
        example: fixture!("E001", "json", "2026-07-28");
        blocks_form: true;
}
