//! The address a server subcommand listens on (`serve`, `probe`).

use std::net::ToSocketAddrs;

use anyhow::{Context, Result, bail};

/// Refuses an address that is not loopback unless told otherwise.
pub fn check_listen(addr: &str, allow_remote: bool) -> Result<()> {
    let resolved: Vec<_> = addr
        .to_socket_addrs()
        .with_context(|| {
            format!(
                "--http {addr}: not an address to listen on; write HOST:PORT, e.g. 127.0.0.1:8808"
            )
        })?
        .collect();
    if !allow_remote && resolved.iter().any(|a| !a.ip().is_loopback()) {
        bail!(
            "--http {addr}: not a loopback address, so other machines could reach the server; use 127.0.0.1:PORT, or add --allow-remote"
        );
    }
    Ok(())
}
