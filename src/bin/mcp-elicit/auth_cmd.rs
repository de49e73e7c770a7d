//! `mcp-elicit auth login|logout|status`, and the OAuth session `call` and
//! `replay` authorize with when a server answers 401.

use std::io::Read;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use mcp_elicit::mcp::oauth::store::{Entry, Store};
use mcp_elicit::mcp::oauth::{self, Authorize, Options, Session};
use mcp_elicit::sanitize;

use crate::Outcome;
use crate::cli::{AuthArgs, AuthCommand, AuthorizeWith};

/// Where a pre-registered client's secret is read from (never argv).
pub const SECRET_VAR: &str = "MCP_ELICIT_CLIENT_SECRET";

/// The token store, or why there is none.
fn store() -> Result<Store> {
    Store::default_path().map(Store::at).ok_or_else(|| {
        anyhow!("no configuration directory to keep tokens in: set MCP_ELICIT_CONFIG_DIR (or HOME)")
    })
}

/// The session that authorizes with the server at `url` as `args` say.
pub fn session(url: &str, args: &AuthArgs) -> Result<Arc<Session>> {
    let authorize = if args.stored_auth_only {
        Authorize::StoredOnly
    } else if args.authorize_with == Some(AuthorizeWith::Http) {
        Authorize::Http
    } else if args.open {
        Authorize::Open
    } else {
        Authorize::Print
    };
    let mut opts = Options::new(authorize);
    opts.client_id = args.client_id.clone();
    opts.client_secret = args
        .client_id
        .as_ref()
        .and_then(|_| std::env::var(SECRET_VAR).ok())
        .filter(|s| !s.is_empty());
    if let Some(u) = &args.client_metadata_url {
        match url::Url::parse(u) {
            Ok(p) if p.scheme() == "https" && p.path() != "/" => {}
            _ => bail!(
                "--client-metadata-url `{}` is not an https:// URL with a path; a client ID metadata document is served over https at a path such as https://example.com/client.json",
                sanitize::line(u)
            ),
        }
        opts.client_metadata_url = Some(u.clone());
    }
    if let Some(t) = args.auth_timeout {
        opts.request_timeout = t;
    }
    opts.store = Store::default_path().map(Store::at);
    opts.notice = Arc::new(|l| eprintln!("{l}"));
    Ok(Arc::new(Session::new(url, opts)))
}

pub fn run(cmd: AuthCommand) -> Result<Outcome> {
    match cmd {
        AuthCommand::Login { auth, url } => login(&url, &auth),
        AuthCommand::Logout { url } => {
            let store = store()?;
            let gone = store.remove(&url).map_err(|e| anyhow!(e))?;
            if gone == 0 {
                println!("no stored token for {}", sanitize::line(&url));
            } else {
                println!(
                    "forgot {gone} stored token{} for {}",
                    if gone == 1 { "" } else { "s" },
                    sanitize::line(&url)
                );
            }
            Ok(Outcome::Clean)
        }
        AuthCommand::Status { url } => {
            let store = store()?;
            let entries: Vec<Entry> = store
                .entries()
                .map_err(|e| anyhow!(e))?
                .into_iter()
                .filter(|e| url.as_deref().is_none_or(|u| e.server == u))
                .collect();
            if entries.is_empty() {
                println!(
                    "no stored tokens{} (in {})",
                    url.as_deref()
                        .map(|u| format!(" for {}", sanitize::line(u)))
                        .unwrap_or_default(),
                    store.path().display()
                );
            }
            let now = oauth::now();
            for e in entries {
                println!("{}", sanitize::line(&e.server));
                println!("  authorization server: {}", sanitize::line(&e.issuer));
                println!("  client: {}", sanitize::line(&e.client.client_id));
                if let Some(s) = &e.scope {
                    println!("  scope: {}", sanitize::line(s));
                }
                let expiry = match e.expires_at {
                    None => "not said".to_string(),
                    Some(t) if t <= now => format!("expired {} ago", minutes(now - t)),
                    Some(t) => format!("in {}", minutes(t - now)),
                };
                println!("  expires: {expiry}");
                println!(
                    "  refresh token: {}",
                    if e.refresh_token.is_some() {
                        "yes"
                    } else {
                        "no"
                    }
                );
            }
            Ok(Outcome::Clean)
        }
    }
}

fn minutes(s: u64) -> String {
    match s {
        0..120 => format!("{s} s"),
        _ => format!("{} min", s / 60),
    }
}

/// Asks the server once without a token for its challenge, then runs the
/// flow and keeps the token.
fn login(url: &str, args: &AuthArgs) -> Result<Outcome> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        bail!(
            "`{}` is not an http:// or https:// URL",
            sanitize::line(url)
        );
    }
    if args.stored_auth_only {
        bail!("`auth login` authorizes anew: drop --stored-auth-only");
    }
    store()?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(
            args.auth_timeout
                .unwrap_or(std::time::Duration::from_secs(30)),
        ))
        .build()
        .into();
    let resp = agent
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .send(br#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#.as_slice())
        .with_context(|| format!("cannot reach {}", sanitize::line(url)))?;
    let status = resp.status().as_u16();
    let www = resp
        .headers()
        .get("www-authenticate")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let _ = resp
        .into_body()
        .as_reader()
        .take(64 << 10)
        .read_to_end(&mut Vec::new());
    if !matches!(status, 401 | 403) {
        eprintln!(
            "note: {} answered HTTP {status} without a token; authorizing from its published metadata",
            sanitize::line(url)
        );
    }
    let session = session(url, args)?;
    let entry = session
        .login(www.as_deref())
        .map_err(|e| anyhow!("authorization failed while {e}"))?;
    println!(
        "authorized with {} for {}; the token is stored",
        sanitize::line(&entry.issuer),
        sanitize::line(url)
    );
    Ok(Outcome::Clean)
}
