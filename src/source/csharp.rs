//! C#: the official C# SDK (`ModelContextProtocol`), read as its source
//! stands at v2.2.0 (modelcontextprotocol/csharp-sdk, commit
//! 6fa3825973949a9c4f0cd8af344e15a8db09dc35; v1.0.0, 551db0d, behaves the
//! same in everything read here).
//!
//! Two shapes send an elicitation:
//!
//! - `new ElicitRequestParams { Message, RequestedSchema = new
//!   ElicitRequestParams.RequestSchema { Properties = { ["name"] = new
//!   StringSchema { ... } }, Required = [...] } }`, given to
//!   `server.ElicitAsync(...)` or to `InputRequest.ForElicitation(...)`.
//!   The typed schema classes are written by the SDK's own converter:
//!   `type` from the class (`NumberSchema` may say `"integer"`), then the
//!   properties set, each under its JSON name, nulls left out. `mode` is
//!   always on the wire (`"form"` unless set); `RequestSchema` always
//!   writes `"type": "object"` and `properties` (empty when none are set).
//! - `server.ElicitAsync<T>(message)`, which builds the schema from `T`'s
//!   public properties by their types alone (`BuildRequestSchema` and
//!   `CreatePrimitiveSchema` in Server/McpServer.Methods.cs): a
//!   `[Description]` or `[Required]` on a property is dropped and
//!   `required` is never sent; a `Nullable<T>` property, a collection or a
//!   nested object makes the call throw before anything is sent (E212).
//!   Names follow the serializer options: the SDK's defaults camel-case
//!   them (`JsonSerializerDefaults.Web`), a `[JsonPropertyName]` wins.
//!
//! Locals and fields bound once in the file and never changed are followed;
//! a `RequestedSchema` held by a `static readonly` field or a static
//! get-only property of another class of the project (`RequestedSchema =
//! Schemas.Confirm`, or `Confirm` after `using static ...Schemas;`) is
//! found by the project's index and checked where it is written, its
//! message and mode the caller's, unknown there. Anything else is unknown,
//! never guessed.

use std::collections::HashMap;
use std::sync::Arc;

use tree_sitter::Node as TsNode;

use super::build::short;
use super::build::{self, Bindings, Unknown, member, object, span, string};
use super::index::Links;
use super::jvm_summary;
use super::{Found, Language, Scan, parse};
use crate::finding::Finding;
use crate::json::{Member, Node, NodeValue, Span, pointer_push};

const MAX_NESTING: usize = 64;

/// The nodes a local or a field is bound in.
const SCOPES: &[&str] = &[
    "block",
    "declaration_list",
    "compilation_unit",
    "lambda_expression",
    "arrow_expression_clause",
];

/// What the SDK names its generator in a finding's origin.
pub(crate) const GENERATOR: &str = "csharp-sdk";

pub(crate) fn scan<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    links: Option<Arc<Links>>,
) -> Option<Scan<'s>> {
    read(text, windows, links.unwrap_or_default()).map(|(scan, _)| scan)
}

/// The qualified names (`Schemas.Confirm`) the file gives as a
/// `RequestedSchema` without binding them, each with where it is written:
/// the project's index looks for them in the other classes.
pub(crate) fn schema_names(text: &str) -> Vec<(String, usize)> {
    read(text, None, Arc::default()).map_or_else(Vec::new, |(_, names)| names)
}

/// The elicitations of `text`, and the qualified names given as a schema
/// that it does not bind.
fn read<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    links: Arc<Links>,
) -> Option<(Scan<'s>, Vec<(String, usize)>)> {
    let grammar: tree_sitter::Language = tree_sitter_c_sharp::LANGUAGE.into();
    let mut out = Scan::default();
    let tree = parse(&grammar, text, &mut out.notes, windows)?;
    let mut creations = Vec::new();
    let mut calls = Vec::new();
    let mut locals = Bindings::default();
    let mut types: HashMap<&'s str, Option<TsNode>> = HashMap::new();
    super::each_node(tree.root_node(), |n| match n.kind() {
        "object_creation_expression" => creations.push(n),
        "invocation_expression" => {
            calls.push(n);
            if let Some(f) = n.child_by_field_name("function")
                && f.kind() == "member_access_expression"
                && let Some(name) = f.child_by_field_name("name")
                && matches!(
                    &text[name.byte_range()],
                    "Add" | "AddRange" | "Insert" | "Remove" | "Clear" | "TryAdd"
                )
                && let Some(base) = f
                    .child_by_field_name("expression")
                    .and_then(|e| root_name(e, text))
            {
                locals.change(base, n.start_byte());
            }
        }
        "variable_declarator" => {
            if let Some(name) = n.child_by_field_name("name") {
                let value = jvm_summary::declarator_value(n, name);
                let key = &text[name.byte_range()];
                locals.bind(key, build::scope_of(n, SCOPES), value);
            }
        }
        "assignment_expression" => {
            // `Name = value` inside an object initializer sets a member,
            // not a local.
            if n.parent()
                .is_some_and(|p| p.kind() == "initializer_expression")
            {
                return;
            }
            if let Some(base) = n
                .child_by_field_name("left")
                .and_then(|l| root_name(l, text))
            {
                locals.change(base, n.start_byte());
            }
        }
        "class_declaration" | "record_declaration" | "struct_declaration" | "enum_declaration" => {
            if let Some(name) = n.child_by_field_name("name") {
                let key = &text[name.byte_range()];
                let entry = types.entry(key).or_insert(Some(n));
                if entry.is_some_and(|v| v.id() != n.id()) {
                    *entry = None;
                }
            }
        }
        _ => {}
    });
    let mut r = Reader {
        text,
        locals,
        types,
        unknown: Vec::new(),
        following: Vec::new(),
        refusals: Vec::new(),
        links,
        names: Vec::new(),
    };
    for c in creations {
        let Some(ty) = c.child_by_field_name("type") else {
            continue;
        };
        if last_segment(&text[ty.byte_range()]) != "ElicitRequestParams" {
            continue;
        }
        let Some(init) = c.child_by_field_name("initializer") else {
            continue;
        };
        r.unknown.clear();
        r.set_later(c);
        let params = r.params(c, init);
        out.found.push(Found {
            at: span(&c),
            params,
            unknown: std::mem::take(&mut r.unknown),
            origin: None,
        });
    }
    for call in calls {
        let Some(f) = call.child_by_field_name("function") else {
            continue;
        };
        let generic = match f.kind() {
            "generic_name" => f,
            "member_access_expression" => match f.child_by_field_name("name") {
                Some(n) if n.kind() == "generic_name" => n,
                _ => continue,
            },
            _ => continue,
        };
        let (Some(id), Some(targs)) = (generic.named_child(0), generic.named_child(1)) else {
            continue;
        };
        if &text[id.byte_range()] != "ElicitAsync" || targs.named_child_count() != 1 {
            continue;
        }
        let Some(t) = targs.named_child(0) else {
            continue;
        };
        r.unknown.clear();
        let params = r.generated(call, t);
        out.found.push(Found {
            at: span(&call),
            params,
            unknown: std::mem::take(&mut r.unknown),
            origin: Some((GENERATOR, format!("ElicitAsync<{}>", &text[t.byte_range()]))),
        });
    }
    let sent = jvm_summary::sent_here(
        Language::CSharp,
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
            None => r.request_schema(s.value, "/requestedSchema", 0),
        };
        let unknown = std::mem::take(&mut r.unknown);
        out.found.push(build::elicited(s.value, schema, unknown));
    }
    out.refusals.append(&mut r.refusals);
    if windows.is_some() && !super::windows_complete(&tree, &out, text, &[], "", false) {
        return None;
    }
    Some((out, r.names))
}

