//! The fast tier: every test drives the real binary or the public library
//! API the way a user does, with nothing but this crate, a shell and
//! `python3`: no network, nothing provisioned. `cargo test --locked` runs
//! it. The tests that drive programs written by others are the peers tier
//! (tests/peers/main.rs).

mod support;

mod answer_cli;
mod answer_pty;
mod call_cli;
mod call_hostile;
mod call_oauth;
mod call_pty;
mod call_transport;
mod client;
mod corpus;
mod demo;
mod errors;
mod form;
mod form_pty;
mod generate;
mod generate_cli;
mod generated;
mod help;
mod hostile;
mod hostile_proxy;
mod hostile_serve;
mod hostile_servers;
mod hosts;
mod lint_cli;
mod positions;
mod probe_cli;
mod properties;
mod proxy_bridge;
mod readme;
mod release;
mod replay_live;
mod robustness_doc;
mod rule_fixtures;
mod serve_cli;
mod serve_http;
mod sessions;
mod source_lint;
mod source_project;
mod web_form_http;
