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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<Elicitation> {
        Elicitation::read(&crate::json::parse(text).unwrap(), "", Revision::LATEST)
    }

    #[test]
    fn a_form_is_read_with_its_schema_and_a_url_with_its_address() {
        let form = read(
            r#"{"message": "Name?", "requestedSchema": {"type": "object", "properties": {"n": {"type": "string"}}}}"#,
        )
        .unwrap();
        assert_eq!(form.mode, Mode::Form);
        assert_eq!(form.message.as_deref(), Some("Name?"));
        assert_eq!(form.schema.unwrap().properties[0].name, "n");
        let url = read(r#"{"mode": "url", "message": "Sign in", "url": "https://a.example/", "elicitationId": "7"}"#)
            .unwrap();
        assert_eq!(url.mode, Mode::Url);
        assert!(url.schema.is_none());
        assert_eq!(url.url.as_deref(), Some("https://a.example/"));
        assert_eq!(url.elicitation_id.as_deref(), Some("7"));
    }

    #[test]
    fn an_unknown_mode_asks_by_url_when_there_is_one_and_params_are_an_object() {
        let odd = read(r#"{"mode": "web", "message": "?", "url": "https://a.example/"}"#).unwrap();
        assert_eq!(odd.mode, Mode::Url);
        assert_eq!(
            read(r#"{"mode": 3, "message": "?"}"#).unwrap().mode,
            Mode::Form
        );
        assert!(read("[]").is_none());
    }
}
