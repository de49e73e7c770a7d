//! Kotlin: the official Kotlin SDK (`io.modelcontextprotocol:kotlin-sdk`),
//! read as it stands at 0.10.0 (modelcontextprotocol/kotlin-sdk, commit
//! 5ad049240bcc14525ceb37027de903c67343018e) and 0.14.0 (commit
//! fc7916fdc7f47590b7c33e9c311185727a40d083).
//!
//! `createElicitation(message, requestedSchema)` on a server session or
//! client connection, and the params classes built directly
//! (`ElicitRequestFormParams(...)`, `ElicitRequestURLParams(...)`, the
//! `ElicitRequestParams(...)` factory), with
//! `ElicitRequestParams.RequestedSchema(properties = ..., required = ...)`:
//!
//! - up to 0.10, `properties` is a `JsonObject` (`buildJsonObject { put(..)
//!   }`, `JsonObject(mapOf(...))`) written as it is, and no `mode` is sent;
//! - from 0.11, `properties` maps names to the typed classes
//!   (`StringSchema`, `IntegerSchema`, `DoubleSchema`, `BooleanSchema`, the
//!   enum schemas) that kotlinx.serialization writes under their property
//!   names (`enumValues` as `enum`), nulls left out, `type` always; the
//!   form params always write `"mode": "form"`.
//!
//! The Java SDK's `McpSchema.ElicitRequest.builder()...build()` called from
//! Kotlin (Spring AI servers) is read as the Java front-end reads it, its
//! `mapOf(...)` schema sent as written.
//!
//! Which of the two a call is follows from how its properties are written;
//! when that is not known, neither is the mode, and rules that need it
//! abstain. `val`s bound once in the file and never changed are followed;
//! a schema held by a `val` of an `object` or a `companion object` of
//! another file of the project (`createElicitation(message,
//! Schemas.confirm)`), or by a top-level `val` of another file of the
//! package or imported, is found by the project's index and checked where
//! it is written, its message and mode the caller's, unknown there.

use std::sync::Arc;

use tree_sitter::Node as TsNode;

use super::build::short;
use super::build::{self, Bindings, Unknown, member, object, span, string};
use super::index::{Flavour, Links};
use super::jvm_summary;
use super::{Found, Language, Scan, parse};
use crate::json::{Member, Node, NodeValue, pointer_push};

const MAX_NESTING: usize = 64;

/// The nodes a local or a field is bound in.
const SCOPES: &[&str] = &[
    "block",
    "lambda_literal",
    "class_body",
    "source_file",
    "function_body",
];

#[derive(Clone, Copy, PartialEq, Debug)]
enum Era {
    /// Up to 0.10: `JsonObject` properties, no `mode`.
    Json,
    /// From 0.11: typed properties, `mode` always written.
    Typed,
    /// Not known from the code.
    Either,
}

pub(crate) fn scan<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    links: Option<Arc<Links>>,
) -> Option<Scan<'s>> {
    read(text, windows, links.unwrap_or_default()).map(|(scan, _)| scan)
}

/// The names (`Schemas.confirm`, a top-level `confirmSchema`) the file's
/// calls give as their schema without binding them, each with how the
/// call sends it and where it is written: the project's index looks for
/// them in the other files.
pub(crate) fn schema_names(text: &str) -> Vec<(String, Flavour, usize)> {
    read(text, None, Arc::default()).map_or_else(Vec::new, |(_, names)| names)
}

