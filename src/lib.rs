//! `mcp_elicit`: the library behind the `mcp-elicit` command.
//!
//! The flow is one way: bytes become positioned JSON ([`json`]), positioned
//! JSON becomes a [`document::Document`] holding elicitations, and each
//! elicitation's `requestedSchema` becomes the typed [`schema`] model, checked
//! against a spec [`spec::Revision`]. Checks produce [`finding::Finding`]s.

pub mod document;
pub mod finding;
pub mod form;
pub mod format;
pub mod generate;
pub mod hosts;
pub mod json;
pub mod lines;
pub mod lint;
pub mod mcp;
pub mod respond;
pub mod rules;
pub mod sanitize;
pub mod schema;
pub mod sensitive;
pub mod session;
#[cfg(feature = "source")]
pub mod source;
pub mod spec;
pub mod validate;
