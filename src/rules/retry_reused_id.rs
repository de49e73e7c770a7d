//! E720 `retry-reused-id`. Reported by the reader of documents and sessions
//! (`lint`).

rule! {
    RETRY_REUSED_ID = "E720" "retry-reused-id" Error
        summary: "A retry after an InputRequiredResult reuses the id of an earlier request."
        why: "2026-07-28 retries are new requests and need a new JSON-RPC id."
        example: fixture!("E720", "jsonl", "2026-07-28");
}
