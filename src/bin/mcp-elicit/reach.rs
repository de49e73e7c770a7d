//! Reaching a server for `call` and `replay`: its transport (a URL, or a
//! stdio command), and what the client noticed on the way.

use anyhow::{Result, bail};
use mcp_elicit::mcp::client::Client;
use mcp_elicit::mcp::transport::{Http, Stdio, Transport};
use mcp_elicit::sanitize;

/// The transport for a server: the one at `url` (authorizing as `auth`
/// says when it answers 401), or the stdio server that `command` starts.
pub fn connect(
    url: Option<&str>,
    command: &[String],
    headers: &[(String, String)],
    auth: &crate::cli::AuthArgs,
) -> Result<Box<dyn Transport>> {
    if let Some(url) = url {
        if url.starts_with("http://") || url.starts_with("https://") {
            let http = Http::with_headers(url, headers.to_vec())?
                .authorized(crate::authorize::session(url, auth, "")?);
            return Ok(Box::new(http));
        }
        let shown = sanitize::line(url);
        if looks_like_address(url) {
            bail!("`{shown}` is not a URL; write http://{shown} for a Streamable HTTP server");
        }
        bail!(
            "`{shown}` is not a URL; a stdio server's command goes after `--`, e.g. `-- {shown} ...`"
        );
    }
    // `call` refuses --header with a stdio server (cli.rs).
    debug_assert!(headers.is_empty(), "a stdio server has no HTTP headers");
    Ok(Box::new(
        Stdio::spawn_with_stderr(command, crate::server_stderr::sink())
            .map_err(crate::worded::transport)?,
    ))
}

/// `127.0.0.1:8808/mcp`, `localhost/mcp`: an address without its scheme.
fn looks_like_address(s: &str) -> bool {
    let host = s.split('/').next().unwrap_or("");
    let port = host.rsplit_once(':').is_some_and(|(h, p)| {
        !h.is_empty() && !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())
    });
    port || host == "localhost"
}

pub fn report(client: &mut Client) {
    for n in client.take_notices() {
        eprintln!("note: {}", sanitize::line(&crate::worded::notice(&n)));
    }
}
