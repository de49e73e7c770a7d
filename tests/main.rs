//! The one integration test target: every test drives the real binary or the
//! public library API the way a user does.

mod support;

mod answer_cli;
mod answer_pty;
mod call_cli;
mod client;
mod corpus;
mod form;
mod generate;
mod generate_cli;
mod generated;
mod hostile;
mod lint_cli;
mod positions;
mod precommit;
mod rule_fixtures;
mod serve_cli;
mod sessions;
