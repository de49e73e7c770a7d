//! The OAuth session `call`, `replay`, `proxy --upstream` and `auth login`
//! authorize with when a server answers 401, and the token store.

use std::sync::Arc;

use anyhow::{Result, anyhow, bail};
use mcp_elicit::mcp::oauth::store::Store;
use mcp_elicit::mcp::oauth::{Authorize, Options, Session};
use mcp_elicit::sanitize;

use crate::cli::{AuthArgs, AuthorizeWith};

/// Where a pre-registered client's secret is read from (never argv).
pub const SECRET_VAR: &str = "MCP_ELICIT_CLIENT_SECRET";

/// The token store, or why there is none.
pub fn store() -> Result<Store> {
    Store::default_path().map(Store::at).ok_or_else(|| {
        anyhow!("no configuration directory to keep tokens in: set MCP_ELICIT_CONFIG_DIR (or HOME)")
    })
}

/// The session that authorizes with the server at `url` as `args` say;
/// its lines for the person start with `prefix` (the proxy's `proxy: `,
/// so that a host's log tells them from the server's).
pub fn session(url: &str, args: &AuthArgs, prefix: &'static str) -> Result<Arc<Session>> {
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
    opts.notice = Arc::new(move |l| eprintln!("{prefix}{l}"));
    Ok(Arc::new(Session::new(url, opts)))
}
