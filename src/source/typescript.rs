//! TypeScript and JavaScript: object literals given to `elicitInput(...)`,
//! to `sendRequest({method: "elicitation/create", params})`, to the
//! 2026-07-28 `inputRequired.elicit(...)` helper, and any object literal with
//! a `requestedSchema` key. Identifiers bound with `const` in the same file,
//! and spreads of them, are followed. The TypeScript SDK sends such a
//! literal as written (`JSON.stringify`: `undefined` members dropped), so
//! the params are the literal itself.
//!
//! Zod schemas (`z.object({...})` with string, number, boolean and enum
//! chains) converted by `zodToJsonSchema(schema)` (zod-to-json-schema 3.24,
//! Zod 3) or `z.toJSONSchema(schema)` (Zod 4 as zod 3.25's `zod/v4` ships
//! it) are written as those converters write them with their defaults.

use std::collections::{HashMap, HashSet};

use tree_sitter::Node as TsNode;

use super::build::short;
use super::build::{self, Unknown, member, object, span, string};
use super::index::{Elicited, Flavour, Links, ModeSent};
use super::{Found, Language, Scan, parse};
use crate::json::{Node, NodeValue, Span, pointer_push};

/// Deepest literal nesting followed; deeper values are reported as not read.
const MAX_NESTING: usize = 64;

