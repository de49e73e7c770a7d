//! One elicitation as the model sees it: the mode it asks in, its message,
//! and a form's `requestedSchema` or URL mode's `url` and `elicitationId`.
//! Read from params without judging them: the form, replay and the linter
//! learn what is asked here, and the params rules judge the same params
//! separately.

use crate::json::{Node, pointer_push};
use crate::spec::Revision;

use super::RequestedSchema;
use super::parse::{Ignore, parse_schema};

/// Which mode an elicitation asks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Form,
    Url,
}

impl Mode {
    /// The mode params ask in, whatever the revision says of it (the mode
    /// rules judge that): an unknown `mode` asks in URL mode when there is
    /// a `url`.
    pub fn of(params: &Node) -> Mode {
        match params.get("mode").map(|m| m.as_str()) {
            None | Some(Some("form")) => Mode::Form,
            Some(Some("url")) => Mode::Url,
            Some(_) if params.get("url").is_some() => Mode::Url,
            Some(_) => Mode::Form,
        }
    }
}

/// What a params object asks: its mode, and a form's schema.
#[derive(Debug, Clone)]
pub struct Asked {
    pub mode: Mode,
    /// The built schema, for form mode (best effort: what could not be
    /// built is left out).
    pub schema: Option<RequestedSchema>,
}

/// An `elicitation/create` request's params, typed.
#[derive(Debug, Clone)]
pub struct Elicitation {
    pub mode: Mode,
    /// `message`, when it is a string.
    pub message: Option<String>,
    /// A form's `requestedSchema`, built best effort.
    pub schema: Option<RequestedSchema>,
    /// URL mode's `url`, when it is a string.
    pub url: Option<String>,
    /// URL mode's `elicitationId`, when it is a string.
    pub elicitation_id: Option<String>,
}

impl Elicitation {
    /// Reads params found at `ptr`; `None` when they are not an object.
    pub fn read(params: &Node, ptr: &str, rev: Revision) -> Option<Elicitation> {
        params.as_object()?;
        let mode = Mode::of(params);
        let text = |key: &str| params.get(key).and_then(Node::as_str).map(str::to_string);
        let schema = match (mode, params.get("requestedSchema")) {
            (Mode::Form, Some(s)) => {
                parse_schema(s, &pointer_push(ptr, "requestedSchema"), rev, &mut Ignore)
            }
            _ => None,
        };
        Some(Elicitation {
            mode,
            message: text("message"),
            schema,
            url: text("url"),
            elicitation_id: text("elicitationId"),
        })
    }

    /// What these params ask.
    pub fn asked(self) -> Asked {
        Asked {
            mode: self.mode,
            schema: self.schema,
        }
    }
}
