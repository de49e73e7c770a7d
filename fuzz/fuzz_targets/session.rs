//! The session reader and its importers (native recordings, bare
//! JSON-RPC, `_meta.dir` NDJSON, `{ts,dir,msg}` and
//! `{session_id,direction,raw}` envelopes; the first line picks one), and
//! the recorded-answer reader: never a panic, line numbers in order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::session::{self, recorded};

fuzz_target!(|data: &[u8]| {
    let mut last = 0;
    let _ = session::each_line(data, |n, _event| {
        assert!(n > last);
        last = n;
        Ok::<(), std::io::Error>(())
    });
    if let Ok(answers) = recorded::read(data) {
        for a in &answers {
            assert!(recorded::find(&answers, &a.params).is_ok());
        }
    }
});
