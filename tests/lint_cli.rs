//! `mcp-elicit lint` driven as a user drives it.

use crate::support::cmd;

#[test]
fn clean_schema_exits_zero() {
    cmd()
        .args(["lint", "-"])
        .stdin(r#"{"type":"object","properties":{"name":{"type":"string"}}}"#)
        .assert()
        .code(0)
        .stdout_eq("")
        .stderr_eq("Checked 1 file: no findings.\n");
}
