//! W702 `content-without-accept`. Reported by the answer check
//! (`lint::answer`).

use super::*;

rule! {
    CONTENT_WITHOUT_ACCEPT = "W702" "content-without-accept" Warning
        summary: "An answer carries `content` with decline or cancel, or in URL mode."
        why: "`content` belongs to accept in form mode only. Sending it elsewhere leaks what the person typed before they changed their mind."
        example: fixture!("W702", "json", "2026-07-28");
}
