//! Rust: the elicitations of rmcp, the official Rust SDK.
//!
//! - `peer.elicit::<T>(message)` and `peer.elicit_with_timeout::<T>(message,
//!   timeout)`: rmcp sends `ElicitationSchema::from_type::<T>()` in form
//!   mode with that message.
//! - `ElicitationSchema::from_type::<T>()`: schemars' draft-07 schema of `T`
//!   (with its `AddNullable` transform), read back into rmcp's
//!   `ElicitationSchema`, which keeps `$schema`, `type`, `title` (the type's
//!   name when nothing else gives one), `properties`, `required` and
//!   `description`, in that order.
//! - `ElicitationSchema::builder()` chains: each `.required_string("a")`,
//!   `.optional_bool("b", false)`, ... as rmcp's builder writes it.
//!
//! - A schema bound by `let [mut] s = ElicitationSchema::from_type::<T>()`
//!   is sent without the root keys the same block sets to `None`
//!   (`s.title = None;`); a `from_type` in test code (a `#[test]` function,
//!   a `#[cfg(test)]` module) sends nothing and is not read.
//! - What rmcp writes depends on its version, which the crate's
//!   `Cargo.lock` or requirement gives (`Emulated`): `mode` from 0.15,
//!   string and number `default`s from 0.17, `$schema` from 3.2.
//!
//! The type is a struct of the same file (read as `generate --rust` reads
//! one), by its name or its inline module's path, or one the crate's index
//! finds in another module (see `rust_project`), checked there; any other
//! is a note at the call. A property problem is reported at its field (or
//! at the builder call that adds it), a root one at the struct's name.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use serde_json::{Map, Value};

use super::build::{Unknown, member, object, string};
use super::index::{Elicited, Links};
use super::{Found, Scan};
use crate::generate::rust::derived;
use crate::json::{Member, Node, NodeValue, Span};

/// The deepest bracket nesting read.
const MAX_NESTING: usize = 128;

/// Byte offsets of proc-macro2 line/column positions in one text.
struct Offsets<'s> {
    text: &'s str,
    starts: Vec<usize>,
}

impl<'s> Offsets<'s> {
    fn new(text: &'s str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr_lines(text));
        Offsets { text, starts }
    }

    fn offset(&self, at: proc_macro2::LineColumn) -> usize {
        let Some(&start) = self.starts.get(at.line.wrapping_sub(1)) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        start
            + line
                .char_indices()
                .nth(at.column)
                .map_or(line.len(), |(i, _)| i)
    }

    fn span(&self, span: proc_macro2::Span) -> Span {
        let start = self.offset(span.start());
        Span::new(start, self.offset(span.end()).max(start))
    }

    /// From the start of `a` to the end of `b`.
    fn join(&self, a: proc_macro2::Span, b: proc_macro2::Span) -> Span {
        let start = self.offset(a.start());
        Span::new(start, self.offset(b.end()).max(start))
    }
}

fn memchr_lines(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .map(|(i, _)| i + 1)
}

/// A call that sends a type's schema, as the crate's index reads it.
pub(super) struct TypedCall {
    /// The type, as written (a generic one ends in an empty segment).
    pub ty: Vec<String>,
    pub line: usize,
    /// The root keys the call's schema is sent without.
    pub cleared: Vec<&'static str>,
}

/// The types the `elicit::<T>()` and `from_type::<T>()` calls of `tokens`
/// name.
pub(super) fn typed_calls(tokens: TokenStream, out: &mut Vec<TypedCall>) {
    let mut calls = Vec::new();
    collect(tokens, &mut calls, 0);
    for call in calls {
        if let Call::Typed {
            at, ty, cleared, ..
        } = call
        {
            out.push(TypedCall {
                ty,
                line: at.start().line,
                cleared,
            });
        }
    }
}

/// Whether `text` may hold a call [`collect`] reads: it names
/// `ElicitationSchema`, or writes `.elicit` or `.elicit_with_timeout`
/// (spaces allowed after the dot). A file that only says "elicit" in
/// prose, in a field (`.elicit_id`) or in a function of its own is not
/// tokenized.
fn may_call(text: &str) -> bool {
    let bytes = text.as_bytes();
    if memchr::memmem::find(bytes, b"ElicitationSchema").is_some() {
        return true;
    }
    memchr::memmem::find_iter(bytes, b"elicit").any(|at| {
        let word_end = bytes[at..]
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80))
            .map_or(bytes.len(), |n| at + n);
        matches!(&bytes[at..word_end], b"elicit" | b"elicit_with_timeout")
            && bytes[..at]
                .iter()
                .rev()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b'.')
    })
}

/// What the rmcp a crate builds with writes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Emulated {
    /// `$schema` in the schemas it derives (3.2 and later).
    pub dialect: bool,
    /// `mode: "form"` in the params (0.15 and later).
    pub mode: bool,
    /// `default` on a string or number property (0.17 and later).
    pub defaults: bool,
}

