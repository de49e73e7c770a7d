//! Speaking MCP: transports (stdio, Streamable HTTP), the client that
//! answers elicitations while a request is in flight, the server side that
//! asks them, and the mock server `serve` builds on it.

pub mod browser;
pub mod client;
pub mod listen;
pub mod oauth;
pub mod proxy;
pub mod server;
pub mod transport;

/// An error and its sources, `: `-separated (as `anyhow` shows a chain).
pub(crate) fn chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut next = e.source();
    while let Some(s) = next {
        out.push_str(": ");
        out.push_str(&s.to_string());
        next = s.source();
    }
    out
}
