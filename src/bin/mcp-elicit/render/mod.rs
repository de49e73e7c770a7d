//! The reports the command writes: diagnostics ([`diagnostics`]), the
//! rules' reference ([`rules`]), the host matrix ([`hosts`]) and a `call`'s
//! response ([`call`]).

mod call;
mod diagnostics;
mod hosts;
mod rules;

pub use call::{call_listing, call_result};
pub use diagnostics::{Skipped, for_format, json_with, plain, summary};
pub use hosts::{list_hosts, matrix, matrix_json};
pub use rules::{explain, list_rules};