impl Default for Emulated {
    fn default() -> Self {
        Emulated {
            dialect: true,
            mode: true,
            defaults: true,
        }
    }
}

/// The elicitations of a Rust file, as the crate's rmcp sends them.
pub(crate) fn scan(text: &str, links: Option<Arc<Links>>, emulated: Emulated) -> Scan<'_> {
    let links = links.unwrap_or_default();
    let mut out = Scan::default();
    if links.elicited.is_empty() && !may_call(text) {
        return out;
    }
    let at = Offsets::new(text);
    if let Some(deep) = too_deep(text) {
        out.notes.push((
            Span::new(deep, deep + 1),
            format!(
                "brackets nest more than {MAX_NESTING} deep here; the elicitations of this file are not read"
            ),
        ));
        return out;
    }
    let tokens: TokenStream = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            out.notes.push((
                at.span(e.span()),
                format!("not valid Rust here ({e}); the elicitations of this file are not read"),
            ));
            return out;
        }
    };
    let tokens_for_types = tokens.clone();
    let tokens_for_mods = tokens.clone();
    let mut calls = Vec::new();
    collect(tokens, &mut calls, 0);
    if calls.is_empty() && links.elicited.is_empty() {
        return out;
    }
    let file = type_items(tokens_for_types, &mut out, &at);
    let mut inline = Vec::new();
    inline_modules(tokens_for_mods, &mut inline, 0);
    for e in &links.elicited {
        elicited(&file, e, &at, &mut out, emulated);
    }
    for call in calls {
        match call {
            // A struct of another module of the crate: checked there.
            Call::Typed { ty, .. } if links.resolved.contains(&ty.join("::")) => {}
            Call::Typed {
                at: call_at,
                ty,
                message,
                cleared,
            } => {
                let call_span = at.span(call_at);
                // `T`, or `args::T` / `self::T` for a struct of an inline
                // module of this file.
                let local = ty.split_last().filter(|(last, prefix)| {
                    !last.is_empty()
                        && prefix
                            .iter()
                            .all(|s| s == "self" || s == "crate" || inline.contains(s))
                });
                let name = match local {
                    Some((last, _)) => last.clone(),
                    None => {
                        out.notes.push((
                            call_span,
                            format!(
                                "the type `{}` is not a struct this file or its crate defines; its schema is not known here",
                                shown(&ty.join("::"))
                            ),
                        ));
                        continue;
                    }
                };
                let derived = match derived(&file, &name) {
                    None => {
                        out.notes.push((
                            call_span,
                            format!(
                                "the type `{name}` is not a struct of this file; its schema is not known here"
                            ),
                        ));
                        continue;
                    }
                    Some(Err(e)) => {
                        out.notes.push((
                            call_span,
                            format!("the schema of `{name}` cannot be read: {e}"),
                        ));
                        continue;
                    }
                    Some(Ok(d)) => d,
                };
                let schema = rendered(&name, derived, &at, &cleared, emulated);
                let mut unknown = Vec::new();
                let params = params(message, schema, call_span, &at, &mut unknown, emulated.mode);
                out.found.push(Found {
                    at: call_span,
                    params,
                    unknown,
                    origin: Some(("schemars", name)),
                });
            }
            // Only in a file that names rmcp: other `elicit` methods (a
            // crate's own) take no type.
            Call::Untyped { at: call_at } if text.contains("rmcp") => out.notes.push((
                at.span(call_at),
                "the type asked for is inferred from where the answer goes; write `elicit::<T>(...)` with a struct of this crate for its schema to be read".into(),
            )),
            Call::Untyped { .. } => {}
            Call::Builder { start, steps } => {
                let span = at.join(start, steps.last().map_or(start, |s| s.end));
                let mut unknown = Vec::new();
                let schema = builder(&steps, &at, span, &mut unknown);
                let params = params(None, schema, span, &at, &mut unknown, emulated.mode);
                out.found.push(Found {
                    at: span,
                    params,
                    unknown,
                    origin: Some(("rmcp", "ElicitationSchema::builder()".into())),
                });
            }
        }
    }
    out
}

/// A type as a note shows it: at most 80 characters.
fn shown(ty: &str) -> String {
    if ty.chars().count() > 80 {
        format!("{}...", ty.chars().take(77).collect::<String>())
    } else {
        ty.to_string()
    }
}

