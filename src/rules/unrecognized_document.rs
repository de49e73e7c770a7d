//! W002 `unrecognized-document`. Reported by the reader of documents and
//! sessions (`lint`).

rule! {
    UNRECOGNIZED_DOCUMENT = "W002" "unrecognized-document" Warning
        summary: "The document is none of the elicitation documents the linter knows."
        why: "A file that is linted but not recognised would otherwise pass silently. Known documents: a requestedSchema, a property schema, elicitation/create params, a JSON-RPC request or response, an InputRequiredResult, inputRequests or inputResponses maps, an ElicitResult, client capabilities, and session files."
        example: fixture!("W002", "json", "2026-07-28");
}
