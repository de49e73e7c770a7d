//! The peer gate (tests/support/peers.rs) both ways: with a peer that
//! cannot be had, a test is skipped and says why; with
//! `MCP_ELICIT_REQUIRE_PEERS=1` (as .ci/run sets) the same test fails with
//! the same reason. The test that needs the peer is run in a child process
//! of this test binary, in an empty peers directory, with provisioning off
//! and a `PATH` that has no pre-commit.

use std::process::{Command, Output};

use crate::support::peers;

/// Needs pre-commit; only run by the tests below, in a child process where
/// pre-commit cannot be had.
#[test]
#[ignore = "run by peers_gate's other tests, with the peer made absent"]
fn needs_pre_commit() {
    let Some(found) = peers::pre_commit() else {
        return;
    };
    panic!(
        "pre-commit was found at {} although absent",
        found.display()
    );
}

fn run_probe(require: bool) -> Output {
    let empty = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "peers_gate::needs_pre_commit",
        "--exact",
        "--ignored",
        "--test-threads",
        "1",
    ])
    .env("MCP_ELICIT_PEERS_DIR", empty.path())
    .env(peers::OFFLINE, "1")
    .env("PATH", empty.path());
    if require {
        cmd.env(peers::REQUIRE, "1");
    } else {
        cmd.env_remove(peers::REQUIRE);
    }
    cmd.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const REASON: &str = "skipped peers_gate::needs_pre_commit: needs pre-commit 4.7.0: \
                      provisioning is off (MCP_ELICIT_OFFLINE or CARGO_NET_OFFLINE)";

#[test]
fn a_missing_peer_skips_the_test_with_its_reason() {
    let o = run_probe(false);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("1 passed"), "{out}");
    // Shown although the harness captures a passing test's output.
    assert!(String::from_utf8_lossy(&o.stderr).contains(REASON), "{out}");
    assert!(
        out.contains("to run it: let the tests reach PyPI once"),
        "{out}"
    );
}

#[test]
fn a_missing_peer_fails_the_test_when_peers_are_required() {
    let o = run_probe(true);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(101), "{out}");
    assert!(out.contains("1 failed"), "{out}");
    assert!(out.contains(REASON), "{out}");
    assert!(
        out.contains("MCP_ELICIT_REQUIRE_PEERS is set, so a missing peer is a failure"),
        "{out}"
    );
}
