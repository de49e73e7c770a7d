//! Go: the params struct literals of the official Go SDK
//! (`mcp.ElicitParams{Message, RequestedSchema: &jsonschema.Schema{...}}`)
//! and of mcp-go (`mcp.ElicitationParams{Message, RequestedSchema:
//! map[string]any{...}}`), and any composite literal with a
//! `RequestedSchema` field.
//!
//! The official SDK always puts `mode` on the wire ("url" when `URL` or
//! `ElicitationID` is set, else "form"); mcp-go only when `Mode` is set.
//! `jsonschema.Schema` fields are written under their JSON names, every one
//! omitted when empty; an empty non-nil `Properties` map is written as
//! `"properties": {}` (jsonschema-go v0.4.2 and later).

use std::sync::Arc;

use tree_sitter::Node as TsNode;

use super::build::short;
use super::build::{self, Unknown, member, object, span, string};
use super::index::{Elicited, Links};
use super::{Found, Scan, parse};
use crate::json::{Member, Node, NodeValue, Span, pointer_push};

const MAX_NESTING: usize = 64;
/// How many names are followed, one to the next, to reach a value.
const MAX_FOLLOW: usize = 16;

pub(crate) fn scan<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    links: Option<Arc<Links>>,
) -> Option<Scan<'s>> {
    let grammar: tree_sitter::Language = tree_sitter_go::LANGUAGE.into();
    let mut out = Scan::default();
    let tree = parse(&grammar, text, &mut out.notes, windows)?;
    let mut literals = Vec::new();
    super::each_node(tree.root_node(), |n| {
        if n.kind() == "composite_literal" {
            literals.push(n);
        }
    });
    let mut r = Reader {
        text,
        unknown: Vec::new(),
        links: links.unwrap_or_default(),
        following: Vec::new(),
        followed: false,
    };
    for lit in literals {
        let written = lit
            .child_by_field_name("type")
            .map(|t| &text[t.byte_range()])
            .unwrap_or("");
        let Some(body) = lit.child_by_field_name("body") else {
            continue;
        };
        // `[]*mcp.ElicitParams{{...}}` (go-sdk's URLElicitationRequiredError
        // argument) and `[]mcp.ElicitationParams{{...}}` (mcp-go's
        // URLElicitationRequiredError.Elicitations): each element whose type
        // is left out is one params literal.
        if let Some(elem) = written.strip_prefix("[]") {
            let flavour = match type_name(elem) {
                "ElicitParams" => Flavour::GoSdk,
                "ElicitationParams" => Flavour::McpGo,
                _ => continue,
            };
            for e in elements(body) {
                if e.kind() != "literal_value" {
                    continue;
                }
                r.unknown.clear();
                let fields = keyed(e, text);
                let params = r.params(e, &fields, flavour);
                out.found.push(Found {
                    at: span(&e),
                    params,
                    unknown: std::mem::take(&mut r.unknown),
                    origin: None,
                });
            }
            continue;
        }
        let fields = keyed(body, text);
        let has_schema = fields.iter().any(|(k, _, _)| *k == "RequestedSchema");
        let flavour = match type_name(written) {
            "ElicitParams" => Flavour::GoSdk,
            "ElicitationParams" => Flavour::McpGo,
            _ if has_schema => Flavour::McpGo,
            _ => continue,
        };
        r.unknown.clear();
        r.set_later(lit);
        let params = r.params(lit, &fields, flavour);
        out.found.push(Found {
            at: span(&lit),
            params,
            unknown: std::mem::take(&mut r.unknown),
            origin: None,
        });
    }
    let links = r.links.clone();
    for e in &links.elicited {
        if let Some(found) = r.elicited(tree.root_node(), e) {
            out.found.push(found);
        }
    }
    out.found.sort_by_key(|f| f.at.start);
    // A name followed is read in the whole file, where every assignment
    // to it is seen.
    if windows.is_some()
        && (r.followed || !super::windows_complete(&tree, &out, text, &[], "", false))
    {
        return None;
    }
    Some(out)
}

#[derive(Clone, Copy, PartialEq)]
enum Flavour {
    /// modelcontextprotocol/go-sdk: `mode` always sent.
    GoSdk,
    /// mark3labs/mcp-go: `mode` only when set.
    McpGo,
}

/// The mode a constant names: mcp-go's `mcp.ElicitationModeForm` and
/// `mcp.ElicitationModeURL` (mcp/consts.go).
fn mode_constant(written: &str) -> Option<&'static str> {
    match written.rsplit('.').next()? {
        "ElicitationModeForm" => Some("form"),
        "ElicitationModeURL" => Some("url"),
        _ => None,
    }
}