/// The elicitations of a file; with `windows`, read in those ranges only,
/// and `None` when that reading is not complete. With `adds_mode`, the
/// SDK's `elicitInput` sends `mode: "form"` when the params give no mode
/// (the TypeScript SDK from 1.23: `{ ...params, mode: 'form' }`).
pub(crate) fn scan<'s>(
    text: &'s str,
    language: Language,
    windows: Option<&[(usize, usize)]>,
    links: Option<std::sync::Arc<Links>>,
    adds_mode: bool,
) -> Option<Scan<'s>> {
    let links = links.unwrap_or_default();
    let grammar: tree_sitter::Language = match language {
        Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        _ => tree_sitter_typescript::LANGUAGE_TSX.into(),
    };
    let mut out = Scan::default();
    let tree = parse(&grammar, text, &mut out.notes, windows)?;
    let mut consts: HashMap<&str, Option<TsNode>> = HashMap::new();
    // Every binding with its block, for a name bound in more than one
    // (each method its own `const schema = ...`).
    let mut bindings = build::Bindings::default();
    // `Class.NAME = value` at the top of the module (what a compiler
    // makes of a `static NAME = value`) and `static NAME = value` in a
    // class body, by `Class.NAME`.
    let mut statics: HashMap<String, Option<TsNode>> = HashMap::new();
    let mut targets: Vec<&str> = Vec::new();
    // Names a `let`/`var` binds, and names assigned anywhere.
    let mut reassignable: Vec<&str> = Vec::new();
    let mut assigned: HashSet<&str> = HashSet::new();
    let mut calls = Vec::new();
    let mut objects = Vec::new();
    // Names whose value is changed after it is bound (`properties[k] = v`,
    // `required.push(k)`, `Object.assign(schema, ...)`): a `const` of them
    // does not hold the value an elicitation sends.
    let mut mutated: Vec<&str> = Vec::new();
    // Names a parameter, a loop or a `catch` binds.
    let mut hidden: Vec<&str> = Vec::new();
    // Functions declared by name (`None`: declared twice).
    let mut functions: HashMap<&str, Option<TsNode>> = HashMap::new();
    super::each_node(tree.root_node(), |n| {
        match n.kind() {
            "call_expression" => {
                calls.push(n);
                if let Some(target) = mutated_by_call(n, text) {
                    mutated.push(target);
                }
            }
            "assignment_expression" | "augmented_assignment_expression" => {
                if let Some(left) = n.child_by_field_name("left") {
                    targets.push(&text[left.byte_range()]);
                    if let Some(target) = member_base(left, text) {
                        mutated.push(target);
                        bindings.change(target, n.start_byte());
                    }
                    if left.kind() != "member_expression" && left.kind() != "subscript_expression" {
                        // `x = v`, `[a, b] = v`, `({a} = v)`: every name
                        // written.
                        super::each_node(left, |id| {
                            if matches!(
                                id.kind(),
                                "identifier" | "shorthand_property_identifier_pattern"
                            ) {
                                let name = &text[id.byte_range()];
                                assigned.insert(name);
                                bindings.change(name, n.start_byte());
                            }
                        });
                    }
                    if n.kind() == "assignment_expression"
                        && left.kind() == "member_expression"
                        && left
                            .child_by_field_name("object")
                            .is_some_and(|o| o.kind() == "identifier")
                        && left
                            .child_by_field_name("property")
                            .is_some_and(|p| p.kind() == "property_identifier")
                        && n.parent().is_some_and(|p| {
                            p.kind() == "expression_statement"
                                && p.parent().is_some_and(|pp| pp.kind() == "program")
                        })
                        && let Some(value) = n.child_by_field_name("right")
                    {
                        let key = text[left.byte_range()].to_string();
                        let entry = statics.entry(key).or_insert(Some(value));
                        if entry.is_some_and(|v| v.id() != value.id()) {
                            *entry = None;
                        }
                    }
                }
            }
            "public_field_definition" | "field_definition" => {
                let is_static = {
                    let mut w = n.walk();
                    n.children(&mut w).any(|c| c.kind() == "static")
                };
                let class = n
                    .parent()
                    .filter(|b| b.kind() == "class_body")
                    .and_then(|b| b.parent())
                    .and_then(|c| c.child_by_field_name("name"));
                let name = n
                    .child_by_field_name("name")
                    .or_else(|| n.child_by_field_name("property"));
                if is_static
                    && let (Some(class), Some(name), Some(value)) =
                        (class, name, n.child_by_field_name("value"))
                {
                    let key = format!("{}.{}", &text[class.byte_range()], &text[name.byte_range()]);
                    let entry = statics.entry(key).or_insert(Some(value));
                    if entry.is_some_and(|v| v.id() != value.id()) {
                        *entry = None;
                    }
                }
            }
            "object" => objects.push(n),
            "function_declaration" => {
                if let Some(name) = n.child_by_field_name("name") {
                    let key = &text[name.byte_range()];
                    let entry = functions.entry(key).or_insert(Some(n));
                    if entry.is_some_and(|f| f.id() != n.id()) {
                        *entry = None;
                    }
                }
            }
            // A parameter, a loop's variable or a caught error hides a
            // `const` of the same name within its function, loop or
            // clause, and holds no value known here.
            "formal_parameters" | "for_in_statement" | "catch_clause" => {
                let (scope, names) = match n.kind() {
                    "formal_parameters" => (n.parent(), Some(n)),
                    "for_in_statement" => (Some(n), n.child_by_field_name("left")),
                    _ => (Some(n), n.child_by_field_name("parameter")),
                };
                if let (Some(scope), Some(names)) = (scope, names) {
                    bind_unknown(names, scope, text, &mut bindings, &mut hidden);
                }
            }
            "arrow_function" => {
                if let Some(p) = n.child_by_field_name("parameter") {
                    bind_unknown(p, n, text, &mut bindings, &mut hidden);
                }
            }
            "update_expression" => {
                if let Some(arg) = n.child_by_field_name("argument")
                    && arg.kind() == "identifier"
                {
                    let name = &text[arg.byte_range()];
                    assigned.insert(name);
                    bindings.change(name, n.start_byte());
                }
            }
            "variable_declarator" => {
                let is_const = n
                    .parent()
                    .and_then(|p| p.child(0))
                    .is_some_and(|k| k.kind() == "const");
                if let (Some(name), Some(value)) = (
                    n.child_by_field_name("name"),
                    n.child_by_field_name("value"),
                ) && name.kind() == "identifier"
                {
                    let key = &text[name.byte_range()];
                    let scope = build::scope_of(n, BLOCKS);
                    // A `let` or `var` never assigned again holds its first
                    // value, as a `const` does (what minifiers write):
                    // assignments are told apart below.
                    bindings.bind(key, scope, Some(value));
                    if !is_const {
                        reassignable.push(key);
                    }
                    let entry = consts.entry(key).or_insert(Some(value));
                    // Declared twice (in two scopes): which value a use
                    // sees is the binding around it.
                    if entry.is_some_and(|v| v.id() != value.id()) {
                        *entry = None;
                    }
                }
            }
            _ => {}
        }
    });
    // A name also bound without a value: which binding a use sees is
    // told by its scope.
    for name in hidden {
        if let Some(value) = consts.get_mut(name) {
            *value = None;
        }
    }
    for name in mutated
        .into_iter()
        .chain(reassignable.into_iter().filter(|n| assigned.contains(n)))
    {
        if let Some(value) = consts.get_mut(name) {
            *value = None;
        }
    }
    // A static changed in place (`Class.NAME.x = ...`) is not followed.
    for (key, value) in statics.iter_mut() {
        if targets.iter().any(|t| {
            t.strip_prefix(key.as_str())
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
        }) {
            *value = None;
        }
    }
    let mut reader = Reader {
        text,
        links: links.clone(),
        consts,
        bindings,
        statics,
        functions,
        unknown: Vec::new(),
        following: Vec::new(),
        followed: Vec::new(),
        zod_origin: None,
    };
    let mut handled: HashSet<usize> = HashSet::new();
    for call in calls {
        let Some(callee) = call.child_by_field_name("function").map(unwrap_callee) else {
            continue;
        };
        let (name, receiver) = match callee.kind() {
            "identifier" => (&text[callee.byte_range()], ""),
            "member_expression" => match (
                callee.child_by_field_name("property"),
                callee.child_by_field_name("object"),
            ) {
                (Some(p), Some(o)) => (&text[p.byte_range()], &text[o.byte_range()]),
                _ => continue,
            },
            _ => continue,
        };
        // The SDK's elicitation APIs and the mode each sends. The
        // `inputRequired({inputRequests, requestState})` around the 2026-07-28
        // helpers is the InputRequiredResult, not params: its requests are
        // read where they are built.
        let api = ModeSent::of_api(name, Some(receiver));
        // A helper of the project: its arguments are what it sends.
        let helper = links
            .helpers
            .iter()
            .find(|h| h.name == name && (receiver.is_empty() || !is_api_name(name)))
            .cloned();
        let is_elicit = api.is_some() || helper.is_some();
        let is_send = name == "sendRequest";
        if !is_elicit && !is_send {
            continue;
        }
        let Some(args) = call.child_by_field_name("arguments") else {
            continue;
        };
        let mut walker = args.walk();
        let list: Vec<TsNode> = args
            .named_children(&mut walker)
            .filter(|c| c.kind() != "comment")
            .collect();
        if let Some(h) = &helper
            && h.flavour == Flavour::Schema
        {
            let Some(&schema) = list.get(h.schema.index) else {
                continue;
            };
            let message = h.message.as_ref().and_then(|m| list.get(m.index).copied());
            let mut found = reader.found_parts(call, message, schema);
            mode_sent(&mut found, h.mode, adds_mode, span(&callee));
            out.found.push(found);
            continue;
        }
        let first = match &helper {
            Some(h) => list.get(h.schema.index).copied(),
            None => list.first().copied(),
        };
        let Some(first) = first else {
            continue;
        };
        // The params of a helper of the project, given by its callers:
        // checked at each call.
        if reader.helper_parameter(first) {
            continue;
        }
        let Some(arg) = reader.resolve(first) else {
            if is_elicit {
                out.notes.push((
                    span(&first),
                    format!(
                        "the params given to {name}() are computed at run time (`{}`); their schema is not checked",
                        short(&text[first.byte_range()])
                    ),
                ));
            }
            continue;
        };
        let params = if is_send {
            if arg.kind() != "object" {
                continue;
            }
            let method = reader
                .pair_value(arg, "method")
                .map(|m| reader.resolve_str(m));
            if method != Some(Some("elicitation/create".to_string())) {
                continue;
            }
            handled.insert(arg.id());
            match reader
                .pair_value(arg, "params")
                .and_then(|p| reader.resolve(p))
            {
                Some(p) => p,
                None => {
                    out.notes.push((
                        span(&arg),
                        "the params of this elicitation/create request are computed at run time; not checked".to_string(),
                    ));
                    continue;
                }
            }
        } else {
            arg
        };
        if params.kind() != "object" {
            out.notes.push((
                span(&first),
                format!(
                    "the params given to {name}() are computed at run time (`{}`); their schema is not checked",
                    short(&text[first.byte_range()])
                ),
            ));
            continue;
        }
        handled.insert(params.id());
        let mut found = reader.found(call, params);
        let mode = match (api, &helper) {
            (Some(always @ ModeSent::Always(_)), _) => always,
            (_, Some(h)) => h.mode,
            (api, None) => api.unwrap_or_default(),
        };
        mode_sent(&mut found, mode, adds_mode, span(&callee));
        out.found.push(found);
    }
    for obj in objects {
        if handled.contains(&obj.id()) || reader.pair_value(obj, "requestedSchema").is_none() {
            continue;
        }
        // The params of a sendRequest literal sit under `params`, already read.
        if obj
            .parent()
            .and_then(|p| p.parent())
            .is_some_and(|pp| handled.contains(&pp.id()))
        {
            continue;
        }
        handled.insert(obj.id());
        let mut found = reader.found(obj, obj);
        if !reader.is_request_params(obj) {
            loose(&mut found);
        }
        out.found.push(found);
    }
    for e in &links.elicited {
        if let Some(found) = reader.elicited(tree.root_node(), e) {
            out.found.push(found);
        }
    }
    out.found.sort_by_key(|f| f.at.start);
    if windows.is_some()
        && !super::windows_complete(&tree, &out, text, &reader.followed, "const ", false)
    {
        return None;
    }
    Some(out)
}

