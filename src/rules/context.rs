//! What each kind of check sees: a schema, a property, params, a URL, an
//! answer, a capability, an answered value, an unasked field. Each context
//! holds the JSON with its places and the model built from it, and answers
//! the questions several rules ask.

use crate::finding::{Findings, Rule};
use crate::json::repeats;
use crate::json::{Member, Node, Span, pointer_push};
use crate::schema::parse::Kind;
use crate::schema::{Asked, Mode, Property, RequestedSchema, Shape};
use crate::spec::{Revision, UrlMode};
use serde_json::Value;

/// A `requestedSchema` object as the schema rules see it: its JSON with
/// places, and the model built from it.
pub(crate) struct SchemaCx<'a> {
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    pub ptr: &'a str,
    pub rev: Revision,
    pub schema: &'a RequestedSchema,
}

impl<'a> SchemaCx<'a> {
    /// The members of `properties`, when it is an object.
    pub(crate) fn properties(&self) -> Option<&'a [Member<'a>]> {
        self.node.get("properties").and_then(Node::as_object)
    }

    pub(crate) fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// The string entries of `required`, with their index and whether an
    /// earlier entry names the same property.
    pub(crate) fn required(&self) -> impl Iterator<Item = (usize, &'a Node<'a>, &'a str, bool)> {
        let entries = self.node.get("required").and_then(Node::as_array);
        repeats(entries.unwrap_or_default(), Node::as_str)
    }
}

/// One property as the property rules see it: its JSON with places, the
/// shape its keywords chose, and the model when it could be built.
pub(crate) struct PropertyCx<'a> {
    pub name: &'a str,
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    pub ptr: &'a str,
    pub rev: Revision,
    pub kind: Kind,
    pub property: Option<&'a Property>,
}

/// A property's list of options as written: `enum`, `oneOf`, or a
/// multi-select's `items.enum` / `items.anyOf` / `items.oneOf`.
pub(crate) struct OptionList<'a> {
    pub list: &'a Node<'a>,
    /// The property's pointer, and the keys from it to the list.
    at: (&'a str, &'static [&'static str]),
    /// `{const, title}` objects rather than strings.
    pub titled: bool,
}

impl OptionList<'_> {
    /// The list's pointer (made only for a finding).
    pub(crate) fn ptr(&self) -> String {
        self.at
            .1
            .iter()
            .fold(self.at.0.to_string(), |p, k| pointer_push(&p, k))
    }
}

/// A multi-select's `items` object, when it is one of string options.
pub(crate) struct Items<'a> {
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    /// The property's pointer.
    at: &'a str,
    /// The key holding the options: `anyOf`, `oneOf` or `enum`, if any.
    pub key: Option<&'static str>,
}

impl Items<'_> {
    /// The pointer of `key` in `items` (made only for a finding).
    pub(crate) fn ptr(&self, key: &str) -> String {
        pointer_push(&pointer_push(self.at, "items"), key)
    }
}

impl<'a> PropertyCx<'a> {
    pub(crate) fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// The members named `key` (a key written twice is judged twice).
    pub(crate) fn members_named(&self, key: &'a str) -> impl Iterator<Item = &'a Member<'a>> {
        self.members.iter().filter(move |m| m.key == key)
    }

    pub(crate) fn shape(&self) -> Option<&'a Shape> {
        self.property.map(|p| &p.shape)
    }

    /// A multi-select's `items`, when it is an object whose `type`, if a
    /// string, is `"string"`.
    pub(crate) fn items(&self) -> Option<Items<'a>> {
        if self.kind != Kind::Multi {
            return None;
        }
        let node = self.node.get("items")?;
        let members = node.as_object()?;
        if node
            .get("type")
            .and_then(Node::as_str)
            .is_some_and(|t| t != "string")
        {
            return None;
        }
        let key = ["anyOf", "oneOf", "enum"]
            .into_iter()
            .find(|k| node.get(k).is_some());
        Some(Items {
            node,
            members,
            at: self.ptr,
            key,
        })
    }

    /// The list of options as written.
    pub(crate) fn options(&self) -> Option<OptionList<'a>> {
        let (list, keys, titled): (_, &'static [&'static str], _) = match self.kind {
            Kind::Untitled | Kind::Legacy => (self.node.get("enum")?, &["enum"], false),
            Kind::TitledSingle => (self.node.get("oneOf")?, &["oneOf"], true),
            Kind::Multi => {
                let items = self.items()?;
                let (key, keys): (_, &'static [&'static str]) = match items.key? {
                    "anyOf" => ("anyOf", &["items", "anyOf"]),
                    "oneOf" => ("oneOf", &["items", "oneOf"]),
                    _ => ("enum", &["items", "enum"]),
                };
                (items.node.get(key)?, keys, key != "enum")
            }
            _ => return None,
        };
        Some(OptionList {
            list,
            at: (self.ptr, keys),
            titled,
        })
    }

    /// The options of the built model.
    pub(crate) fn choices(&self) -> &'a [crate::schema::Choice] {
        match self.shape() {
            Some(Shape::SingleSelect(s)) => &s.options,
            Some(Shape::MultiSelect(m)) => &m.options,
            _ => &[],
        }
    }
}

/// `elicitation/create` params as the params rules see them: the JSON with
/// places, and the mode they ask in.
pub(crate) struct ParamsCx<'a> {
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    pub ptr: &'a str,
    pub rev: Revision,
    pub mode: Mode,
}

/// A key of the params that has no place in them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stray {
    /// A key of the other mode.
    OtherMode,
    /// `elicitationId`, in a revision that removed it.
    RemovedId,
    /// Any other key the revision does not declare.
    Unknown,
}