/// The elements of a composite literal's body, each without the
/// `literal_element` around it.
fn elements(body: TsNode) -> Vec<TsNode> {
    let mut w = body.walk();
    body.named_children(&mut w)
        .map(|e| {
            if e.kind() == "literal_element" {
                e.named_child(0).unwrap_or(e)
            } else {
                e
            }
        })
        .collect()
}

/// The last segment of a Go type: `*mcp.ElicitParams` -> `ElicitParams`.
pub(crate) fn type_name(t: &str) -> &str {
    let t = t.trim_start_matches('&').trim_start_matches('*');
    t.rsplit('.').next().unwrap_or(t)
}

/// The `Key: value` elements of a literal body: (key text, key node, value).
fn keyed<'s, 't>(body: TsNode<'t>, text: &'s str) -> Vec<(&'s str, TsNode<'t>, TsNode<'t>)> {
    let mut out = Vec::new();
    let mut w = body.walk();
    for e in body.named_children(&mut w) {
        if e.kind() != "keyed_element" {
            continue;
        }
        let (Some(k), Some(v)) = (e.named_child(0), e.named_child(1)) else {
            continue;
        };
        let k_inner = if k.kind() == "literal_element" {
            k.named_child(0).unwrap_or(k)
        } else {
            k
        };
        let v_inner = if v.kind() == "literal_element" {
            v.named_child(0).unwrap_or(v)
        } else {
            v
        };
        out.push((&text[k_inner.byte_range()], k_inner, v_inner));
    }
    out
}

struct Reader<'s> {
    text: &'s str,
    unknown: Vec<Unknown>,
    /// What the other files of the project say about this one.
    links: Arc<Links>,
    /// Where the values of the names being followed start, against
    /// circles.
    following: Vec<usize>,
    /// Whether any name was followed to its value.
    followed: bool,
}