/// The params as the SDK call that sends them puts the `mode` in:
/// `inputRequired.elicit(Url)` sets its own whatever the params held; the
/// SDK's `elicitInput` adds `"form"` (with `adds_mode`, from 1.23) to
/// params that give none, unless a spread or a computed key may give one.
fn mode_sent(found: &mut Found<'_>, mode: ModeSent, adds_mode: bool, at: Span) {
    let NodeValue::Object(members) = &mut found.params.value else {
        return;
    };
    match mode {
        ModeSent::AsGiven => {}
        ModeSent::Always(mode) => {
            members.retain(|m| m.key != "mode");
            members.push(member("mode", at, string(mode, at)));
            found.unknown.retain(|u| u.pointer != "/mode");
        }
        ModeSent::FormUnlessGiven => {
            if adds_mode
                && !members.iter().any(|m| m.key == "mode")
                && !found
                    .unknown
                    .iter()
                    .any(|u| u.pointer.is_empty() || u.covers("/mode"))
            {
                members.push(member("mode", at, string("form", at)));
            }
        }
    }
}

/// The function a call calls, through `(0, module_1.name)` (what tsc
/// emits for an imported function in CommonJS).
pub(crate) fn unwrap_callee(f: TsNode) -> TsNode {
    if f.kind() == "parenthesized_expression"
        && let Some(seq) = f
            .named_child(0)
            .filter(|s| s.kind() == "sequence_expression")
    {
        let mut last = seq;
        while let Some(r) = last.child_by_field_name("right") {
            last = r;
        }
        if last.id() != seq.id() {
            return last;
        }
        // A grammar that lists the expressions as children.
        let count = seq.named_child_count();
        if let Some(l) = count
            .checked_sub(1)
            .and_then(|i| seq.named_child(u32::try_from(i).ok()?))
        {
            return l;
        }
    }
    f
}

/// The names of the elicitation APIs (a helper of the same name called on
/// an object is the API).
fn is_api_name(name: &str) -> bool {
    matches!(name, "elicitInput" | "elicit" | "elicitUrl" | "sendRequest")
}

/// The name whose member an assignment target writes: `x` of `x.a`,
/// `x[k]` or `x.a[k].b`.
fn member_base<'s>(target: TsNode, text: &'s str) -> Option<&'s str> {
    let mut n = target;
    let mut member = false;
    while matches!(n.kind(), "member_expression" | "subscript_expression") {
        n = n.child_by_field_name("object")?;
        member = true;
    }
    (member && n.kind() == "identifier").then(|| &text[n.byte_range()])
}

/// The name a call changes in place: `x` of `x.push(...)` (and the other
/// mutating array and map methods, also on a member of `x`) or of
/// `Object.assign(x, ...)`.
fn mutated_by_call<'s>(call: TsNode, text: &'s str) -> Option<&'s str> {
    let callee = call.child_by_field_name("function")?;
    if callee.kind() != "member_expression" {
        return None;
    }
    let object = callee.child_by_field_name("object")?;
    let method = &text[callee.child_by_field_name("property")?.byte_range()];
    if &text[object.byte_range()] == "Object" && matches!(method, "assign" | "defineProperty") {
        let args = call.child_by_field_name("arguments")?;
        let mut w = args.walk();
        let first = args.named_children(&mut w).next()?;
        return (first.kind() == "identifier").then(|| &text[first.byte_range()]);
    }
    if !matches!(
        method,
        "push"
            | "unshift"
            | "splice"
            | "pop"
            | "shift"
            | "sort"
            | "reverse"
            | "fill"
            | "set"
            | "delete"
    ) {
        return None;
    }
    if object.kind() == "identifier" {
        return Some(&text[object.byte_range()]);
    }
    member_base(object, text)
}

/// The keys of `elicitation/create` params, in either mode.
const PARAMS_KEYS: [&str; 6] = [
    "_meta",
    "elicitationId",
    "message",
    "mode",
    "requestedSchema",
    "url",
];

/// An object with a `requestedSchema` key that no elicitation API is given
/// directly may be a helper's options (`requestConfirmation({server,
/// message, requestedSchema, meta})`): what the helper sends is its own
/// doing. The schema and the params' own keys are judged; the other keys
/// are dropped, and nothing is said of a key the object lacks.
fn loose(found: &mut Found) {
    if let NodeValue::Object(members) = &mut found.params.value {
        members.retain(|m| PARAMS_KEYS.contains(&m.key.as_ref()));
    }
    found.unknown.retain(|u| {
        let key = u.pointer.split('/').nth(1).unwrap_or_default();
        PARAMS_KEYS.contains(&crate::json::pointer_token(key).as_ref())
    });
    found.unknown.push(Unknown {
        pointer: String::new(),
        span: found.at,
        what: String::new(),
        whole: false,
    });
}

/// The nodes a `const` or `let` is scoped to.
const BLOCKS: &[&str] = &["statement_block", "program", "switch_body", "class_body"];

/// Whether `n` is a function (declared, an expression, an arrow).
fn is_function(n: TsNode) -> bool {
    matches!(
        n.kind(),
        "function_declaration" | "function_expression" | "function" | "arrow_function"
    )
}

/// What a builder returns: a function without parameters, not `async`,
/// whose one `return` ends its body (or an arrow's expression body).
fn returned(function: TsNode) -> Option<TsNode> {
    if function.child_by_field_name("parameter").is_some()
        || function
            .child_by_field_name("parameters")
            .is_some_and(|p| p.named_child_count() != 0)
        || function.child(0).is_some_and(|c| c.kind() == "async")
    {
        return None;
    }
    let body = function.child_by_field_name("body")?;
    if body.kind() != "statement_block" {
        // `() => ({...})`.
        return Some(body);
    }
    let mut returns = 0;
    super::each_node(body, |r| {
        if r.kind() == "return_statement" {
            returns += 1;
        }
    });
    let mut w = body.walk();
    let last = body
        .named_children(&mut w)
        .filter(|c| c.kind() != "comment")
        .last()?;
    if returns != 1 || last.kind() != "return_statement" {
        return None;
    }
    last.named_child(0)
}

/// Binds each name `names` declares (a parameter list, a pattern, an
/// identifier) in `scope`, without a value.
fn bind_unknown<'s, 't>(
    names: TsNode<'t>,
    scope: TsNode<'t>,
    text: &'s str,
    bindings: &mut build::Bindings<'s, 't>,
    hidden: &mut Vec<&'s str>,
) {
    super::each_node(names, |id| {
        if matches!(
            id.kind(),
            "identifier" | "shorthand_property_identifier_pattern"
        ) {
            let name = &text[id.byte_range()];
            bindings.bind(name, scope, None);
            hidden.push(name);
        }
    });
}

