//! `mcp_elicit`: the library behind the `mcp-elicit` command.
//!
//! A server's author starts with the [`prelude`]: [`Form`](generate::Form)
//! turns a type into the params of an `elicitation/create` and its answer
//! back into the type; [`assert_elicitable`] tests that every client can
//! show it; [`Linter`](lint::Linter) judges elicitations in any document.
//!
//! The modules, from the ground up (each imports only those before it,
//! which a test checks):
//!
//! - the ground: [`json`] (JSON with the place of every value), [`spec`]
//!   (the revisions), [`sanitize`] (text made safe for a terminal or a
//!   page), [`lines`], [`nearest`], [`work`] (work spread over the cores),
//!   [`finding`] (what a rule says, and the rules' identity);
//! - the model: [`schema`] (a `requestedSchema` and an elicitation, typed,
//!   built without judging) and [`document`] (which kind of document holds
//!   which elicitations);
//! - judging: [`rules`] (one file per rule), [`validate`] (answers against
//!   the model), [`hosts`] (what each host does), [`lint`] (the linter, and
//!   [`lint::flight`]: one judgement of a request in flight);
//! - answering and recording: [`session`] (the recording format), [`form`]
//!   (the form a person fills, the scripts and the seam between what asks
//!   and what answers), [`generate`] (forms from types);
//! - with features: `source` (elicitations read from TypeScript, Python,
//!   Go, Rust, C#, Java and Kotlin source), `mcp` (client, server and proxy by role, their
//!   transports and the one HTTP server that listens), `rmcp`.
//!
//! Features: without default features this is the core a server embeds (54
//! crates in its tree). `final-check` adds the last check of an answer
//! against its schema by the `jsonschema` crate (the typed checks judge
//! answers without it); `protocol` the `mcp` module; `rust-source`
//! `generate::rust`; `source` the source readers; `rmcp`
//! [`Form`](generate::Form) methods for the official Rust SDK's types; `cli`
//! (the default) all of them with the command's own dependencies.
//!
//! Fallible functions return typed errors ([`form::respond::Error`],
//! [`form::script::ScriptError`], [`session::recorded::Error`], and with
//! `protocol` `mcp::client::Error`, `mcp::transport::Error`, ...). Their
//! messages say what went wrong without naming the command's options: the
//! command adds which option fixes it. The library never prints.

#[cfg(test)]
mod architecture;
/// The library's guide page: its Rust examples are compiled and run as
/// doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
mod library_guide {}
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
#[cfg(feature = "protocol")]
pub mod probe;
#[cfg(feature = "rmcp")]
pub mod rmcp;
pub mod rules;
pub mod sanitize;
pub mod schema;
pub mod session;
#[cfg(feature = "source")]
pub mod source;
pub mod spec;
pub mod validate;
pub mod work;

pub use generate::assert_elicitable;

/// What a server's author needs most, in one `use`:
/// `use mcp_elicit::prelude::*;`.
///
/// - [`Form`](generate::Form) and [`Answer`](generate::Answer): the `elicitation/create` params from a type,
///   and the answer decoded back into it, checked on the way.
/// - [`assert_elicitable`]: a test that a type makes a form every client
///   can show.
/// - [`Linter`](lint::Linter), [`Finding`](finding::Finding) and
///   [`Diagnostic`](finding::Diagnostic): elicitations judged against the
///   rules of a [`Revision`](spec::Revision), and what is found, in a text or
///   placed in a file.
pub mod prelude {
    pub use crate::finding::{Diagnostic, Finding};
    pub use crate::generate::{Answer, Form, assert_elicitable};
    pub use crate::lint::Linter;
    pub use crate::spec::Revision;
}