/// The elicitations of `text`, and the names given as a schema that it
/// does not bind.
#[allow(clippy::type_complexity)]
fn read<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    links: Arc<Links>,
) -> Option<(Scan<'s>, Vec<(String, Flavour, usize)>)> {
    let grammar: tree_sitter::Language = tree_sitter_kotlin_ng::LANGUAGE.into();
    let mut out = Scan::default();
    let tree = parse(&grammar, text, &mut out.notes, windows)?;
    let mut calls = Vec::new();
    let mut locals = Bindings::default();
    super::each_node(tree.root_node(), |n| match n.kind() {
        "call_expression" => {
            calls.push(n);
            if let Some(callee) = n.named_child(0)
                && callee.kind() == "navigation_expression"
                && let (Some(recv), Some(name)) = (callee.named_child(0), last_named(callee))
                && recv.kind() == "identifier"
                && matches!(
                    &text[name.byte_range()],
                    "put" | "putAll" | "add" | "addAll" | "remove" | "clear" | "set" | "getOrPut"
                )
            {
                locals.change(&text[recv.byte_range()], n.start_byte());
            }
        }
        "property_declaration" => {
            if let Some((name, value)) = jvm_summary::property_value(n, text) {
                locals.bind(name, build::scope_of(n, SCOPES), value);
            }
        }
        "assignment" => {
            let mut l = n.child_by_field_name("left");
            while let Some(x) = l {
                match x.kind() {
                    "identifier" => {
                        locals.change(&text[x.byte_range()], n.start_byte());
                        break;
                    }
                    "index_expression" | "navigation_expression" => l = x.named_child(0),
                    _ => break,
                }
            }
        }
        _ => {}
    });
    let mut r = Reader {
        text,
        locals,
        unknown: Vec::new(),
        following: Vec::new(),
        era: Era::Either,
        links,
        names: Vec::new(),
    };
    for call in calls {
        let Some(callee) = call.named_child(0) else {
            continue;
        };
        let name_node = match callee.kind() {
            "identifier" => callee,
            "navigation_expression" => match last_named(callee) {
                Some(n) => n,
                None => continue,
            },
            _ => continue,
        };
        let name = &text[name_node.byte_range()];
        if name == "build"
            && let Some((form, given)) = java_builder(call, text)
        {
            // The Java SDK's builder, called from Kotlin (Spring AI's
            // `ctx.elicit(McpSchema.ElicitRequest.builder()...build())`).
            let shape = Shape::Java {
                form: form || text.contains("ElicitFormRequest"),
            };
            r.unknown.clear();
            r.era = Era::Either;
            let params = r.params(call, &given, shape);
            out.found.push(Found {
                at: span(&call),
                params,
                unknown: std::mem::take(&mut r.unknown),
                origin: None,
            });
            continue;
        }
        let args = value_arguments(call, text);
        let (shape, keys): (Shape, &[&str]) = match name {
            "createElicitation" => {
                let url = args
                    .iter()
                    .any(|a| matches!(a.0, Some("url" | "elicitationId")))
                    || (args.iter().all(|a| a.0.is_none())
                        && args.len() >= 3
                        && args.iter().take(3).all(|a| a.1.kind() == "string_literal"));
                if url {
                    (Shape::Url, &["message", "elicitationId", "url"])
                } else if args.len() >= 2 {
                    (Shape::Call, &["message", "requestedSchema"])
                } else {
                    continue;
                }
            }
            "ElicitRequestFormParams" => (Shape::Form, &["message", "task", "requestedSchema"]),
            "ElicitRequestURLParams" => (Shape::Url, &["message", "elicitationId", "url"]),
            "ElicitRequestParams" if args.len() >= 2 => {
                (Shape::Call, &["message", "requestedSchema"])
            }
            _ => continue,
        };
        let mut given: Vec<(&str, TsNode, TsNode)> = Vec::new();
        let mut positional = 0;
        for (named, v, arg) in &args {
            let key = match named {
                Some(k) => *k,
                None => {
                    let Some(k) = keys.get(positional) else {
                        continue;
                    };
                    positional += 1;
                    *k
                }
            };
            if matches!(key, "message" | "requestedSchema" | "url" | "elicitationId") {
                given.push((key, *arg, *v));
            }
        }
        r.unknown.clear();
        r.era = Era::Either;
        let params = r.params(call, &given, shape);
        out.found.push(Found {
            at: span(&call),
            params,
            unknown: std::mem::take(&mut r.unknown),
            origin: None,
        });
    }
    let sent = jvm_summary::sent_here(
        Language::Kotlin,
        tree.root_node(),
        text,
        &r.links,
        &out.found,
        (&r.locals, SCOPES),
    );
    for s in sent {
        r.unknown.clear();
        let schema = match s.changed {
            Some(what) => r.note(s.value, "/requestedSchema", what),
            None if s.flavour == Flavour::Java => r.value(s.value, "/requestedSchema", 0),
            None => r.requested_schema(s.value, "/requestedSchema", 0),
        };
        let unknown = std::mem::take(&mut r.unknown);
        out.found.push(build::elicited(s.value, schema, unknown));
    }
    if windows.is_some() && !super::windows_complete(&tree, &out, text, &[], "", false) {
        return None;
    }
    Some((out, r.names))
}

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// `createElicitation(message, schema)` or the `ElicitRequestParams`
    /// factory: the era follows the schema.
    Call,
    /// `ElicitRequestFormParams`: 0.11 and later.
    Form,
    /// URL mode.
    Url,
    /// The Java SDK's `ElicitRequest` builder: the schema is a map sent as
    /// written; `mode` is sent by 2.x's `ElicitFormRequest`, not by 1.x.
    Java { form: bool },
}