/// The identifier at the root of `x`, `x.Y`, `x[k]`, `x.Y.Z`.
fn root_name<'s>(mut n: TsNode, text: &'s str) -> Option<&'s str> {
    loop {
        match n.kind() {
            "identifier" => return Some(&text[n.byte_range()]),
            "member_access_expression" => n = n.child_by_field_name("expression")?,
            "element_access_expression" => n = n.child_by_field_name("expression")?,
            _ => return None,
        }
    }
}

/// `ElicitRequestParams.StringSchema` -> `StringSchema`; generics dropped.
fn last_segment(t: &str) -> &str {
    let t = t.split('<').next().unwrap_or(t).trim();
    t.rsplit('.').next().unwrap_or(t).trim()
}

/// The `Name = value` members of an object initializer.
fn members_of<'t>(init: TsNode<'t>) -> Vec<(TsNode<'t>, TsNode<'t>)> {
    let mut out = Vec::new();
    let mut w = init.walk();
    for a in init.named_children(&mut w) {
        if a.kind() != "assignment_expression" {
            continue;
        }
        if let (Some(l), Some(r)) = (
            a.child_by_field_name("left"),
            a.child_by_field_name("right"),
        ) {
            out.push((l, r));
        }
    }
    out
}

/// The JSON name of a typed schema class's property.
fn schema_key(prop: &str) -> Option<&'static str> {
    Some(match prop {
        "Type" => "type",
        "Title" => "title",
        "Description" => "description",
        "MinLength" => "minLength",
        "MaxLength" => "maxLength",
        "Format" => "format",
        "Default" => "default",
        "Minimum" => "minimum",
        "Maximum" => "maximum",
        "Enum" => "enum",
        "EnumNames" => "enumNames",
        "OneOf" => "oneOf",
        "AnyOf" => "anyOf",
        "Items" => "items",
        "MinItems" => "minItems",
        "MaxItems" => "maxItems",
        "Const" => "const",
        _ => return None,
    })
}

/// The `type` a schema class writes (`None` for a class this reader does
/// not know).
fn class_type(class: &str) -> Option<&'static str> {
    Some(match class {
        "StringSchema"
        | "UntitledSingleSelectEnumSchema"
        | "TitledSingleSelectEnumSchema"
        | "LegacyTitledEnumSchema"
        | "EnumSchema"
        | "UntitledEnumItemsSchema" => "string",
        "NumberSchema" => "number",
        "BooleanSchema" => "boolean",
        "UntitledMultiSelectEnumSchema" | "TitledMultiSelectEnumSchema" => "array",
        "TitledEnumItemsSchema" | "EnumSchemaOption" => "",
        _ => return None,
    })
}

struct Reader<'s, 't> {
    text: &'s str,
    locals: Bindings<'s, 't>,
    types: HashMap<&'s str, Option<TsNode<'t>>>,
    unknown: Vec<Unknown>,
    following: Vec<&'s str>,
    refusals: Vec<(Span, String)>,
    /// What the project's other files say about this one.
    links: Arc<Links>,
    /// The qualified names given as a schema that are not bound here.
    names: Vec<(String, usize)>,
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

    /// The value an identifier is bound to, when it is bound once in the
    /// file and never changed.
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

