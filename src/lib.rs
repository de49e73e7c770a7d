//! `mcp_elicit`: the library behind the `mcp-elicit` command.
//!
//! The flow is one way: bytes become positioned JSON ([`json`]), positioned
//! JSON is recognised as a [`document::Kind`] of document holding
//! elicitations, and each elicitation's `requestedSchema` becomes the typed
//! [`schema`] model, judged by the [`rules`] of a spec [`spec::Revision`]. Checks produce [`finding::Finding`]s.
//!
//! Without default features this is the core a server embeds: the model,
//! the rules, findings, sessions, form logic and [`generate`], with
//! [`assert_elicitable`] for a server's own tests. The `protocol` feature
//! adds the `mcp` module (client, server, mock), `rust-source` adds
//! `generate::rust`, and `cli` (the default) both with the command's own
//! dependencies. The `rmcp` feature adds [`Form`](generate::Form) methods
//! for the official Rust SDK's types (the `rmcp` module).
//!
//! Fallible functions return typed errors ([`form::respond::Error`],
//! [`form::script::ScriptError`], [`session::recorded::Error`], and with
//! `protocol` `mcp::client::Error`, `mcp::transport::Error`, ...). Their
//! messages say what went wrong without naming the command's options: the
//! command adds which option fixes it.

#[cfg(test)]
mod architecture;
pub mod document;
pub mod finding;
pub mod form;
pub mod generate;
pub mod hosts;
pub mod json;
pub mod lines;
pub mod lint;
#[cfg(feature = "protocol")]
pub mod mcp;
pub mod nearest;
#[cfg(feature = "rmcp")]
pub mod rmcp;
pub mod rules;
pub mod sanitize;
pub mod schema;
pub mod sensitive;
pub mod session;
#[cfg(feature = "source")]
pub mod source;
pub mod spec;
pub mod string_format;
pub mod validate;

pub use form::respond;
pub use generate::assert_elicitable;
