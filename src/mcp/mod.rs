//! Speaking MCP: transports (stdio, Streamable HTTP), the client that
//! answers elicitations while a request is in flight, the server side that
//! asks them, and the mock server `serve` builds on it.

pub mod client;
pub mod http;
pub mod http_server;
pub mod mock;
pub mod proxy;
pub mod proxy_http;
pub mod replay;
pub mod server;
pub mod transport;