    fn with_followed<T>(&mut self, n: TsNode<'t>, f: impl FnOnce(&mut Self, TsNode<'t>) -> T) -> T {
        let name = &self.text[n.byte_range()];
        let v = self.follow(n).expect("checked by the caller");
        self.following.push(name);
        let out = f(self, v);
        self.following.pop();
        out
    }

    /// The params of `new ElicitRequestParams { ... }`.
    fn params(&mut self, creation: TsNode<'t>, init: TsNode<'t>) -> Node<'s> {
        let cs = span(&creation);
        let later: Vec<String> = self.unknown.iter().map(|u| u.pointer.clone()).collect();
        let mut members: Vec<Member<'s>> = Vec::new();
        let mut mode_set = later.iter().any(|p| p == "/mode");
        for (l, v) in members_of(init) {
            let key = match &self.text[l.byte_range()] {
                "Mode" => {
                    mode_set = true;
                    "mode"
                }
                "Message" => "message",
                "Url" => "url",
                "ElicitationId" => "elicitationId",
                "RequestedSchema" => "requestedSchema",
                _ => continue,
            };
            let ptr = pointer_push("", key);
            if later.contains(&ptr) || v.kind() == "null_literal" {
                continue;
            }
            let value = if key == "requestedSchema" {
                self.request_schema(v, &ptr, 0)
            } else {
                self.value(v, &ptr, 0)
            };
            members.push(member(key, span(&l), value));
        }
        if !mode_set {
            // `Mode` reads "form" when never set, and is always written.
            members.insert(0, member("mode", cs, string("form", cs)));
        }
        object(members, cs)
    }

    /// Members set after `var p = new ElicitRequestParams { ... }`
    /// (`p.RequestedSchema = s`): the value sent is the one set last, at
    /// run time.
    fn set_later(&mut self, creation: TsNode) {
        let text = self.text;
        let Some(decl) = creation
            .parent()
            .filter(|p| p.kind() == "variable_declarator")
        else {
            return;
        };
        let Some(name) = decl
            .child_by_field_name("name")
            .map(|n| &text[n.byte_range()])
        else {
            return;
        };
        let mut scope = decl.parent();
        while let Some(s) = scope
            && !matches!(
                s.kind(),
                "method_declaration"
                    | "local_function_statement"
                    | "lambda_expression"
                    | "compilation_unit"
            )
        {
            scope = s.parent();
        }
        let Some(scope) = scope else { return };
        let mut set = Vec::new();
        super::each_node(scope, |a| {
            if a.kind() == "assignment_expression"
                && a.start_byte() > creation.end_byte()
                && let Some(left) = a.child_by_field_name("left")
                && left.kind() == "member_access_expression"
                && left
                    .child_by_field_name("expression")
                    .is_some_and(|e| &text[e.byte_range()] == name)
                && let Some(field) = left.child_by_field_name("name")
            {
                set.push((a, &text[field.byte_range()]));
            }
        });
        for (a, field) in set {
            let key = match field {
                "Mode" => "mode",
                "Message" => "message",
                "Url" => "url",
                "ElicitationId" => "elicitationId",
                "RequestedSchema" => "requestedSchema",
                _ => continue,
            };
            self.unknown.push(Unknown {
                pointer: pointer_push("", key),
                span: span(&a),
                what: format!("`{name}.{field}` is set after the request is built; its value is not known statically"),
                whole: true,
            });
        }
    }

    /// `new ElicitRequestParams.RequestSchema { Properties, Required }`.
    fn request_schema(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        if self.follow(n).is_some() {
            return self.with_followed(n, |r, v| r.request_schema(v, ptr, depth + 1));
        }
        if matches!(n.kind(), "member_access_expression" | "identifier") {
            let t = &self.text[n.byte_range()];
            if self.links.resolved.iter().any(|r| r == t) {
                // A member of another class: checked where written.
                return self.note(n, ptr, String::new());
            }
            self.names.push((t.to_string(), n.start_byte()));
        }
        let class = n
            .child_by_field_name("type")
            .map(|t| last_segment(&self.text[t.byte_range()]));
        if n.kind() != "object_creation_expression" || class != Some("RequestSchema") {
            let t = short(&self.text[n.byte_range()]);
            return self.note(
                n,
                ptr,
                format!("`{t}` is built at run time; the schema is not known statically"),
            );
        }
        let ty = n.child_by_field_name("type").unwrap_or(n);
        let mut members = vec![member("type", span(&ty), string("object", span(&ty)))];
        let mut properties = None;
        let mut required = None;
        if let Some(init) = n.child_by_field_name("initializer") {
            for (l, v) in members_of(init) {
                match &self.text[l.byte_range()] {
                    "Properties" => properties = Some((l, v)),
                    "Required" if v.kind() != "null_literal" => required = Some((l, v)),
                    _ => {}
                }
            }
        }
        match properties {
            Some((l, v)) => {
                let p = pointer_push(ptr, "properties");
                let value = self.properties(v, &p, depth + 1);
                members.push(member("properties", span(&l), value));
            }
            None => members.push(member(
                "properties",
                span(&ty),
                object(Vec::new(), span(&ty)),
            )),
        }
        if let Some((l, v)) = required {
            let p = pointer_push(ptr, "required");
            let value = self.value(v, &p, depth + 1);
            members.push(member("required", span(&l), value));
        }
        object(members, span(&n))
    }

    /// The entries of a dictionary initializer: `["k"] = v` and `{"k", v}`.
    fn properties(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        if self.follow(n).is_some() {
            return self.with_followed(n, |r, v| r.properties(v, ptr, depth + 1));
        }
        let init = match n.kind() {
            "initializer_expression" => Some(n),
            "object_creation_expression"
                if n.child_by_field_name("type")
                    .is_some_and(|t| last_segment(&self.text[t.byte_range()]) == "Dictionary") =>
            {
                n.child_by_field_name("initializer")
            }
            _ => None,
        };
        let Some(init) = init else {
            let t = short(&self.text[n.byte_range()]);
            return self.note(
                n,
                ptr,
                format!("`{t}` is built at run time; its properties are not known statically"),
            );
        };
        let mut members: Vec<Member<'s>> = Vec::new();
        let mut w = init.walk();
        let entries: Vec<TsNode> = init.named_children(&mut w).collect();
        for e in entries {
            let (k, v) = match e.kind() {
                "assignment_expression" => {
                    let (Some(l), Some(v)) = (
                        e.child_by_field_name("left"),
                        e.child_by_field_name("right"),
                    ) else {
                        continue;
                    };
                    if l.kind() != "element_binding_expression" {
                        continue;
                    }
                    let Some(k) = l.named_child(0).and_then(|a| a.named_child(0)) else {
                        continue;
                    };
                    (k, v)
                }
                "initializer_expression" if e.named_child_count() == 2 => {
                    match (e.named_child(0), e.named_child(1)) {
                        (Some(k), Some(v)) => (k, v),
                        _ => continue,
                    }
                }
                _ => continue,
            };
            let Some(key) = self.string_value(k) else {
                let what =
                    "a property name computed at run time; these properties are checked without it"
                        .to_string();
                build::open(&mut self.unknown, ptr, span(&k), what, &members);
                continue;
            };
            let p = pointer_push(ptr, &key);
            let value = self.prop_schema(v, &p, depth + 1);
            members.retain(|m| m.key != key);
            members.push(member(key, span(&k), value));
        }
        object(members, span(&n))
    }

    /// A typed schema object: `new StringSchema { ... }`, an item schema,
    /// an enum option.
    fn prop_schema(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        if depth > MAX_NESTING {
            return self.note(
                n,
                ptr,
                format!("nested more than {MAX_NESTING} levels deep; not read further"),
            );
        }
        if self.follow(n).is_some() {
            return self.with_followed(n, |r, v| r.prop_schema(v, ptr, depth + 1));
        }
        let (class, ty_node) = match n.kind() {
            "object_creation_expression" => match n.child_by_field_name("type") {
                Some(t) => (last_segment(&self.text[t.byte_range()]), t),
                None => return self.computed(n, ptr),
            },
            // `new() { Const = .., Title = .. }` in a list of options.
            "implicit_object_creation_expression" => ("EnumSchemaOption", n),
            _ => return self.computed(n, ptr),
        };
        let Some(type_value) = class_type(class) else {
            return self.computed(n, ptr);
        };
        let mut members: Vec<Member<'s>> = Vec::new();
        if !type_value.is_empty() {
            members.push(member(
                "type",
                span(&ty_node),
                string(type_value, span(&ty_node)),
            ));
        }
        let init = if n.kind() == "implicit_object_creation_expression" {
            let mut w = n.walk();
            n.named_children(&mut w)
                .find(|c| c.kind() == "initializer_expression")
        } else {
            n.child_by_field_name("initializer")
        };
        if let Some(init) = init {
            for (l, v) in members_of(init) {
                let written = &self.text[l.byte_range()];
                let Some(key) = schema_key(written) else {
                    self.unknown.push(Unknown {
                        pointer: ptr.to_string(),
                        span: span(&l),
                        what: format!("the {class} property `{written}` is not one mcp-elicit reads; this schema is checked without it"),
                        whole: false,
                    });
                    continue;
                };
                if v.kind() == "null_literal" {
                    continue;
                }
                let p = pointer_push(ptr, key);
                let value = match key {
                    "items" => self.prop_schema(v, &p, depth + 1),
                    "oneOf" | "anyOf" => self.list(v, &p, depth + 1, true),
                    _ => self.value(v, &p, depth + 1),
                };
                // The converter leaves out an empty `OneOf`.
                if key == "oneOf"
                    && class == "TitledSingleSelectEnumSchema"
                    && matches!(&value.value, NodeValue::Array(a) if a.is_empty())
                {
                    continue;
                }
                if key == "type" {
                    members.retain(|m| m.key != "type");
                    members.insert(0, member(key, span(&l), value));
                } else {
                    members.retain(|m| m.key != key);
                    members.push(member(key, span(&l), value));
                }
            }
        }
        object(members, span(&n))
    }

    /// A list: `[..]`, `new[] {..}`, `new List<T> {..}`, `new T[] {..}`.
    fn list(&mut self, n: TsNode<'t>, ptr: &str, depth: usize, schemas: bool) -> Node<'s> {
        if self.follow(n).is_some() {
            return self.with_followed(n, |r, v| r.list(v, ptr, depth + 1, schemas));
        }
        let elements: Option<Vec<TsNode>> = match n.kind() {
            "collection_expression" => {
                let mut w = n.walk();
                let mut out = Vec::new();
                let mut spread = false;
                for c in n.named_children(&mut w) {
                    match c.named_child(0) {
                        Some(e)
                            if c.kind() == "collection_element"
                                && e.kind() == "expression_element" =>
                        {
                            out.extend(e.named_child(0));
                        }
                        Some(e)
                            if c.kind() == "collection_element" && e.kind() != "spread_element" =>
                        {
                            out.push(e)
                        }
                        _ => spread = true,
                    }
                }
                (!spread).then_some(out)
            }
            "implicit_array_creation_expression"
            | "array_creation_expression"
            | "object_creation_expression" => {
                let init = if n.kind() == "object_creation_expression" {
                    let is_list = n.child_by_field_name("type").is_some_and(|t| {
                        matches!(
                            last_segment(&self.text[t.byte_range()]),
                            "List" | "Collection"
                        )
                    });
                    if is_list
                        && n.child_by_field_name("arguments")
                            .is_none_or(|a| a.named_child_count() == 0)
                    {
                        n.child_by_field_name("initializer")
                    } else {
                        None
                    }
                } else {
                    let mut w = n.walk();
                    n.named_children(&mut w)
                        .find(|c| c.kind() == "initializer_expression")
                };
                init.map(|i| {
                    let mut w = i.walk();
                    i.named_children(&mut w).collect()
                })
            }
            _ => None,
        };
        let Some(elements) = elements else {
            return self.computed(n, ptr);
        };
        let mut items = Vec::new();
        for e in elements {
            let p = pointer_push(ptr, &items.len().to_string());
            let v = if schemas {
                self.prop_schema(e, &p, depth + 1)
            } else {
                self.value(e, &p, depth + 1)
            };
            items.push(v);
        }
        Node {
            value: NodeValue::Array(items),
            span: span(&n),
        }
    }

    /// The text of a string literal or of a constant bound to one.
    fn string_value(&self, n: TsNode) -> Option<String> {
        let raw = &self.text[n.byte_range()];
        match n.kind() {
            "string_literal" => build::unescape(raw.strip_prefix('"')?.strip_suffix('"')?),
            "verbatim_string_literal" => Some(
                raw.strip_prefix("@\"")?
                    .strip_suffix('"')?
                    .replace("\"\"", "\"")
                    .replace('\r', ""),
            ),
            "raw_string_literal" if !raw.contains('\n') => {
                Some(raw.trim_matches('"').to_string()).filter(|s| !s.is_empty())
            }
            "interpolated_string_expression" => {
                let mut w = n.walk();
                if n.named_children(&mut w)
                    .any(|c| c.kind() == "interpolation")
                {
                    return None;
                }
                let body = raw.strip_prefix("$\"")?.strip_suffix('"')?;
                build::unescape(&body.replace("{{", "{").replace("}}", "}"))
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

    /// A C# value as JSON.
    fn value(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
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
            "string_literal"
            | "verbatim_string_literal"
            | "raw_string_literal"
            | "interpolated_string_expression" => {
                if let Some(s) = self.string_value(n) {
                    return string(s, sp);
                }
            }
            "integer_literal" | "real_literal" => {
                if let Some(num) = number_text(t) {
                    return Node {
                        value: NodeValue::Number(num.into()),
                        span: sp,
                    };
                }
            }
            "prefix_unary_expression" if t.starts_with('-') => {
                if let Some(num) = n.named_child(0).and_then(|c| {
                    matches!(c.kind(), "integer_literal" | "real_literal")
                        .then(|| number_text(&self.text[c.byte_range()]))
                        .flatten()
                }) {
                    let num = format!("-{num}");
                    return Node {
                        value: NodeValue::Number(num.into()),
                        span: sp,
                    };
                }
            }
            "boolean_literal" => return build::boolean(t == "true", sp),
            "null_literal" => return build::null(sp),
            "parenthesized_expression" => {
                if let Some(c) = n.named_child(0) {
                    return self.value(c, ptr, depth + 1);
                }
            }
            "identifier" if self.follow(n).is_some() => {
                return self.with_followed(n, |r, v| {
                    let mut node = r.value(v, ptr, depth + 1);
                    if matches!(
                        node.value,
                        NodeValue::String(_) | NodeValue::Number(_) | NodeValue::Bool(_)
                    ) {
                        node.span = sp;
                    }
                    node
                });
            }
            "collection_expression"
            | "implicit_array_creation_expression"
            | "array_creation_expression" => return self.list(n, ptr, depth, false),
            "object_creation_expression" => {
                let class = n
                    .child_by_field_name("type")
                    .map(|t| last_segment(&self.text[t.byte_range()]))
                    .unwrap_or("");
                if matches!(class, "List" | "Collection") {
                    return self.list(n, ptr, depth, false);
                }
                if class_type(class).is_some() {
                    return self.prop_schema(n, ptr, depth);
                }
            }
            _ => {}
        }
        self.computed(n, ptr)
    }

    /// The params `ElicitAsync<T>(message)` sends: the schema built from
    /// `T`'s public properties.
    fn generated(&mut self, call: TsNode<'t>, t: TsNode<'t>) -> Node<'s> {
        let cs = span(&call);
        let mut members: Vec<Member<'s>> = vec![member("mode", cs, string("form", cs))];
        let args: Vec<TsNode> = call
            .child_by_field_name("arguments")
            .map(|a| {
                let mut w = a.walk();
                a.named_children(&mut w)
                    .filter(|c| c.kind() == "argument")
                    .collect()
            })
            .unwrap_or_default();
        let text = self.text;
        let named = |a: &TsNode| a.child_by_field_name("name").map(|n| &text[n.byte_range()]);
        let value_of = |a: &TsNode<'t>| {
            let mut w = a.walk();
            a.named_children(&mut w)
                .filter(|c| Some(c.id()) != a.child_by_field_name("name").map(|n| n.id()))
                .last()
        };
        let message = args
            .iter()
            .find(|a| named(a) == Some("message"))
            .or_else(|| args.first().filter(|a| named(a).is_none()))
            .and_then(value_of);
        let options = args
            .iter()
            .find(|a| named(a) == Some("options"))
            .or_else(|| args.get(1).filter(|a| named(a).is_none()))
            .and_then(value_of)
            .filter(|v| v.kind() != "null_literal");
        if let Some(v) = message {
            let value = self.value(v, "/message", 0);
            members.push(member("message", span(&v), value));
        }
        let ts = span(&t);
        let written = &self.text[t.byte_range()];
        let decl = (t.kind() == "identifier")
            .then(|| self.types.get(written).copied().flatten())
            .flatten();
        let Some(decl) = decl.filter(|d| d.kind() != "enum_declaration") else {
            let schema = self.note(
                t,
                "/requestedSchema",
                format!("`{written}` is not declared once in this file; the schema ElicitAsync<{written}> builds from it is not known statically"),
            );
            members.push(member("requestedSchema", ts, schema));
            return object(members, cs);
        };
        let mut props: Vec<Member<'s>> = Vec::new();
        let ptr = "/requestedSchema/properties";
        if let Some(options) = options {
            self.unknown.push(Unknown {
                pointer: ptr.to_string(),
                span: span(&options),
                what: format!(
                    "the property names follow the serializer options given in `{}`; they are not known statically",
                    short(&self.text[options.byte_range()])
                ),
                whole: false,
            });
        }
        if let Some(base) = {
            let mut w = decl.walk();
            decl.named_children(&mut w)
                .find(|c| c.kind() == "base_list")
        } {
            self.unknown.push(Unknown {
                pointer: ptr.to_string(),
                span: span(&base),
                what: format!(
                    "`{written}` inherits properties from `{}`; those are not known statically",
                    short(self.text[base.byte_range()].trim_start_matches(':').trim())
                ),
                whole: false,
            });
        }
        for (name, ty, attrs) in public_properties(decl, self.text) {
            match attrs.iter().find(|a| last_segment(a.0) == "JsonIgnore") {
                // `[JsonIgnore]` drops the property; with a `Condition` it
                // stays among the type's properties.
                Some((_, None)) => continue,
                Some((_, Some(arg))) => {
                    let p = pointer_push(ptr, &camel_case(&self.text[name.byte_range()]));
                    let at = *arg;
                    let what = format!(
                        "whether the C# SDK asks for `{}` depends on `[JsonIgnore({})]`; it is not known statically",
                        &self.text[name.byte_range()],
                        short(&self.text[at.byte_range()])
                    );
                    self.unknown.push(Unknown {
                        pointer: p,
                        span: span(&name),
                        what,
                        whole: true,
                    });
                    continue;
                }
                None => {}
            }
            let written_name = &self.text[name.byte_range()];
            let key = attrs
                .iter()
                .find(|a| {
                    matches!(
                        last_segment(a.0),
                        "JsonPropertyName" | "JsonPropertyNameAttribute"
                    )
                })
                .and_then(|a| a.1)
                .and_then(|arg| self.string_value(arg));
            let key = match key {
                Some(k) => k,
                None if options.is_some() => written_name.to_string(),
                None => camel_case(written_name),
            };
            let p = pointer_push(ptr, &key);
            let value = self.generated_property(written_name, ty, &p);
            let Some(value) = value else { continue };
            props.retain(|m| m.key != key);
            props.push(member(key, span(&name), value));
        }
        let schema = object(
            vec![
                member("type", ts, string("object", ts)),
                member("properties", ts, object(props, ts)),
            ],
            ts,
        );
        members.push(member("requestedSchema", ts, schema));
        object(members, cs)
    }

    /// The schema the SDK builds for one property of `T` by its type;
    /// `None` when the SDK refuses the type (a refusal is recorded).
    fn generated_property(&mut self, prop: &str, ty: TsNode<'t>, ptr: &str) -> Option<Node<'s>> {
        let ts = span(&ty);
        let written = self.text[ty.byte_range()].trim();
        let (inner, nullable) = match ty.kind() {
            "nullable_type" => (
                ty.child_by_field_name("type")
                    .map(|i| self.text[i.byte_range()].trim())
                    .unwrap_or(written),
                true,
            ),
            _ => (written, false),
        };
        let base = inner.rsplit('.').next().unwrap_or(inner);
        let local = self.types.get(base).copied().flatten();
        let value_type = matches!(
            base,
            "bool"
                | "Boolean"
                | "byte"
                | "sbyte"
                | "short"
                | "ushort"
                | "int"
                | "uint"
                | "long"
                | "ulong"
                | "float"
                | "double"
                | "decimal"
                | "Int16"
                | "Int32"
                | "Int64"
                | "UInt16"
                | "UInt32"
                | "UInt64"
                | "Single"
                | "Double"
                | "Decimal"
                | "Byte"
                | "SByte"
                | "DateTime"
                | "DateTimeOffset"
                | "DateOnly"
                | "TimeOnly"
                | "TimeSpan"
                | "Guid"
                | "char"
                | "Char"
        ) || local
            .is_some_and(|d| matches!(d.kind(), "enum_declaration" | "struct_declaration"));
        if nullable && value_type {
            self.refusals.push((
                ts,
                refuses(prop, written, &format!("write `{inner} {prop}`")),
            ));
            return None;
        }
        let collection = ty.kind() == "array_type"
            || matches!(
                last_segment(inner),
                "List"
                    | "IList"
                    | "IEnumerable"
                    | "ICollection"
                    | "IReadOnlyList"
                    | "IReadOnlyCollection"
                    | "HashSet"
                    | "ISet"
                    | "Dictionary"
                    | "IDictionary"
                    | "IReadOnlyDictionary"
                    | "JsonObject"
                    | "JsonArray"
                    | "JsonElement"
                    | "JsonNode"
                    | "object"
            )
            || inner.ends_with("[]");
        if collection {
            self.refusals.push((
                ts,
                refuses(
                    prop,
                    written,
                    "ask with `ElicitAsync(new ElicitRequestParams { ... })` and an `UntitledMultiSelectEnumSchema` for a choice of several",
                ),
            ));
            return None;
        }
        if local.is_some_and(|d| matches!(d.kind(), "class_declaration" | "record_declaration")) {
            self.refusals.push((
                ts,
                refuses(
                    prop,
                    written,
                    &format!("give the properties of `{inner}` their own places in this type"),
                ),
            ));
            return None;
        }
        let schema = |members: Vec<Member<'s>>| Some(object(members, ts));
        let ty_member = |t: &'static str| member("type", ts, string(t, ts));
        match base {
            "string" | "String" => schema(vec![ty_member("string")]),
            "bool" | "Boolean" => schema(vec![ty_member("boolean")]),
            "DateTime" | "DateTimeOffset" => schema(vec![
                ty_member("string"),
                member("format", ts, string("date-time", ts)),
            ]),
            _ if local.is_some_and(|d| d.kind() == "enum_declaration") => {
                let decl = local.expect("checked");
                match self.enum_names(decl) {
                    Some(names) => {
                        let items = names
                            .into_iter()
                            .map(|(n, sp)| string(n, sp))
                            .collect();
                        schema(vec![
                            ty_member("string"),
                            member("enum", ts, Node { value: NodeValue::Array(items), span: ts }),
                        ])
                    }
                    None => Some(self.note(
                        ty,
                        ptr,
                        format!("how the C# SDK writes the options of `{inner}` is not known statically (its members carry attributes)"),
                    )),
                }
            }
            _ => Some(self.note(
                ty,
                ptr,
                format!("the schema the C# SDK builds for `{written}` (from the serializer's exporter, with its default number handling) is not known statically"),
            )),
        }
    }

    /// The member names of an enum declared in the file, as the SDK's
    /// string enum converter writes them; `None` when a member carries an
    /// attribute that may rename it.
    fn enum_names(&self, decl: TsNode) -> Option<Vec<(&'s str, Span)>> {
        let text: &'s str = self.text;
        let body = decl.child_by_field_name("body")?;
        let mut w = body.walk();
        let mut out = Vec::new();
        for m in body.named_children(&mut w) {
            if m.kind() != "enum_member_declaration" {
                continue;
            }
            let mut w2 = m.walk();
            if m.named_children(&mut w2)
                .any(|c| c.kind() == "attribute_list")
            {
                return None;
            }
            let name = m.child_by_field_name("name")?;
            out.push((&text[name.byte_range()], span(&name)));
        }
        Some(out)
    }
}

/// `Attribute(args)`: its name and its first argument's expression.
type Attribute<'s, 't> = (&'s str, Option<TsNode<'t>>);

/// The public instance properties of a class or record: positional
/// parameters of a record, then `public T Name { get; ... }` members.
fn public_properties<'s, 't>(
    decl: TsNode<'t>,
    text: &'s str,
) -> Vec<(TsNode<'t>, TsNode<'t>, Vec<Attribute<'s, 't>>)> {
    let mut out = Vec::new();
    let attrs_of = |n: TsNode<'t>| {
        let mut attrs = Vec::new();
        let mut w = n.walk();
        for list in n
            .named_children(&mut w)
            .filter(|c| c.kind() == "attribute_list")
        {
            let mut w2 = list.walk();
            for a in list
                .named_children(&mut w2)
                .filter(|c| c.kind() == "attribute")
            {
                let name = a
                    .child_by_field_name("name")
                    .map(|n| &text[n.byte_range()])
                    .unwrap_or("");
                let arg = {
                    let mut w3 = a.walk();
                    a.named_children(&mut w3)
                        .find(|c| c.kind() == "attribute_argument_list")
                        .and_then(|l| l.named_child(0))
                        .and_then(|arg| {
                            arg.named_child((arg.named_child_count() as u32).saturating_sub(1))
                        })
                };
                attrs.push((name, arg));
            }
        }
        attrs
    };
    let mut w = decl.walk();
    for c in decl.named_children(&mut w) {
        if c.kind() == "parameter_list" && decl.kind() == "record_declaration" {
            let mut w2 = c.walk();
            for p in c
                .named_children(&mut w2)
                .filter(|p| p.kind() == "parameter")
            {
                if let (Some(name), Some(ty)) =
                    (p.child_by_field_name("name"), p.child_by_field_name("type"))
                {
                    out.push((name, ty, attrs_of(p)));
                }
            }
        }
    }
    if let Some(body) = decl.child_by_field_name("body") {
        let mut w = body.walk();
        for p in body
            .named_children(&mut w)
            .filter(|p| p.kind() == "property_declaration")
        {
            let mut w2 = p.walk();
            let modifiers: Vec<&str> = p
                .named_children(&mut w2)
                .filter(|m| m.kind() == "modifier")
                .map(|m| &text[m.byte_range()])
                .collect();
            if !modifiers.contains(&"public") || modifiers.contains(&"static") {
                continue;
            }
            let readable = p.child_by_field_name("value").is_some()
                || p.child_by_field_name("accessors").is_some_and(|a| {
                    let mut w3 = a.walk();
                    a.named_children(&mut w3).any(|acc| {
                        let t = &text[acc.byte_range()];
                        t.starts_with("get") || t.contains(" get")
                    })
                });
            if !readable {
                continue;
            }
            if let (Some(name), Some(ty)) =
                (p.child_by_field_name("name"), p.child_by_field_name("type"))
            {
                out.push((name, ty, attrs_of(p)));
            }
        }
    }
    out
}