/// The members a call gives: (JSON key, where it is written, its value).
type Given<'s, 't> = Vec<(&'s str, TsNode<'t>, TsNode<'t>)>;

/// A chain `X.builder()(.setter(arg))*.build()` on the Java SDK's
/// `ElicitRequest` or `ElicitFormRequest`: whether it is the form class,
/// and the members its setters give (the last one written wins).
fn java_builder<'s, 't>(call: TsNode<'t>, text: &'s str) -> Option<(bool, Given<'s, 't>)> {
    let mut given: Given<'s, 't> = Vec::new();
    let mut at = call.named_child(0)?.named_child(0)?;
    loop {
        if at.kind() != "call_expression" {
            return None;
        }
        let callee = at.named_child(0)?;
        if callee.kind() != "navigation_expression" {
            return None;
        }
        let name = last_named(callee)?;
        let receiver = callee.named_child(0)?;
        match &text[name.byte_range()] {
            "builder" => {
                let class = text[receiver.byte_range()].rsplit('.').next()?;
                let form = match class {
                    "ElicitRequest" => false,
                    "ElicitFormRequest" => true,
                    _ => return None,
                };
                let args = value_arguments(at, text);
                for (key, (_, v, a)) in ["message", "requestedSchema"].iter().zip(&args) {
                    if !given.iter().any(|(k, _, _)| k == key) {
                        given.push((key, *a, *v));
                    }
                }
                return Some((form, given));
            }
            setter @ ("message" | "requestedSchema") => {
                if let Some((None, v, _)) = value_arguments(at, text).first()
                    && !given.iter().any(|(k, _, _)| *k == setter)
                {
                    given.push((setter, name, *v));
                }
            }
            _ => {}
        }
        at = receiver;
    }
}

fn last_named(n: TsNode) -> Option<TsNode> {
    let count = n.named_child_count();
    n.named_child((count as u32).checked_sub(1)?)
}

/// The arguments of a call: (name if named, value, the argument node).
fn value_arguments<'s, 't>(
    call: TsNode<'t>,
    text: &'s str,
) -> Vec<(Option<&'s str>, TsNode<'t>, TsNode<'t>)> {
    let mut w = call.walk();
    let Some(args) = call
        .named_children(&mut w)
        .find(|c| c.kind() == "value_arguments")
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut w = args.walk();
    for a in args
        .named_children(&mut w)
        .filter(|a| a.kind() == "value_argument")
    {
        let mut w2 = a.walk();
        let parts: Vec<TsNode> = a
            .named_children(&mut w2)
            .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
            .collect();
        // `name = value` has the name's identifier first and `=` between.
        let named = parts.len() == 2
            && parts[0].kind() == "identifier"
            && text[parts[0].end_byte()..parts[1].start_byte()].contains('=');
        match (named, parts.as_slice()) {
            (true, [n, v]) => out.push((Some(&text[n.byte_range()]), *v, a)),
            (false, [.., v]) => out.push((None, *v, a)),
            _ => {}
        }
    }
    out
}

/// The trailing lambda of a call (`buildJsonObject { ... }`): its
/// statements.
fn lambda_statements(call: TsNode) -> Option<Vec<TsNode>> {
    let mut w = call.walk();
    let lambda = call
        .named_children(&mut w)
        .find(|c| c.kind() == "annotated_lambda")?
        .named_children(&mut call.walk())
        .find(|c| c.kind() == "lambda_literal")?;
    let mut w = lambda.walk();
    let statements = lambda
        .named_children(&mut w)
        .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
        .collect::<Vec<_>>();
    if statements.iter().any(|s| s.kind() == "lambda_parameters") {
        return None;
    }
    Some(statements)
}

/// The name a call is made by: `mapOf`, `StringSchema`, `Items` of
/// `TitledMultiSelectEnumSchema.Items`.
fn callee_name<'s>(call: TsNode, text: &'s str) -> Option<&'s str> {
    let callee = call.named_child(0)?;
    match callee.kind() {
        "identifier" => Some(&text[callee.byte_range()]),
        "navigation_expression" => last_named(callee).map(|n| &text[n.byte_range()]),
        "call_expression" => None,
        _ => None,
    }
}

