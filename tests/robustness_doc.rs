//! docs/robustness.md names a test for each case; each must exist.

use crate::support::{read, root};

#[test]
fn every_test_the_robustness_page_names_exists() {
    let doc = read(root().join("docs/robustness.md"));
    let mut named = 0;
    for cell in doc.split('`').skip(1).step_by(2) {
        let Some((file, name)) = cell.split_once("::") else {
            continue;
        };
        if !file.starts_with("tests/") {
            continue;
        }
        let source = read(root().join(file));
        assert!(
            source.contains(&format!("fn {name}(")),
            "docs/robustness.md names {cell}, which does not exist"
        );
        named += 1;
    }
    assert!(named >= 20, "only {named} tests named");
}