/// The schema rmcp sends for the struct `name` schemars derived, without
/// the root keys `cleared` (and what the crate's rmcp does not keep): its
/// properties at their fields, the rest at the struct's name.
fn rendered(
    name: &str,
    derived: crate::generate::rust::DerivedSchema,
    at: &Offsets,
    cleared: &[impl AsRef<str>],
    emulated: Emulated,
) -> Node<'static> {
    let root = at.span(derived.at);
    let fields: HashMap<String, Span> = derived
        .fields
        .iter()
        .map(|(k, s)| (k.clone(), at.span(*s)))
        .collect();
    let mut schema = from_type(name, derived.schema, emulated.defaults);
    for key in cleared {
        schema.shift_remove(key.as_ref());
    }
    if !emulated.dialect {
        // rmcp before 3.2 keeps no `$schema`.
        schema.shift_remove("$schema");
    }
    schema_node(schema, root, &fields)
}

/// Each item of `tokens`, from its first token (attributes included) to
/// its `;` or closing brace, given to `f`; the tokens after the last one
/// too.
pub(super) fn items_of(tokens: TokenStream, mut f: impl FnMut(Vec<TokenTree>)) {
    let mut item: Vec<TokenTree> = Vec::new();
    for t in tokens {
        let end = match &t {
            TokenTree::Punct(p) => p.as_char() == ';',
            TokenTree::Group(g) => g.delimiter() == Delimiter::Brace,
            _ => false,
        };
        item.push(t);
        if end {
            f(std::mem::take(&mut item));
        }
    }
    if !item.is_empty() {
        f(item);
    }
}

/// A struct of this file that a call of another module sends
/// (`elicit::<crate::models::T>()`), checked here as rmcp renders it: the
/// message is the caller's, and left unknown.
fn elicited(file: &syn::File, e: &Elicited, at: &Offsets, out: &mut Scan, emulated: Emulated) {
    let derived = match derived(file, &e.name) {
        Some(Ok(d)) => d,
        Some(Err(err)) => {
            // Said where it is written: the call names it without a note.
            let place = file
                .items
                .iter()
                .find_map(|i| match i {
                    syn::Item::Struct(s) if s.ident == e.name => Some(at.span(s.ident.span())),
                    _ => None,
                })
                .unwrap_or_else(|| Span::new(0, 0));
            out.notes.push((
                place,
                format!(
                    "the schema of `{}`, which {} sends, cannot be read: {err}",
                    e.name, e.via
                ),
            ));
            return;
        }
        None => return,
    };
    let schema = rendered(&e.name, derived, at, &e.cleared, emulated);
    let root = schema.span;
    let mut unknown = Vec::new();
    let params = params(None, schema, root, at, &mut unknown, emulated.mode);
    out.found.push(Found {
        at: root,
        params,
        unknown,
        origin: Some(("schemars", e.name.clone())),
    });
}

/// The names of the inline modules (`mod args { .. }`) of `tokens`, at any
/// depth of modules.
fn inline_modules(tokens: TokenStream, out: &mut Vec<String>, depth: usize) {
    if depth > 16 {
        return;
    }
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    for w in tts.windows(3) {
        if let [
            TokenTree::Ident(m),
            TokenTree::Ident(name),
            TokenTree::Group(g),
        ] = w
            && m == "mod"
            && g.delimiter() == Delimiter::Brace
        {
            out.push(name.to_string());
            inline_modules(g.stream(), out, depth + 1);
        }
    }
}

/// The structs and enums of the file (at its top level and in inline
/// `mod`s), each parsed alone from its tokens: the rest of the file is
/// never given to syn, whose parser recurses. An item with a run of more
/// than [`MAX_NESTING`] punctuation tokens (`<<<<`, `----`) is left out,
/// as is one syn does not read (a note says so).
fn type_items(tokens: TokenStream, out: &mut Scan, at: &Offsets) -> syn::File {
    fn walk(
        tokens: TokenStream,
        items: &mut Vec<syn::Item>,
        out: &mut Scan,
        at: &Offsets,
        depth: usize,
    ) {
        if depth > 16 {
            return;
        }
        let mut finish = |tts: Vec<TokenTree>, items: &mut Vec<syn::Item>| {
            let kind = tts.iter().position(
                |t| matches!(t, TokenTree::Ident(i) if i == "struct" || i == "enum" || i == "mod"),
            );
            let Some(k) = kind else { return };
            let is_mod = matches!(&tts[k], TokenTree::Ident(i) if i == "mod");
            if is_mod {
                if let Some(TokenTree::Group(g)) = tts.last()
                    && g.delimiter() == Delimiter::Brace
                {
                    walk(g.stream(), items, out, at, depth + 1);
                }
                return;
            }
            if punct_run(&tts) > MAX_NESTING {
                out.notes.push((
                    at.span(tts[k].span()),
                    format!("this type nests more than {MAX_NESTING} deep; it is not read"),
                ));
                return;
            }
            match syn::parse2::<syn::Item>(tts.into_iter().collect()) {
                Ok(i) => items.push(i),
                Err(e) => out.notes.push((
                    at.span(e.span()),
                    format!("not valid Rust here ({e}); this type is not read"),
                )),
            }
        };
        items_of(tokens, |item| finish(item, items));
    }
    let mut items = Vec::new();
    walk(tokens, &mut items, out, at, 0);
    let mut file: syn::File = syn::parse_str("").expect("an empty file parses");
    file.items = items;
    file
}