impl<'s> Reader<'s> {
    fn params(
        &mut self,
        lit: TsNode,
        fields: &[(&'s str, TsNode, TsNode)],
        flavour: Flavour,
    ) -> Node<'s> {
        let ls = span(&lit);
        let mut members: Vec<Member<'s>> = Vec::new();
        // Fields set after the literal (see `set_later`), recorded before.
        let set: Vec<String> = self.unknown.iter().map(|u| u.pointer.clone()).collect();
        let later = |key: &str| set.iter().any(|p| p == key);
        // A mode or URL field set after the literal leaves the mode unknown.
        let mut mode_set = later("/mode") || later("/url") || later("/elicitationId");
        let mut url_like = false;
        for (k, kn, v) in fields {
            let key = match *k {
                "Mode" => {
                    mode_set = true;
                    "mode"
                }
                "Message" => "message",
                "URL" => {
                    url_like = true;
                    "url"
                }
                "ElicitationID" => {
                    url_like = true;
                    "elicitationId"
                }
                "RequestedSchema" => "requestedSchema",
                _ => continue,
            };
            let ptr = pointer_push("", key);
            if later(&ptr) {
                // Set again after the literal: that value is the one sent.
                continue;
            }
            let value = if key == "mode"
                && let Some(mode) = mode_constant(&self.text[v.byte_range()])
            {
                string(mode, span(v))
            } else if key == "requestedSchema" {
                if &self.text[v.byte_range()] == "nil" {
                    continue;
                }
                self.schema(*v, &ptr, 0)
            } else {
                self.value(*v, &ptr, 0)
            };
            members.push(member(key, span(kn), value));
        }
        if flavour == Flavour::GoSdk
            && !later("/mode")
            && (later("/url") || later("/elicitationId"))
        {
            // The SDK infers the mode from fields set at run time.
            self.unknown.push(Unknown {
                pointer: "/mode".to_string(),
                span: ls,
                what: String::new(),
                whole: true,
            });
        }
        if flavour == Flavour::GoSdk && !mode_set {
            let mode = if url_like { "url" } else { "form" };
            members.insert(0, member("mode", ls, string(mode, ls)));
        }
        object(members, ls)
    }

    /// The params fields set after the literal, when it is bound to a
    /// name (`p := &mcp.ElicitParams{...}` then `p.RequestedSchema = s`):
    /// the value sent is the one set last, at run time, so each is unknown
    /// and rules that need its absence abstain.
    fn set_later(&mut self, lit: TsNode) {
        let text = self.text;
        let mut bound = lit;
        while let Some(p) = bound.parent()
            && matches!(p.kind(), "unary_expression" | "expression_list")
        {
            bound = p;
        }
        let Some(decl) = bound.parent().filter(|p| {
            matches!(
                p.kind(),
                "short_var_declaration" | "assignment_statement" | "var_spec"
            )
        }) else {
            return;
        };
        let Some(name) = decl
            .child_by_field_name("left")
            .or_else(|| decl.child_by_field_name("name"))
            .map(|l| &text[l.byte_range()])
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
        else {
            return;
        };
        let mut scope = decl.parent();
        while let Some(s) = scope
            && !matches!(
                s.kind(),
                "function_declaration" | "method_declaration" | "func_literal" | "source_file"
            )
        {
            scope = s.parent();
        }
        let Some(scope) = scope else { return };
        let mut set = Vec::new();
        super::each_node(scope, |a| {
            if a.kind() == "assignment_statement"
                && a.start_byte() > lit.end_byte()
                && let Some(left) = a.child_by_field_name("left")
                && let Some(sel) = left.named_child(0)
                && sel.kind() == "selector_expression"
                && sel
                    .child_by_field_name("operand")
                    .is_some_and(|o| &text[o.byte_range()] == name)
                && let Some(field) = sel.child_by_field_name("field")
            {
                set.push((a, &text[field.byte_range()]));
            }
        });
        for (a, field) in set {
            let key = match field {
                "Mode" => "mode",
                "Message" => "message",
                "URL" => "url",
                "ElicitationID" => "elicitationId",
                "RequestedSchema" => "requestedSchema",
                _ => continue,
            };
            self.unknown.push(Unknown {
                pointer: pointer_push("", key),
                span: span(&a),
                what: format!(
                    "`{name}.{field}` is set after the literal; its value is not checked"
                ),
                whole: true,
            });
        }
    }

    /// A name used as a value: one bound once in this file and never
    /// changed is read, by `read`, where its value is written; one given
    /// from another file of the project (checked there) is unknown without
    /// a note; any other is unknown. `None` for what is not a name (and a
    /// field of a value), which `read` reads.
    fn named(
        &mut self,
        n: TsNode,
        ptr: &str,
        depth: usize,
        read: fn(&mut Self, TsNode, &str, usize) -> Node<'s>,
    ) -> Option<Node<'s>> {
        if !matches!(n.kind(), "identifier" | "selector_expression") {
            return None;
        }
        let written = &self.text[n.byte_range()];
        // What a name means in this file: its binding, or else (not
        // declared here, or a package's name) what the project says.
        let head = if n.kind() == "identifier" {
            n
        } else {
            n.child_by_field_name("operand")
                .filter(|o| o.kind() == "identifier")?
        };
        let v = match bound(self.text, head) {
            Bound::Value(v) if head.id() == n.id() && !self.changed_elsewhere(written, v) => v,
            Bound::Value(_) if head.id() == n.id() => {
                return Some(self.note(
                    n,
                    ptr,
                    format!("`{written}` may be changed by another file of its package; its value is not known statically"),
                ));
            }
            Bound::Free if self.links.resolved.iter().any(|r| r == written) => {
                return Some(self.note(n, ptr, String::new()));
            }
            Bound::Free if head.id() == n.id() => {
                return Some(self.note(
                    n,
                    ptr,
                    format!("`{written}` is not declared in this file; its value is not known statically"),
                ));
            }
            Bound::Unread if head.id() == n.id() => {
                return Some(self.note(
                    n,
                    ptr,
                    format!("`{written}` is not a value bound once in this file and left unchanged; it is not known statically"),
                ));
            }
            _ => return None,
        };
        if self.following.len() >= MAX_FOLLOW || self.following.contains(&v.start_byte()) {
            return Some(self.note(
                n,
                ptr,
                format!("`{written}` refers to itself, or through more than {MAX_FOLLOW} names; not known statically"),
            ));
        }
        self.following.push(v.start_byte());
        self.followed = true;
        let out = read(self, v, ptr, depth + 1);
        self.following.pop();
        Some(out)
    }

    /// Whether the binding of `name` to `value` is at the top of the file
    /// and another file of the module may change it.
    fn changed_elsewhere(&self, name: &str, value: TsNode) -> bool {
        if !self.links.changed.iter().any(|c| c == name) {
            return false;
        }
        let mut at = value.parent();
        while let Some(p) = at {
            match p.kind() {
                "source_file" => return true,
                "statement_list" => return false,
                _ => at = p.parent(),
            }
        }
        false
    }

