//! What a run of the command printed, and the `call` and report helpers
//! the CLI tests of both tiers share.

use std::process::{Command, Output};

use serde_json::Value;

use super::{bin, root};

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `mcp-elicit call ARGS`, run from the repository's root.
pub fn call(args: &[&str]) -> Output {
    Command::new(bin())
        .arg("call")
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// A JSONL report's lines.
pub fn report(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