/// The longest run of punctuation tokens, or the deepest nesting of angle
/// brackets, at any depth.
fn punct_run(tts: &[TokenTree]) -> usize {
    let mut longest = 0;
    let mut run = 0;
    let mut angles = 0usize;
    for t in tts {
        match t {
            TokenTree::Punct(p) => {
                run += 1;
                match p.as_char() {
                    '<' => angles += 1,
                    '>' => angles = angles.saturating_sub(1),
                    _ => {}
                }
                longest = longest.max(run).max(angles);
            }
            TokenTree::Group(g) => {
                run = 0;
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                longest = longest.max(punct_run(&inner));
            }
            _ => run = 0,
        }
    }
    longest
}

/// Where brackets first nest deeper than [`MAX_NESTING`] (counted over the
/// bytes, strings and comments included), which the parsers, recursive,
/// are never given.
pub(super) fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// A call that sends or builds an elicitation schema.
enum Call {
    /// `elicit::<T>(message, ..)`, `elicit_with_timeout::<T>(..)` (with the
    /// message's tokens) or `ElicitationSchema::from_type::<T>()` (without).
    Typed {
        at: proc_macro2::Span,
        ty: Vec<String>,
        message: Option<Message>,
        /// The root keys set to `None` on the schema after it is built
        /// (`let mut s = ElicitationSchema::from_type::<T>()?; s.title =
        /// None;`), in the same block.
        cleared: Vec<&'static str>,
    },
    /// `.elicit(..)` without a type written.
    Untyped { at: proc_macro2::Span },
    /// `ElicitationSchema::builder()` and the calls chained on it.
    Builder {
        start: proc_macro2::Span,
        steps: Vec<Step>,
    },
}

/// The first argument of an `elicit` call.
enum Message {
    Literal(String, proc_macro2::Span),
    Computed(proc_macro2::Span),
}

/// One `.method(args)` of a builder chain.
struct Step {
    method: String,
    args: Vec<Vec<TokenTree>>,
    start: proc_macro2::Span,
    end: proc_macro2::Span,
}

/// Whether an attribute's tokens (inside `#[...]`) mark test code:
/// `test`, `tokio::test(..)`, `cfg(test)`, `cfg(all(test, ..))`, but not
/// `cfg(not(test))`.
fn test_attribute(tokens: TokenStream) -> bool {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    // Bounded: a file nesting deeper than `too_deep` allows is not
    // tokenized at all.
    fn idents(s: TokenStream, out: &mut Vec<String>) {
        for t in s {
            match t {
                TokenTree::Ident(i) => out.push(i.to_string()),
                TokenTree::Group(g) => idents(g.stream(), out),
                _ => {}
            }
        }
    }
    match tts.first() {
        Some(TokenTree::Ident(i)) if i == "cfg" => {
            let mut names = Vec::new();
            if let Some(TokenTree::Group(g)) = tts.get(1) {
                idents(g.stream(), &mut names);
            }
            names.iter().any(|n| n == "test") && !names.iter().any(|n| n == "not" || n == "any")
        }
        _ => {
            // The path before any arguments ends in `test`.
            let path: Vec<&TokenTree> = tts
                .iter()
                .take_while(|t| !matches!(t, TokenTree::Group(_)))
                .collect();
            matches!(path.last(), Some(TokenTree::Ident(i)) if i == "test")
        }
    }
}

