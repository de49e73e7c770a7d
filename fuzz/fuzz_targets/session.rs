//! Everything that reads a recorded session: the session reader and its
//! importers (native recordings, bare JSON-RPC, `_meta.dir` NDJSON,
//! `{ts,dir,msg}` and `{session_id,direction,raw}` envelopes; the first
//! line picks one), the recorded-answer reader, the reader of calls for
//! live replay, and `serve`'s loader (as a session and as a request file).
//! Never a panic; line numbers in order; every recorded answer is found
//! again by its own request.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::mcp::client::replay;
use mcp_elicit::mcp::server::mock;
use mcp_elicit::session::{self, recorded};

fuzz_target!(|data: &[u8]| {
    let mut last = 0;
    let _ = session::each_line(data, |n, _event, _raw| {
        assert!(n > last);
        last = n;
        Ok::<(), std::io::Error>(())
    });
    if let Ok(answers) = recorded::read(data) {
        for a in &answers {
            assert!(recorded::find(&answers, &a.params).is_ok());
        }
    }
    let _ = replay::read(data);
    for jsonl_name in [true, false] {
        if let Ok(source) = mock::load_bytes(data, "fuzz", "fuzz", jsonl_name) {
            assert!(source.tools.iter().all(|t| t.serves()));
            assert!(source.tools.iter().any(|t| !t.questions.is_empty()));
        }
    }
});
