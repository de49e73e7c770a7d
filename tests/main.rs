//! The one integration test target: every test drives the real binary or the
//! public library API the way a user does.

mod support;

mod answer_cli;
mod answer_pty;
mod call_cli;
mod call_hostile;
mod call_pty;
mod call_transport;
mod client;
mod conformance_next;
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
mod npm_packages;
mod peers_gate;
mod positions;
mod precommit;
mod properties;
mod proxy;
mod readme;
mod reference_servers;
mod release;
mod replay_live;
mod rmcp_servers;
mod robustness_doc;
mod rule_fixtures;
mod sdk_servers;
mod serve_cli;
mod serve_http;
mod sessions;
mod source_lint;
mod web_form;
mod wheel;
