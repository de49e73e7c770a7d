//! Small helpers to build JSON nodes whose spans point into source text.

use std::borrow::Cow;

use crate::json::{Member, Node, NodeValue, Span};

/// A value that could not be known statically.
#[derive(Debug, Clone)]
pub struct Unknown {
    /// Where it sits in the params.
    pub pointer: String,
    /// Where it is written.
    pub span: Span,
    /// What could not be known, for the note.
    pub what: String,
    /// Whether everything under `pointer` is unknown too (a computed
    /// value), or only the object itself (one built partly from a spread
    /// that could not be followed).
    pub whole: bool,
}

impl Unknown {
    /// Whether a finding at `pointer` is about this unknown value.
    pub(crate) fn covers(&self, pointer: &str) -> bool {
        pointer == self.pointer
            || (self.whole
                && pointer.starts_with(&self.pointer)
                && pointer.as_bytes().get(self.pointer.len()) == Some(&b'/'))
    }
}

/// Records that the object at `ptr` gets keys at run time (a spread, a
/// `**` splat, a computed key): rules that need a key's absence abstain
/// there. The members written before it (`written`) may be replaced by
/// what it brings, so they are unknown too, without a note of their own:
/// the spread's note says why.
pub(crate) fn open(
    unknown: &mut Vec<Unknown>,
    ptr: &str,
    span: Span,
    what: String,
    written: &[Member],
) {
    for m in written {
        unknown.push(Unknown {
            pointer: crate::json::pointer_push(ptr, &m.key),
            span: m.key_span,
            what: String::new(),
            whole: true,
        });
    }
    unknown.push(Unknown {
        pointer: ptr.to_string(),
        span,
        what,
        whole: false,
    });
}

pub(crate) fn span(n: &tree_sitter::Node) -> Span {
    Span::new(n.start_byte(), n.end_byte())
}

pub(crate) fn string<'s>(s: impl Into<Cow<'s, str>>, span: Span) -> Node<'s> {
    Node {
        value: NodeValue::String(s.into()),
        span,
    }
}

pub(crate) fn number(text: &str, span: Span) -> Node<'_> {
    Node {
        value: NodeValue::Number(text.into()),
        span,
    }
}

pub(crate) fn boolean<'s>(b: bool, span: Span) -> Node<'s> {
    Node {
        value: NodeValue::Bool(b),
        span,
    }
}

pub(crate) fn null<'s>(span: Span) -> Node<'s> {
    Node {
        value: NodeValue::Null,
        span,
    }
}

pub(crate) fn object(members: Vec<Member<'_>>, span: Span) -> Node<'_> {
    Node {
        value: NodeValue::Object(members),
        span,
    }
}

pub(crate) fn member<'s>(
    key: impl Into<Cow<'s, str>>,
    key_span: Span,
    value: Node<'s>,
) -> Member<'s> {
    Member {
        key: key.into(),
        key_span,
        value,
    }
}

/// Whether `text` is a number as JSON writes it.
pub(crate) fn is_json_number(text: &str) -> bool {
    serde_json::from_str::<serde_json::Number>(text).is_ok()
        && !text.starts_with('+')
        && !text.contains(['x', 'X', '_'])
}

/// Unescapes the usual backslash escapes of a quoted string body (the same
/// in JavaScript, Python and Go for the ones schemas use); `None` when an
/// escape is one this reader does not know.
pub(crate) fn unescape(body: &str) -> Option<String> {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            '`' => out.push('`'),
            '\n' => {}
            'u' => {
                let rest: String = chars.clone().take(4).collect();
                if rest.len() == 4
                    && let Ok(cp) = u32::from_str_radix(&rest, 16)
                {
                    out.push(char::from_u32(cp)?);
                    for _ in 0..4 {
                        chars.next();
                    }
                } else {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(out)
}