    /// A package-level value of this file that another file sends as its
    /// requested schema, read where it is written: only the schema is
    /// judged, the message and the mode are the sender's.
    fn elicited(&mut self, root: TsNode, e: &Elicited) -> Option<Found<'s>> {
        let value = package_value(self.text, root, &e.name)?;
        self.unknown.clear();
        self.following.push(value.start_byte());
        let schema = self.schema(value, "/requestedSchema", 0);
        self.following.pop();
        Some(build::elicited(
            value,
            schema,
            std::mem::take(&mut self.unknown),
        ))
    }

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

    /// A `jsonschema.Schema` value: `&jsonschema.Schema{...}`, a bare
    /// `{...}` element of a map or slice of schemas, or (mcp-go) any map
    /// literal.
    fn schema(&mut self, n: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        let mut n = n;
        if n.kind() == "unary_expression"
            && self.text[n.byte_range()].starts_with('&')
            && let Some(o) = n.child_by_field_name("operand")
        {
            n = o;
        }
        if let Some(v) = self.named(n, ptr, depth, Self::schema) {
            return v;
        }
        let (ty, body) = match n.kind() {
            "composite_literal" => (
                n.child_by_field_name("type")
                    .map(|t| &self.text[t.byte_range()])
                    .unwrap_or(""),
                n.child_by_field_name("body"),
            ),
            "literal_value" => ("Schema", Some(n)),
            _ => ("", None),
        };
        match (type_name(ty), body) {
            ("Schema", Some(body)) => self.schema_struct(n, body, ptr, depth),
            _ => self.value(n, ptr, depth),
        }
    }

    fn schema_struct(&mut self, n: TsNode, body: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        if depth > MAX_NESTING {
            return self.note(
                n,
                ptr,
                format!("nested more than {MAX_NESTING} levels deep; not read further"),
            );
        }
        let text = self.text;
        let mut members: Vec<Member<'s>> = Vec::new();
        for (k, kn, v) in keyed(body, text) {
            let key = match k {
                "Schema" => "$schema",
                "ID" => "$id",
                "Type" | "Types" => "type",
                "Title" => "title",
                "Description" => "description",
                "Default" => "default",
                "Enum" => "enum",
                "Const" => "const",
                "Format" => "format",
                "Pattern" => "pattern",
                "MinLength" => "minLength",
                "MaxLength" => "maxLength",
                "Minimum" => "minimum",
                "Maximum" => "maximum",
                "ExclusiveMinimum" => "exclusiveMinimum",
                "ExclusiveMaximum" => "exclusiveMaximum",
                "MinItems" => "minItems",
                "MaxItems" => "maxItems",
                "UniqueItems" => "uniqueItems",
                "Required" => "required",
                "Properties" => "properties",
                "Items" => "items",
                "AdditionalProperties" => "additionalProperties",
                "OneOf" => "oneOf",
                "AnyOf" => "anyOf",
                "AllOf" => "allOf",
                "Examples" => "examples",
                "Deprecated" => "deprecated",
                "PropertyOrder" => continue,
                other => {
                    self.unknown.push(Unknown {
                        pointer: ptr.to_string(),
                        span: span(&kn),
                        what: format!("the Schema field `{other}` is not one mcp-elicit reads; this schema is checked without it"),
                        whole: false,
                    });
                    continue;
                }
            };
            let p = pointer_push(ptr, key);
            let value = match key {
                "properties" => self.schema_map(v, &p, depth + 1),
                "items" | "additionalProperties" => self.schema(v, &p, depth + 1),
                "oneOf" | "anyOf" | "allOf" => self.schema_list(v, &p, depth + 1),
                "default" | "const" => self.raw_json(v, &p, depth + 1),
                _ => self.value(v, &p, depth + 1),
            };
            // encoding/json omits the empty values of omitempty fields.
            let empty = match &value.value {
                NodeValue::String(s) => s.is_empty() && key != "properties",
                NodeValue::Array(a) => a.is_empty(),
                NodeValue::Bool(b) => !b,
                _ => false,
            };
            if empty && !self.unknown.iter().any(|u| u.pointer == p) {
                continue;
            }
            members.push(member(key, span(&kn), value));
        }
        object(members, span(&n))
    }

    fn schema_map(&mut self, n: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        if let Some(v) = self.named(n, ptr, depth, Self::schema_map) {
            return v;
        }
        let Some(body) = (match n.kind() {
            "composite_literal" => n.child_by_field_name("body"),
            "literal_value" => Some(n),
            _ => None,
        }) else {
            return self.note(
                n,
                ptr,
                format!(
                    "`{}` is built at run time; its properties are not known statically",
                    short(&self.text[n.byte_range()])
                ),
            );
        };
        let mut members: Vec<Member<'s>> = Vec::new();
        for (_, kn, v) in keyed(body, self.text) {
            let Some(key) = self.go_string(kn) else {
                let what =
                    "a property name computed at run time; these properties are checked without it"
                        .to_string();
                build::open(&mut self.unknown, ptr, span(&kn), what, &members);
                continue;
            };
            let p = pointer_push(ptr, &key);
            let value = self.schema(v, &p, depth + 1);
            members.push(member(key, span(&kn), value));
        }
        object(members, span(&n))
    }

    fn schema_list(&mut self, n: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        if let Some(v) = self.named(n, ptr, depth, Self::schema_list) {
            return v;
        }
        let Some(body) = n.child_by_field_name("body") else {
            return self.note(
                n,
                ptr,
                format!(
                    "`{}` is built at run time; not known statically",
                    short(&self.text[n.byte_range()])
                ),
            );
        };
        let mut items = Vec::new();
        for e in elements(body) {
            let p = pointer_push(ptr, &items.len().to_string());
            items.push(self.schema(e, &p, depth + 1));
        }
        Node {
            value: NodeValue::Array(items),
            span: span(&n),
        }
    }

    /// `json.RawMessage(`...`)` (a default in jsonschema-go) or a value.
    fn raw_json(&mut self, n: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        if let Some(v) = self.named(n, ptr, depth, Self::raw_json) {
            return v;
        }
        let t = &self.text[n.byte_range()];
        if n.kind() == "call_expression" && t.starts_with("json.RawMessage(") {
            // The JSON text as written (a raw string, or one without
            // escapes), parsed where it stands in the source.
            let text: &'s str = self.text;
            if let Some(arg) = n
                .child_by_field_name("arguments")
                .and_then(|a| a.named_child(0))
                && matches!(
                    arg.kind(),
                    "raw_string_literal" | "interpreted_string_literal"
                )
                && !text[arg.byte_range()].contains('\\')
            {
                let inner = &text[arg.start_byte() + 1..arg.end_byte() - 1];
                if let Ok(mut v) = crate::json::parse(inner) {
                    shift(&mut v, arg.start_byte() + 1);
                    return v;
                }
            }
            return self.note(
                n,
                ptr,
                format!(
                    "`{}` is not JSON written in place; not known statically",
                    short(t)
                ),
            );
        }
        if n.kind() == "call_expression" || n.kind() == "unary_expression" {
            return self.pointer_value(n, ptr, depth);
        }
        self.value(n, ptr, depth)
    }

    /// `jsonschema.Ptr(x)`, `new(x)`-like helpers, `&x`: the pointed value.
    fn pointer_value(&mut self, n: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        let t = &self.text[n.byte_range()];
        if n.kind() == "call_expression"
            && (t.starts_with("jsonschema.Ptr(") || t.starts_with("Ptr(") || t.starts_with("ptr("))
            && let Some(arg) = n
                .child_by_field_name("arguments")
                .and_then(|a| a.named_child(0))
        {
            let mut v = self.value(arg, ptr, depth + 1);
            v.span = span(&n);
            return v;
        }
        // `&name`: the value the name is bound to.
        if n.kind() == "unary_expression"
            && t.starts_with('&')
            && let Some(o) = n.child_by_field_name("operand")
            && o.kind() == "identifier"
            && let Some(v) = self.named(o, ptr, depth, Self::value)
        {
            return v;
        }
        self.note(
            n,
            ptr,
            format!(
                "`{}` is computed at run time; its value is not known statically",
                short(t)
            ),
        )
    }

    fn go_string(&self, n: TsNode) -> Option<String> {
        let raw = &self.text[n.byte_range()];
        match n.kind() {
            "interpreted_string_literal" => build::unescape(raw.get(1..raw.len().checked_sub(1)?)?),
            "raw_string_literal" => Some(raw.get(1..raw.len().checked_sub(1)?)?.replace('\r', "")),
            _ => None,
        }
    }

    /// A Go value as JSON: strings, numbers, booleans, `nil`, slices and
    /// maps written as literals.
    fn value(&mut self, n: TsNode, ptr: &str, depth: usize) -> Node<'s> {
        let sp = span(&n);
        let t = &self.text[n.byte_range()];
        if depth > MAX_NESTING {
            return self.note(
                n,
                ptr,
                format!("nested more than {MAX_NESTING} levels deep; not read further"),
            );
        }
        if let Some(v) = self.named(n, ptr, depth, Self::value) {
            return v;
        }
        match n.kind() {
            "interpreted_string_literal" | "raw_string_literal" => {
                if let Some(s) = self.go_string(n) {
                    return string(s, sp);
                }
            }
            // encoding/json writes a whole float64 without its fraction.
            "float_literal"
                if build::is_json_number(t)
                    && !t.contains(['e', 'E'])
                    && t.split_once('.')
                        .is_some_and(|(_, f)| f.bytes().all(|b| b == b'0')) =>
            {
                return build::number(&t[..t.find('.').unwrap_or(t.len())], sp);
            }
            "int_literal" | "float_literal" if build::is_json_number(t) => {
                return build::number(t, sp);
            }
            "float_literal" if t.ends_with('.') && build::is_json_number(&t[..t.len() - 1]) => {
                return build::number(&t[..t.len() - 1], sp);
            }
            "unary_expression" if t.starts_with('-') && build::is_json_number(t) => {
                return build::number(t, sp);
            }
            "unary_expression" if t.starts_with('&') => return self.pointer_value(n, ptr, depth),
            "call_expression" => return self.pointer_value(n, ptr, depth),
            "true" => {
                return build::boolean(true, sp);
            }
            "false" => {
                return build::boolean(false, sp);
            }
            "nil" => {
                return build::null(sp);
            }
            "parenthesized_expression" => {
                if let Some(c) = n.named_child(0) {
                    return self.value(c, ptr, depth + 1);
                }
            }
            "composite_literal" | "literal_value" => {
                let ty = n
                    .child_by_field_name("type")
                    .map(|t| &self.text[t.byte_range()])
                    .unwrap_or("");
                if type_name(ty) == "Schema" {
                    return self.schema(n, ptr, depth);
                }
                let body = if n.kind() == "literal_value" {
                    Some(n)
                } else {
                    n.child_by_field_name("body")
                };
                if let Some(body) = body {
                    if ty.starts_with("map[")
                        || (n.kind() == "literal_value"
                            && body
                                .named_children(&mut body.walk())
                                .any(|c| c.kind() == "keyed_element"))
                    {
                        let mut members: Vec<Member<'s>> = Vec::new();
                        for (_, kn, v) in keyed(body, self.text) {
                            let Some(key) = self.go_string(kn) else {
                                let what =
                                    "a key computed at run time; this object is checked without it"
                                        .to_string();
                                build::open(&mut self.unknown, ptr, span(&kn), what, &members);
                                continue;
                            };
                            let p = pointer_push(ptr, &key);
                            let value = self.value(v, &p, depth + 1);
                            members.retain(|m| m.key != key);
                            members.push(member(key, span(&kn), value));
                        }
                        return object(members, sp);
                    }
                    if ty.starts_with("[]") || n.kind() == "literal_value" {
                        let mut items = Vec::new();
                        let mut w = body.walk();
                        let elements: Vec<TsNode> = body.named_children(&mut w).collect();
                        for e in elements {
                            if e.kind() == "comment" {
                                continue;
                            }
                            let e = if e.kind() == "literal_element" {
                                e.named_child(0).unwrap_or(e)
                            } else {
                                e
                            };
                            let p = pointer_push(ptr, &items.len().to_string());
                            items.push(self.value(e, &p, depth + 1));
                        }
                        return Node {
                            value: NodeValue::Array(items),
                            span: sp,
                        };
                    }
                }
            }
            _ => {}
        }
        self.note(
            n,
            ptr,
            format!(
                "`{}` is computed at run time; its value is not known statically",
                short(t)
            ),
        )
    }
}