/// The root keys set to `None` on `name` by statements of `tts` from `from`
/// on (`name.title = None;`), up to a new `let` of the same name.
fn cleared_after(tts: &[TokenTree], from: usize, name: &str) -> Vec<&'static str> {
    let punct =
        |k: usize, c: char| matches!(tts.get(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
    let is = |k: usize, s: &str| matches!(tts.get(k), Some(TokenTree::Ident(i)) if i == s);
    let mut out = Vec::new();
    for k in from..tts.len() {
        if is(k, "let") && (is(k + 1, name) || (is(k + 1, "mut") && is(k + 2, name))) {
            break;
        }
        if is(k, name)
            && !(k > 0 && punct(k - 1, '.'))
            && punct(k + 1, '.')
            && matches!(tts.get(k + 3), Some(TokenTree::Punct(p)) if p.as_char() == '=' && p.spacing() == Spacing::Alone)
            && is(k + 4, "None")
            && punct(k + 5, ';')
        {
            for key in ["title", "description"] {
                if is(k + 2, key) && !out.contains(&key) {
                    out.push(key);
                }
            }
        }
    }
    out
}

/// The calls of `tokens` that send or build an elicitation schema. A
/// `from_type` in test code (a `#[test]` function, a `#[cfg(test)]`
/// module) is left out: it builds a schema to check, and sends nothing.
fn collect(tokens: TokenStream, calls: &mut Vec<Call>, depth: usize) {
    collect_in(tokens, calls, depth, false);
}

fn collect_in(tokens: TokenStream, calls: &mut Vec<Call>, depth: usize, test: bool) {
    if depth > MAX_NESTING {
        return;
    }
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let punct =
        |i: usize, c: char| matches!(tts.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
    // Compared in place: most tokens are identifiers, and none is made a
    // string unless it is kept.
    let ident = |i: usize| match tts.get(i) {
        Some(TokenTree::Ident(id)) => Some(id),
        _ => None,
    };
    let ident_is = |i: usize, name: &str| ident(i).is_some_and(|id| id == name);
    let path_sep = |i: usize| {
        punct(i, ':')
            && matches!(&tts[i], TokenTree::Punct(p) if p.spacing() == Spacing::Joint)
            && punct(i + 1, ':')
    };
    let mut i = 0;
    // A test attribute read, waiting for the body of its item.
    let mut test_item = false;
    while i < tts.len() {
        if punct(i, '#')
            && let Some(TokenTree::Group(g)) = tts.get(i + 1)
            && g.delimiter() == Delimiter::Bracket
            && test_attribute(g.stream())
        {
            test_item = true;
            i += 2;
            continue;
        }
        if punct(i, ';') {
            test_item = false;
        }
        if let TokenTree::Group(g) = &tts[i] {
            let body = test_item && g.delimiter() == Delimiter::Brace;
            collect_in(g.stream(), calls, depth + 1, test || body);
            if body {
                test_item = false;
            }
        }
        let method = i > 0 && punct(i - 1, '.');
        let from_type = ident_is(i, "from_type")
            && i >= 3
            && path_sep(i - 2)
            && ident_is(i - 3, "ElicitationSchema");
        if from_type && test {
            // Built to be checked, not sent.
        } else if (method && (ident_is(i, "elicit") || ident_is(i, "elicit_with_timeout")))
            || from_type
        {
            let at = tts[i].span();
            match turbofish(&tts, i + 1) {
                Some((ty, next)) => {
                    let message = match tts.get(next) {
                        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                            (!from_type).then(|| message_of(g.stream(), g.span()))
                        }
                        _ => {
                            i += 1;
                            continue;
                        }
                    };
                    // `let [mut] name = [path::]ElicitationSchema::from_type::<T>()`
                    let mut cleared = Vec::new();
                    if from_type {
                        let mut k = i - 3;
                        while k >= 3 && path_sep(k - 2) && ident(k - 3).is_some() {
                            k -= 3;
                        }
                        if k >= 2
                            && punct(k - 1, '=')
                            && let Some(var) = ident(k - 2)
                        {
                            let mut v = k - 2;
                            if v >= 1 && ident_is(v - 1, "mut") {
                                v -= 1;
                            }
                            if v >= 1 && ident_is(v - 1, "let") {
                                cleared = cleared_after(&tts, next, &var.to_string());
                            }
                        }
                    }
                    calls.push(Call::Typed {
                        at,
                        ty,
                        message,
                        cleared,
                    });
                }
                None if !from_type
                    && matches!(tts.get(i + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis) =>
                {
                    calls.push(Call::Untyped { at });
                }
                None => {}
            }
        } else if ident_is(i, "builder")
            && i >= 3
            && path_sep(i - 2)
            && ident_is(i - 3, "ElicitationSchema")
            && matches!(tts.get(i + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis && g.stream().is_empty())
        {
            let start = tts[i - 3].span();
            let mut steps = Vec::new();
            let mut j = i + 2;
            while punct(j, '.')
                && let Some(method) = ident(j + 1)
                && let Some(TokenTree::Group(g)) = tts.get(j + 2)
                && g.delimiter() == Delimiter::Parenthesis
            {
                steps.push(Step {
                    method: method.to_string(),
                    args: split_args(g.stream()),
                    start: tts[j + 1].span(),
                    end: g.span(),
                });
                j += 3;
                if *method == "build" {
                    break;
                }
            }
            calls.push(Call::Builder { start, steps });
        }
        i += 1;
    }
}

/// `::<A::B>` at `i`: the type's path segments and the index after `>`.
fn turbofish(tts: &[TokenTree], i: usize) -> Option<(Vec<String>, usize)> {
    let p = |k: usize, c: char| matches!(tts.get(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
    if !(p(i, ':') && p(i + 1, ':') && p(i + 2, '<')) {
        return None;
    }
    let mut k = i + 3;
    let mut depth = 1;
    let mut segments = Vec::new();
    let mut plain = true;
    while let Some(t) = tts.get(k) {
        match t {
            TokenTree::Punct(q) if q.as_char() == '<' => {
                depth += 1;
                plain = false;
            }
            TokenTree::Punct(q) if q.as_char() == '>' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            TokenTree::Punct(q) if q.as_char() == ':' => {}
            TokenTree::Ident(id) if depth == 1 => segments.push(id.to_string()),
            _ => plain = false,
        }
        k += 1;
    }
    if depth != 0 || segments.is_empty() {
        return None;
    }
    if !plain {
        // A generic or otherwise written type: named as written, never read.
        segments.push(String::new());
    }
    Some((segments, k + 1))
}

fn split_args(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut args = vec![Vec::new()];
    for t in stream {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => args.push(Vec::new()),
            _ => args.last_mut().expect("one argument").push(t),
        }
    }
    if args.last().is_some_and(Vec::is_empty) {
        args.pop();
    }
    args
}

/// A string literal written as `"..."`, `"...".to_string()`,
/// `"...".into()`, `"...".to_owned()` or `String::from("...")`.
fn string_literal(arg: &[TokenTree]) -> Option<(String, proc_macro2::Span)> {
    let lit = |t: &TokenTree| match t {
        TokenTree::Literal(l) => {
            let s: syn::LitStr = syn::parse_str(&l.to_string()).ok()?;
            Some((s.value(), l.span()))
        }
        _ => None,
    };
    match arg {
        [one] => lit(one),
        [
            l,
            TokenTree::Punct(dot),
            TokenTree::Ident(m),
            TokenTree::Group(g),
        ] if dot.as_char() == '.'
            && matches!(m.to_string().as_str(), "to_string" | "into" | "to_owned")
            && g.stream().is_empty() =>
        {
            lit(l)
        }
        [
            TokenTree::Ident(s),
            TokenTree::Punct(_),
            TokenTree::Punct(_),
            TokenTree::Ident(f),
            TokenTree::Group(g),
        ] if s == "String" && f == "from" => {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            string_literal(&inner)
        }
        _ => None,
    }
}

fn message_of(args: TokenStream, whole: proc_macro2::Span) -> Message {
    let args = split_args(args);
    let Some(first) = args.first() else {
        return Message::Computed(whole);
    };
    match string_literal(first) {
        Some((s, span)) => Message::Literal(s, span),
        None => Message::Computed(first.first().map_or(whole, TokenTree::span)),
    }
}

/// rmcp's `from_type`: the root keys `ElicitationSchema` keeps, in its
/// order, and each property as rmcp reads it back (`Option<T>` is `T`, not
/// required; the keys of its primitive schemas only).
fn from_type(name: &str, schema: Value, defaults: bool) -> Map<String, Value> {
    let Value::Object(mut derived) = schema else {
        return Map::new();
    };
    let mut m = Map::new();
    m.insert(
        "$schema".into(),
        "http://json-schema.org/draft-07/schema#".into(),
    );
    m.insert("type".into(), "object".into());
    m.insert(
        "title".into(),
        derived.remove("title").unwrap_or_else(|| name.into()),
    );
    let mut props = Map::new();
    if let Some(Value::Object(p)) = derived.remove("properties") {
        // rmcp keeps properties in a `BTreeMap`: in name order.
        let mut p: Vec<(String, Value)> = p.into_iter().collect();
        p.sort_by(|a, b| a.0.cmp(&b.0));
        for (k, v) in p {
            let mut v = primitive(nullable_removed(v));
            if !defaults
                && let Value::Object(m) = &mut v
                && !m.contains_key("enum")
                && matches!(
                    m.get("type").and_then(Value::as_str),
                    Some("string" | "number" | "integer")
                )
            {
                // Before 0.17 a string or number schema has no `default`.
                m.shift_remove("default");
            }
            props.insert(k, v);
        }
    }
    m.insert("properties".into(), Value::Object(props));
    if let Some(Value::Array(r)) = derived.remove("required")
        && !r.is_empty()
    {
        m.insert("required".into(), Value::Array(r));
    }
    if let Some(d) = derived.remove("description") {
        m.insert("description".into(), d);
    }
    m
}

/// `anyOf: [T, {"type": "null"}]` (an `Option<T>` field) as rmcp reads the
/// draft-07 schema schemars gives it: `T` with its own keys.
fn nullable_removed(v: Value) -> Value {
    let Value::Object(mut m) = v else { return v };
    if let Some(Value::Array(any)) = m.get("anyOf")
        && any.len() == 2
        && any[1] == serde_json::json!({"type": "null"})
        && let Value::Object(inner) = any[0].clone()
    {
        m.remove("anyOf");
        for (k, v) in inner {
            m.entry(k).or_insert(v);
        }
    }
    Value::Object(m)
}

/// A property as rmcp's primitive schema types keep it: their keys only,
/// in their order; enum schemas as they are.
fn primitive(v: Value) -> Value {
    let Value::Object(mut m) = v else { return v };
    if m.contains_key("enum") || m.contains_key("oneOf") || m.contains_key("anyOf") {
        return Value::Object(m);
    }
    let Some(keys) = m
        .get("type")
        .and_then(Value::as_str)
        .and_then(crate::schema::primitive_keys)
    else {
        return Value::Object(m);
    };
    let mut out = Map::new();
    for k in keys {
        if let Some(v) = m.remove(*k) {
            out.insert((*k).to_string(), v);
        }
    }
    Value::Object(out)
}

fn value_node(v: Value, span: Span) -> Node<'static> {
    let value = match v {
        Value::Null => NodeValue::Null,
        Value::Bool(b) => NodeValue::Bool(b),
        Value::Number(n) => NodeValue::Number(Cow::Owned(n.to_string())),
        Value::String(s) => NodeValue::String(Cow::Owned(s)),
        Value::Array(a) => NodeValue::Array(a.into_iter().map(|v| value_node(v, span)).collect()),
        Value::Object(m) => NodeValue::Object(
            m.into_iter()
                .map(|(k, v)| member(k, span, value_node(v, span)))
                .collect(),
        ),
    };
    Node { value, span }
}

/// The schema as a node: each property (and its name in `required`) at
/// its field, the rest at the struct's name.
fn schema_node(m: Map<String, Value>, root: Span, fields: &HashMap<String, Span>) -> Node<'static> {
    let at = |k: &str| fields.get(k).copied().unwrap_or(root);
    let members = m
        .into_iter()
        .map(|(k, v)| {
            let value = match (k.as_str(), v) {
                ("properties", Value::Object(p)) => object(
                    p.into_iter()
                        .map(|(name, v)| {
                            let span = at(&name);
                            member(name, span, value_node(v, span))
                        })
                        .collect(),
                    root,
                ),
                ("required", Value::Array(r)) => Node {
                    value: NodeValue::Array(
                        r.into_iter()
                            .map(|v| {
                                let span = v.as_str().map_or(root, at);
                                value_node(v, span)
                            })
                            .collect(),
                    ),
                    span: root,
                },
                (_, v) => value_node(v, root),
            };
            member(k, root, value)
        })
        .collect();
    object(members, root)
}

/// Form-mode params with `message` (or one left unknown) and `schema`, as
/// rmcp serializes `FormElicitationParams` (`mode` from 0.15).
fn params<'s>(
    message: Option<Message>,
    schema: Node<'s>,
    at: Span,
    offsets: &Offsets,
    unknown: &mut Vec<Unknown>,
    mode: bool,
) -> Node<'s> {
    let message = match message {
        Some(Message::Literal(s, span)) => string(s, offsets.span(span)),
        Some(Message::Computed(span)) => {
            let span = offsets.span(span);
            unknown.push(Unknown {
                pointer: "/message".into(),
                span,
                what: "the message is computed at run time; it is not checked".into(),
                whole: true,
            });
            string("", span)
        }
        None => {
            // A schema built apart from the call that sends it: the
            // message is written there, and not looked for.
            unknown.push(Unknown {
                pointer: "/message".into(),
                span: at,
                what: String::new(),
                whole: true,
            });
            string("", at)
        }
    };
    let mut members: Vec<Member<'s>> = Vec::with_capacity(3);
    if mode {
        members.push(member("mode", at, string("form", at)));
    }
    members.push(member("message", at, message));
    members.push(member("requestedSchema", at, schema));
    object(members, at)
}