/// A typed schema class: its `type` and its constructor's parameters in
/// order, each with its JSON name.
fn typed_class(name: &str, qualified: &str) -> Option<(&'static str, &'static [&'static str])> {
    Some(match name {
        "StringSchema" => (
            "string",
            &[
                "title",
                "description",
                "minLength",
                "maxLength",
                "format",
                "default",
            ],
        ),
        "IntegerSchema" => (
            "integer",
            &["title", "description", "minimum", "maximum", "default"],
        ),
        "DoubleSchema" => (
            "number",
            &["title", "description", "minimum", "maximum", "default"],
        ),
        "BooleanSchema" => ("boolean", &["title", "description", "default"]),
        "UntitledSingleSelectEnumSchema" => {
            ("string", &["title", "description", "enumValues", "default"])
        }
        "TitledSingleSelectEnumSchema" => ("string", &["title", "description", "oneOf", "default"]),
        "LegacyTitledEnumSchema" => (
            "string",
            &["title", "description", "enumValues", "enumNames", "default"],
        ),
        "UntitledMultiSelectEnumSchema" | "TitledMultiSelectEnumSchema" => (
            "array",
            &[
                "title",
                "description",
                "minItems",
                "maxItems",
                "items",
                "default",
            ],
        ),
        "Items" if qualified.contains("UntitledMultiSelectEnumSchema") => {
            ("string", &["enumValues"])
        }
        "Items" if qualified.contains("TitledMultiSelectEnumSchema") => ("", &["anyOf"]),
        "EnumOption" => ("", &["const", "title"]),
        _ => return None,
    })
}

struct Reader<'s, 't> {
    text: &'s str,
    locals: Bindings<'s, 't>,
    unknown: Vec<Unknown>,
    following: Vec<&'s str>,
    /// The era the schema being read shows.
    era: Era,
    /// What the project's other files say about this one.
    links: Arc<Links>,
    /// The names given as a schema that are not bound here.
    names: Vec<(String, Flavour, usize)>,
}

impl<'s, 't> Reader<'s, 't> {
    fn note(&mut self, n: TsNode, ptr: &str, what: String) -> Node<'s> {
        self.unknown.push(Unknown {
            pointer: ptr.to_string(),
            span: span(&n),
            what,
            whole: true,
        });
        let last = ptr.rsplit('/').next().unwrap_or("");
        if matches!(last, "message" | "title" | "description") {
            string("", span(&n))
        } else {
            object(Vec::new(), span(&n))
        }
    }

    fn computed(&mut self, n: TsNode, ptr: &str) -> Node<'s> {
        let t = short(&self.text[n.byte_range()]);
        self.note(
            n,
            ptr,
            format!("`{t}` is computed at run time; its value is not known statically"),
        )
    }

    /// A name not bound here given as the schema (`Schemas.confirm`):
    /// when the project's index found it in another file, checked there
    /// (unknown here, without a note); otherwise kept for the index.
    fn elsewhere(&mut self, n: TsNode<'t>, ptr: &str, flavour: Flavour) -> Option<Node<'s>> {
        if !matches!(n.kind(), "identifier" | "navigation_expression") || self.follow(n).is_some() {
            return None;
        }
        let t = &self.text[n.byte_range()];
        if self.links.resolved.iter().any(|r| r == t) {
            return Some(self.note(n, ptr, String::new()));
        }
        self.names.push((t.to_string(), flavour, n.start_byte()));
        None
    }

    fn follow(&self, n: TsNode<'t>) -> Option<TsNode<'t>> {
        if n.kind() != "identifier" {
            return None;
        }
        let name = &self.text[n.byte_range()];
        if self.following.contains(&name) {
            return None;
        }
        self.locals.resolve(name, n)
    }

    fn params(
        &mut self,
        call: TsNode<'t>,
        given: &[(&str, TsNode<'t>, TsNode<'t>)],
        shape: Shape,
    ) -> Node<'s> {
        let cs = span(&call);
        let mut members: Vec<Member<'s>> = Vec::new();
        for (key, arg, v) in given {
            if &self.text[v.byte_range()] == "null" {
                continue;
            }
            let ptr = pointer_push("", key);
            let value = if *key == "requestedSchema" && !matches!(shape, Shape::Java { .. }) {
                self.requested_schema(*v, &ptr, 0)
            } else {
                self.value(*v, &ptr, 0)
            };
            members.push(member(key.to_string(), span(arg), value));
        }
        let era = match shape {
            Shape::Form | Shape::Url | Shape::Java { form: true } => Era::Typed,
            Shape::Java { form: false } => Era::Either,
            Shape::Call => self.era,
        };
        match era {
            Era::Typed => {
                let mode = if shape == Shape::Url { "url" } else { "form" };
                members.insert(0, member("mode", cs, string(mode, cs)));
            }
            Era::Either => self.unknown.push(Unknown {
                pointer: "/mode".to_string(),
                span: cs,
                what: String::new(),
                whole: true,
            }),
            Era::Json => {}
        }
        object(members, cs)
    }

    /// `ElicitRequestParams.RequestedSchema(properties = ..., required = ...)`.
    fn requested_schema(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        if let Some(v) = self.follow(n) {
            let name = &self.text[n.byte_range()];
            self.following.push(name);
            let out = self.requested_schema(v, ptr, depth + 1);
            self.following.pop();
            return out;
        }
        if let Some(v) = self.elsewhere(n, ptr, Flavour::Kotlin) {
            return v;
        }
        if n.kind() != "call_expression" || callee_name(n, self.text) != Some("RequestedSchema") {
            let t = short(&self.text[n.byte_range()]);
            return self.note(
                n,
                ptr,
                format!("`{t}` is built at run time; the schema is not known statically"),
            );
        }
        let args = value_arguments(n, self.text);
        // 0.11 added `schema` (`$schema`) as the first parameter.
        let first_positional_is_map = args
            .first()
            .is_some_and(|a| a.0.is_none() && a.1.kind() != "string_literal");
        let keys: &[&str] = if first_positional_is_map {
            &["properties", "required"]
        } else {
            &["schema", "properties", "required"]
        };
        let mut members: Vec<Member<'s>> = Vec::new();
        let mut positional = 0;
        let mut has_properties = false;
        for (named, v, arg) in args {
            let key = match named {
                Some(k) => k,
                None => {
                    let Some(k) = keys.get(positional) else {
                        continue;
                    };
                    positional += 1;
                    k
                }
            };
            if &self.text[v.byte_range()] == "null" {
                continue;
            }
            let (json_key, value) = match key {
                "schema" => (
                    "$schema",
                    self.value(v, &pointer_push(ptr, "$schema"), depth + 1),
                ),
                "properties" => {
                    has_properties = true;
                    (
                        "properties",
                        self.properties(v, &pointer_push(ptr, "properties"), depth + 1),
                    )
                }
                "required" => (
                    "required",
                    self.value(v, &pointer_push(ptr, "required"), depth + 1),
                ),
                _ => continue,
            };
            members.push(member(json_key, span(&arg), value));
        }
        if !has_properties {
            self.era = Era::Either;
        }
        let cs = span(&n);
        members.push(member("type", cs, string("object", cs)));
        object(members, cs)
    }

    /// `properties`: typed (`mapOf("a" to StringSchema(...))`, 0.11 on) or
    /// a JSON object (up to 0.10).
    fn properties(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        if let Some(v) = self.follow(n) {
            let name = &self.text[n.byte_range()];
            self.following.push(name);
            let mut out = self.properties(v, ptr, depth + 1);
            self.following.pop();
            out.span = span(&n);
            return out;
        }
        let callee = (n.kind() == "call_expression")
            .then(|| callee_name(n, self.text))
            .flatten();
        match callee {
            Some("mapOf" | "linkedMapOf" | "hashMapOf" | "mutableMapOf" | "emptyMap") => {
                let pairs = self.pairs(n);
                let Some(pairs) = pairs else {
                    return self.computed(n, ptr);
                };
                let typed = pairs.iter().any(|(_, v)| {
                    v.kind() == "call_expression"
                        && callee_name(*v, self.text).is_some_and(|c| typed_class(c, "").is_some())
                });
                let json = pairs.iter().any(|(_, v)| {
                    v.kind() == "call_expression"
                        && matches!(
                            callee_name(*v, self.text),
                            Some("buildJsonObject" | "JsonObject")
                        )
                });
                // `JsonObject(mapOf(...))` is read by `value`; a bare map
                // of typed classes is 0.11's.
                self.era = match (typed, json) {
                    (true, false) => Era::Typed,
                    _ => Era::Either,
                };
                let mut members: Vec<Member<'s>> = Vec::new();
                for (k, v) in pairs {
                    let Some(key) = self.string_value(k) else {
                        let what = "a property name computed at run time; these properties are checked without it".to_string();
                        build::open(&mut self.unknown, ptr, span(&k), what, &members);
                        continue;
                    };
                    let p = pointer_push(ptr, &key);
                    let value = self.value(v, &p, depth + 1);
                    members.retain(|m| m.key != key);
                    members.push(member(key, span(&k), value));
                }
                object(members, span(&n))
            }
            Some("buildJsonObject" | "JsonObject") => {
                self.era = Era::Json;
                self.value(n, ptr, depth)
            }
            _ => self.computed(n, ptr),
        }
    }

    /// The `a to b` pairs of `mapOf(...)`.
    fn pairs(&self, call: TsNode<'t>) -> Option<Vec<(TsNode<'t>, TsNode<'t>)>> {
        let mut out = Vec::new();
        for (named, v, _) in value_arguments(call, self.text) {
            if named.is_some() {
                return None;
            }
            let mut v = v;
            if v.kind() == "annotated_expression" {
                v = last_named(v)?;
            }
            if v.kind() != "infix_expression" || v.named_child_count() != 3 {
                return None;
            }
            let (k, op, val) = (v.named_child(0)?, v.named_child(1)?, v.named_child(2)?);
            if &self.text[op.byte_range()] != "to" {
                return None;
            }
            out.push((k, val));
        }
        Some(out)
    }

    fn string_value(&self, n: TsNode<'t>) -> Option<String> {
        let raw = &self.text[n.byte_range()];
        match n.kind() {
            "string_literal" => {
                if let Some(body) = raw.strip_prefix("\"\"\"") {
                    let body = body.strip_suffix("\"\"\"")?;
                    return (!body.contains('$') && !body.contains('\n')).then(|| body.to_string());
                }
                let body = raw.strip_prefix('"')?.strip_suffix('"')?;
                // A template (`$name`, `${...}`) is computed.
                let bytes = body.as_bytes();
                for (i, &b) in bytes.iter().enumerate() {
                    if b == b'$'
                        && (i == 0 || bytes[i - 1] != b'\\')
                        && bytes
                            .get(i + 1)
                            .is_some_and(|&c| c == b'{' || c == b'_' || c.is_ascii_alphabetic())
                    {
                        return None;
                    }
                }
                build::unescape(&body.replace("\\$", "$").replace("\\b", "\u{8}"))
            }
            "identifier" => {
                let v = self.follow(n)?;
                if v.kind() == "identifier" {
                    return None;
                }
                self.string_value(v)
            }
            _ => None,
        }
    }

    /// A Kotlin value as kotlinx.serialization writes it.
    fn value(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        if ptr == "/requestedSchema"
            && let Some(v) = self.elsewhere(n, ptr, Flavour::Java)
        {
            // The Java SDK's map, held by another file.
            return v;
        }
        let sp = span(&n);
        let t = &self.text[n.byte_range()];
        if depth > MAX_NESTING {
            return self.note(
                n,
                ptr,
                format!("nested more than {MAX_NESTING} levels deep; not read further"),
            );
        }
        match n.kind() {
            "string_literal" => {
                if let Some(s) = self.string_value(n) {
                    return string(s, sp);
                }
            }
            "number_literal" | "float_literal" => {
                if let Some(num) = number_text(t) {
                    return Node {
                        value: NodeValue::Number(num.into()),
                        span: sp,
                    };
                }
            }
            "unary_expression" if t.starts_with('-') => {
                if let Some(c) = n.named_child(0)
                    && matches!(c.kind(), "number_literal" | "float_literal")
                    && let Some(num) = number_text(&self.text[c.byte_range()])
                {
                    return Node {
                        value: NodeValue::Number(format!("-{num}").into()),
                        span: sp,
                    };
                }
            }
            "parenthesized_expression" => {
                if let Some(c) = n.named_child(0) {
                    return self.value(c, ptr, depth + 1);
                }
            }
            "identifier" => {
                if let Some(v) = self.follow(n) {
                    self.following.push(t);
                    let mut node = self.value(v, ptr, depth + 1);
                    self.following.pop();
                    if !matches!(node.value, NodeValue::Object(_) | NodeValue::Array(_)) {
                        node.span = sp;
                    }
                    return node;
                }
            }
            "navigation_expression" => {
                // `StringSchemaFormat.Email`.
                let format = match t.rsplit('.').next() {
                    Some("Email") => Some("email"),
                    Some("Uri") => Some("uri"),
                    Some("Date") => Some("date"),
                    Some("DateTime") => Some("date-time"),
                    _ => None,
                };
                if let Some(f) = format
                    && t.contains("StringSchemaFormat")
                {
                    return string(f, sp);
                }
            }
            "call_expression" => {
                if let Some(v) = self.call_value(n, ptr, depth) {
                    return v;
                }
            }
            _ => match t {
                "true" => return build::boolean(true, sp),
                "false" => return build::boolean(false, sp),
                "null" => return build::null(sp),
                _ => {}
            },
        }
        self.computed(n, ptr)
    }

    fn call_value(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Option<Node<'s>> {
        let sp = span(&n);
        let name = callee_name(n, self.text)?;
        let qualified = n
            .named_child(0)
            .map(|c| &self.text[c.byte_range()])
            .unwrap_or("");
        match name {
            "mapOf" | "linkedMapOf" | "hashMapOf" | "emptyMap" => {
                let pairs = self.pairs(n)?;
                let mut members: Vec<Member<'s>> = Vec::new();
                for (k, v) in pairs {
                    let Some(key) = self.string_value(k) else {
                        let what = "a key computed at run time; this object is checked without it"
                            .to_string();
                        build::open(&mut self.unknown, ptr, span(&k), what, &members);
                        continue;
                    };
                    let p = pointer_push(ptr, &key);
                    let value = self.value(v, &p, depth + 1);
                    members.retain(|m| m.key != key);
                    members.push(member(key, span(&k), value));
                }
                Some(object(members, sp))
            }
            "listOf" | "arrayOf" | "setOf" | "emptyList" | "emptyArray" | "emptySet" => {
                let mut items = Vec::new();
                for (named, v, _) in value_arguments(n, self.text) {
                    if named.is_some() || v.kind() == "spread_expression" {
                        return None;
                    }
                    let p = pointer_push(ptr, &items.len().to_string());
                    items.push(self.value(v, &p, depth + 1));
                }
                Some(Node {
                    value: NodeValue::Array(items),
                    span: sp,
                })
            }
            "JsonPrimitive" => {
                let args = value_arguments(n, self.text);
                let [(None, v, _)] = args.as_slice() else {
                    return None;
                };
                let mut out = self.value(*v, ptr, depth + 1);
                out.span = sp;
                Some(out)
            }
            "JsonObject" | "JsonArray" => {
                let args = value_arguments(n, self.text);
                let [(None, v, _)] = args.as_slice() else {
                    return None;
                };
                let mut out = self.value(*v, ptr, depth + 1);
                out.span = sp;
                Some(out)
            }
            "buildJsonObject" | "putJsonObject" => Some(self.json_builder(n, ptr, depth, true)),
            "buildJsonArray" | "putJsonArray" => Some(self.json_builder(n, ptr, depth, false)),
            _ => {
                let (ty, params) = typed_class(name, qualified)?;
                Some(self.typed(n, ty, params, ptr, depth))
            }
        }
    }

    /// A typed schema class's constructor call, as kotlinx writes it.
    fn typed(
        &mut self,
        n: TsNode<'t>,
        ty: &'static str,
        params: &'static [&'static str],
        ptr: &str,
        depth: usize,
    ) -> Node<'s> {
        let sp = span(&n);
        let mut members: Vec<Member<'s>> = Vec::new();
        if !ty.is_empty() {
            let at = n.named_child(0).map(|c| span(&c)).unwrap_or(sp);
            members.push(member("type", at, string(ty, at)));
        }
        let mut positional = 0;
        for (named, v, arg) in value_arguments(n, self.text) {
            let key = match named {
                Some(k) => k,
                None => {
                    let Some(k) = params.get(positional) else {
                        continue;
                    };
                    positional += 1;
                    k
                }
            };
            if !params.contains(&key) {
                self.unknown.push(Unknown {
                    pointer: ptr.to_string(),
                    span: span(&arg),
                    what: format!("the argument `{key}` is not one mcp-elicit reads; this schema is checked without it"),
                    whole: false,
                });
                continue;
            }
            if &self.text[v.byte_range()] == "null" {
                continue;
            }
            let json_key = if key == "enumValues" { "enum" } else { key };
            let p = pointer_push(ptr, json_key);
            let value = self.value(v, &p, depth + 1);
            members.retain(|m| m.key != json_key);
            members.push(member(json_key, span(&arg), value));
        }
        object(members, sp)
    }

    /// `buildJsonObject { put(k, v); putJsonObject(k) { ... } }` and the
    /// array builder: every statement must be one of these, or the object
    /// is open (a loop or a condition may add anything).
    fn json_builder(
        &mut self,
        n: TsNode<'t>,
        ptr: &str,
        depth: usize,
        is_object: bool,
    ) -> Node<'s> {
        let sp = span(&n);
        let Some(statements) = lambda_statements(n) else {
            return self.computed(n, ptr);
        };
        let mut members: Vec<Member<'s>> = Vec::new();
        let mut items: Vec<Node<'s>> = Vec::new();
        for s in statements {
            let inner = if s.kind() == "call_expression"
                && s.named_child(0)
                    .is_some_and(|c| c.kind() == "call_expression")
            {
                // `putJsonObject("k") { ... }`: the call with its lambda.
                s.named_child(0)
            } else {
                Some(s)
            };
            let name = inner
                .filter(|i| i.kind() == "call_expression")
                .and_then(|i| callee_name(i, self.text));
            let args = inner
                .map(|i| value_arguments(i, self.text))
                .unwrap_or_default();
            match (is_object, name, args.as_slice()) {
                (true, Some("put"), [(None, k, _), (None, v, _)]) => {
                    let Some(key) = self.string_value(*k) else {
                        let what = "a key computed at run time; this object is checked without it"
                            .to_string();
                        build::open(&mut self.unknown, ptr, span(k), what, &members);
                        continue;
                    };
                    let p = pointer_push(ptr, &key);
                    let value = self.value(*v, &p, depth + 1);
                    members.retain(|m| m.key != key);
                    members.push(member(key, span(k), value));
                }
                (true, Some("putJsonObject" | "putJsonArray"), [(None, k, _)]) => {
                    let Some(key) = self.string_value(*k) else {
                        let what = "a key computed at run time; this object is checked without it"
                            .to_string();
                        build::open(&mut self.unknown, ptr, span(k), what, &members);
                        continue;
                    };
                    let p = pointer_push(ptr, &key);
                    let value = self.json_builder(s, &p, depth + 1, name == Some("putJsonObject"));
                    members.retain(|m| m.key != key);
                    members.push(member(key, span(k), value));
                }
                (false, Some("add"), [(None, v, _)]) => {
                    let p = pointer_push(ptr, &items.len().to_string());
                    items.push(self.value(*v, &p, depth + 1));
                }
                (false, Some("addJsonObject" | "addJsonArray"), []) => {
                    let p = pointer_push(ptr, &items.len().to_string());
                    items.push(self.json_builder(s, &p, depth + 1, name == Some("addJsonObject")));
                }
                _ => {
                    let what = format!(
                        "`{}` adds to this object at run time; it is checked without what it adds",
                        short(&self.text[s.byte_range()])
                    );
                    if is_object {
                        build::open(&mut self.unknown, ptr, span(&s), what, &members);
                    } else {
                        return self.note(n, ptr, what);
                    }
                }
            }
        }
        if is_object {
            object(members, sp)
        } else {
            Node {
                value: NodeValue::Array(items),
                span: sp,
            }
        }
    }
}

