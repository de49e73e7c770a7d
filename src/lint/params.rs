//! `elicitation/create` params: the message, the mode, and either a form's
//! `requestedSchema` or URL mode's `url` (and `elicitationId` in 2025-11-25).
//! What they ask is read by the model ([`crate::schema::Elicitation`]);
//! they are judged by the params rules ([`crate::rules::check_params`]).

pub use crate::rules::{check_params, check_url};
pub use crate::schema::{Asked, Mode};
