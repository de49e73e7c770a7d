//! The peers tier: tests that build packages or drive programs written by
//! others (the official MCP Python and TypeScript SDKs, FastMCP, the MCP
//! conformance suite, Chromium over WebDriver, pre-commit, maturin, uv,
//! npm, a server on rmcp, actionlint, Info-ZIP). Each is `#[ignore]`d with
//! what it needs, so a plain `cargo test` lists it without running it; run
//! them with
//!
//! ```sh
//! cargo test --locked --test peers -- --ignored
//! ```
//!
//! which provisions the peers into `target/` from PyPI, npm and crates.io on
//! first use (tests/support/peers.rs); a peer that cannot be had fails its
//! test, naming what to install.

#[path = "../support/mod.rs"]
mod support;

mod bridge;
mod call_cli;
mod call_pty;
mod client;
mod conformance_next;
mod npm_packages;
mod oauth;
mod peers_gate;
mod precommit;
mod probe;
mod proxy;
mod reference_servers;
mod release;
mod rmcp_servers;
mod sdk_servers;
mod serve_cli;
mod source_lint;
mod web_form;
mod wheel;
