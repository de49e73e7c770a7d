//! E004 `duplicate-key`. Reported by the reader of documents and sessions
//! (`lint`).

rule! {
    DUPLICATE_KEY = "E004" "duplicate-key" Error
        summary: "An object has the same key twice."
        why: "JSON readers disagree on which of two equal keys wins (the first, the last, or an error), so the server and the client may see different schemas."
        example: fixture!("E004", "json", "2026-07-28");
}
