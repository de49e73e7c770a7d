//! The positioned JSON reader: any bytes give a tree or a syntax error
//! inside the input, never a panic; a tree agrees with serde_json.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::json;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = json::utf8(data) else {
        return;
    };
    let index = json::LineIndex::new(text);
    match json::parse(text) {
        Ok(node) => {
            assert!(node.span.end <= text.len());
            // What serde_json reads agrees (it rejects what it cannot
            // represent, which the positioned reader keeps).
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
                assert_eq!(node.to_value(), v);
            }
            let _ = index.line_col(node.span.start);
        }
        Err(e) => {
            assert!(e.offset <= text.len());
            let (line, col) = index.line_col(e.offset);
            assert!(line >= 1 && col >= 1);
        }
    }
});
