//! `call` against a server that requires OAuth authorization
//! (tests/servers/oauth_http.py: the MCP server and its authorization
//! server in one process, which grants at once). The flow runs headless
//! (`--authorize-with http`), the token is stored (0600) and used again
//! with `--stored-auth-only`, refreshed before it expires, once for two
//! racing processes; `auth status|logout` show and forget it. Broken
//! metadata, a forged redirect and a token endpoint that never answers
//! are each refused in words, exit 2, with nothing stored; no token
//! reaches stdout, stderr or a recording.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};

use serde_json::Value;

use crate::support::bin;
use crate::support::output::{stderr, stdout};

/// The server of tests/servers/oauth_http.py with `flags`, logging what it
/// saw to a file; ended when dropped.
struct Server {
    child: Child,
    url: String,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Server {
    fn start(flags: &[&str]) -> Server {
        use std::io::BufRead;
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("server.jsonl");
        let mut child = Command::new("python3")
            .arg(crate::support::root().join("tests/servers/oauth_http.py"))
            .args(flags)
            .env("OAUTH_LOG", &log)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().rsplit(' ').next().unwrap().to_string();
        assert!(url.starts_with("http://"), "{line}");
        Server {
            child,
            url,
            log,
            _dir: dir,
        }
    }

    /// How many events of this kind the server saw.
    fn count(&self, event: &str, key: Option<(&str, &str)>) -> usize {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|v| v["event"] == event && key.is_none_or(|(k, want)| v[k] == want))
            .count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `mcp-elicit ARGS` with `config` as its configuration directory.
fn run(config: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .env("MCP_ELICIT_CONFIG_DIR", config)
        .env_remove("MCP_ELICIT_CLIENT_SECRET")
        .output()
        .unwrap()
}

fn store(config: &Path) -> String {
    std::fs::read_to_string(config.join("auth.json")).unwrap_or_default()
}

/// Neither the output nor `also` holds a token the server issued.
fn assert_no_secret(o: &Output, also: &[&Path]) {
    let mut all = format!("{}{}", stdout(o), stderr(o));
    for p in also {
        all.push_str(&std::fs::read_to_string(p).unwrap_or_default());
    }
    assert!(!all.contains("secret-access-"), "a token leaked:\n{all}");
    assert!(!all.contains("secret-refresh-"), "a token leaked:\n{all}");
}

#[test]
fn a_protected_server_is_authorized_once_then_reached_from_the_store() {
    let server = Server::start(&[]);
    let config = tempfile::tempdir().unwrap();
    let c = config.path();
    let session = c.join("session.jsonl");
    let o = run(
        c,
        &[
            "call",
            "--authorize-with",
            "http",
            "--tool",
            "read_notes",
            "--defaults",
            "--format",
            "json",
            "--record",
            session.to_str().unwrap(),
            &server.url,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("three notes"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("authorized by http://127.0.0.1:"),
        "{}",
        stderr(&o)
    );
    assert_no_secret(&o, &[&session]);
    // The token is kept, readable by the user only.
    assert!(store(c).contains("secret-access-"), "{}", store(c));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(c.join("auth.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // The flow asked for the resource and the metadata's scope, with a
    // client registered by mcp-elicit.
    let expected_resource = server.url.as_str();
    assert_eq!(
        server.count("authorize", Some(("resource", expected_resource))),
        1
    );
    assert_eq!(server.count("authorize", Some(("scope", "notes:read"))), 1);
    assert_eq!(
        server.count("register", Some(("client_name", "mcp-elicit"))),
        1
    );

    // Again, from the store only: no new authorization.
    let o = run(
        c,
        &[
            "call",
            "--stored-auth-only",
            "--tool",
            "read_notes",
            "--defaults",
            &server.url,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(server.count("authorize", None), 1);
    assert_no_secret(&o, &[]);

    // `auth status` says what is stored, never the token.
    let o = run(c, &["auth", "status"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let shown = stdout(&o);
    assert!(shown.contains(&server.url), "{shown}");
    assert!(shown.contains("scope: notes:read"), "{shown}");
    assert!(shown.contains("refresh token: yes"), "{shown}");
    assert_no_secret(&o, &[]);

    // `--header Authorization` wins: the stored token is not sent, and
    // no flow runs.
    let o = run(
        c,
        &[
            "call",
            "--header",
            "Authorization: Bearer not-a-token",
            "--list",
            &server.url,
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the credentials sent with --header were not accepted"),
        "{}",
        stderr(&o)
    );
    assert_eq!(server.count("authorize", None), 1);

    // Logged out, --stored-auth-only says what to do, and waits for no
    // browser.
    let o = run(c, &["auth", "logout", &server.url]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("forgot 1 stored token for "),
        "{}",
        stdout(&o)
    );
    assert!(!store(c).contains("secret-access-"));
    let o = run(c, &["call", "--stored-auth-only", "--list", &server.url]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("--stored-auth-only never opens an authorization")
            && err.contains(&format!("run `mcp-elicit auth login {}` first", server.url)),
        "{err}"
    );
    assert_eq!(server.count("authorize", None), 1);
}

#[test]
fn auth_login_stores_a_token_that_call_uses() {
    let server = Server::start(&[]);
    let config = tempfile::tempdir().unwrap();
    let c = config.path();
    let o = run(
        c,
        &["auth", "login", "--authorize-with", "http", &server.url],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("the token is stored"), "{}", stdout(&o));
    assert_no_secret(&o, &[]);
    let o = run(
        c,
        &[
            "call",
            "--stored-auth-only",
            "--tool",
            "read_notes",
            "--defaults",
            &server.url,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(server.count("authorize", None), 1);
}

#[test]
fn a_token_about_to_expire_is_refreshed_once_for_two_racing_processes() {
    // Tokens live 90 s; one within 60 s of expiring is refreshed first.
    let server = Server::start(&["--expires-in", "90"]);
    let config = tempfile::tempdir().unwrap();
    let c = config.path();
    let o = run(
        c,
        &["call", "--authorize-with", "http", "--list", &server.url],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let first: Value = serde_json::from_str(&store(c)).unwrap();
    // Make the stored token about to expire.
    let mut aged = first.clone();
    aged["entries"][0]["expires_at"] = Value::from(0);
    std::fs::write(c.join("auth.json"), aged.to_string()).unwrap();
    let racers: Vec<_> = (0..2)
        .map(|_| {
            Command::new(bin())
                .args(["call", "--stored-auth-only", "--list", &server.url])
                .env("MCP_ELICIT_CONFIG_DIR", c)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for r in racers {
        let o = r.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_no_secret(&o, &[]);
    }
    // One refresh: the second process found the first one's token.
    assert_eq!(
        server.count("token", Some(("grant", "refresh_token"))),
        1,
        "{}",
        std::fs::read_to_string(&server.log).unwrap()
    );
    assert_eq!(server.count("authorize", None), 1);
    let now: Value = serde_json::from_str(&store(c)).unwrap();
    assert_ne!(
        now["entries"][0]["access_token"],
        first["entries"][0]["access_token"]
    );
}

#[test]
fn a_refused_refresh_is_said_and_stored_auth_only_asks_for_a_login() {
    // Tokens live 1 s, and refreshing them is refused.
    let server = Server::start(&["--expires-in", "1", "--refuse-refresh"]);
    let config = tempfile::tempdir().unwrap();
    let c = config.path();
    let o = run(
        c,
        &["call", "--authorize-with", "http", "--list", &server.url],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let refused_before = server.count("token-refused", None);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let o = run(c, &["call", "--stored-auth-only", "--list", &server.url]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "note: refreshing the token: the token endpoint {} answered HTTP 400: invalid_grant (refresh refused)",
            server.url.replace("/mcp", "/token")
        )),
        "{err}"
    );
    assert!(
        err.contains("--stored-auth-only never opens an authorization"),
        "{err}"
    );
    // Refused once, tried once in the run.
    assert_eq!(server.count("token-refused", None), refused_before + 1);
    assert_eq!(
        err.matches("note: refreshing the token").count(),
        1,
        "{err}"
    );
    assert_eq!(server.count("authorize", None), 1);
    assert_no_secret(&o, &[]);
}

#[test]
fn a_store_that_cannot_be_written_costs_the_next_run_not_this_one() {
    let server = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    // The configuration directory would be under a file.
    std::fs::write(dir.path().join("file"), "").unwrap();
    let c = dir.path().join("file/config");
    let o = run(
        &c,
        &["call", "--authorize-with", "http", "--list", &server.url],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("note: the token is kept for this run only: cannot create"),
        "{}",
        stderr(&o)
    );
    assert_no_secret(&o, &[]);
}

/// A flow against a server broken by `flag`: exit 2, an error that says
/// `says`, and no token stored or printed.
fn refused(flag: &str, extra: &[&str], says: &[&str]) {
    let server = Server::start(&[flag]);
    let config = tempfile::tempdir().unwrap();
    let c = config.path();
    let mut args = vec!["call", "--authorize-with", "http"];
    args.extend(extra);
    args.extend(["--list", &server.url]);
    let o = run(c, &args);
    assert_eq!(o.status.code(), Some(2), "{flag}: {}", stderr(&o));
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{flag}: {err}");
    for s in says {
        assert!(err.contains(s), "{flag}: wanted {s:?} in:\n{err}");
    }
    assert!(!store(c).contains("secret-access-"), "{flag}: {}", store(c));
    assert_no_secret(&o, &[]);
}

#[test]
fn metadata_of_a_foreign_issuer_is_refused() {
    refused(
        "--issuer-mismatch",
        &[],
        &[
            "authorization failed while finding the authorization server's metadata (RFC 8414)",
            "says its issuer is \"https://attacker.example.com\"",
        ],
    );
}

#[test]
fn protected_resource_metadata_for_another_resource_is_refused() {
    refused(
        "--resource-mismatch",
        &[],
        &[
            "says it is for the resource https://elsewhere.example.com/mcp, which is not this server",
        ],
    );
}

#[test]
fn a_redirect_with_another_state_is_refused() {
    refused(
        "--wrong-state",
        &[],
        &["checking the redirect: its state does not match the one sent"],
    );
}

#[test]
fn an_authorization_server_without_s256_is_refused() {
    refused(
        "--no-s256",
        &[],
        &["does not list S256 in code_challenge_methods_supported"],
    );
}

#[test]
fn authorize_with_http_says_at_once_when_the_server_wants_a_person() {
    let start = std::time::Instant::now();
    refused(
        "--login-page",
        &[],
        &[
            "waiting for the redirect back from the authorization server: the authorization server answered HTTP 200 instead of sending the browser back: it wants a person to sign in or consent",
        ],
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(15));
}

#[test]
fn a_token_endpoint_over_plain_http_elsewhere_is_refused() {
    refused(
        "--plain-http-token",
        &[],
        &[
            "gives a token_endpoint that is not an https:// URL (or http:// on loopback): http://203.0.113.7/token",
        ],
    );
}

#[test]
fn a_token_endpoint_that_never_answers_times_out() {
    let start = std::time::Instant::now();
    refused(
        "--slow-token",
        &["--auth-timeout", "1"],
        &[
            "exchanging the code for a token: cannot reach",
            "it did not answer in time (--auth-timeout)",
        ],
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(15));
}

#[test]
fn proxy_upstream_authorizes_for_a_host_that_sends_no_token() {
    use std::io::BufRead;
    let server = Server::start(&[]);
    let proxy_config = tempfile::tempdir().unwrap();
    let host_config = tempfile::tempdir().unwrap();
    let recorded = proxy_config.path().join("proxy.jsonl");
    let mut proxy = Command::new(bin())
        .args(["proxy", "--http", "127.0.0.1:0", "--upstream", &server.url])
        .args(["--authorize-with", "http", "--record"])
        .arg(&recorded)
        .env("MCP_ELICIT_CONFIG_DIR", proxy_config.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = std::io::BufReader::new(proxy.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    let said = std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut rest);
        rest
    });
    // The host has no token and never authorizes itself.
    let o = run(
        host_config.path(),
        &[
            "call",
            "--stored-auth-only",
            "--tool",
            "read_notes",
            "--defaults",
            &url,
        ],
    );
    let _ = proxy.kill();
    let _ = proxy.wait();
    let said = said.join().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}\n{said}", stderr(&o));
    assert!(stdout(&o).contains("three notes"), "{}", stdout(&o));
    assert_eq!(server.count("authorize", None), 1);
    assert!(store(proxy_config.path()).contains("secret-access-"));
    assert!(!host_config.path().join("auth.json").exists());
    assert!(!said.contains("secret-access-"), "{said}");
    // Its lines about authorizing are the proxy's, as a host's log shows.
    let authorizing: Vec<&str> = said.lines().filter(|l| l.contains("authoriz")).collect();
    assert!(!authorizing.is_empty(), "{said}");
    assert!(
        authorizing
            .iter()
            .all(|l| l.starts_with("mcp-elicit proxy: ")),
        "{said}"
    );
    assert!(
        std::fs::read_to_string(&recorded)
            .unwrap()
            .contains("three notes")
    );
    assert_no_secret(&o, &[&recorded]);
}

/// A `$BROWSER` that does what a person's browser does with the page
/// `--open` hands it: follows its address (the authorization URL), and
/// the redirects from there to the loopback listener.
fn fake_browser(dir: &Path) -> PathBuf {
    let path = dir.join("browser");
    std::fs::write(
        &path,
        "#!/usr/bin/env python3\n\
import html, re, sys, urllib.request\n\
page = open(sys.argv[1]).read()\n\
url = html.unescape(re.search(r'url=([^\"]+)\"', page).group(1))\n\
urllib.request.urlopen(url, timeout=20).read()\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

#[cfg(unix)]
#[test]
fn open_hands_the_authorization_url_to_the_browser_and_a_recorded_session_replays_authorized() {
    let server = Server::start(&[]);
    let config = tempfile::tempdir().unwrap();
    let c = config.path();
    let session = c.join("session.jsonl");
    let o = Command::new(bin())
        .args([
            "call",
            "--open",
            "--tool",
            "read_notes",
            "--defaults",
            "--record",
        ])
        .arg(&session)
        .arg(&server.url)
        .env("MCP_ELICIT_CONFIG_DIR", c)
        .env("BROWSER", fake_browser(c))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    // The address is printed as well as opened.
    assert!(
        err.contains("in the browser that opens (or open this address): http://127.0.0.1:"),
        "{err}"
    );
    assert!(err.contains("code_challenge_method=S256"), "{err}");
    assert_no_secret(&o, &[&session]);
    // `replay` against the live server uses the stored token.
    let o = run(
        c,
        &[
            "replay",
            session.to_str().unwrap(),
            "--stored-auth-only",
            &server.url,
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(server.count("authorize", None), 1);
    assert!(server.count("mcp", Some(("method", "tools/call"))) >= 2);
    assert_no_secret(&o, &[]);
}