/// An `ElicitationSchema::builder()` chain as rmcp builds it: properties in
/// name order (its `BTreeMap`), `required` in the order added.
fn builder(steps: &[Step], at: &Offsets, whole: Span, unknown: &mut Vec<Unknown>) -> Node<'static> {
    let mut props: Vec<(String, Span, Span, Map<String, Value>)> = Vec::new();
    let mut required: Vec<(String, Span)> = Vec::new();
    let mut title = None;
    let mut description = None;
    let mut opaque = false;
    for step in steps {
        let span = at.join(step.start, step.end);
        let name = step.args.first().and_then(|a| string_literal(a));
        let number = |k: usize, float: bool| -> Option<Value> {
            let arg = step.args.get(k)?;
            let text: String = arg.iter().map(|t| t.to_string()).collect();
            let text = text
                .trim_end_matches("f64")
                .trim_end_matches("i64")
                .replace('_', "");
            if float {
                let f: f64 = text.parse().ok()?;
                serde_json::Number::from_f64(f).map(Value::Number)
            } else {
                text.parse::<i64>().ok().map(Value::from)
            }
        };
        let boolean = |k: usize| -> Option<Value> {
            match step.args.get(k)?.as_slice() {
                [TokenTree::Ident(b)] if b == "true" || b == "false" => Some((b == "true").into()),
                _ => None,
            }
        };
        let (req, kind) = match step.method.as_str() {
            "build" => continue,
            "title" | "description" => {
                match step.args.first().and_then(|a| string_literal(a)) {
                    Some((s, lit)) => {
                        let v = (s, at.span(lit));
                        if step.method == "title" {
                            title = Some(v);
                        } else {
                            description = Some(v);
                        }
                    }
                    None => {
                        let pointer = format!("/requestedSchema/{}", step.method);
                        unknown.push(Unknown {
                            pointer,
                            span,
                            what: format!("the {} is computed at run time", step.method),
                            whole: true,
                        });
                        let v = (String::new(), span);
                        if step.method == "title" {
                            title = Some(v);
                        } else {
                            description = Some(v);
                        }
                    }
                }
                continue;
            }
            "mark_required" => {
                match name {
                    Some((n, _)) => required.push((n, span)),
                    None => opaque = true,
                }
                continue;
            }
            m => match m.split_once('_') {
                Some(("required", k)) => (true, k),
                Some(("optional", k)) => (false, k),
                _ => {
                    opaque = true;
                    continue;
                }
            },
        };
        let Some((name, _)) = name else {
            opaque = true;
            continue;
        };
        let mut m = Map::new();
        let known = match kind {
            "string" if step.args.len() == 1 => {
                m.insert("type".into(), "string".into());
                true
            }
            "email" if step.args.len() == 1 => {
                m.insert("type".into(), "string".into());
                m.insert("format".into(), "email".into());
                true
            }
            "bool" if req && step.args.len() == 1 => {
                m.insert("type".into(), "boolean".into());
                true
            }
            "bool" if !req && step.args.len() == 2 => match boolean(1) {
                Some(d) => {
                    m.insert("type".into(), "boolean".into());
                    m.insert("default".into(), d);
                    true
                }
                None => false,
            },
            "number" | "integer" if step.args.len() == 3 => {
                let float = kind == "number";
                match (number(1, float), number(2, float)) {
                    (Some(min), Some(max)) => {
                        m.insert("type".into(), kind.into());
                        m.insert("minimum".into(), min);
                        m.insert("maximum".into(), max);
                        true
                    }
                    _ => false,
                }
            }
            _ => false,
        };
        let name_span = step
            .args
            .first()
            .and_then(|a| string_literal(a))
            .map_or(span, |(_, s)| at.span(s));
        if !known {
            unknown.push(Unknown {
                pointer: crate::json::pointer_push("/requestedSchema/properties", &name),
                span,
                what: format!(
                    "the schema `.{}(...)` gives `{name}` is not read here",
                    step.method
                ),
                whole: true,
            });
        }
        if req {
            required.push((name.clone(), name_span));
        }
        props.retain(|p| p.0 != name);
        props.push((name, name_span, span, m));
    }
    if opaque {
        unknown.push(Unknown {
            pointer: "/requestedSchema".into(),
            span: whole,
            what: "this builder chain calls methods whose schema is not read here".into(),
            whole: true,
        });
    }
    props.sort_by(|a, b| a.0.cmp(&b.0));
    let mut members = vec![member("type", whole, string("object", whole))];
    if let Some((t, s)) = title {
        members.push(member("title", s, string(t, s)));
    }
    members.push(member(
        "properties",
        whole,
        object(
            props
                .into_iter()
                .map(|(name, key, span, m)| member(name, key, value_node(Value::Object(m), span)))
                .collect(),
            whole,
        ),
    ));
    if !required.is_empty() {
        members.push(member(
            "required",
            whole,
            Node {
                value: NodeValue::Array(required.into_iter().map(|(n, s)| string(n, s)).collect()),
                span: whole,
            },
        ));
    }
    if let Some((d, s)) = description {
        members.push(member("description", s, string(d, s)));
    }
    object(members, whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_that_may_call_are_tokenized() {
        for calling in [
            "let a = peer\n        .elicit::<Booking>(\"Book?\").await;",
            "peer. elicit_with_timeout::<T>(m, None)",
            "let s = rmcp::model::ElicitationSchema::builder().build();",
            "use rmcp::model::ElicitationSchema;",
        ] {
            assert!(may_call(calling), "{calling}");
        }
        for prose in [
            "// elicit the user's choice\nfn elicit_choice() {}",
            "if self.elicit_id.is_some() { state.elicit_request = None; }",
            "struct Elicitation { elicit: bool }",
            "let elicited = 1;",
            "",
        ] {
            assert!(!may_call(prose), "{prose}");
        }
        // What `may_call` lets through is what `collect` reads.
        let mut calls = Vec::new();
        collect(
            "fn f() { peer.elicit::<A>(\"m\"); }".parse().unwrap(),
            &mut calls,
            0,
        );
        assert_eq!(calls.len(), 1);
    }
}
