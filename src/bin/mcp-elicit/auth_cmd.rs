//! `mcp-elicit auth login|logout|status`.

use std::io::Read;

use anyhow::{Context, Result, anyhow, bail};
use mcp_elicit::mcp::oauth;
use mcp_elicit::mcp::oauth::store::Entry;
use mcp_elicit::sanitize;

use crate::Outcome;
use crate::authorize::{session, store};
use crate::cli::{AuthArgs, AuthCommand};

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
    let session = session(url, args, "")?;
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
