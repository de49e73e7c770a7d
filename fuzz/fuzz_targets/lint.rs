//! Document recognition and lint, in every revision, as a document and as
//! JSONL: never a panic, and every finding points inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::lint::Linter;
use mcp_elicit::spec::Revision;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rev = Revision::ALL[first as usize % 3];
    let linter = Linter::new(rev);
    // Lines end at `\n`, `\r\n` or a lone `\r`.
    let lines = rest.iter().filter(|&&b| b == b'\n' || b == b'\r').count() + 1;
    let mut check = |d: mcp_elicit::finding::Diagnostic| {
        assert!(d.line >= 1 && d.line <= lines, "{d:?}");
        assert!(d.column >= 1, "{d:?}");
    };
    linter.bytes("fuzz.json", rest, &mut check);
    let _ = linter.session("fuzz.jsonl", rest, &mut check);
});
