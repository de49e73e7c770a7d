//! Speaking MCP: transports (stdio, Streamable HTTP) and the client that
//! answers elicitations while a request is in flight.

pub mod client;
pub mod http_server;
pub mod mock;
pub mod server;
pub mod transport;