struct Reader<'s, 't> {
    text: &'s str,
    /// What the project's other files say about this one.
    links: std::sync::Arc<Links>,
    consts: HashMap<&'s str, Option<TsNode<'t>>>,
    bindings: build::Bindings<'s, 't>,
    statics: HashMap<String, Option<TsNode<'t>>>,
    /// The functions the file declares by name, for the schemas they build.
    functions: HashMap<&'s str, Option<TsNode<'t>>>,
    unknown: Vec<Unknown>,
    /// Identifiers being followed, against cycles.
    following: Vec<&'s str>,
    /// Every identifier followed to a `const`.
    followed: Vec<&'s str>,
    /// The Zod schema converted in the elicitation being read: generator
    /// and expression.
    zod_origin: Option<(&'static str, String)>,
}

impl<'s, 't> Reader<'s, 't> {
    /// The elicitation a helper's call sends: the schema (and the message)
    /// its caller gives, in form mode.
    fn found_parts(
        &mut self,
        call: TsNode<'t>,
        message: Option<TsNode<'t>>,
        schema: TsNode<'t>,
    ) -> Found<'s> {
        self.unknown.clear();
        self.zod_origin = None;
        let cs = span(&call);
        let mut members = Vec::new();
        match message.and_then(|m| self.value(m, "/message", 0).map(|v| (m, v))) {
            Some((m, v)) => members.push(member("message", span(&m), v)),
            None => {
                // The helper writes it.
                self.unknown.push(Unknown {
                    pointer: "/message".into(),
                    span: cs,
                    what: String::new(),
                    whole: true,
                });
                members.push(member("message", cs, string("", cs)));
            }
        }
        let v = self
            .value(schema, "/requestedSchema", 0)
            .unwrap_or_else(|| object(Vec::new(), span(&schema)));
        members.push(member("requestedSchema", span(&schema), v));
        Found {
            at: cs,
            params: object(members, cs),
            unknown: std::mem::take(&mut self.unknown),
            origin: self.zod_origin.take(),
        }
    }

    /// A schema of this module that another module sends, found where it
    /// is written (`const NAME = value` at the top, or `exports.NAME =
    /// value`): only the schema is judged, the rest is the sender's.
    fn elicited(&mut self, root: TsNode<'t>, e: &Elicited) -> Option<Found<'s>> {
        let text = self.text;
        let mut value = None;
        super::each_node(root, |n| {
            if value.is_some() {
                return;
            }
            match n.kind() {
                "variable_declarator"
                    if n.child_by_field_name("name")
                        .is_some_and(|x| text[x.byte_range()] == e.name)
                        && n.parent().and_then(|p| p.parent()).is_some_and(|p| {
                            p.kind() == "program"
                                || (p.kind() == "export_statement"
                                    && p.parent().is_some_and(|pp| pp.kind() == "program"))
                        }) =>
                {
                    value = n.child_by_field_name("value");
                }
                "assignment_expression"
                    if n.child_by_field_name("left").is_some_and(|l| {
                        let t = &text[l.byte_range()];
                        t.strip_prefix("exports.")
                            .or(t.strip_prefix("module.exports."))
                            == Some(e.name.as_str())
                    }) =>
                {
                    value = n.child_by_field_name("right");
                }
                "function_declaration"
                    if n.child_by_field_name("name")
                        .is_some_and(|x| text[x.byte_range()] == e.name)
                        && n.parent().is_some_and(|p| {
                            p.kind() == "program"
                                || (p.kind() == "export_statement"
                                    && p.parent().is_some_and(|pp| pp.kind() == "program"))
                        }) =>
                {
                    value = Some(n);
                }
                _ => {}
            }
        });
        let mut value = value?;
        if is_function(value) {
            // A builder: what it returns, when that is one value.
            value = returned(value)?;
        }
        self.unknown.clear();
        self.zod_origin = None;
        let vs = span(&value);
        let schema = match e.flavour {
            Flavour::Converted(zod4) => {
                let kind = if zod4 {
                    Zod::ToJsonSchema4
                } else {
                    Zod::ToJsonSchema3
                };
                self.zod_schema(kind, value, value, "/requestedSchema")
            }
            _ => self
                .value(value, "/requestedSchema", 0)
                .unwrap_or_else(|| object(Vec::new(), vs)),
        };
        let mut found = build::elicited(value, schema, std::mem::take(&mut self.unknown));
        found.origin = self.zod_origin.take();
        Some(found)
    }

    /// Whether `n` is a parameter of the function around it, and that
    /// function a helper of the project.
    fn helper_parameter(&self, n: TsNode<'t>) -> bool {
        if self.links.helper_defs.is_empty()
            || !matches!(n.kind(), "identifier" | "shorthand_property_identifier")
        {
            return false;
        }
        let text = self.text;
        let name = &text[n.byte_range()];
        let mut at = n.parent();
        while let Some(f) = at {
            if matches!(
                f.kind(),
                "function_declaration"
                    | "method_definition"
                    | "arrow_function"
                    | "function_expression"
            ) {
                let fname = f
                    .child_by_field_name("name")
                    .or_else(|| {
                        f.parent()
                            .filter(|p| p.kind() == "variable_declarator")
                            .and_then(|p| p.child_by_field_name("name"))
                    })
                    .map(|x| &text[x.byte_range()]);
                let is_param = f
                    .child_by_field_name("parameters")
                    .or_else(|| f.child_by_field_name("parameter"))
                    .is_some_and(|ps| {
                        let mut hit = false;
                        super::each_node(ps, |p| {
                            if p.kind() == "identifier" && &text[p.byte_range()] == name {
                                hit = true;
                            }
                        });
                        hit
                    });
                if is_param {
                    return fname.is_some_and(|f| self.links.helper_defs.iter().any(|h| h == f));
                }
            }
            at = f.parent();
        }
        false
    }

    fn found(&mut self, at: TsNode<'t>, params: TsNode<'t>) -> Found<'s> {
        self.unknown.clear();
        self.zod_origin = None;
        let node = self
            .value(params, "", 0)
            .unwrap_or_else(|| object(Vec::new(), span(&params)));
        Found {
            at: span(&at),
            params: node,
            unknown: std::mem::take(&mut self.unknown),
            origin: self.zod_origin.take(),
        }
    }