/// A C# numeric literal as JSON writes the value the SDK serialises
/// (`Utf8JsonWriter` writes the shortest round-trip form: `5.0` is `5`).
fn number_text(t: &str) -> Option<String> {
    let t = t.replace('_', "");
    let body = t.trim_end_matches(['d', 'D', 'f', 'F', 'm', 'M', 'u', 'U', 'l', 'L']);
    if body.starts_with("0x")
        || body.starts_with("0X")
        || body.starts_with("0b")
        || body.starts_with("0B")
    {
        return None;
    }
    let body = body
        .strip_prefix('.')
        .map_or_else(|| body.to_string(), |b| format!("0.{b}"));
    if !body.contains(['.', 'e', 'E']) {
        return build::is_json_number(&body).then_some(body);
    }
    let v: f64 = body.parse().ok()?;
    if !v.is_finite() {
        return None;
    }
    Some(if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    })
}

/// `JsonNamingPolicy.CamelCase`: the leading run of capitals lowered, the
/// last of them kept when a lower-case letter follows it.
pub(crate) fn camel_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = chars.clone();
    for i in 0..chars.len() {
        if i == 1 && !chars[i].is_uppercase() {
            break;
        }
        let has_next = i + 1 < chars.len();
        if i > 0 && has_next && !chars[i + 1].is_uppercase() {
            if chars[i + 1] == ' ' {
                out[i] = chars[i].to_lowercase().next().unwrap_or(chars[i]);
            }
            break;
        }
        out[i] = chars[i].to_lowercase().next().unwrap_or(chars[i]);
    }
    out.into_iter().collect()
}

