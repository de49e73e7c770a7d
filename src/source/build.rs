//! Small helpers to build JSON nodes whose spans point into source text.

use std::borrow::Cow;

use crate::json::{Member, Node, NodeValue, Span};

use super::Found;

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

/// Names bound once in a scope and never changed there, for the
/// front-ends that follow locals and fields (C#, Java, Kotlin): a use
/// sees the binding of the innermost scope around it that binds its name.
#[derive(Default)]
pub(crate) struct Bindings<'s, 't> {
    /// Each name's bindings: the scope it is bound in and its value (`None`
    /// when it is not followed: no initializer, or not a constant kind).
    decls: std::collections::HashMap<
        &'s str,
        Vec<(tree_sitter::Node<'t>, Option<tree_sitter::Node<'t>>)>,
    >,
    /// Where each name is assigned or changed in place.
    changes: Vec<(&'s str, usize)>,
}

impl<'s, 't> Bindings<'s, 't> {
    pub(crate) fn bind(
        &mut self,
        name: &'s str,
        scope: tree_sitter::Node<'t>,
        value: Option<tree_sitter::Node<'t>>,
    ) {
        self.decls.entry(name).or_default().push((scope, value));
    }

    /// `name` is assigned or changed in place at byte `at`.
    pub(crate) fn change(&mut self, name: &'s str, at: usize) {
        self.changes.push((name, at));
    }

    /// Whether `name` is assigned or changed in place anywhere in `scope`.
    pub(crate) fn changed_within(&self, name: &str, scope: tree_sitter::Node) -> bool {
        self.changes
            .iter()
            .any(|(n, b)| *n == name && scope.start_byte() <= *b && *b < scope.end_byte())
    }

    /// The value `name` has where `at` uses it, when one binding of the
    /// innermost scope around `at` gives it and nothing in that scope
    /// changes it.
    pub(crate) fn resolve(
        &self,
        name: &str,
        at: tree_sitter::Node,
    ) -> Option<tree_sitter::Node<'t>> {
        let around = |s: &tree_sitter::Node| {
            s.start_byte() <= at.start_byte() && at.end_byte() <= s.end_byte()
        };
        let candidates: Vec<&(tree_sitter::Node<'t>, Option<tree_sitter::Node<'t>>)> = self
            .decls
            .get(name)?
            .iter()
            .filter(|(s, _)| around(s))
            .collect();
        let inner = candidates
            .iter()
            .min_by_key(|(s, _)| s.end_byte() - s.start_byte())?;
        if candidates
            .iter()
            .filter(|(s, _)| s.id() == inner.0.id())
            .count()
            != 1
        {
            return None;
        }
        let scope = inner.0;
        if self
            .changes
            .iter()
            .any(|(n, b)| *n == name && scope.start_byte() <= *b && *b < scope.end_byte())
        {
            return None;
        }
        inner.1
    }
}

/// The nearest ancestor of `n` whose kind is one of `kinds` (or the root).
pub(crate) fn scope_of<'t>(n: tree_sitter::Node<'t>, kinds: &[&str]) -> tree_sitter::Node<'t> {
    let mut at = n;
    while let Some(p) = at.parent() {
        if kinds.contains(&p.kind()) {
            return p;
        }
        at = p;
    }
    at
}

/// Whether a call of this file already sends `value` as its schema (read
/// there, with the call's message and mode): it is not read again for
/// another file's call.
pub(crate) fn sent_by_a_call(found: &[Found], value: tree_sitter::Node) -> bool {
    let sp = span(&value);
    found.iter().any(|f| match &f.params.value {
        NodeValue::Object(members) => members
            .iter()
            .any(|m| m.key == "requestedSchema" && m.value.span == sp),
        _ => false,
    })
}

/// What is said of a constant another file sends that its own file
/// changes in place (`CONFIRM.put(...)` in a static initializer).
pub(crate) fn changed(name: &str) -> String {
    format!("`{name}` is changed after it is built; its value is not known statically")
}

/// A schema of this file that a call in another file sends, found where
/// it is written (`value`, read as `schema`): only the schema is judged;
/// the message and the mode are the caller's, unknown here.
pub(crate) fn elicited<'s>(
    value: tree_sitter::Node,
    schema: Node<'s>,
    mut unknown: Vec<Unknown>,
) -> Found<'s> {
    let vs = span(&value);
    for ptr in ["/message", "/mode"] {
        unknown.push(Unknown {
            pointer: ptr.into(),
            span: vs,
            what: String::new(),
            whole: true,
        });
    }
    let params = object(
        vec![
            member("message", vs, string("", vs)),
            member("requestedSchema", vs, schema),
        ],
        vs,
    );
    Found {
        at: vs,
        params,
        unknown,
        origin: None,
    }
}

/// The first line of an expression, shortened, for notes.
pub(crate) fn short(s: &str) -> String {
    let line = s.lines().next().unwrap_or("");
    if line.chars().count() > 60 {
        format!("{}...", line.chars().take(57).collect::<String>())
    } else if s.contains('\n') {
        format!("{line}...")
    } else {
        line.to_string()
    }
}
