//! The peer gate (tests/support/peers.rs): with a peer that cannot be had,
//! a test fails, naming the peer, why it is missing and what to install;
//! it never passes unrun. The test that needs the peer is run in a child
//! process of this test binary, in an empty peers directory, with
//! provisioning off and a `PATH` that has no pre-commit.

use std::process::{Command, Output};

use crate::support::peers;

/// Set in the child process that runs the probe.
const PROBE: &str = "MCP_ELICIT_PEERS_GATE_PROBE";

/// Needs pre-commit: a probe, run by the test below in a child process where
/// pre-commit cannot be had; anywhere else it does nothing.
#[test]
#[ignore = "a probe run by peers_gate's other test, with the peer made absent"]
fn needs_pre_commit() {
    if std::env::var_os(PROBE).is_none() {
        return;
    }
    let found = peers::pre_commit();
    panic!(
        "pre-commit was found at {} although absent",
        found.display()
    );
}

fn run_probe() -> Output {
    let empty = tempfile::tempdir().unwrap();
    Command::new(std::env::current_exe().unwrap())
        .args([
            "peers_gate::needs_pre_commit",
            "--exact",
            "--ignored",
            "--test-threads",
            "1",
        ])
        .env("MCP_ELICIT_PEERS_DIR", empty.path())
        .env(peers::OFFLINE, "1")
        .env(PROBE, "1")
        .env("PATH", empty.path())
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const REASON: &str = "peers_gate::needs_pre_commit needs pre-commit 4.7.0: \
                      provisioning is off (MCP_ELICIT_OFFLINE or CARGO_NET_OFFLINE)";

#[test]
#[ignore = "peer: runs this tier's harness (cargo test --test peers -- --ignored)"]
fn a_missing_peer_fails_the_test_with_what_to_install() {
    let o = run_probe();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(101), "{out}");
    assert!(out.contains("1 failed"), "{out}");
    assert!(out.contains(REASON), "{out}");
    assert!(
        out.contains("to run it: let the tests reach PyPI once"),
        "{out}"
    );
}