    /// `n` without the wrappers that do not change its value (`( )`,
    /// `as const`, `satisfies T`, `!`), and identifiers followed to their
    /// `const` value. `None` when it cannot be followed.
    fn resolve(&mut self, n: TsNode<'t>) -> Option<TsNode<'t>> {
        let mut n = n;
        for _ in 0..32 {
            match n.kind() {
                "parenthesized_expression"
                | "as_expression"
                | "satisfies_expression"
                | "non_null_expression" => n = n.named_child(0)?,
                "type_assertion" => {
                    n = n.named_child(u32::try_from(n.named_child_count().checked_sub(1)?).ok()?)?
                }
                "identifier" | "shorthand_property_identifier" => {
                    let name = &self.text[n.byte_range()];
                    n = match *self.consts.get(name)? {
                        Some(v) => v,
                        // Bound more than once: the binding the use sees.
                        None => self.bindings.resolve(name, n)?,
                    };
                    self.followed.push(name);
                }
                "member_expression" => match self.statics.get(&self.text[n.byte_range()]) {
                    Some(Some(v)) => n = *v,
                    Some(None) => return None,
                    None => return Some(n),
                },
                "call_expression" => match self.built_by(n) {
                    Some(v) => n = v,
                    None => return Some(n),
                },
                _ => return Some(n),
            }
        }
        None
    }

    /// What a call of a builder of this file returns: `schema()` where
    /// `function schema() { return {...}; }` or `const schema = () =>
    /// ({...})`, a function without parameters, called without arguments,
    /// whose one `return` ends its body.
    fn built_by(&mut self, call: TsNode<'t>) -> Option<TsNode<'t>> {
        let f = call.child_by_field_name("function")?;
        let args = call.child_by_field_name("arguments")?;
        if f.kind() != "identifier" || args.named_child_count() != 0 {
            return None;
        }
        let name = &self.text[f.byte_range()];
        let function = match self.functions.get(name) {
            Some(found) => (*found)?,
            None => self.resolve(f)?,
        };
        if !is_function(function) {
            return None;
        }
        returned(function)
    }

    fn resolve_str(&mut self, n: TsNode<'t>) -> Option<String> {
        let n = self.resolve(n)?;
        self.string_of(n)
    }

    /// Whether `obj` is the `params` of a request literal whose method is
    /// `elicitation/create` (given to any function that sends it).
    fn is_request_params(&mut self, obj: TsNode<'t>) -> bool {
        let Some(pair) = obj.parent().filter(|p| p.kind() == "pair") else {
            return false;
        };
        let Some(request) = pair.parent() else {
            return false;
        };
        pair.child_by_field_name("key")
            .is_some_and(|k| self.key_of(k).as_deref() == Some("params"))
            && self
                .pair_value(request, "method")
                .and_then(|m| self.resolve_str(m))
                .as_deref()
                == Some("elicitation/create")
    }

    /// The value of the member `key` of an object literal.
    fn pair_value(&self, obj: TsNode<'t>, key: &str) -> Option<TsNode<'t>> {
        let mut w = obj.walk();
        let found = obj.named_children(&mut w).filter_map(|c| match c.kind() {
            "pair" => {
                let k = c.child_by_field_name("key")?;
                (self.key_of(k).as_deref() == Some(key)).then(|| c.child_by_field_name("value"))?
            }
            "shorthand_property_identifier" => (&self.text[c.byte_range()] == key).then_some(c),
            _ => None,
        });
        found.last()
    }

    /// A computed key whose value is known statically: `[FIELD]` with
    /// `const FIELD = "confirm"`, `["a"]`.
    fn computed_key(&mut self, k: TsNode<'t>, ptr: &str, depth: usize) -> Option<String> {
        if k.kind() != "computed_property_name" {
            return None;
        }
        let inner = k.named_child(0)?;
        let before = self.unknown.len();
        let value = self.value(inner, ptr, depth + 1);
        let known = self.unknown.len() == before;
        self.unknown.truncate(before);
        match value?.value {
            NodeValue::String(s) if known => Some(s.into_owned()),
            _ => None,
        }
    }

    fn key_of(&self, k: TsNode<'t>) -> Option<String> {
        match k.kind() {
            "property_identifier" | "number" => Some(self.text[k.byte_range()].to_string()),
            "string" => self.string_of(k),
            _ => None,
        }
    }

    fn string_of(&self, n: TsNode<'t>) -> Option<String> {
        match n.kind() {
            "string" => {
                let raw = &self.text[n.byte_range()];
                build::unescape(raw.get(1..raw.len().checked_sub(1)?)?)
            }
            "template_string" => {
                let mut w = n.walk();
                if n.named_children(&mut w)
                    .any(|c| c.kind() == "template_substitution")
                {
                    return None;
                }
                let raw = &self.text[n.byte_range()];
                build::unescape(raw.get(1..raw.len().checked_sub(1)?)?)
            }
            _ => None,
        }
    }

    fn unknown(&mut self, n: TsNode<'t>, ptr: &str, what: String) -> Node<'s> {
        self.unknown.push(Unknown {
            pointer: ptr.to_string(),
            span: span(&n),
            what,
            whole: true,
        });
        placeholder(ptr, span(&n))
    }

    /// The JSON value of an expression; `None` for `undefined` (dropped by
    /// `JSON.stringify`).
    fn value(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Option<Node<'s>> {
        let written = n;
        if depth > MAX_NESTING {
            return Some(self.unknown(
                n,
                ptr,
                format!("nested more than {MAX_NESTING} levels deep; not read further"),
            ));
        }
        // Defined in another module: checked there.
        if !self.links.resolved.is_empty()
            && matches!(
                n.kind(),
                "identifier"
                    | "shorthand_property_identifier"
                    | "member_expression"
                    | "call_expression"
            )
        {
            let whole = &self.text[n.byte_range()];
            if self.links.resolved.iter().any(|r| r == whole) {
                self.unknown.push(Unknown {
                    pointer: ptr.to_string(),
                    span: span(&n),
                    what: String::new(),
                    whole: true,
                });
                return Some(placeholder(ptr, span(&n)));
            }
        }
        let ident = matches!(n.kind(), "identifier" | "shorthand_property_identifier")
            .then(|| &self.text[n.byte_range()]);
        if ident == Some("undefined") {
            return None;
        }
        if let Some(name) = ident
            && self.following.contains(&name)
        {
            return Some(self.unknown(n, ptr, format!("`{name}` refers to itself")));
        }
        let Some(n) = self.resolve(n) else {
            // A helper's parameter (checked at each call): nothing to say
            // here.
            if self.helper_parameter(written) {
                self.unknown.push(Unknown {
                    pointer: ptr.to_string(),
                    span: span(&written),
                    what: String::new(),
                    whole: true,
                });
                return Some(placeholder(ptr, span(&written)));
            }
            let text = short(&self.text[written.byte_range()]);
            let what = match ident {
                Some(name) => format!(
                    "`{name}` is not a `const` bound once in this file; its value at `{}` is not known statically",
                    if ptr.is_empty() { "/" } else { ptr }
                ),
                None => format!("`{text}` is not a literal; its value is not known statically"),
            };
            return Some(self.unknown(written, ptr, what));
        };
        if let Some(name) = ident {
            self.following.push(name);
        }
        let v = self.literal(n, written, ptr, depth);
        if ident.is_some() {
            self.following.pop();
        }
        v
    }

    fn literal(
        &mut self,
        n: TsNode<'t>,
        written: TsNode<'t>,
        ptr: &str,
        depth: usize,
    ) -> Option<Node<'s>> {
        let sp = span(&written);
        let text = &self.text[n.byte_range()];
        Some(match n.kind() {
            "object" => self.object(n, sp, ptr, depth),
            "array" => {
                let mut items = Vec::new();
                let mut w = n.walk();
                let children: Vec<TsNode> = n.named_children(&mut w).collect();
                for c in children {
                    if c.kind() == "comment" {
                        continue;
                    }
                    let item_ptr = pointer_push(ptr, &items.len().to_string());
                    if c.kind() == "spread_element" {
                        let inner = c.named_child(0);
                        match inner.and_then(|i| self.resolve(i)) {
                            Some(a) if a.kind() == "array" => {
                                if let Some(Node {
                                    value: NodeValue::Array(more),
                                    ..
                                }) = self.value(a, &item_ptr, depth + 1)
                                {
                                    items.extend(more);
                                }
                            }
                            _ => {
                                let what = format!(
                                    "`{}` is spread into this array at run time; its items are not known statically",
                                    short(&self.text[c.byte_range()])
                                );
                                self.unknown.push(Unknown {
                                    pointer: ptr.to_string(),
                                    span: span(&c),
                                    what,
                                    whole: true,
                                });
                            }
                        }
                        continue;
                    }
                    // `undefined` in an array becomes null.
                    let v = self
                        .value(c, &item_ptr, depth + 1)
                        .unwrap_or(build::null(span(&c)));
                    items.push(v);
                }
                Node {
                    value: NodeValue::Array(items),
                    span: sp,
                }
            }
            "string" | "template_string" => match self.string_of(n) {
                Some(s) => {
                    let raw = &self.text[n.byte_range()];
                    let body = &raw[1..raw.len() - 1];
                    if s == body {
                        string(body, sp)
                    } else {
                        string(s, sp)
                    }
                }
                None => {
                    return Some(self.unknown(
                        written,
                        ptr,
                        "this template string is built at run time; its text is not known statically".to_string(),
                    ));
                }
            },
            "number" if build::is_json_number(text) => build::number(text, sp),
            "unary_expression"
                if text.starts_with('-')
                    && n.named_child(0).is_some_and(|c| c.kind() == "number")
                    && build::is_json_number(text) =>
            {
                build::number(text, sp)
            }
            "true" => build::boolean(true, sp),
            "false" => build::boolean(false, sp),
            "null" => build::null(sp),
            "undefined" => return None,
            "call_expression" if zod_converter(n, self.text).is_some() => {
                return Some(self.zod_converted(n, written, ptr));
            }
            // `a ?? b`, `a || b`: `a` when it is known and not null.
            "binary_expression"
                if n.child_by_field_name("operator")
                    .is_some_and(|o| matches!(&self.text[o.byte_range()], "??" | "||")) =>
            {
                let before = self.unknown.len();
                if let Some(left) = n.child_by_field_name("left")
                    && let Some(v) = self.value(left, ptr, depth + 1)
                    && !matches!(v.value, NodeValue::Null)
                    && !self.unknown[before..].iter().any(|u| u.pointer == ptr)
                {
                    return Some(v);
                }
                self.unknown.truncate(before);
                return Some(self.unknown(
                    written,
                    ptr,
                    format!(
                        "`{}` is computed at run time; its value is not known statically",
                        short(text)
                    ),
                ));
            }
            // `(zodToJsonSchema(schema) as any).properties`: a member of a
            // value known statically.
            "member_expression"
                if n.child_by_field_name("property")
                    .is_some_and(|p| p.kind() == "property_identifier") =>
            {
                let before = self.unknown.len();
                let key = n
                    .child_by_field_name("property")
                    .map(|p| &self.text[p.byte_range()])
                    .unwrap_or_default();
                // Read where the member lands (`x.properties` given as
                // `properties`), the object is read one level up, so what
                // it leaves unknown keeps its place; elsewhere all of it
                // must be known.
                let (up, last) = ptr.rsplit_once('/').unwrap_or(("", ptr));
                let same = crate::json::pointer_token(last) == key;
                if let Some(object) = n.child_by_field_name("object")
                    && let Some(v) = self.value(object, if same { up } else { "" }, depth + 1)
                    && (same || self.unknown.len() == before)
                    && !self.unknown[before..]
                        .iter()
                        .any(|u| u.pointer == up || u.pointer.is_empty())
                    && let NodeValue::Object(members) = v.value
                {
                    return members.into_iter().find(|m| m.key == key).map(|m| m.value);
                }
                self.unknown.truncate(before);
                return Some(self.unknown(
                    written,
                    ptr,
                    format!(
                        "`{}` is computed at run time; its value is not known statically",
                        short(text)
                    ),
                ));
            }
            _ => {
                let what = if text.contains("zodToJsonSchema") || text.contains("toJSONSchema") {
                    format!(
                        "`{}` converts a Zod schema at run time; mcp-elicit does not read Zod schemas yet, so this schema is not checked",
                        short(text)
                    )
                } else {
                    format!(
                        "`{}` is computed at run time; its value is not known statically",
                        short(text)
                    )
                };
                return Some(self.unknown(written, ptr, what));
            }
        })
    }

    fn object(&mut self, n: TsNode<'t>, sp: Span, ptr: &str, depth: usize) -> Node<'s> {
        let mut members = Vec::new();
        self.members(n, ptr, depth, &mut members);
        object(members, sp)
    }

    fn members(
        &mut self,
        n: TsNode<'t>,
        ptr: &str,
        depth: usize,
        members: &mut Vec<crate::json::Member<'s>>,
    ) {
        let mut w = n.walk();
        let children: Vec<TsNode> = n.named_children(&mut w).collect();
        for c in children {
            match c.kind() {
                "pair" => {
                    let (Some(k), Some(v)) =
                        (c.child_by_field_name("key"), c.child_by_field_name("value"))
                    else {
                        continue;
                    };
                    let Some(key) = self.key_of(k).or_else(|| self.computed_key(k, ptr, depth))
                    else {
                        let what = format!(
                            "the key `{}` is computed at run time; this object is checked without it",
                            short(&self.text[k.byte_range()])
                        );
                        build::open(&mut self.unknown, ptr, span(&k), what, members);
                        continue;
                    };
                    let key_ptr = pointer_push(ptr, &key);
                    if let Some(value) = self.value(v, &key_ptr, depth + 1) {
                        members.retain(|m: &crate::json::Member| m.key != key);
                        members.push(member(key, span(&k), value));
                    } else {
                        members.retain(|m: &crate::json::Member| m.key != key);
                    }
                }
                "shorthand_property_identifier" => {
                    let key = self.text[c.byte_range()].to_string();
                    let key_ptr = pointer_push(ptr, &key);
                    members.retain(|m: &crate::json::Member| m.key != key);
                    if let Some(value) = self.value(c, &key_ptr, depth + 1) {
                        members.push(member(key, span(&c), value));
                    }
                }
                "spread_element" => {
                    let inner = c.named_child(0);
                    let name = inner.map(|i| &self.text[i.byte_range()]);
                    let resolved = inner.and_then(|i| self.resolve(i));
                    if let Some(call) = resolved.filter(|c| zod_converter(*c, self.text).is_some())
                    {
                        if let Node {
                            value: NodeValue::Object(spread),
                            ..
                        } = self.zod_converted(call, c, ptr)
                        {
                            for m in spread {
                                members.retain(|x: &crate::json::Member| x.key != m.key);
                                members.push(m);
                            }
                        }
                        continue;
                    }
                    match resolved {
                        Some(o) if o.kind() == "object" && depth < MAX_NESTING => {
                            if let Some(name) = name {
                                self.following.push(name);
                            }
                            let mut spread = Vec::new();
                            self.members(o, ptr, depth + 1, &mut spread);
                            self.following.pop();
                            for m in spread {
                                members.retain(|x: &crate::json::Member| x.key != m.key);
                                members.push(m);
                            }
                        }
                        _ => {
                            let text = short(&self.text[c.byte_range()]);
                            let what = if text.contains("zodToJsonSchema")
                                || text.contains("toJSONSchema")
                            {
                                format!(
                                    "`{text}` spreads a Zod schema converted at run time; mcp-elicit does not read Zod schemas yet, so the keys it adds are not checked"
                                )
                            } else {
                                format!(
                                    "`{text}` spreads a value not known statically; this object is checked without its keys"
                                )
                            };
                            build::open(&mut self.unknown, ptr, span(&c), what, members);
                        }
                    }
                }
                "method_definition" => {}
                _ => {}
            }
        }
    }
}

/// What stands in for a value not known statically: an empty string for
/// the texts, an empty object otherwise. Findings at or under its pointer
/// are not reported.
fn placeholder<'s>(ptr: &str, sp: Span) -> Node<'s> {
    let last = ptr.rsplit('/').next().unwrap_or("");
    if matches!(last, "message" | "title" | "description") {
        string("", sp)
    } else {
        object(Vec::new(), sp)
    }
}

/// Which Zod converter a call is: `zodToJsonSchema(schema)` (the
/// zod-to-json-schema package, Zod 3 schemas) or `z.toJSONSchema(schema)`
/// (Zod 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Zod {
    ToJsonSchema3,
    ToJsonSchema4,
}

impl Zod {
    fn name(self) -> &'static str {
        match self {
            Zod::ToJsonSchema3 => "zod-to-json-schema",
            Zod::ToJsonSchema4 => "zod-toJSONSchema",
        }
    }
}

fn zod_converter(n: TsNode, text: &str) -> Option<Zod> {
    if n.kind() != "call_expression" {
        return None;
    }
    let f = n.child_by_field_name("function")?;
    match &text[f.byte_range()] {
        "zodToJsonSchema" => Some(Zod::ToJsonSchema3),
        t if t == "toJSONSchema" || t.ends_with(".toJSONSchema") => Some(Zod::ToJsonSchema4),
        _ => None,
    }
}

/// Zod 4's patterns for its string formats (zod 3.25's `zod/v4`), which
/// `z.toJSONSchema` writes beside `format`.
const ZOD4_EMAIL: &str = r"^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$";
const ZOD4_DATE: &str = r"^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$";
const ZOD4_DATETIME: &str = r"^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z))$";
const SAFE_MIN: &str = "-9007199254740991";
const SAFE_MAX: &str = "9007199254740991";

impl<'s, 't> Reader<'s, 't> {
    /// The JSON Schema a Zod converter call returns, as the pinned
    /// converters write it; a note when the schema uses what this reader
    /// does not emulate.
    fn zod_converted(&mut self, call: TsNode<'t>, written: TsNode<'t>, ptr: &str) -> Node<'s> {
        let Some(kind) = zod_converter(call, self.text) else {
            return self.unknown(written, ptr, "not a Zod conversion".to_string());
        };
        let args = call.child_by_field_name("arguments");
        let mut w = args.map(|a| a.walk());
        let list: Vec<TsNode> = match (args, w.as_mut()) {
            (Some(a), Some(w)) => a
                .named_children(w)
                .filter(|c| c.kind() != "comment")
                .collect(),
            _ => Vec::new(),
        };
        let call_text = short(&self.text[call.byte_range()]);
        if list.len() != 1 {
            return self.unknown(
                written,
                ptr,
                format!("`{call_text}` passes options to the converter; mcp-elicit reads the default conversion only, so this schema is not checked"),
            );
        }
        if self
            .links
            .resolved
            .iter()
            .any(|r| r == &self.text[list[0].byte_range()])
        {
            // Converted here, written in another module: checked there.
            self.unknown.push(Unknown {
                pointer: ptr.to_string(),
                span: span(&written),
                what: String::new(),
                whole: true,
            });
            return placeholder(ptr, span(&written));
        }
        let Some(schema) = self.resolve(list[0]) else {
            return self.unknown(
                written,
                ptr,
                format!(
                    "the Zod schema of `{call_text}` is not a `const` of this file; not checked"
                ),
            );
        };
        self.zod_schema(kind, schema, call, ptr)
    }

    /// The Zod schema `schema` as the converter `kind` writes it, placed at
    /// `at`.
    fn zod_schema(&mut self, kind: Zod, schema: TsNode<'t>, at: TsNode<'t>, ptr: &str) -> Node<'s> {
        let written = at;
        let call = at;
        let call_text = short(&self.text[schema.byte_range()]);
        match self.zod(schema, kind, 0, ptr) {
            Ok((mut node, _)) => {
                self.zod_origin = Some((kind.name(), self.text[schema.byte_range()].to_string()));
                let sp = span(&call);
                if let NodeValue::Object(m) = &mut node.value {
                    let uri = match kind {
                        Zod::ToJsonSchema3 => "http://json-schema.org/draft-07/schema#",
                        Zod::ToJsonSchema4 => "https://json-schema.org/draft/2020-12/schema",
                    };
                    m.insert(0, member("$schema", sp, string(uri, sp)));
                }
                node.span = sp;
                node
            }
            Err(why) => self.unknown(
                written,
                ptr,
                format!("the Zod schema converted by `{call_text}` uses {why}, which mcp-elicit does not emulate; not checked"),
            ),
        }
    }

