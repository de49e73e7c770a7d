//! Answer validation: a schema and an answer (`content`), separated by a
//! NUL byte. Both checks an answer meets (the typed one the linter and the
//! form share, and the JSON Schema one before sending) run on anything,
//! never panic, and agree that content they both see is or is not valid
//! for the spec's own types.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::finding::Findings;
use mcp_elicit::form::FinalCheck;
use mcp_elicit::json;
use mcp_elicit::schema::parse_schema;
use mcp_elicit::spec::Revision;
use mcp_elicit::validate;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rev = Revision::ALL[first as usize % 3];
    let Some(nul) = rest.iter().position(|&b| b == 0) else {
        return;
    };
    let (schema, content) = (&rest[..nul], &rest[nul + 1..]);
    let Ok(schema_text) = std::str::from_utf8(schema) else {
        return;
    };
    let Ok(node) = json::parse(schema_text) else {
        return;
    };
    let Ok(serde_json::Value::Object(content)) = serde_json::from_slice(content) else {
        return;
    };
    let mut findings = Findings::default();
    if let Some(schema) = parse_schema(&node, "/requestedSchema", rev, &mut findings) {
        let typed = validate::check_content(&schema, &content, rev);
        let full = FinalCheck::new(schema.to_json()).check(&content);
        // A schema that parsed cleanly is one both checks read the same
        // way: content the typed check accepts, the JSON Schema check
        // accepts too.
        if findings.items.is_empty() && typed.is_empty() {
            assert!(full.is_empty(), "{schema_text}\n{content:?}\n{full:?}");
        }
    }
});