/// A Kotlin numeric literal as kotlinx writes the value: `30L` is 30,
/// `1.5f` is 1.5.
fn number_text(t: &str) -> Option<String> {
    let t = t.replace('_', "");
    if t.starts_with("0x") || t.starts_with("0X") || t.starts_with("0b") || t.starts_with("0B") {
        return None;
    }
    let body = t.trim_end_matches(['L', 'f', 'F', 'u', 'U']);
    let body = match body.strip_prefix('.') {
        Some(b) => format!("0.{b}"),
        None => body.to_string(),
    };
    if t.ends_with(['f', 'F']) && !body.contains('.') {
        return Some(format!("{body}.0")).filter(|b| build::is_json_number(b));
    }
    build::is_json_number(&body).then_some(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(src: &str) -> Scan<'_> {
        scan(src, None, None).expect("whole file read")
    }

    #[test]
    fn typed_properties_of_0_11_send_the_form_mode() {
        let src = r#"
fun Server.tools() {
    addTool(name = "ask") { request ->
        val schema = ElicitRequestParams.RequestedSchema(
            properties = mapOf(
                "email" to StringSchema(description = "Email", format = StringSchemaFormat.Email),
                "age" to IntegerSchema(minimum = 0, default = 30),
                "plan" to TitledSingleSelectEnumSchema(oneOf = listOf(EnumOption(const = "a", title = "A"))),
            ),
            required = listOf("email"),
        )
        createElicitation("Who are you?", schema)
    }
}"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 1);
        let f = &scan.found[0];
        assert!(f.unknown.is_empty(), "{:?}", f.unknown);
        assert_eq!(
            f.params.to_value(),
            serde_json::json!({
                "mode": "form",
                "message": "Who are you?",
                "requestedSchema": {
                    "properties": {
                        "email": {"type": "string", "description": "Email", "format": "email"},
                        "age": {"type": "integer", "minimum": 0, "default": 30},
                        "plan": {"type": "string", "oneOf": [{"const": "a", "title": "A"}]}
                    },
                    "required": ["email"],
                    "type": "object"
                }
            })
        );
    }

    #[test]
    fn json_object_properties_of_0_10_send_no_mode() {
        let src = r#"
suspend fun ask(session: ServerSession, name: String) {
    session.createElicitation(
        message = "Hi $name",
        requestedSchema = ElicitRequestParams.RequestedSchema(
            properties = buildJsonObject {
                put("user", buildJsonObject { put("type", JsonPrimitive("string")); put("maxLength", 5) })
                putJsonObject("n") { put("type", "number") }
            },
        ),
    )
}"#;
        let scan = found(src);
        let f = &scan.found[0];
        let v = f.params.to_value();
        assert!(v.get("mode").is_none(), "{v}");
        assert_eq!(
            v["requestedSchema"]["properties"]["user"],
            serde_json::json!({"type": "string", "maxLength": 5})
        );
        assert_eq!(
            v["requestedSchema"]["properties"]["n"],
            serde_json::json!({"type": "number"})
        );
        assert_eq!(f.unknown.len(), 1);
        assert_eq!(f.unknown[0].pointer, "/message");
    }

    #[test]
    fn a_builder_with_a_loop_is_open_and_unknown_schemas_leave_the_mode_unknown() {
        let src = r#"
suspend fun ask(session: ServerSession, fields: List<String>, schema: ElicitRequestParams.RequestedSchema) {
    session.createElicitation("a", ElicitRequestParams.RequestedSchema(properties = buildJsonObject {
        for (f in fields) { put(f, buildJsonObject { put("type", "string") }) }
    }))
    session.createElicitation("b", schema)
}"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 2);
        let p0: Vec<&str> = scan.found[0]
            .unknown
            .iter()
            .map(|u| u.pointer.as_str())
            .collect();
        assert_eq!(p0, ["/requestedSchema/properties"]);
        let p1: Vec<&str> = scan.found[1]
            .unknown
            .iter()
            .map(|u| u.pointer.as_str())
            .collect();
        assert_eq!(p1, ["/requestedSchema", "/mode"]);
    }

    #[test]
    fn the_java_sdk_builder_called_from_kotlin_sends_its_map() {
        let src = r#"
fun confirm(ctx: McpSyncRequestContext, name: String) = ctx.elicit(
    McpSchema.ElicitRequest.builder()
        .message("Save $name?")
        .requestedSchema(mapOf("type" to "object", "properties" to mapOf("ok" to mapOf("type" to "boolean"))))
        .build()
)"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 1);
        let f = &scan.found[0];
        assert_eq!(
            f.params.to_value()["requestedSchema"],
            serde_json::json!({"type": "object", "properties": {"ok": {"type": "boolean"}}})
        );
        let pointers: Vec<&str> = f.unknown.iter().map(|u| u.pointer.as_str()).collect();
        assert_eq!(pointers, ["/message", "/mode"]);
    }

    #[test]
    fn a_var_is_not_followed_and_a_val_is() {
        let src = r#"
suspend fun ask(session: ServerSession) {
    var changing = ElicitRequestParams.RequestedSchema(properties = mapOf("a" to StringSchema()))
    val fixed = ElicitRequestParams.RequestedSchema(properties = mapOf("b" to BooleanSchema()))
    session.createElicitation("one", changing)
    session.createElicitation("two", fixed)
}"#;
        let scan = found(src);
        assert_eq!(scan.found[0].unknown[0].pointer, "/requestedSchema");
        assert!(
            scan.found[1].unknown.is_empty(),
            "{:?}",
            scan.found[1].unknown
        );
        assert_eq!(scan.found[1].params.to_value()["mode"], "form");
    }

    #[test]
    fn numbers_are_written_as_kotlinx_writes_them() {
        assert_eq!(number_text("30L").as_deref(), Some("30"));
        assert_eq!(number_text("95.5").as_deref(), Some("95.5"));
        assert_eq!(number_text("2f").as_deref(), Some("2.0"));
        assert_eq!(number_text("0xFF"), None);
    }

    #[test]
    fn names_of_other_files_are_given_to_the_index_and_read_where_written() {
        let src = r#"
object Schemas {
    val map = mapOf("type" to "object", "properties" to mapOf("pin" to mapOf("type" to "string")))
}

fun f(ctx: McpSyncRequestContext) = ctx.elicit(
    McpSchema.ElicitRequest.builder().message("m").requestedSchema(Other.map).build()
)

suspend fun g(server: Server) = server.createElicitation("m", confirmSchema)
"#;
        let names: Vec<(String, Flavour)> = schema_names(src)
            .into_iter()
            .map(|(n, f, _)| (n, f))
            .collect();
        assert_eq!(
            names,
            [
                ("Other.map".to_string(), Flavour::Java),
                ("confirmSchema".to_string(), Flavour::Kotlin)
            ]
        );
        let mut links = Links::default();
        links.elicited("Schemas.map".into(), Flavour::Java, || {
            ("Tools.kt:3".into(), Vec::new())
        });
        links.resolve("Other.map".into());
        let scan = scan(src, None, Some(Arc::new(links))).unwrap();
        assert_eq!(scan.found.len(), 3);
        // The call names `Other.map` without a note.
        let call = &scan.found[0];
        assert!(
            call.unknown
                .iter()
                .any(|u| u.pointer == "/requestedSchema" && u.what.is_empty()),
            "{:?}",
            call.unknown
        );
        // `Schemas.map`, sent as the Java SDK's map, read where written.
        let sent = &scan.found[2];
        let v = sent.params.to_value();
        assert_eq!(
            v["requestedSchema"]["properties"]["pin"]["type"], "string",
            "{v}"
        );
        let pointers: Vec<&str> = sent.unknown.iter().map(|u| u.pointer.as_str()).collect();
        assert_eq!(pointers, ["/message", "/mode"]);
    }

    #[test]
    fn half_written_source_does_not_panic() {
        let _ = scan(
            "fun f() { createElicitation(\"x\", ElicitRequestParams.RequestedSchema(properties = mapOf(\"a\" to ",
            None,
            None,
        );
        let _ = scan("createElicitation(", None, None);
    }
}