const FORM_KEYS: [&str; 3] = ["mode", "message", "requestedSchema"];
const URL_KEYS: [&str; 4] = ["mode", "message", "url", "elicitationId"];

impl<'a> ParamsCx<'a> {
    pub(crate) fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// Where a key is missing: the params' opening brace.
    pub(crate) fn start(&self) -> Span {
        Span::new(self.node.span.start, self.node.span.start + 1)
    }

    /// Reports `rule` when `key` is missing (saying `missing`, at the
    /// opening brace) or is not a string (at its value).
    pub(crate) fn require_string(
        &self,
        rule: &'static Rule,
        key: &str,
        missing: &str,
        out: &mut Findings,
    ) {
        match self.node.get(key) {
            None => out.push(rule, self.start(), self.ptr, missing),
            Some(v) if v.as_str().is_none() => out.push(
                rule,
                v.span,
                self.at(key),
                format!("`{key}` is {}; write it as a string", v.type_name()),
            ),
            Some(_) => {}
        }
    }

    /// The keys with no place in these params, and why.
    pub(crate) fn strays(&self) -> impl Iterator<Item = (&'a Member<'a>, Stray)> + '_ {
        let rev = self.rev;
        let (mine, theirs): (&[&str], &[&str]) = match self.mode {
            Mode::Form => (&FORM_KEYS, &URL_KEYS),
            Mode::Url => (&URL_KEYS, &FORM_KEYS),
        };
        self.members.iter().filter_map(move |m| {
            let key = m.key.as_ref();
            // `elicitationId` is a URL-mode key only where the revision has it.
            let removed_id = key == "elicitationId" && rev.url_mode() == UrlMode::Plain;
            if (mine.contains(&key) && !removed_id) || rev.params_extra_keys().contains(&key) {
                return None;
            }
            Some(
                if theirs.contains(&key) && (rev.has_modes() || key == "requestedSchema") {
                    (m, Stray::OtherMode)
                } else if removed_id {
                    (m, Stray::RemovedId)
                } else {
                    (m, Stray::Unknown)
                },
            )
        })
    }
}

/// A URL a person is asked to open, as the URL rules see it.
pub(crate) struct UrlCx<'a> {
    pub text: &'a str,
    pub span: Span,
    pub ptr: &'a str,
    pub parsed: Result<url::Url, url::ParseError>,
}

impl UrlCx<'_> {
    /// The parsed URL, when its scheme is one a client may open at all.
    pub(crate) fn openable(&self) -> Option<&url::Url> {
        self.parsed
            .as_ref()
            .ok()
            .filter(|u| !DANGEROUS_SCHEMES.contains(&u.scheme()))
    }

    /// The URL as messages quote it.
    pub(crate) fn short(&self) -> String {
        short(self.text)
    }
}

/// A value written by a server as messages quote it: at most 60 characters.
pub(crate) fn short(s: &str) -> String {
    if s.chars().count() > 60 {
        let t: String = s.chars().take(57).collect();
        format!("{t}...")
    } else {
        s.to_string()
    }
}

/// The site a URL opens, as a person is shown it (empty when it has none).
pub(crate) fn site(url: &str) -> String {
    url::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(|h| crate::sanitize::line(h).into_owned()))
        .unwrap_or_default()
}

/// Schemes a client must never open for a server.
pub(crate) const DANGEROUS_SCHEMES: &[&str] =
    &["javascript", "data", "file", "vbscript", "blob", "about"];

/// An `ElicitResult` object as the answer rules see it: the JSON with
/// places, and what was asked, when known.
pub(crate) struct ResultCx<'a> {
    pub node: &'a Node<'a>,
    pub ptr: &'a str,
    pub rev: Revision,
    pub asked: Option<&'a Asked>,
}

impl<'a> ResultCx<'a> {
    pub(crate) fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// Where a key is missing: the answer's opening brace.
    pub(crate) fn start(&self) -> Span {
        Span::new(self.node.span.start, self.node.span.start + 1)
    }

    /// The action, when it is one of the three.
    pub(crate) fn action(&self) -> Option<&'a str> {
        self.node
            .get("action")?
            .as_str()
            .filter(|a| matches!(*a, "accept" | "decline" | "cancel"))
    }

    pub(crate) fn content(&self) -> Option<&'a Member<'a>> {
        self.node.member("content")
    }

    /// Whether what was asked is in URL mode.
    pub(crate) fn url_mode(&self) -> bool {
        self.asked.is_some_and(|a| a.mode == Mode::Url)
    }

    /// Whether content may come with this answer at all: an accept (or an
    /// action not known) of a form.
    pub(crate) fn content_allowed(&self) -> bool {
        !(self.action().is_some_and(|a| a != "accept") || self.url_mode())
    }

    /// The schema of the form it answers, when known.
    pub(crate) fn schema(&self) -> Option<&'a RequestedSchema> {
        match self.asked {
            Some(Asked {
                mode: Mode::Form,
                schema: Some(schema),
            }) => Some(schema),
            _ => None,
        }
    }
}

/// A client's `elicitation` capability as the capability rule sees it.
pub(crate) struct CapabilityCx<'a> {
    pub node: &'a Node<'a>,
    pub ptr: &'a str,
    pub rev: Revision,
}

impl CapabilityCx<'_> {
    pub(crate) fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }
}

/// One answered value and the property it answers, as the answer rules see
/// them.
pub(crate) struct ValueCx<'a> {
    pub property: &'a Property,
    pub value: &'a Value,
    pub rev: Revision,
}

/// A field of an accepted form's content that no property of its schema
/// asks for, as the answer rules see it.
pub(crate) struct UnaskedCx<'a> {
    pub schema: &'a RequestedSchema,
    pub name: &'a str,
}
