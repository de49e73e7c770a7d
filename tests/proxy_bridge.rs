//! The proxy's bridge between eras with nothing but `python3`: the
//! one-question server of bench/proxy.sh in one era
//! (bench/bridge_echo_server.py), its client in the other
//! (bench/bridge_roundtrips.py, which checks every exchange), through the
//! proxy over stdio. The bridge against the official SDKs, over stdio and
//! HTTP, is in the peers tier (tests/peers/bridge.rs).

use std::process::Command;

use crate::support::{bin, root};

/// `bench/bridge_roundtrips.py CLIENT 20 mcp-elicit proxy ARGS -- python3
/// bench/bridge_echo_server.py SERVER`: its exit, its stdout and the
/// proxy's notes.
fn calls(client: &str, server: &str, args: &[&str]) -> (bool, String, String) {
    let o = Command::new("python3")
        .arg("bench/bridge_roundtrips.py")
        .args([client, "20", bin(), "proxy"])
        .args(args)
        .args(["--", "python3", "bench/bridge_echo_server.py", server])
        .current_dir(root())
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_2025_client_is_bridged_to_a_2026_only_server_and_back() {
    let (ok, out, err) = calls("2025", "2026", &["--answer", "never"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(r#""n": 20"#), "{out}");
    assert!(
        err.contains(
            "the server speaks 2026-07-28 only; the proxy bridges the host's 2025-11-25 to it"
        ),
        "{err}"
    );
    assert_eq!(
        err.matches("the host answered input `q` accept").count(),
        20,
        "{err}"
    );
    // Without the bridge the handshake is refused, as the server says.
    let (ok, _, err) = calls("2025", "2026", &["--answer", "never", "--bridge", "off"]);
    assert!(!ok, "{err}");
}

#[test]
fn a_2026_client_is_bridged_to_a_2025_only_server_and_back() {
    let (ok, out, err) = calls("2026", "2025", &["--answer", "never"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(r#""n": 20"#), "{out}");
    assert!(
        err.contains(
            "the server does not speak 2026-07-28; the proxy bridges the host to its 2025-11-25"
        ),
        "{err}"
    );
    let (ok, _, err) = calls("2026", "2025", &["--answer", "never", "--bridge", "off"]);
    assert!(!ok, "{err}");
}
