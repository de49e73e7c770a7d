//! `generate --from-json-schema`: any JSON Schema is converted or refused,
//! never a panic; whatever it produces lints without errors in the
//! revision it was produced for.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::finding::Severity;
use mcp_elicit::generate::{self, Options};
use mcp_elicit::lint;
use mcp_elicit::spec::Revision;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rev = Revision::ALL[first as usize % 3];
    let Ok(schema) = serde_json::from_slice::<serde_json::Value>(rest) else {
        return;
    };
    if let Ok(g) = generate::from_json_schema(&schema, &Options::new(rev)) {
        let params = generate::params(&g.schema, "Fuzz");
        let text = params.to_string();
        let errors: Vec<_> = lint::Linter::new(rev)
            .document("-", &text)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{text}\n{errors:#?}");
    }
});