/// What a name used as a value stands for in its file.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Bound<'t> {
    /// One binding, never assigned or changed after: its value.
    Value(TsNode<'t>),
    /// Declared in the file, but not as one value that stays as written
    /// (a parameter, a zero value, a binding assigned or changed later).
    Unread,
    /// Not declared in the file: another file's, or the language's.
    Free,
}

/// What the identifier `use_` stands for: the declaration the innermost
/// scope around it has (a `:=`, `var` or `const` before it in its block,
/// or one at the top of the file), when its value is written there and
/// the name is never assigned, changed through, or taken the address of.
pub(crate) fn bound<'t>(text: &str, use_: TsNode<'t>) -> Bound<'t> {
    let name = &text[use_.byte_range()];
    let mut child = use_;
    while let Some(scope) = child.parent() {
        match scope.kind() {
            "statement_list" | "source_file" => {
                let top = scope.kind() == "source_file";
                let mut found = Vec::new();
                let mut w = scope.walk();
                for s in scope.named_children(&mut w) {
                    // In a block, only what is declared before the
                    // statement that uses the name is seen.
                    if !top && s.end_byte() > use_.start_byte() {
                        break;
                    }
                    found.extend(declared(text, s, name, top));
                }
                match found[..] {
                    [] => {}
                    [(ident, Some(value))] if !changed(text, scope, ident, value) => {
                        return Bound::Value(value);
                    }
                    _ => return Bound::Unread,
                }
            }
            // A parameter, a receiver, or a name declared in a statement's
            // header: not read.
            kind if HEADERS.contains(&kind) && header_declares(text, scope, name) => {
                return Bound::Unread;
            }
            _ => {}
        }
        child = scope;
    }
    Bound::Free
}