/// The C# SDK refuses the property `prop` of type `written` in
/// `ElicitAsync<T>` before sending.
fn refuses(prop: &str, written: &str, instead: &str) -> String {
    format!(
        "the C# SDK refuses `{written} {prop}` in ElicitAsync<T>: it throws McpProtocolException before sending and nothing is asked; a property must be a string, a number, a bool, an enum or a DateTime, not nullable ({instead})"
    )
}

/// A finding about a schema `ElicitAsync<T>` built, in C# terms.
pub(crate) fn in_authors_words(found: &Found, mut f: Finding) -> Finding {
    let Some((GENERATOR, origin)) = &found.origin else {
        return f;
    };
    if f.rule.code == crate::rules::SENSITIVE_FIELD.code
        && let Some(at) = f.message.find("in form mode")
    {
        f.message = format!(
            "{}in form mode, the only mode {origin} asks in, which MUST NOT be used for sensitive data; ask for it with `ElicitAsync(new ElicitRequestParams {{ Mode = \"url\", Url = ... }})` so the secret goes to your own page",
            &f.message[..at]
        );
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(src: &str) -> Scan<'_> {
        scan(src, None, None).expect("whole file read")
    }

    #[test]
    fn typed_schema_classes_are_written_under_their_json_names() {
        let src = r#"
class T {
    async Task M(McpServer server) {
        await server.ElicitAsync(new ElicitRequestParams
        {
            Message = "Pick",
            RequestedSchema = new ElicitRequestParams.RequestSchema
            {
                Properties =
                {
                    ["n"] = new ElicitRequestParams.NumberSchema { Type = "integer", Minimum = 1.0, Maximum = 10 },
                    ["s"] = new ElicitRequestParams.TitledSingleSelectEnumSchema
                    {
                        OneOf = [new() { Const = "a", Title = "A" }],
                        Default = "a",
                    },
                },
                Required = ["n"],
            },
        });
    }
}"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 1);
        let v = scan.found[0].params.to_value();
        assert_eq!(
            v,
            serde_json::json!({
                "mode": "form",
                "message": "Pick",
                "requestedSchema": {
                    "type": "object",
                    "properties": {
                        "n": {"type": "integer", "minimum": 1, "maximum": 10},
                        "s": {"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "a"}
                    },
                    "required": ["n"]
                }
            })
        );
        assert!(scan.found[0].unknown.is_empty());
    }

    #[test]
    fn locals_are_followed_and_a_computed_value_is_unknown() {
        let src = r#"
class T {
    const string Field = "approve";
    async Task M(McpServer server, string message) {
        var schema = new RequestSchema { Properties = { [Field] = new BooleanSchema { Default = false } } };
        await server.ElicitAsync(new ElicitRequestParams { Message = message, RequestedSchema = schema });
    }
}"#;
        let scan = found(src);
        let f = &scan.found[0];
        assert_eq!(
            f.params.to_value()["requestedSchema"],
            serde_json::json!({"type": "object", "properties": {"approve": {"type": "boolean", "default": false}}})
        );
        assert_eq!(f.unknown.len(), 1);
        assert_eq!(f.unknown[0].pointer, "/message");
    }

    #[test]
    fn elicit_async_of_t_builds_from_types_alone() {
        let src = r#"
public enum Plan { Free, Pro }
public sealed class Signup
{
    [Description("Your name")] [Required] public string FullName { get; set; } = "";
    public bool Newsletter { get; set; }
    public Plan Plan { get; set; }
    public DateTime When { get; set; }
    public int? Age { get; set; }
    public List<string> Tags { get; set; } = [];
    public static int Count { get; set; }
    [JsonIgnore] public string Internal { get; set; } = "";
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] public string Note { get; set; } = "";
}
class T {
    async Task M(McpServer server) {
        await server.ElicitAsync<Signup>("Sign up");
    }
}"#;
        let scan = found(src);
        let f = &scan.found[0];
        assert_eq!(
            f.origin,
            Some((GENERATOR, "ElicitAsync<Signup>".to_string()))
        );
        assert_eq!(
            f.params.to_value(),
            serde_json::json!({
                "mode": "form",
                "message": "Sign up",
                "requestedSchema": {"type": "object", "properties": {
                    "fullName": {"type": "string"},
                    "newsletter": {"type": "boolean"},
                    "plan": {"type": "string", "enum": ["Free", "Pro"]},
                    "when": {"type": "string", "format": "date-time"}
                }}
            })
        );
        assert_eq!(f.unknown.len(), 1, "{:?}", f.unknown);
        assert_eq!(f.unknown[0].pointer, "/requestedSchema/properties/note");
        assert_eq!(scan.refusals.len(), 2, "{:?}", scan.refusals);
        assert!(scan.refusals[0].1.contains("`int? Age`"));
        assert!(scan.refusals[0].1.contains("write `int Age`"));
    }

    #[test]
    fn a_type_of_another_file_or_numbers_are_unknown() {
        let src = r#"
record Booking(int Guests, string Name);
class T {
    async Task M(McpServer server) {
        await server.ElicitAsync<Other>("a");
        await server.ElicitAsync<Booking>("b");
    }
}"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 2);
        assert_eq!(scan.found[0].unknown[0].pointer, "/requestedSchema");
        assert_eq!(
            scan.found[1].unknown[0].pointer,
            "/requestedSchema/properties/guests"
        );
        assert_eq!(
            scan.found[1].params.to_value()["requestedSchema"]["properties"]["name"],
            serde_json::json!({"type": "string"})
        );
    }

    #[test]
    fn a_member_set_later_is_unknown() {
        let src = r#"
class T {
    async Task M(McpServer server, RequestSchema s) {
        var p = new ElicitRequestParams { Message = "m" };
        p.RequestedSchema = s;
        await server.ElicitAsync(p);
    }
}"#;
        let scan = found(src);
        assert_eq!(scan.found[0].unknown[0].pointer, "/requestedSchema");
    }

    #[test]
    fn names_are_camel_cased_as_the_serializer_does() {
        assert_eq!(camel_case("FullName"), "fullName");
        assert_eq!(camel_case("URL"), "url");
        assert_eq!(camel_case("URLValue"), "urlValue");
        assert_eq!(camel_case("ID"), "id");
        assert_eq!(camel_case("name"), "name");
    }

    #[test]
    fn half_written_source_does_not_panic() {
        let src = "class T { async Task M(McpServer s) { await s.ElicitAsync(new ElicitRequestParams { Message = \"x\", RequestedSchema = new RequestSchema { Properties = { [\"a\"] = new StringSchema {";
        let _ = scan(src, None, None);
        let _ = scan("await s.ElicitAsync<", None, None);
    }
}