    /// A Zod schema expression (`z.object({...})` and its chains) as the
    /// converter writes it, and whether the key holding it is optional.
    fn zod(
        &mut self,
        n: TsNode<'t>,
        kind: Zod,
        depth: usize,
        ptr: &str,
    ) -> Result<(Node<'s>, bool), String> {
        if depth > MAX_NESTING {
            return Err("nesting this deep".to_string());
        }
        let text: &'s str = self.text;
        // Unroll `z.base(args).m1(a).m2(b)` into the base and its methods.
        let mut methods: Vec<(TsNode<'t>, TsNode<'t>)> = Vec::new();
        let mut cur = self.resolve(n).ok_or("a schema built at run time")?;
        let (base, base_name, base_args) = loop {
            if cur.kind() != "call_expression" {
                return Err(format!("`{}`", short(&text[cur.byte_range()])));
            }
            let f = cur.child_by_field_name("function").ok_or("a call")?;
            let args = cur.child_by_field_name("arguments").ok_or("a call")?;
            if f.kind() != "member_expression" {
                return Err(format!("`{}`", short(&text[f.byte_range()])));
            }
            let obj = f.child_by_field_name("object").ok_or("a call")?;
            let prop = f.child_by_field_name("property").ok_or("a call")?;
            if &text[obj.byte_range()] == "z" {
                break (cur, &text[prop.byte_range()], args);
            }
            methods.push((prop, args));
            cur = self.resolve(obj).ok_or("a schema built at run time")?;
        };
        methods.reverse();
        let sp = span(&n);
        let first_arg = |args: TsNode<'t>| {
            let mut w = args.walk();
            args.named_children(&mut w).find(|c| c.kind() != "comment")
        };
        let mut m: Vec<crate::json::Member<'s>> = Vec::new();
        let mut is_string = false;
        let mut is_int = false;
        match base_name {
            "object" | "strictObject" => {
                let arg = first_arg(base_args)
                    .and_then(|a| self.resolve(a))
                    .filter(|a| a.kind() == "object")
                    .ok_or("an object shape built at run time")?;
                let mut props: Vec<crate::json::Member<'s>> = Vec::new();
                let mut required: Vec<Node<'s>> = Vec::new();
                let mut w = arg.walk();
                let pairs: Vec<TsNode> = arg.named_children(&mut w).collect();
                for pair in pairs {
                    if pair.kind() == "comment" {
                        continue;
                    }
                    if pair.kind() != "pair" {
                        return Err(format!(
                            "`{}` in an object shape",
                            short(&text[pair.byte_range()])
                        ));
                    }
                    let (Some(k), Some(v)) = (
                        pair.child_by_field_name("key"),
                        pair.child_by_field_name("value"),
                    ) else {
                        continue;
                    };
                    let key = self.key_of(k).ok_or("a computed key")?;
                    let prop_ptr = pointer_push(&pointer_push(ptr, "properties"), &key);
                    let (schema, optional) = self.zod(v, kind, depth + 1, &prop_ptr)?;
                    if !optional {
                        required.push(string(key.clone(), span(&k)));
                    }
                    props.push(member(key, span(&k), schema));
                }
                m.push(member("type", sp, string("object", sp)));
                m.push(member("properties", span(&arg), object(props, span(&arg))));
                if !required.is_empty() {
                    m.push(member(
                        "required",
                        span(&arg),
                        Node {
                            value: NodeValue::Array(required),
                            span: span(&arg),
                        },
                    ));
                }
                m.push(member(
                    "additionalProperties",
                    sp,
                    build::boolean(false, sp),
                ));
            }
            "string" => {
                is_string = true;
                m.push(member("type", sp, string("string", sp)));
            }
            "number" => m.push(member("type", sp, string("number", sp))),
            "int" if kind == Zod::ToJsonSchema4 => {
                is_int = true;
                m.push(member("type", sp, string("integer", sp)));
            }
            "boolean" => m.push(member("type", sp, string("boolean", sp))),
            "enum" => {
                let given = first_arg(base_args).ok_or("`z.enum()` without options")?;
                m.push(member("type", sp, string("string", sp)));
                let before = self.unknown.len();
                let values = self
                    .resolve(given)
                    .filter(|a| a.kind() == "array")
                    .and_then(|a| Some((a, self.value(a, "", depth + 1)?)))
                    .filter(|_| self.unknown.len() == before);
                self.unknown.truncate(before);
                match values {
                    Some((arg, values)) => m.push(member("enum", span(&arg), values)),
                    None => {
                        // Options built at run time (`items.map(...)`): the
                        // converter still writes a string enum, and the rest
                        // of the schema around it.
                        let p = pointer_push(ptr, "enum");
                        let what = format!(
                            "the options `{}` are built at run time; they are not checked",
                            short(&text[given.byte_range()])
                        );
                        let v = self.unknown(given, &p, what);
                        m.push(member("enum", span(&given), v));
                    }
                }
            }
            other => return Err(format!("`z.{other}()`")),
        }
        let _ = base;
        let mut optional = false;
        let set =
            |m: &mut Vec<crate::json::Member<'s>>, key: &'static str, ks: Span, v: Node<'s>| {
                m.retain(|x| x.key != key);
                m.push(member(key, ks, v));
            };
        for (prop, args) in methods {
            let name = &text[prop.byte_range()];
            let ps = span(&prop);
            let arg = first_arg(args);
            let number_arg = |r: &mut Self| -> Result<Node<'s>, String> {
                let a = arg.ok_or("a bound without a value")?;
                match r.value(a, "", depth + 1) {
                    Some(v) if v.is_number() => Ok(v),
                    _ => Err(format!(
                        "a bound computed at run time (`{}`)",
                        short(&text[a.byte_range()])
                    )),
                }
            };
            match name {
                "min" | "max" | "length" if is_string => {
                    let v = number_arg(self)?;
                    if name != "max" {
                        set(&mut m, "minLength", ps, v.clone());
                    }
                    if name != "min" {
                        set(&mut m, "maxLength", ps, v);
                    }
                }
                "min" | "gte" => set(&mut m, "minimum", ps, number_arg(self)?),
                "max" | "lte" => set(&mut m, "maximum", ps, number_arg(self)?),
                "gt" => set(&mut m, "exclusiveMinimum", ps, number_arg(self)?),
                "lt" => set(&mut m, "exclusiveMaximum", ps, number_arg(self)?),
                "positive" => set(&mut m, "exclusiveMinimum", ps, build::number("0", ps)),
                "nonnegative" => set(&mut m, "minimum", ps, build::number("0", ps)),
                "int" => {
                    is_int = true;
                    set(&mut m, "type", ps, string("integer", ps));
                }
                "email" | "url" | "date" | "datetime" if is_string && arg.is_none() => {
                    let (format, pattern) = match name {
                        "email" => ("email", ZOD4_EMAIL),
                        "url" => ("uri", ""),
                        "date" => ("date", ZOD4_DATE),
                        _ => ("date-time", ZOD4_DATETIME),
                    };
                    set(&mut m, "format", ps, string(format, ps));
                    if kind == Zod::ToJsonSchema4 && !pattern.is_empty() {
                        set(&mut m, "pattern", ps, string(pattern, ps));
                    }
                }
                "describe" => {
                    let a = arg.ok_or("`.describe()` without text")?;
                    match self.string_of(a) {
                        Some(d) => set(&mut m, "description", span(&a), string(d, span(&a))),
                        None => {
                            // Only this description is left out.
                            let p = pointer_push(ptr, "description");
                            let what = format!(
                                "the description `{}` is built at run time; its text is not checked",
                                short(&text[a.byte_range()])
                            );
                            let v = self.unknown(a, &p, what);
                            set(&mut m, "description", span(&a), v);
                        }
                    }
                }
                "optional" => optional = true,
                "default" => {
                    let a = arg.ok_or("`.default()` without a value")?;
                    let v = self
                        .value(a, "", depth + 1)
                        .ok_or("a default built at run time")?;
                    set(&mut m, "default", span(&a), v);
                    if kind == Zod::ToJsonSchema3 {
                        optional = true;
                    }
                }
                "trim" | "toLowerCase" | "toUpperCase" => {}
                // No converter turns a refinement into JSON Schema: the
                // schema is the one refined (the server checks the rest on
                // the answer).
                "refine" | "superRefine" | "check" => {}
                // zod-to-json-schema reads a transform's input side; Zod 4's
                // z.toJSONSchema throws on one (so nothing is known).
                "transform" if kind == Zod::ToJsonSchema3 => {}
                "strict" if base_name == "object" => {}
                other => return Err(format!("`.{other}()`")),
            }
        }
        if is_int && kind == Zod::ToJsonSchema4 {
            if !m
                .iter()
                .any(|x| x.key == "minimum" || x.key == "exclusiveMinimum")
            {
                m.push(member("minimum", sp, build::number(SAFE_MIN, sp)));
            }
            if !m
                .iter()
                .any(|x| x.key == "maximum" || x.key == "exclusiveMaximum")
            {
                m.push(member("maximum", sp, build::number(SAFE_MAX, sp)));
            }
        }
        Ok((object(m, sp), optional))
    }
}