/// The nodes whose parameters or header declare names for the block they
/// hold.
const HEADERS: &[&str] = &[
    "function_declaration",
    "method_declaration",
    "func_literal",
    "if_statement",
    "for_statement",
    "expression_switch_statement",
    "type_switch_statement",
    "communication_case",
];

/// Whether the parameters, receiver, results or header of `scope` (one
/// of [`HEADERS`]) declare `name`.
fn header_declares(text: &str, scope: TsNode, name: &str) -> bool {
    let mut w = scope.walk();
    let mut hit = false;
    for c in scope.named_children(&mut w) {
        if matches!(
            c.kind(),
            "block"
                | "statement_list"
                | "expression_case"
                | "default_case"
                | "type_case"
                | "communication_case"
        ) {
            continue;
        }
        super::each_node(c, |n| {
            hit |= n.kind() == "identifier" && &text[n.byte_range()] == name && declaring(text, n);
        });
    }
    hit
}

/// Whether the identifier `n` is a name its parent declares: a
/// parameter's, a `var` or `const` spec's, or the left of a `:=` (in a
/// statement, a `range` or a receive) or of a type switch.
pub(crate) fn declaring(text: &str, n: TsNode) -> bool {
    let Some(p) = n.parent() else {
        return false;
    };
    let named = |p: TsNode| {
        p.children_by_field_name("name", &mut p.walk())
            .any(|c| c.id() == n.id())
    };
    match p.kind() {
        "var_spec" | "const_spec" | "parameter_declaration" | "variadic_parameter_declaration" => {
            named(p)
        }
        "expression_list" => {
            let Some(g) = p.parent() else {
                return false;
            };
            let left = g.child_by_field_name("left").map(|l| l.id()) == Some(p.id());
            match g.kind() {
                "short_var_declaration" => left,
                "range_clause" | "receive_statement" => {
                    left && text[p.end_byte()..g.end_byte()]
                        .trim_start()
                        .starts_with(":=")
                }
                "type_switch_statement" => {
                    g.child_by_field_name("alias").map(|a| a.id()) == Some(p.id())
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// Whether the occurrence `o` of `name` under `scope` is another variable
/// than the one `scope` declares: one declared in a scope nested in it,
/// before `o` or by `o` itself.
fn shadowed(text: &str, o: TsNode, scope: TsNode, name: &str) -> bool {
    let mut child = o;
    while let Some(a) = child.parent() {
        if a.id() == scope.id() {
            return false;
        }
        if a.kind() == "statement_list" {
            let mut w = a.walk();
            for s in a.named_children(&mut w) {
                if s.start_byte() > o.start_byte() {
                    break;
                }
                let decls = declared(text, s, name, false);
                let holds = o.end_byte() <= s.end_byte();
                if (!holds && !decls.is_empty()) || decls.iter().any(|(i, _)| i.id() == o.id()) {
                    return true;
                }
            }
        } else if HEADERS.contains(&a.kind()) && header_declares(text, a, name) {
            return true;
        }
        child = a;
    }
    false
}

/// The declarations of `name` by the statement `s`: each the identifier
/// declared and the value it is given, when one is written for it (a
/// function or type of that name, at the top, has none).
fn declared<'t>(
    text: &str,
    s: TsNode<'t>,
    name: &str,
    top: bool,
) -> Vec<(TsNode<'t>, Option<TsNode<'t>>)> {
    let mut out = Vec::new();
    let values = |list: Option<TsNode<'t>>| -> Vec<TsNode<'t>> {
        list.map(|l| l.named_children(&mut l.walk()).collect())
            .unwrap_or_default()
    };
    let mut spec = |names: Vec<TsNode<'t>>, given: Vec<TsNode<'t>>| {
        for (i, n) in names.iter().enumerate() {
            if &text[n.byte_range()] == name {
                let value = (given.len() == names.len()).then(|| given[i]);
                out.push((*n, value));
            }
        }
    };
    match s.kind() {
        "short_var_declaration" => {
            let left = values(s.child_by_field_name("left"));
            spec(left, values(s.child_by_field_name("right")));
        }
        "var_declaration" | "const_declaration" => {
            let mut w = s.walk();
            let mut specs = Vec::new();
            for c in s.named_children(&mut w) {
                if c.kind() == "var_spec_list" {
                    specs.extend(c.named_children(&mut c.walk()));
                } else {
                    specs.push(c);
                }
            }
            specs.retain(|c| matches!(c.kind(), "var_spec" | "const_spec"));
            for c in specs {
                let names: Vec<TsNode<'t>> = c
                    .children_by_field_name("name", &mut c.walk())
                    .filter(|n| n.kind() == "identifier")
                    .collect();
                spec(names, values(c.child_by_field_name("value")));
            }
        }
        "function_declaration" | "type_declaration" if top => {
            let mut w = s.walk();
            let own = s.child_by_field_name("name").into_iter().chain(
                s.named_children(&mut w)
                    .filter(|c| matches!(c.kind(), "type_spec" | "type_alias"))
                    .filter_map(|c| c.child_by_field_name("name")),
            );
            for n in own {
                if &text[n.byte_range()] == name {
                    out.push((n, None));
                }
            }
        }
        _ => {}
    }
    out
}

/// Whether the binding of `ident` to `value` may not hold what is written
/// when the name is used: the name is assigned or declared again in its
/// scope, changed through (`x.F = ...`, `x["k"] = ...`, a method or
/// function given it), or its address taken, anywhere but as the value of
/// a literal's element. A string, number or `const` is only changed by
/// an assignment to the name itself or through its address.
fn changed(text: &str, scope: TsNode, ident: TsNode, value: TsNode) -> bool {
    let name = &text[ident.byte_range()];
    let plain = matches!(
        value.kind(),
        "interpreted_string_literal"
            | "raw_string_literal"
            | "int_literal"
            | "float_literal"
            | "true"
            | "false"
    ) || ident.parent().is_some_and(|p| p.kind() == "const_spec");
    let mut hit = false;
    super::each_node(scope, |o| {
        if hit || o.kind() != "identifier" || o.id() == ident.id() || &text[o.byte_range()] != name
        {
            return;
        }
        let parent = o.parent();
        fn kind<'a>(n: Option<TsNode<'a>>) -> &'a str {
            n.map_or("", |n| n.kind())
        }
        let address = kind(parent) == "unary_expression"
            && text[parent.map_or(0..0, |p| p.byte_range())].starts_with('&');
        if element_value(text, o) || shadowed(text, o, scope, name) {
            return;
        }
        hit = if plain {
            address
                || kind(parent) == "inc_dec_statement"
                || (kind(parent) == "expression_list"
                    && parent.and_then(|p| p.parent()).is_some_and(|g| {
                        matches!(
                            g.kind(),
                            "assignment_statement" | "short_var_declaration" | "range_clause"
                        ) && g.child_by_field_name("left").map(|l| l.id()) == parent.map(|p| p.id())
                    }))
        } else {
            true
        };
    });
    hit
}

/// Whether the name (or `pkg.name`) `n` is only read, as the value of a
/// literal's element (`Key: name`, an element of a slice) or its address
/// taken there (`Key: &name`).
pub(crate) fn element_value(text: &str, n: TsNode) -> bool {
    let element = |p: Option<TsNode>| p.is_some_and(|p| p.kind() == "literal_element");
    let parent = n.parent();
    let address =
        parent.filter(|p| p.kind() == "unary_expression" && text[p.byte_range()].starts_with('&'));
    element(parent) || address.is_some_and(|a| element(a.parent()))
}

/// The value of the package-level `var` or `const` `name` of a file
/// (`root` its tree), when it is declared once in the file, with a value,
/// and never changed in it.
pub(crate) fn package_value<'t>(text: &str, root: TsNode<'t>, name: &str) -> Option<TsNode<'t>> {
    let mut w = root.walk();
    let found: Vec<_> = root
        .named_children(&mut w)
        .flat_map(|s| declared(text, s, name, true))
        .collect();
    match found[..] {
        [(ident, Some(value))] if !changed(text, root, ident, value) => Some(value),
        _ => None,
    }
}

/// Moves every span of `node` by `by` bytes (a JSON text parsed from a
/// slice of the source).
fn shift(node: &mut Node, by: usize) {
    node.span = Span::new(node.span.start + by, node.span.end + by);
    match &mut node.value {
        NodeValue::Array(items) => items.iter_mut().for_each(|i| shift(i, by)),
        NodeValue::Object(members) => {
            for m in members {
                m.key_span = Span::new(m.key_span.start + by, m.key_span.end + by);
                shift(&mut m.value, by);
            }
        }
        _ => {}
    }
}
