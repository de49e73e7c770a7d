//! Python: `ctx.elicit(message, Model)` / `ctx.elicit(message, schema=Model)`
//! of the official SDK, FastMCP's `ctx.elicit(message, response_type=...)`
//! (models, dataclasses, scalars, `Literal`, `Enum` and the list and dict
//! shorthands), dict literals given as `requested_schema=` /
//! `requestedSchema=`, and `Model.model_json_schema()` given as one (or
//! bound to a name given as one).
//!
//! Models are rendered as the pinned SDKs render them: Pydantic's
//! `model_json_schema()` with the official SDK's `_ElicitationJsonSchema`
//! (`T | None` flattened to `T`, a `None` default dropped), or FastMCP's
//! `ElicitationJsonSchema` (enums inlined with the enum's name as title).
//! Both keep the class name as root `title` and the docstring as root
//! `description`; those are reported on the `class` line.

use std::collections::HashMap;

use tree_sitter::Node as TsNode;

use super::build::short;
use super::build::{self, Unknown, member, object, span, string};
use super::index::{Elicited, Flavour, Links};
use super::{Found, Scan, parse};
use crate::json::{Member, Node, NodeValue, Span, pointer_push};
use crate::rules::sdk_refuses_field::{self, Instead};

/// Which generator renders the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Generator {
    /// The official SDK (`mcp`).
    Sdk,
    /// FastMCP (`fastmcp`).
    FastMcp,
    /// Pydantic's own `Model.model_json_schema()`, given as the requested
    /// schema (as FastMCP renders models, but enums stay `$ref`s).
    Pydantic,
}

impl Generator {
    fn name(self) -> &'static str {
        match self {
            Generator::Sdk => "mcp",
            Generator::FastMcp => "fastmcp",
            Generator::Pydantic => "pydantic",
        }
    }
}

/// The FastMCP a project pins, as far as its output differs: 2.x and 3.x
/// send an empty form for `response_type=None` and give the wrapped
/// shorthands the root title `ScalarElicitationType`; 4.x refuses `None`
/// and pops that title (fastmcp#4477). Verified with fastmcp 3.2.0 and
/// 4.0.10 (`parse_elicit_response_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FastMcpMajor {
    Before4,
    From4,
    /// No pin, or one that allows both: the newest is emulated.
    Unpinned,
}

struct Class<'t> {
    name: TsNode<'t>,
    bases: Vec<String>,
    body: TsNode<'t>,
    dataclass: bool,
}

/// The elicitations of a file; with `windows`, read in those ranges only,
/// and `None` when that reading is not complete.
pub(crate) fn scan<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    project: super::Project,
) -> Option<Scan<'s>> {
    let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
    let mut out = Scan::default();
    let tree = parse(&grammar, text, &mut out.notes, windows)?;
    // FastMCP's `ctx`: the file imports it, or the project runs on it.
    let fastmcp_file =
        project.fastmcp || text.contains("from fastmcp") || text.contains("import fastmcp");
    let mut classes: HashMap<&str, Class> = HashMap::new();
    let mut dynamic: HashMap<&str, TsNode> = HashMap::new();
    let mut calls = Vec::new();
    let mut requests = Vec::new();
    super::each_node(tree.root_node(), |n| match n.kind() {
        "call" => calls.push(n),
        "dictionary" => requests.push(n),
        "assignment" => {
            // `X = type("Name", (BaseModel,), {...})`, `X =
            // create_model("Name", ...)`: a class made at run time whose
            // name is the root `title`.
            if let (Some(left), Some(right)) = (
                n.child_by_field_name("left"),
                n.child_by_field_name("right"),
            ) && left.kind() == "identifier"
                && right.kind() == "call"
                && let Some(f) = right.child_by_field_name("function")
                && matches!(
                    text[f.byte_range()].rsplit('.').next(),
                    Some("type" | "create_model")
                )
                && let Some(args) = right.child_by_field_name("arguments")
                && let Some(first) = args.named_child(0)
                && first.kind() != "keyword_argument"
                && (text[f.byte_range()].ends_with("create_model")
                    || args
                        .named_child(1)
                        .is_some_and(|b| text[b.byte_range()].contains("BaseModel")))
            {
                dynamic.insert(&text[left.byte_range()], first);
            }
        }
        "class_definition" => {
            if let (Some(name), Some(body)) =
                (n.child_by_field_name("name"), n.child_by_field_name("body"))
            {
                let mut bases = Vec::new();
                if let Some(sup) = n.child_by_field_name("superclasses") {
                    let mut w = sup.walk();
                    for b in sup.named_children(&mut w) {
                        let t = &text[b.byte_range()];
                        bases.push(t.rsplit('.').next().unwrap_or(t).to_string());
                    }
                }
                let dataclass = n.parent().is_some_and(|p| {
                    p.kind() == "decorated_definition" && {
                        let mut w = p.walk();
                        p.named_children(&mut w).any(|d| {
                            d.kind() == "decorator" && text[d.byte_range()].contains("dataclass")
                        })
                    }
                });
                classes.insert(
                    &text[name.byte_range()],
                    Class {
                        name,
                        bases,
                        body,
                        dataclass,
                    },
                );
            }
        }
        _ => {}
    });
    // The official SDK 1.x: its FastMCP lives in `mcp.server.fastmcp`
    // (2.x renamed it `mcp.server.mcpserver`).
    let sdk1 = !fastmcp_file && (project.sdk1 || text.contains("mcp.server.fastmcp"));
    // The FastMCP the project pins, when the pin decides between the
    // majors whose output differs (before 4.0, from 4.0); otherwise the
    // newest is emulated and nothing is said of a version.
    let fastmcp = match project.fastmcp_majors {
        Some(m) if m.below(4) => FastMcpMajor::Before4,
        Some(m) if m.from(4) => FastMcpMajor::From4,
        _ => FastMcpMajor::Unpinned,
    };
    let adds_mode = super::project::Versions::may_be_from(project.python_sdk, (1, 23));
    let links = project.links.unwrap_or_default();
    let mut r = Reader {
        text,
        classes,
        dynamic,
        unknown: Vec::new(),
        unsettled: false,
        windows: windows.map(<[_]>::to_vec),
        outside: Default::default(),
        sdk1,
        fastmcp,
        adds_mode,
        links: links.clone(),
    };
    for call in calls {
        r.call(call, fastmcp_file, &mut out);
    }
    for e in &links.elicited {
        r.elicited(e, &mut out);
    }
    for d in requests {
        r.request(d, &mut out);
    }
    out.found.sort_by_key(|f| f.at.start);
    // Classes are looked up by name: one defined twice in the file, or
    // outside the windows, makes the reading incomplete.
    let classes: Vec<&str> = out
        .found
        .iter()
        .filter_map(|f| f.origin.as_ref())
        .flat_map(|(_, o)| {
            r.classes
                .keys()
                .filter(|k| o.contains(**k))
                .copied()
                .collect::<Vec<_>>()
        })
        .collect();
    if windows.is_some()
        && !super::windows_complete(&tree, &out, text, &classes, "class ", !r.unsettled)
    {
        return None;
    }
    Some(out)
}

struct Reader<'s, 't> {
    text: &'s str,
    classes: HashMap<&'s str, Class<'t>>,
    unknown: Vec<Unknown>,
    /// An unknown was noted that more of the file might tell (a class, an
    /// enum, a function the reading did not see); the others (a message
    /// or a value that is not a literal, which this reader never follows
    /// to a name's binding) are the same in any reading of the file.
    unsettled: bool,
    /// The windows read, when not the whole file.
    windows: Option<Vec<(usize, usize)>>,
    /// The words of the text outside the windows.
    outside: super::index::FewThenWords<'s>,
    /// The file runs on the official SDK 1.x, which checks a model's
    /// field types before sending and sends `model_json_schema()` as it is.
    sdk1: bool,
    /// Names bound to a class made at run time, with the expression of its
    /// name.
    dynamic: HashMap<&'s str, TsNode<'t>>,
    /// Which FastMCP the project pins.
    fastmcp: FastMcpMajor,
    /// The SDK puts `mode: "form"` in what it sends (from 1.23, FastMCP's
    /// calls through it too; read as the newest when the project does
    /// not say).
    adds_mode: bool,
    /// What the project's other files say about this one.
    links: std::sync::Arc<Links>,
}

/// The arguments of a call: positional, and keyword by name.
struct Args<'t> {
    positional: Vec<TsNode<'t>>,
    keyword: Vec<(&'t str, TsNode<'t>, TsNode<'t>)>,
}

impl<'t> Args<'t> {
    fn of(call: TsNode<'t>, text: &'t str) -> Option<Args<'t>> {
        let args = call.child_by_field_name("arguments")?;
        let mut positional = Vec::new();
        let mut keyword = Vec::new();
        let mut w = args.walk();
        for a in args.named_children(&mut w) {
            match a.kind() {
                "keyword_argument" => {
                    if let (Some(k), Some(v)) = (
                        a.child_by_field_name("name"),
                        a.child_by_field_name("value"),
                    ) {
                        keyword.push((&text[k.byte_range()], k, v));
                    }
                }
                "comment" => {}
                _ => positional.push(a),
            }
        }
        Some(Args {
            positional,
            keyword,
        })
    }

    fn get(&self, name: &str) -> Option<TsNode<'t>> {
        self.keyword
            .iter()
            .rev()
            .find(|(k, _, _)| *k == name)
            .map(|(_, _, v)| *v)
    }
}

impl<'s, 't> Reader<'s, 't>
where
    's: 't,
{
    fn call(&mut self, call: TsNode<'t>, fastmcp_file: bool, out: &mut Scan<'s>) {
        let text = self.text;
        let Some(f) = call.child_by_field_name("function") else {
            return;
        };
        let name = match f.kind() {
            "attribute" => f
                .child_by_field_name("attribute")
                .map(|a| &text[a.byte_range()]),
            "identifier" => Some(&text[f.byte_range()]),
            _ => None,
        };
        let Some(name) = name else { return };
        let Some(args) = Args::of(call, text) else {
            return;
        };
        // A helper of the project: its arguments are the elicitation.
        if let Some(h) = self.links.helpers.iter().find(|h| h.name == name).cloned() {
            let get = |p: &super::index::Param| {
                args.get(&p.name).or(args.positional.get(p.index).copied())
            };
            let message = h.message.as_ref().and_then(get);
            let Some(ty) = get(&h.schema) else {
                return;
            };
            self.unknown.clear();
            if h.message.is_none() {
                // The helper writes the message itself.
                self.unknown.push(Unknown {
                    pointer: "/message".into(),
                    span: span(&call),
                    what: String::new(),
                    whole: true,
                });
            }
            let (generator, sdk1) = match h.flavour {
                Flavour::Sdk => (Generator::Sdk, false),
                Flavour::Sdk1 => (Generator::Sdk, true),
                Flavour::FastMcp => (Generator::FastMcp, false),
                // A TypeScript helper's: not one of Python's.
                Flavour::Schema
                | Flavour::Params
                | Flavour::Converted(_)
                | Flavour::Rmcp
                | Flavour::Java
                | Flavour::Kotlin
                | Flavour::CSharp => return,
            };
            self.typed(call, message, ty, generator, sdk1, out);
            return;
        }
        // The official SDK 2.x's `Elicit(message, schema)`, returned by a
        // `Resolve` function: the framework sends it as `ctx.elicit` does.
        if name == "Elicit" && f.kind() == "identifier" {
            let message = args.get("message").or(args.positional.first().copied());
            let Some(ty) = args.get("schema").or(args.positional.get(1).copied()) else {
                return;
            };
            self.unknown.clear();
            self.typed(call, message, ty, Generator::Sdk, false, out);
            return;
        }
        if !matches!(name, "elicit" | "elicit_form" | "elicit_with_validation") {
            return;
        }
        self.unknown.clear();
        // The message: `message=` or the first positional argument (after
        // the session for `elicit_with_validation`).
        let skip = usize::from(name == "elicit_with_validation");
        let message = args.get("message").or(args.positional.get(skip).copied());
        // `Model.model_json_schema()` given as the schema, or a name bound
        // to it in the same function.
        if let Some(given) = args.get("requested_schema").or(args.get("requestedSchema"))
            && let Some((model, _)) = self.model_json_schema(given, call)
        {
            self.found_model(
                call,
                message,
                model,
                (Generator::Pydantic.name(), model),
                out,
            );
            return;
        }
        // A dict literal given as the schema.
        if let Some(dict) = args.get("requested_schema").or(args.get("requestedSchema")) {
            let schema = self.value(dict, "/requestedSchema", 0);
            let params = self.params(message, schema, call);
            out.found.push(Found {
                at: span(&call),
                params,
                unknown: std::mem::take(&mut self.unknown),
                origin: None,
            });
            return;
        }
        // FastMCP's `Context.elicit(message, response_type)` has no
        // `schema=`: the call raises TypeError and sends nothing.
        if fastmcp_file && args.get("schema").is_some() && args.get("response_type").is_none() {
            out.notes.push((
                span(&call),
                "FastMCP's ctx.elicit() takes no `schema=` (it is the official SDK's keyword): this call raises TypeError and sends nothing; pass the model as `response_type=`".to_string(),
            ));
            return;
        }
        let (generator, ty) = if let Some(t) = args.get("response_type") {
            (Generator::FastMcp, Some(t))
        } else if let Some(t) = args.get("schema") {
            (Generator::Sdk, Some(t))
        } else {
            let g = if fastmcp_file {
                Generator::FastMcp
            } else {
                Generator::Sdk
            };
            (g, args.positional.get(skip + 1).copied())
        };
        let Some(ty) = ty else {
            if name == "elicit" && generator == Generator::FastMcp && message.is_some() {
                match self.fastmcp {
                    FastMcpMajor::Before4 => {
                        // An empty form, as `response_type=None` sends.
                        let sp = span(&call);
                        let params = self.params(message, empty_form(sp), call);
                        out.found.push(Found {
                            at: sp,
                            params,
                            unknown: std::mem::take(&mut self.unknown),
                            origin: Some(("fastmcp<4", "None".to_string())),
                        });
                    }
                    FastMcpMajor::From4 => out
                        .refusals
                        .push((span(&call), sdk_refuses_field::fastmcp_no_response_type())),
                    FastMcpMajor::Unpinned => out.notes.push((
                        span(&call),
                        "ctx.elicit() without a response_type: FastMCP 4 raises TypeError; older FastMCP sends an empty form (pass `bool` for a confirmation)".to_string(),
                    )),
                }
            }
            return;
        };
        let sdk1 = self.sdk1;
        self.typed(call, message, ty, generator, sdk1, out);
    }

    /// The elicitation `call` makes of the type `ty`, rendered by
    /// `generator` (the official SDK 1.x's way when `sdk1`).
    fn typed(
        &mut self,
        call: TsNode<'t>,
        message: Option<TsNode<'t>>,
        ty: TsNode<'t>,
        generator: Generator,
        sdk1: bool,
        out: &mut Scan<'s>,
    ) {
        let text = self.text;
        let written = &text[ty.byte_range()];
        // A model of another module is checked where it is written; the
        // parameter of a helper, at each of the helper's calls.
        if self.links.resolved.iter().any(|r| r == written)
            || (ty.kind() == "identifier" && self.helper_parameter(call, written))
        {
            return;
        }
        // A class made at run time is named by the string it is made with.
        let origin = match self.dynamic.get(written) {
            Some(&name) => self.string_of(name).unwrap_or_else(|| written.to_string()),
            None => written.to_string(),
        };
        if generator == Generator::Sdk && sdk1 && ty.kind() == "identifier" {
            let model = &text[ty.byte_range()];
            if let Some(&name) = self.dynamic.get(model) {
                let schema = self.dynamic_model(model, name);
                let params = self.params(message, schema, call);
                out.found.push(Found {
                    at: span(&call),
                    params,
                    unknown: std::mem::take(&mut self.unknown),
                    origin: Some(("mcp<2", origin)),
                });
                return;
            }
            if self.classes.contains_key(model) {
                let refused = self.sdk1_refusals(model);
                if !refused.is_empty() {
                    // It raises before sending: nothing is asked.
                    out.refusals.extend(refused);
                    return;
                }
                // Sent as Pydantic renders it: `Optional` as `anyOf` with
                // null, the root `title` and docstring kept.
                self.found_model(call, message, model, ("mcp<2", &origin), out);
                return;
            }
        }
        if generator == Generator::FastMcp
            && ty.kind() == "none"
            && self.fastmcp == FastMcpMajor::From4
        {
            out.refusals
                .push((span(&ty), sdk_refuses_field::fastmcp_no_response_type()));
            return;
        }
        let schema = self.schema_of(ty, generator);
        if generator == Generator::FastMcp {
            let refused = fastmcp_refusals(&schema, written);
            if !refused.is_empty() {
                out.refusals.extend(refused);
                return;
            }
        }
        let params = self.params(message, schema, call);
        // `None` is what FastMCP before 4.0 sends (4.x refuses it).
        let name = if generator == Generator::FastMcp && ty.kind() == "none" {
            "fastmcp<4"
        } else {
            generator.name()
        };
        out.found.push(Found {
            at: span(&call),
            params,
            unknown: std::mem::take(&mut self.unknown),
            origin: Some((name, origin)),
        });
    }

    /// Whether `name`, at `call`, is a parameter of the function around it
    /// and that function a helper of the project (its callers give the
    /// schema, and each call is checked).
    fn helper_parameter(&self, call: TsNode<'t>, name: &str) -> bool {
        let text = self.text;
        let mut scope = call.parent();
        while let Some(s) = scope {
            if s.kind() == "function_definition" {
                let own = s.child_by_field_name("name").is_some_and(|n| {
                    self.links
                        .helper_defs
                        .iter()
                        .any(|h| h == &text[n.byte_range()])
                });
                let has = s.child_by_field_name("parameters").is_some_and(|ps| {
                    let mut found = false;
                    super::each_node(ps, |p| {
                        if p.kind() == "identifier" && &text[p.byte_range()] == name {
                            found = true;
                        }
                    });
                    found
                });
                return own && has;
            }
            scope = s.parent();
        }
        false
    }

    /// A class made at run time (`type("Name", (BaseModel,), {...})`,
    /// `create_model("Name", ...)`) as Pydantic renders it: the name as
    /// root `title`, the fields not known statically.
    fn dynamic_model(&mut self, bound: &str, name: TsNode<'t>) -> Node<'s> {
        let sp = span(&name);
        let title = self.string_of(name).unwrap_or_default();
        let what = format!(
            "the fields of `{}` are made at run time; they are not checked",
            short(bound)
        );
        // Another binding of the name, outside the windows, would send
        // another class.
        if self.read_everywhere(bound) {
            self.settled_note(name, "/requestedSchema/properties", what);
        } else {
            self.note(name, "/requestedSchema/properties", what);
        }
        self.unknown.push(Unknown {
            pointer: "/requestedSchema/required".into(),
            span: sp,
            what: String::new(),
            whole: true,
        });
        object(
            vec![
                member("properties", sp, object(Vec::new(), sp)),
                member("title", sp, string(title, sp)),
                member("type", sp, string("object", sp)),
            ],
            sp,
        )
    }

    /// A definition of this file that another file of the project sends as
    /// a schema, found at its name, rendered as the SDK of that call does.
    fn elicited(&mut self, e: &Elicited, out: &mut Scan<'s>) {
        self.unknown.clear();
        let (at, schema, generator, origin) = if let Some(c) = self.classes.get(e.name.as_str()) {
            let at = c.name;
            if is_enum(&c.bases) {
                return;
            }
            match e.flavour {
                Flavour::Sdk1 => {
                    let refused = self.sdk1_refusals(&e.name);
                    if !refused.is_empty() {
                        out.refusals.extend(refused);
                        return;
                    }
                    (
                        at,
                        self.model(&e.name, Generator::Pydantic),
                        "mcp<2",
                        e.name.clone(),
                    )
                }
                Flavour::Sdk => (
                    at,
                    self.model(&e.name, Generator::Sdk),
                    "mcp",
                    e.name.clone(),
                ),
                Flavour::FastMcp => (
                    at,
                    self.model(&e.name, Generator::FastMcp),
                    "fastmcp",
                    e.name.clone(),
                ),
                Flavour::Schema
                | Flavour::Params
                | Flavour::Converted(_)
                | Flavour::Rmcp
                | Flavour::Java
                | Flavour::Kotlin
                | Flavour::CSharp => return,
            }
        } else if let Some(&name) = self.dynamic.get(e.name.as_str()) {
            let generator = match e.flavour {
                Flavour::Sdk1 => "mcp<2",
                Flavour::Sdk => "mcp",
                Flavour::FastMcp => "fastmcp",
                Flavour::Schema
                | Flavour::Params
                | Flavour::Converted(_)
                | Flavour::Rmcp
                | Flavour::Java
                | Flavour::Kotlin
                | Flavour::CSharp => return,
            };
            let title = self.string_of(name).unwrap_or_else(|| e.name.clone());
            (name, self.dynamic_model(&e.name, name), generator, title)
        } else {
            return;
        };
        let cs = span(&at);
        // The message is the call's, in the file that sends it.
        self.unknown.push(Unknown {
            pointer: "/message".into(),
            span: cs,
            what: String::new(),
            whole: true,
        });
        let ss = schema.span;
        let mut members = vec![
            member("message", cs, string("", cs)),
            member("requestedSchema", ss, schema),
        ];
        if self.adds_mode {
            members.insert(0, member("mode", cs, string("form", cs)));
        }
        let params = object(members, cs);
        out.found.push(Found {
            at: cs,
            params,
            unknown: std::mem::take(&mut self.unknown),
            origin: Some((generator, origin)),
        });
    }

    /// The elicitation `call` makes with the model class `model` rendered
    /// as Pydantic's `model_json_schema()` renders it, found with `origin`
    /// (the generator's name and the expression given).
    fn found_model(
        &mut self,
        call: TsNode<'t>,
        message: Option<TsNode<'t>>,
        model: &str,
        (generator, given): (&'static str, &str),
        out: &mut Scan<'s>,
    ) {
        let schema = self.model(model, Generator::Pydantic);
        let params = self.params(message, schema, call);
        out.found.push(Found {
            at: span(&call),
            params,
            unknown: std::mem::take(&mut self.unknown),
            origin: Some((generator, given.to_string())),
        });
    }

    /// The fields of the model class `name` (and its bases in this file)
    /// that the SDK 1.x refuses (`_validate_elicitation_schema`: only
    /// `str`, `int`, `float`, `bool`, a sequence of `str`, and unions of
    /// these with `None`), each at its annotation.
    fn sdk1_refusals(&self, name: &str) -> Vec<(Span, String)> {
        let text = self.text;
        let mut out = Vec::new();
        let mut seen = Vec::new();
        let mut cur = Some(name);
        while let Some(c) = cur.and_then(|n| self.classes.get(n)) {
            if seen.contains(&c.body.id()) || seen.len() > 16 {
                break;
            }
            seen.push(c.body.id());
            for stmt in named(c.body) {
                let Some(a) = stmt.named_child(0).filter(|a| a.kind() == "assignment") else {
                    continue;
                };
                let (Some(left), Some(ty)) =
                    (a.child_by_field_name("left"), a.child_by_field_name("type"))
                else {
                    continue;
                };
                let field = &text[left.byte_range()];
                let written = &text[ty.byte_range()];
                if left.kind() != "identifier"
                    || field.starts_with('_')
                    || field == "model_config"
                    || written.contains("ClassVar")
                    || sdk1_accepts(written)
                {
                    continue;
                }
                let written = written.split_whitespace().collect::<Vec<_>>().join(" ");
                let head = written.split('[').next().unwrap_or("").trim();
                let head = head.rsplit('.').next().unwrap_or(head);
                let instead = if matches!(
                    head,
                    "set" | "Set" | "frozenset" | "FrozenSet" | "list" | "List"
                ) {
                    Instead::ListOfStr
                } else if self.classes.get(head).is_some_and(|c| !is_enum(&c.bases)) {
                    Instead::OwnPlaces(head)
                } else {
                    Instead::Str
                };
                let message = sdk_refuses_field::python_sdk1(field, &written, instead);
                out.push((span(&ty), message));
            }
            cur = c
                .bases
                .iter()
                .find_map(|b| self.classes.get_key_value(b.as_str()).map(|(k, _)| *k));
        }
        out
    }

    /// The model of `Model.model_json_schema()` (no arguments, `Model` a
    /// class of this file), written at `n` or bound to the name `n` by the
    /// one assignment to it in the function around `call`. A name with
    /// no assignment in windows makes the reading unsettled: a statement
    /// of the function they left out may bind it.
    fn model_json_schema(
        &mut self,
        n: TsNode<'t>,
        call: TsNode<'t>,
    ) -> Option<(&'s str, TsNode<'t>)> {
        let text = self.text;
        let n = if n.kind() == "identifier" {
            let name = &text[n.byte_range()];
            let mut scope = call.parent();
            while let Some(s) = scope
                && !matches!(s.kind(), "function_definition" | "module")
            {
                scope = s.parent();
            }
            let scope = scope?;
            let mut bound = Vec::new();
            super::each_node(scope, |a| {
                if a.kind() == "assignment"
                    && a.child_by_field_name("left")
                        .is_some_and(|l| &text[l.byte_range()] == name)
                    && let Some(right) = a.child_by_field_name("right")
                {
                    bound.push(right);
                }
            });
            match bound.as_slice() {
                [one] => *one,
                [] => {
                    self.unsettled |= self.windows.is_some();
                    return None;
                }
                _ => return None,
            }
        } else {
            n
        };
        if n.kind() != "call" {
            return None;
        }
        let f = n.child_by_field_name("function")?;
        if f.kind() != "attribute"
            || f.child_by_field_name("attribute")
                .is_none_or(|a| &text[a.byte_range()] != "model_json_schema")
            || n.child_by_field_name("arguments")
                .is_some_and(|a| a.named_child_count() > 0)
        {
            return None;
        }
        let object = f.child_by_field_name("object")?;
        let (&name, _) = self.classes.get_key_value(&text[object.byte_range()])?;
        Some((name, object))
    }

    /// `{mode: "form", message, requestedSchema}`, as both SDKs send it
    /// (without `mode` before SDK 1.23).
    fn params(
        &mut self,
        message: Option<TsNode<'t>>,
        schema: Node<'s>,
        call: TsNode<'t>,
    ) -> Node<'s> {
        let cs = span(&call);
        let mut members = Vec::new();
        if self.adds_mode {
            members.push(member("mode", cs, string("form", cs)));
        }
        match message {
            Some(m) => {
                let v =
                    match self.string_of(m) {
                        Some(s) => string(s, span(&m)),
                        None => {
                            self.settled_note(m, "/message", format!(
                            "the message `{}` is built at run time; its text is not checked",
                            short(&self.text[m.byte_range()])
                        ));
                            string("", span(&m))
                        }
                    };
                members.push(member("message", span(&m), v));
            }
            None => {
                self.settled_note(
                    call,
                    "/message",
                    "the message is not given here; not checked".to_string(),
                );
                members.push(member("message", cs, string("", cs)));
            }
        }
        let ss = schema.span;
        members.push(member("requestedSchema", ss, schema));
        object(members, cs)
    }

    /// A request written as a dict, `{"method": "elicitation/create",
    /// "params": {...}}` (an `InputRequiredResult`'s input request built by
    /// hand, or a request sent raw): its params as written.
    fn request(&mut self, dict: TsNode<'t>, out: &mut Scan<'s>) {
        let text = self.text;
        let mut method = None;
        let mut params = None;
        for pair in named(dict) {
            let (Some(k), Some(v)) = (
                pair.child_by_field_name("key"),
                pair.child_by_field_name("value"),
            ) else {
                continue;
            };
            match self.string_of(k).as_deref() {
                Some("method") => method = python_string(v, text),
                Some("params") => params = Some(v),
                _ => {}
            }
        }
        let (Some("elicitation/create"), Some(params)) = (method.as_deref(), params) else {
            return;
        };
        if params.kind() != "dictionary" {
            return;
        }
        self.unknown.clear();
        let value = self.value(params, "", 0);
        out.found.push(Found {
            at: span(&params),
            params: value,
            unknown: std::mem::take(&mut self.unknown),
            origin: None,
        });
    }

    /// A type given to an elicitation that the reading does not know.
    /// More of the file can tell nothing of a call's result or of another
    /// module's attribute (neither is followed here), nor of a name whose
    /// every occurrence in the file was read.
    fn type_note(&mut self, ty: TsNode, what: String) {
        let text = self.text;
        let settled = match ty.kind() {
            "call" | "attribute" => true,
            "identifier" => self.read_everywhere(&text[ty.byte_range()]),
            _ => false,
        };
        if settled {
            self.settled_note(ty, "/requestedSchema", what);
        } else {
            self.note(ty, "/requestedSchema", what);
        }
    }

    /// Whether every place `name` is written was read (the whole file, or
    /// no word of the text outside the windows is `name`): no reading of
    /// more of the file binds it otherwise.
    fn read_everywhere(&mut self, name: &str) -> bool {
        let text = self.text;
        self.windows.as_ref().is_none_or(|w| {
            !self.outside.holds(
                name,
                || {
                    super::index::word_at(text, name)
                        .any(|at| !w.iter().any(|&(s, e)| s <= at && at + name.len() <= e))
                },
                || super::index::words_outside(text, w),
            )
        })
    }

    /// An unknown that more of the file might tell.
    fn note(&mut self, n: TsNode, ptr: &str, what: String) {
        self.unsettled = true;
        self.settled_note(n, ptr, what);
    }

    /// An unknown that is the same in any reading of the file: a value
    /// written in place that is not a literal.
    fn settled_note(&mut self, n: TsNode, ptr: &str, what: String) {
        self.unknown.push(Unknown {
            pointer: ptr.to_string(),
            span: span(&n),
            what,
            whole: true,
        });
    }

    fn string_of(&self, n: TsNode) -> Option<String> {
        python_string(n, self.text)
    }

    /// The requested schema a generator makes of the type expression `ty`.
    fn schema_of(&mut self, ty: TsNode<'t>, g: Generator) -> Node<'s> {
        let text = self.text;
        let sp = span(&ty);
        let t = &text[ty.byte_range()];
        if g == Generator::FastMcp && ty.kind() == "none" {
            // `response_type=None`: FastMCP 2.x and 3.x send an empty form
            // (parse_elicit_response_type; deprecated in 3.2, a TypeError
            // from 4.0).
            return empty_form(sp);
        }
        if let Some(class) = self
            .classes
            .get(t)
            .map(|c| (c.name, c.dataclass, c.bases.clone()))
            && !is_enum(&class.2)
        {
            return self.model(t, g);
        }
        if let Some(&name) = self.dynamic.get(t) {
            return self.dynamic_model(t, name);
        }
        if g != Generator::FastMcp {
            self.type_note(
                ty,
                format!("`{}` is not a Pydantic model defined in this file; its schema is not known statically", short(t)),
            );
            return object(Vec::new(), sp);
        }
        // FastMCP shorthands: a one-property form whose property is `value`.
        // Those FastMCP wraps in its `ScalarElicitationType` model (a list
        // of strings, a scalar, `Literal`, an `Enum`, `list[Enum]`) have
        // that class name as root title before 4.0.
        let mut wrapped = false;
        let value = match ty.kind() {
            "list" => {
                let items = named(ty);
                match items.as_slice() {
                    [inner] if inner.kind() == "list" => {
                        // [["a", "b"]]: a multi-select, items without a type.
                        let e =
                            self.value(*inner, "/requestedSchema/properties/value/items/enum", 0);
                        let items = object(vec![member("enum", span(inner), e)], span(inner));
                        Some(object(
                            vec![
                                member("type", sp, string("array", sp)),
                                member("items", span(inner), items),
                            ],
                            sp,
                        ))
                    }
                    [inner] if inner.kind() == "dictionary" => {
                        let consts =
                            self.titled(*inner, "/requestedSchema/properties/value/items/anyOf");
                        let items = object(vec![member("anyOf", span(inner), consts)], span(inner));
                        Some(object(
                            vec![
                                member("type", sp, string("array", sp)),
                                member("items", span(inner), items),
                            ],
                            sp,
                        ))
                    }
                    _ => {
                        wrapped = true;
                        let e = self.value(ty, "/requestedSchema/properties/value/enum", 0);
                        Some(object(
                            vec![
                                member("enum", sp, e),
                                member("title", sp, string("Value", sp)),
                                member("type", sp, string("string", sp)),
                            ],
                            sp,
                        ))
                    }
                }
            }
            "dictionary" => {
                let consts = self.titled(ty, "/requestedSchema/properties/value/oneOf");
                Some(object(
                    vec![
                        member("type", sp, string("string", sp)),
                        member("oneOf", sp, consts),
                    ],
                    sp,
                ))
            }
            _ => self
                .annotation(ty, "/requestedSchema/properties/value", g)
                .map(|(mut v, _)| {
                    wrapped = self.scalar_type(ty);
                    if let NodeValue::Object(m) = &mut v.value
                        && !m.iter().any(|m| m.key == "title")
                    {
                        m.push(member("title", sp, string("Value", sp)));
                        sort(m);
                    }
                    v
                }),
        };
        let Some(value) = value else {
            self.type_note(
                ty,
                format!("`{}` is not a type FastMCP elicits that is defined in this file; its schema is not known statically", short(t)),
            );
            return object(Vec::new(), sp);
        };
        let mut props = vec![member("value", sp, value)];
        sort(&mut props[..0]);
        let required = Node {
            value: NodeValue::Array(vec![string("value", sp)]),
            span: sp,
        };
        let mut root = vec![
            member("properties", sp, object(std::mem::take(&mut props), sp)),
            member("required", sp, required),
            member("type", sp, string("object", sp)),
        ];
        if wrapped && self.fastmcp == FastMcpMajor::Before4 {
            root.push(member("title", sp, string("ScalarElicitationType", sp)));
            sort(&mut root);
        }
        object(root, sp)
    }

    /// Whether FastMCP wraps the type `ty` in its `ScalarElicitationType`
    /// model: `str`, `int`, `float`, `bool`, a `Literal`, an `Enum` of this
    /// file, or a list of one of these.
    fn scalar_type(&self, ty: TsNode<'t>) -> bool {
        let ty = unwrap_type(ty);
        let text = self.text;
        match ty.kind() {
            "identifier" | "attribute" => {
                let t = &text[ty.byte_range()];
                let t = t.rsplit('.').next().unwrap_or(t);
                matches!(t, "str" | "int" | "float" | "bool")
                    || self.classes.get(t).is_some_and(|c| is_enum(&c.bases))
            }
            "generic_type" | "subscript" => match generic_name(ty, text) {
                "Literal" => true,
                "list" | "List" => type_params(ty)
                    .first()
                    .is_some_and(|p| self.scalar_type(*p)),
                _ => false,
            },
            _ => false,
        }
    }

    /// `{"a": {"title": "A"}}` as `[{"const": "a", "title": "A"}]`.
    fn titled(&mut self, dict: TsNode<'t>, ptr: &str) -> Node<'s> {
        let mut items = Vec::new();
        for pair in named(dict) {
            if pair.kind() != "pair" {
                continue;
            }
            let (Some(k), Some(v)) = (
                pair.child_by_field_name("key"),
                pair.child_by_field_name("value"),
            ) else {
                continue;
            };
            let Some(key) = self.string_of(k) else {
                self.settled_note(
                    k,
                    ptr,
                    "an option key computed at run time; not checked".to_string(),
                );
                continue;
            };
            let mut m = vec![member("const", span(&k), string(key, span(&k)))];
            let item_ptr = pointer_push(ptr, &items.len().to_string());
            if let Node {
                value: NodeValue::Object(more),
                ..
            } = self.value(v, &item_ptr, 0)
            {
                m.extend(more);
            }
            items.push(object(m, span(&pair)));
        }
        Node {
            value: NodeValue::Array(items),
            span: span(&dict),
        }
    }

    /// The value of `json_schema_extra` in a `model_config`'s value:
    /// `ConfigDict(json_schema_extra=...)` or `{"json_schema_extra": ...}`.
    fn config_value(&self, config: TsNode<'t>) -> Option<TsNode<'t>> {
        let text = self.text;
        match config.kind() {
            "call" => Args::of(config, text)?.get("json_schema_extra"),
            "dictionary" => named(config).into_iter().find_map(|pair| {
                let k = pair.child_by_field_name("key")?;
                (self.string_of(k).as_deref() == Some("json_schema_extra"))
                    .then(|| pair.child_by_field_name("value"))
                    .flatten()
            }),
            _ => None,
        }
    }

    /// A Pydantic model or dataclass as the generator renders it.
    fn model(&mut self, name: &str, g: Generator) -> Node<'s> {
        let text = self.text;
        let Some(class) = self.classes.get(name) else {
            return object(Vec::new(), Span::default());
        };
        let (class_name, body, dataclass) = (class.name, class.body, class.dataclass);
        let cs = span(&class_name);
        // Fields of base models in this file come first, as in Pydantic.
        let mut chain = Vec::new();
        let mut cur = Some(name);
        while let Some(c) = cur.and_then(|n| self.classes.get(n)) {
            if chain.len() > 16
                || chain
                    .iter()
                    .any(|(b, _): &(TsNode, bool)| b.id() == c.body.id())
            {
                break;
            }
            chain.push((c.body, c.dataclass));
            cur = c
                .bases
                .iter()
                .find(|b| self.classes.contains_key(b.as_str()))
                .map(|s| {
                    let s: &str = s;
                    // Look the name up again to get the map's own key.
                    self.classes.get_key_value(s).map(|(k, _)| *k).unwrap_or("")
                });
        }
        chain.reverse();
        // A base class defined elsewhere brings fields this reading cannot see.
        let mut cur = Some(name);
        let mut seen = 0;
        while let Some(c) = cur.and_then(|n| self.classes.get(n)) {
            seen += 1;
            if seen > 16 {
                break;
            }
            let unseen: Vec<String> = c
                .bases
                .iter()
                .filter(|b| {
                    !self.classes.contains_key(b.as_str())
                        && !KNOWN_BASES.contains(&b.as_str())
                        && !b.contains('=')
                })
                .cloned()
                .collect();
            let class_name = c.name;
            cur = c
                .bases
                .iter()
                .find(|b| self.classes.contains_key(b.as_str()))
                .map(|s| {
                    self.classes
                        .get_key_value(s.as_str())
                        .map(|(k, _)| *k)
                        .unwrap_or("")
                });
            for b in unseen {
                self.unsettled = true;
                self.unknown.push(Unknown {
                    pointer: "/requestedSchema".to_string(),
                    span: span(&class_name),
                    what: format!("the base class `{b}` is not defined in this file; the fields it adds are not checked"),
                    whole: false,
                });
            }
        }
        let mut props: Vec<Member<'s>> = Vec::new();
        let mut required: Vec<Node<'s>> = Vec::new();
        let mut extra: Option<(bool, Span)> = None;
        // The value of `json_schema_extra` in a `model_config` (`None`
        // when it is named but not found as a keyword or key), and where.
        let mut schema_extra: Option<(Option<TsNode<'t>>, Span)> = None;
        for (b, _) in &chain {
            for stmt in named(*b) {
                let Some(a) = stmt.named_child(0).filter(|a| a.kind() == "assignment") else {
                    continue;
                };
                let Some(left) = a.child_by_field_name("left") else {
                    continue;
                };
                let field = &text[left.byte_range()];
                if field == "model_config" {
                    if let Some(right) = a.child_by_field_name("right") {
                        let rt = &text[right.byte_range()];
                        if rt.contains("extra=\"forbid\"") || rt.contains("extra='forbid'") {
                            extra = Some((false, span(&right)));
                        } else if rt.contains("extra=\"allow\"") || rt.contains("extra='allow'") {
                            extra = Some((true, span(&right)));
                        }
                        if rt.contains("json_schema_extra") {
                            schema_extra = Some((self.config_value(right), span(&right)));
                        }
                    }
                    continue;
                }
                let Some(ty) = a.child_by_field_name("type") else {
                    continue;
                };
                if left.kind() != "identifier"
                    || field.starts_with('_')
                    || text[ty.byte_range()].contains("ClassVar")
                {
                    continue;
                }
                let right = a.child_by_field_name("right");
                let ptr = pointer_push("/requestedSchema/properties", field);
                if let Some((key, node, is_required)) = self.field(field, left, ty, right, &ptr, g)
                {
                    props.retain(|m| m.key != key);
                    required.retain(|r| r.as_str() != Some(key.as_str()));
                    if is_required {
                        required.push(string(key.clone(), span(&left)));
                    }
                    props.push(member(key, span(&left), node));
                }
            }
        }
        // `json_schema_extra` runs on the finished schema: one that pops
        // the root `title` or `description` removes it; one not read here
        // leaves both unknown.
        let (mut keep_title, mut keep_description) = (true, true);
        // A dict `json_schema_extra` is merged into the root (a `None`
        // value stays, as `null`: verified with Pydantic 2.14).
        let mut merged: Vec<Member<'s>> = Vec::new();
        if let Some((value, at)) = schema_extra {
            let code = match value {
                Some(v) if v.kind() == "dictionary" => {
                    if let Node {
                        value: NodeValue::Object(m),
                        ..
                    } = self.value(v, "/requestedSchema", 0)
                    {
                        merged = m;
                    }
                    None
                }
                Some(v) => schema_extra_code(v, text),
                None => None,
            };
            let dict = value.is_some_and(|v| v.kind() == "dictionary");
            // A key the code names in a way not read here (a loop over
            // keys, an assignment) is not known; one it does not name is
            // kept.
            let fate = |key: &str| -> Option<bool> {
                let c = code?;
                let dropped = c.contains(&format!("pop(\"{key}\""))
                    || c.contains(&format!("pop('{key}'"))
                    || (c.contains(&format!("[\"{key}\"]")) || c.contains(&format!("['{key}']")))
                        && c.contains("del ");
                let named = c.contains(&format!("\"{key}\"")) || c.contains(&format!("'{key}'"));
                let opaque = c.contains(".clear()") || c.contains(".popitem(");
                if dropped {
                    Some(false)
                } else if named || opaque {
                    None
                } else {
                    Some(true)
                }
            };
            for key in ["title", "description"] {
                let keep = if dict { Some(true) } else { fate(key) };
                match keep {
                    Some(k) if key == "title" => keep_title = k,
                    Some(k) => keep_description = k,
                    None => {
                        self.unsettled = true;
                        self.unknown.push(Unknown {
                        pointer: format!("/requestedSchema/{key}"),
                        span: at,
                        what: "the model's json_schema_extra is not followed here; the root title and description it may change are not checked".to_string(),
                        whole: true,
                    });
                    }
                }
            }
        }
        let mut root = Vec::new();
        if let Some(doc) = docstring(body, text).filter(|_| keep_description) {
            let (ds, d) = doc;
            root.push(member("description", ds, string(cleandoc(&d), ds)));
        }
        if let Some((allow, s)) = extra {
            root.push(member("additionalProperties", s, build::boolean(allow, s)));
        }
        root.push(member("properties", cs, object(props, cs)));
        if !required.is_empty() {
            root.push(member(
                "required",
                cs,
                Node {
                    value: NodeValue::Array(required),
                    span: cs,
                },
            ));
        }
        if keep_title {
            root.push(member(
                "title",
                cs,
                string(&text[class_name.byte_range()], cs),
            ));
        }
        root.push(member("type", cs, string("object", cs)));
        for m in merged {
            root.retain(|r| r.key != m.key);
            root.push(m);
        }
        let _ = dataclass;
        sort(&mut root);
        object(root, span(&class_name))
    }

    /// One field: its property name, schema and whether it is required.
    fn field(
        &mut self,
        name: &str,
        left: TsNode<'t>,
        ty: TsNode<'t>,
        right: Option<TsNode<'t>>,
        ptr: &str,
        g: Generator,
    ) -> Option<(String, Node<'s>, bool)> {
        let text = self.text;
        let mut key = name.to_string();
        let mut extra: Vec<Member<'s>> = Vec::new();
        let mut title: Option<Member<'s>> = None;
        let mut has_default = false;
        let mut default: Option<Node<'s>> = None;
        let mut at = span(&left);
        // `Annotated[T, Field(...)]` and `= Field(...)` carry the same keywords.
        let mut fields: Vec<TsNode<'t>> = Vec::new();
        let mut ty = unwrap_type(ty);
        if ty.kind() == "generic_type" && generic_name(ty, text) == "Annotated" {
            let params = type_params(ty);
            if let Some(first) = params.first() {
                for p in &params[1..] {
                    let p = unwrap_type(*p);
                    if is_field_call(p, text) {
                        fields.push(p);
                    }
                }
                ty = unwrap_type(*first);
            }
        }
        if let Some(r) = right {
            if is_field_call(r, text) {
                fields.push(r);
            } else {
                has_default = true;
                default = Some(self.value(r, &pointer_push(ptr, "default"), 0));
            }
        }
        let mut numeric_bounds_are_items = false;
        if let Some(t) = ty.named_child(0).filter(|_| ty.kind() == "generic_type") {
            numeric_bounds_are_items = matches!(
                &text[t.byte_range()],
                "list" | "List" | "Sequence" | "set" | "Set"
            );
        }
        for f in fields {
            at = span(&f);
            let Some(args) = Args::of(f, text) else {
                continue;
            };
            // Keywords `Field` does not take go into the property as
            // written, unless `json_schema_extra` is given (Pydantic 2's
            // deprecated extra keywords: pydantic/fields.py `Field`, 2.14).
            let takes_extras = args.get("json_schema_extra").is_none();
            if let Some(d) = args.positional.first()
                && text[d.byte_range()].trim() != "..."
            {
                has_default = true;
                default = Some(self.value(*d, &pointer_push(ptr, "default"), 0));
            }
            for (k, kn, v) in &args.keyword {
                let ks = span(kn);
                let json_key = match *k {
                    "default" => {
                        has_default = true;
                        default = Some(self.value(*v, &pointer_push(ptr, "default"), 0));
                        continue;
                    }
                    "default_factory" => {
                        has_default = true;
                        continue;
                    }
                    "alias" | "serialization_alias" => {
                        if let Some(s) = self.string_of(*v) {
                            key = s;
                        }
                        continue;
                    }
                    "title" => {
                        let v = self.value(*v, &pointer_push(ptr, "title"), 0);
                        title = Some(member("title", ks, v));
                        continue;
                    }
                    "description" => "description",
                    "ge" => "minimum",
                    "le" => "maximum",
                    "gt" => "exclusiveMinimum",
                    "lt" => "exclusiveMaximum",
                    "min_length" if numeric_bounds_are_items => "minItems",
                    "max_length" if numeric_bounds_are_items => "maxItems",
                    "min_length" => "minLength",
                    "max_length" => "maxLength",
                    "pattern" => "pattern",
                    "examples" => "examples",
                    "multiple_of" => "multipleOf",
                    "min_items" if numeric_bounds_are_items => "minItems",
                    "max_items" if numeric_bounds_are_items => "maxItems",
                    "min_items" => "minLength",
                    "max_items" => "maxLength",
                    "json_schema_extra" => {
                        if let Node {
                            value: NodeValue::Object(more),
                            ..
                        } = self.value(*v, ptr, 0)
                        {
                            extra.extend(more);
                        }
                        continue;
                    }
                    k if FIELD_KEYWORDS.contains(&k) || !takes_extras => continue,
                    // Removed in Pydantic 2: `Field` raises.
                    "const" | "unique_items" | "regex" | "include" => continue,
                    k => {
                        // An extra keyword: its value counts only where
                        // the key is one of JSON Schema's.
                        let before = self.unknown.len();
                        let v = self.value(*v, &pointer_push(ptr, k), 0);
                        if !SCHEMA_KEYWORDS.contains(&k) {
                            self.unknown.truncate(before);
                        }
                        extra.push(member(k.to_string(), ks, v));
                        continue;
                    }
                };
                let v = self.value(*v, &pointer_push(ptr, json_key), 0);
                extra.push(member(json_key, ks, v));
            }
        }
        let (base, nullable) = match self.annotation(ty, ptr, g) {
            Some(x) => x,
            None => {
                self.note(
                    ty,
                    ptr,
                    format!(
                        "the type `{}` of field `{name}` is not one mcp-elicit renders; this property is not checked",
                        short(&text[ty.byte_range()])
                    ),
                );
                (object(Vec::new(), span(&ty)), false)
            }
        };
        let mut members = match base.value {
            NodeValue::Object(m) => m,
            _ => Vec::new(),
        };
        // Re-span the base schema onto the field so that findings about the
        // type land on the field's line.
        for m in &mut members {
            if m.key_span == span(&ty) || m.key_span == Span::default() {
                m.key_span = at;
            }
        }
        let default_is_none = default
            .as_ref()
            .is_some_and(|d| matches!(d.value, NodeValue::Null));
        if nullable && g != Generator::Sdk {
            // Pydantic's `anyOf` with null; FastMCP refuses it before sending.
            let inner = object(std::mem::take(&mut members), at);
            let null = object(vec![member("type", at, string("null", at))], at);
            members.push(member(
                "anyOf",
                at,
                Node {
                    value: NodeValue::Array(vec![inner, null]),
                    span: at,
                },
            ));
        }
        if let Some(d) = default
            && !(default_is_none && g == Generator::Sdk)
        {
            members.push(member("default", d.span, d));
        }
        members.extend(extra);
        // FastMCP's inlined enums keep the enum's own title.
        if !members.iter().any(|m| m.key == "title") {
            members.push(title.unwrap_or_else(|| {
                member("title", span(&left), string(field_title(&key), span(&left)))
            }));
        } else if let Some(t) = title {
            members.retain(|m| m.key != "title");
            members.push(t);
        }
        sort(&mut members);
        Some((key, object(members, at), !has_default))
    }

    /// The schema of a type annotation, and whether it admits `None`.
    fn annotation(&mut self, ty: TsNode<'t>, ptr: &str, g: Generator) -> Option<(Node<'s>, bool)> {
        let text = self.text;
        let ty = unwrap_type(ty);
        let sp = span(&ty);
        let simple =
            |t: &'static str| Some((object(vec![member("type", sp, string(t, sp))], sp), false));
        let formatted = |f: &'static str, more: Vec<(&'static str, &'static str)>| {
            let mut m = vec![member("format", sp, string(f, sp))];
            for (k, v) in more {
                m.push(member(k, sp, build::number(v, sp)));
            }
            m.push(member("type", sp, string("string", sp)));
            Some((object(m, sp), false))
        };
        match ty.kind() {
            "identifier" | "attribute" => {
                let t = &text[ty.byte_range()];
                let t = t.rsplit('.').next().unwrap_or(t);
                match t {
                    "str" => simple("string"),
                    "int" => simple("integer"),
                    "float" => simple("number"),
                    "bool" => simple("boolean"),
                    "EmailStr" | "NameEmail" => formatted("email", vec![]),
                    "date" => formatted("date", vec![]),
                    "datetime" => formatted("date-time", vec![]),
                    "time" => formatted("time", vec![]),
                    "AnyUrl" | "AnyHttpUrl" => formatted("uri", vec![("minLength", "1")]),
                    "HttpUrl" => formatted("uri", vec![("maxLength", "2083"), ("minLength", "1")]),
                    _ => {
                        let class = self.classes.get(t)?;
                        if !is_enum(&class.bases) {
                            return None;
                        }
                        if g == Generator::Sdk {
                            self.note(
                                ty,
                                ptr,
                                format!("the official Python SDK renders the Enum `{t}` as a $ref and refuses it at run time (TypeError); write Literal[...] instead"),
                            );
                            return Some((object(Vec::new(), sp), false));
                        }
                        if g == Generator::Pydantic {
                            self.note(
                                ty,
                                ptr,
                                format!("model_json_schema() renders the Enum `{t}` as a $ref into $defs, which an elicitation schema cannot hold; write Literal[...] instead"),
                            );
                            return Some((object(Vec::new(), sp), false));
                        }
                        let body = class.body;
                        let name_span = span(&class.name);
                        let mut values = Vec::new();
                        let mut kind = None;
                        for stmt in named(body) {
                            let Some(a) = stmt.named_child(0).filter(|a| a.kind() == "assignment")
                            else {
                                continue;
                            };
                            let Some(r) = a.child_by_field_name("right") else {
                                continue;
                            };
                            let v = self.value(r, ptr, 0);
                            kind = Some(match &v.value {
                                NodeValue::String(_) => "string",
                                NodeValue::Number(n) if !n.contains(['.', 'e', 'E']) => "integer",
                                _ => "number",
                            });
                            values.push(v);
                        }
                        let mut m = vec![
                            member(
                                "enum",
                                name_span,
                                Node {
                                    value: NodeValue::Array(values),
                                    span: name_span,
                                },
                            ),
                            member("title", name_span, string(t, name_span)),
                        ];
                        if let Some(k) = kind {
                            m.push(member("type", name_span, string(k, name_span)));
                        }
                        Some((object(m, sp), false))
                    }
                }
            }
            "none" => simple("null"),
            "binary_operator" if text[ty.byte_range()].contains('|') => {
                let (l, r) = (
                    ty.child_by_field_name("left")?,
                    ty.child_by_field_name("right")?,
                );
                let (l_none, r_none) = (is_none(l, text), is_none(r, text));
                match (l_none, r_none) {
                    (false, true) => self.annotation(l, ptr, g).map(|(n, _)| (n, true)),
                    (true, false) => self.annotation(r, ptr, g).map(|(n, _)| (n, true)),
                    _ => None,
                }
            }
            "generic_type" | "subscript" => {
                let name = generic_name(ty, text);
                let params = type_params(ty);
                match name {
                    "Optional" if params.len() == 1 => {
                        self.annotation(params[0], ptr, g).map(|(n, _)| (n, true))
                    }
                    "Union" => {
                        let non_none: Vec<_> =
                            params.iter().filter(|p| !is_none(**p, text)).collect();
                        if non_none.len() == 1 && params.len() == 2 {
                            self.annotation(*non_none[0], ptr, g)
                                .map(|(n, _)| (n, true))
                        } else {
                            None
                        }
                    }
                    "Literal" => {
                        let mut values = Vec::new();
                        let mut kinds = Vec::new();
                        for p in &params {
                            let v = self.value(unwrap_type(*p), ptr, 0);
                            kinds.push(match &v.value {
                                NodeValue::String(_) => "string",
                                NodeValue::Bool(_) => "boolean",
                                NodeValue::Number(n) if !n.contains(['.', 'e', 'E']) => "integer",
                                NodeValue::Null => "null",
                                _ => "number",
                            });
                            values.push(v);
                        }
                        let mut m = Vec::new();
                        if values.len() == 1 {
                            m.push(member("const", sp, values.pop()?));
                        } else {
                            m.push(member(
                                "enum",
                                sp,
                                Node {
                                    value: NodeValue::Array(values),
                                    span: sp,
                                },
                            ));
                        }
                        if kinds.windows(2).all(|w| w[0] == w[1]) && !kinds.is_empty() {
                            m.push(member("type", sp, string(kinds[0], sp)));
                        }
                        sort(&mut m);
                        Some((object(m, sp), false))
                    }
                    "list" | "List" | "Sequence" | "set" | "Set" if params.len() == 1 => {
                        let (items, _) =
                            self.annotation(params[0], &pointer_push(ptr, "items"), g)?;
                        let mut m = vec![
                            member("items", sp, items),
                            member("type", sp, string("array", sp)),
                        ];
                        if matches!(name, "set" | "Set") {
                            m.push(member("uniqueItems", sp, build::boolean(true, sp)));
                        }
                        sort(&mut m);
                        Some((object(m, sp), false))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A Python literal as JSON; a note and a placeholder when it is not one.
    fn value(&mut self, n: TsNode<'t>, ptr: &str, depth: usize) -> Node<'s> {
        let text = self.text;
        let sp = span(&n);
        let t = &text[n.byte_range()];
        if depth > 64 {
            self.settled_note(
                n,
                ptr,
                "nested more than 64 levels deep; not read further".to_string(),
            );
            return object(Vec::new(), sp);
        }
        match n.kind() {
            "string" | "concatenated_string" => {
                if let Some(s) = self.string_of(n) {
                    return string(s, sp);
                }
            }
            "integer" | "float" if build::is_json_number(t) => return build::number(t, sp),
            "unary_operator" if t.starts_with('-') && build::is_json_number(t) => {
                return build::number(t, sp);
            }
            "true" => {
                return build::boolean(true, sp);
            }
            "false" => {
                return build::boolean(false, sp);
            }
            "none" => {
                return build::null(sp);
            }
            "parenthesized_expression" => {
                if let Some(c) = n.named_child(0) {
                    return self.value(c, ptr, depth + 1);
                }
            }
            "list" | "tuple" | "set" => {
                let items = named(n)
                    .into_iter()
                    .filter(|c| c.kind() != "comment")
                    .enumerate()
                    .map(|(i, c)| self.value(c, &pointer_push(ptr, &i.to_string()), depth + 1))
                    .collect();
                return Node {
                    value: NodeValue::Array(items),
                    span: sp,
                };
            }
            "dictionary" => {
                let mut members: Vec<Member<'s>> = Vec::new();
                for pair in named(n) {
                    if pair.kind() != "pair" {
                        if pair.kind() != "comment" {
                            let what = format!(
                                "`{}` adds keys at run time; this object is checked without them",
                                short(&text[pair.byte_range()])
                            );
                            build::open(&mut self.unknown, ptr, span(&pair), what, &members);
                        }
                        continue;
                    }
                    let (Some(k), Some(v)) = (
                        pair.child_by_field_name("key"),
                        pair.child_by_field_name("value"),
                    ) else {
                        continue;
                    };
                    let Some(key) = self.string_of(k) else {
                        let what = format!(
                            "the key `{}` is computed at run time; this object is checked without it",
                            short(&text[k.byte_range()])
                        );
                        build::open(&mut self.unknown, ptr, span(&k), what, &members);
                        continue;
                    };
                    let value = self.value(v, &pointer_push(ptr, &key), depth + 1);
                    members.retain(|m| m.key != key);
                    members.push(member(key, span(&k), value));
                }
                return object(members, sp);
            }
            "attribute" => {
                // `Color.RED`: an enum member of this file.
                if let (Some(o), Some(a)) = (
                    n.child_by_field_name("object"),
                    n.child_by_field_name("attribute"),
                ) {
                    let class = &text[o.byte_range()];
                    let attr = &text[a.byte_range()];
                    if let Some(c) = self.classes.get(class).filter(|c| is_enum(&c.bases)) {
                        let body = c.body;
                        for stmt in named(body) {
                            if let Some(asg) =
                                stmt.named_child(0).filter(|a| a.kind() == "assignment")
                                && asg
                                    .child_by_field_name("left")
                                    .is_some_and(|l| &text[l.byte_range()] == attr)
                                && let Some(r) = asg.child_by_field_name("right")
                            {
                                let mut v = self.value(r, ptr, depth + 1);
                                v.span = sp;
                                return v;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        // Names are not followed to their bindings here: only an enum
        // member (`Color.RED`) depends on what else the file defines.
        let what = format!(
            "`{}` is computed at run time; its value is not known statically",
            short(t)
        );
        if n.kind() == "attribute" {
            self.note(n, ptr, what);
        } else {
            self.settled_note(n, ptr, what);
        }
        object(Vec::new(), sp)
    }
}

/// A finding's fix in the terms of the Python code that made the schema
/// (`generator` renders the model or type `model`): a Pydantic model's
/// root `title` (its class name) and `description` (its docstring) are
/// not removed by editing params the author never wrote, a secret is asked
/// on a page of one's own through the SDK's URL mode, an `Optional` field
/// of the SDK 1.x is given a default of its own type.
pub(crate) fn in_authors_words(
    generator: &str,
    model: &str,
    params: &Node,
    mut f: crate::finding::Finding,
) -> crate::finding::Finding {
    use crate::rules;
    let model = model.rsplit('.').next().unwrap_or(model);
    let pop = |key: &str| {
        format!("model_config = ConfigDict(json_schema_extra=lambda s: s.pop(\"{key}\", None))")
    };
    let code = f.rule.code;
    let ptr = f.pointer.as_str();
    let fastmcp = generator.starts_with("fastmcp");
    if code == rules::SCHEMA_UNKNOWN_KEY.code && ptr == "/requestedSchema/title" {
        let title = params
            .get("requestedSchema")
            .and_then(|s| s.get("title"))
            .and_then(Node::as_str);
        f.message = if fastmcp && title == Some("ScalarElicitationType") {
            // FastMCP 2.x-3.x wrap the shorthand in their own model and
            // keep its name; 4.0 pops it (fastmcp#4477).
            format!(
                "`title` is not allowed at the root of requestedSchema, and FastMCP before 4.0 puts the name of the model it wraps `response_type={model}` in there (`ScalarElicitationType`); move to `fastmcp>=4`, which drops it"
            )
        } else {
            format!(
                "`title` is not allowed at the root of requestedSchema, and Pydantic puts the class name there (`{model}`); drop it in the model with `{}` and let the elicit message say what is asked",
                pop("title")
            )
        };
    } else if code == rules::SCHEMA_UNKNOWN_KEY.code && ptr == "/requestedSchema/description" {
        f.message = format!(
            "`description` is not allowed at the root of requestedSchema, and Pydantic puts the docstring of `{model}` there; make it a comment, or drop it with `{}`",
            pop("description")
        );
    } else if code == rules::SENSITIVE_FIELD.code
        && let Some(at) = f.message.find("in form mode")
    {
        // Form mode is all `ctx.elicit` asks in; URL mode is the SDK
        // session's `elicit_url` (mcp 1.30 and 2.3: `Context.elicit_url`
        // and `ServerSession.elicit_url(message, url, elicitation_id)`;
        // FastMCP 3.2 and 4.0's Context has none of its own).
        let how = if fastmcp {
            "`await ctx.session.elicit_url(message, url, elicitation_id)`"
        } else {
            "`await ctx.elicit_url(message, url, elicitation_id)`"
        };
        f.message = format!(
            "{}in form mode, which MUST NOT be used for sensitive data; take it out of `{model}` and send the person to your own page with {how} (URL mode)",
            &f.message[..at]
        );
    } else if code == rules::EMPTY_FORM.code && generator == "fastmcp<4" {
        f.message = "the form asks for nothing: FastMCP before 4.0 sends an empty form (`properties` is empty) when no response_type is given, and clients show anything from a yes/no prompt to nothing at all; pass `response_type=bool` for a confirmation (FastMCP 4 refuses a call without one)".to_string();
    } else if code == rules::PROPERTY_MISSING_TYPE.code
        && generator == "mcp<2"
        && let Some(name) = ptr
            .strip_prefix("/requestedSchema/properties/")
            .map(|p| p.split('/').next().unwrap_or(p))
        && let Some(prop) = params
            .get("requestedSchema")
            .and_then(|s| s.get("properties"))
            .and_then(|p| p.get(name))
        && let Some(options) = prop.get("anyOf")
    {
        let first = match &options.value {
            NodeValue::Array(items) => items.first().and_then(|i| i.get("type")),
            _ => None,
        };
        let example = match first.and_then(Node::as_str) {
            Some("integer") => format!("{name}: int = 0"),
            Some("number") => format!("{name}: float = 0.0"),
            Some("boolean") => format!("{name}: bool = False"),
            Some("array") => format!("{name}: list[str] = []"),
            _ => format!("{name}: str = \"\""),
        };
        // Pydantic's `anyOf` with null, which the SDK 1.x sends as it is
        // (2.x flattens it).
        f.message = format!(
            "property `{name}` has no `type`: the MCP Python SDK 1.x sends an `Optional` field as `anyOf` with null, which elicitation schemas do not have; give `{name}` a default of its own type instead of None (`{example}`), which leaves it out of `required`, or move to SDK 2.x, which sends the type alone"
        );
    } else if code == rules::PROPERTY_UNKNOWN_KEY.code
        && let Some(key) = ptr.rsplit('/').next()
        && ptr.matches('/').count() == 4
        && !PYDANTIC_KEYS.contains(&key)
        && let Some(at) = f.message.find("; remove it")
    {
        f.message = format!(
            "{}; Pydantic copies it from the field's `Field(...)` (a keyword `Field` does not take, or `json_schema_extra`) into the schema as written: remove it there{}",
            &f.message[..at],
            &f.message[at + "; remove it".len()..]
        );
    }
    f
}

/// The keys Pydantic itself writes into a property, from a type or a
/// keyword `Field` takes.
const PYDANTIC_KEYS: &[&str] = &[
    "type",
    "title",
    "description",
    "default",
    "examples",
    "format",
    "enum",
    "const",
    "items",
    "anyOf",
    "$ref",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "deprecated",
];

/// `{"type": "object", "properties": {}}`: what FastMCP before 4.0 sends
/// for `response_type=None`.
fn empty_form(sp: Span) -> Node<'static> {
    object(
        vec![
            member("type", sp, string("object", sp)),
            member("properties", sp, object(Vec::new(), sp)),
        ],
        sp,
    )
}

/// The properties of a schema FastMCP renders that its own check refuses
/// before sending: arrays whose items are no options.
fn fastmcp_refusals(schema: &Node, written: &str) -> Vec<(Span, String)> {
    let Some(props) = schema.get("properties") else {
        return Vec::new();
    };
    let NodeValue::Object(members) = &props.value else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in members {
        let is_array = m
            .value
            .get("type")
            .is_some_and(|t| matches!(&t.value, NodeValue::String(s) if s == "array"));
        let options = m.value.get("items").is_some_and(|i| {
            i.get("enum").is_some() || i.get("anyOf").is_some() || i.get("oneOf").is_some()
        });
        if is_array && !options {
            let shorthand = (m.key == "value").then_some(written);
            out.push((
                m.value.span,
                sdk_refuses_field::fastmcp_array(&m.key, shorthand),
            ));
        }
    }
    out
}

fn named(n: TsNode) -> Vec<TsNode> {
    let mut w = n.walk();
    n.named_children(&mut w).collect()
}

fn unwrap_type(n: TsNode) -> TsNode {
    let mut n = n;
    while n.kind() == "type" || n.kind() == "parenthesized_expression" {
        match n.named_child(0) {
            Some(c) => n = c,
            None => break,
        }
    }
    n
}

fn generic_name<'s>(n: TsNode, text: &'s str) -> &'s str {
    let head = n
        .named_child(0)
        .map(|h| &text[h.byte_range()])
        .unwrap_or("");
    head.rsplit('.').next().unwrap_or(head)
}

/// The parameters of `X[a, b]` (a generic type, or a subscript in an
/// expression position).
fn type_params(n: TsNode) -> Vec<TsNode> {
    let mut out = Vec::new();
    if n.kind() == "subscript" {
        let mut w = n.walk();
        for c in n.children_by_field_name("subscript", &mut w) {
            if c.kind() == "tuple" {
                out.extend(named(c));
            } else {
                out.push(c);
            }
        }
        return out;
    }
    for c in named(n).into_iter().skip(1) {
        if c.kind() == "type_parameter" {
            out.extend(named(c));
        }
    }
    out
}

fn is_none(n: TsNode, text: &str) -> bool {
    let n = unwrap_type(n);
    n.kind() == "none" || &text[n.byte_range()] == "None"
}

fn is_field_call(n: TsNode, text: &str) -> bool {
    n.kind() == "call"
        && n.child_by_field_name("function").is_some_and(|f| {
            let t = &text[f.byte_range()];
            t == "Field" || t.ends_with(".Field")
        })
}

/// The keywords of Pydantic's `Field` (2.14), which do not go into the
/// schema as written.
const FIELD_KEYWORDS: &[&str] = &[
    "default",
    "default_factory",
    "alias",
    "alias_priority",
    "validation_alias",
    "serialization_alias",
    "title",
    "field_title_generator",
    "description",
    "examples",
    "exclude",
    "exclude_if",
    "discriminator",
    "deprecated",
    "json_schema_extra",
    "frozen",
    "validate_default",
    "repr",
    "init",
    "init_var",
    "kw_only",
    "pattern",
    "strict",
    "coerce_numbers_to_str",
    "gt",
    "ge",
    "lt",
    "le",
    "multiple_of",
    "allow_inf_nan",
    "max_digits",
    "decimal_places",
    "min_length",
    "max_length",
    "union_mode",
    "fail_fast",
    "allow_mutation",
];

/// JSON Schema keywords a property may be judged by.
const SCHEMA_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "enum",
    "enumNames",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "items",
    "properties",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "default",
];

/// Base classes that add no fields.
const KNOWN_BASES: &[&str] = &[
    "BaseModel",
    "object",
    "TypedDict",
    "Generic",
    "ABC",
    "RootModel",
];

fn is_enum(bases: &[String]) -> bool {
    bases
        .iter()
        .any(|b| matches!(b.as_str(), "Enum" | "StrEnum" | "IntEnum"))
}

/// Pydantic's field title: `mfa_code` -> "Mfa Code" (`str.title()`, then
/// underscores to spaces).
fn field_title(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut prev_cased = false;
    for c in name.chars() {
        if c.is_alphabetic() {
            if prev_cased {
                out.extend(c.to_lowercase());
            } else {
                out.extend(c.to_uppercase());
            }
            prev_cased = true;
        } else {
            out.push(if c == '_' { ' ' } else { c });
            prev_cased = false;
        }
    }
    out.trim().to_string()
}

/// The docstring of a class body: its span and raw text.
fn docstring(body: TsNode, text: &str) -> Option<(Span, String)> {
    let first = body.named_child(0)?;
    if first.kind() != "expression_statement" {
        return None;
    }
    let s = first.named_child(0).filter(|s| s.kind() == "string")?;
    Some((span(&s), python_string(s, text)?))
}

/// `inspect.cleandoc`.
fn cleandoc(doc: &str) -> String {
    let doc = doc.replace('\t', "        ");
    let lines: Vec<&str> = doc.lines().collect();
    let margin = lines
        .iter()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<String> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if i == 0 {
            out.push(l.trim_start().to_string());
        } else {
            out.push(
                l.get(margin..)
                    .unwrap_or("")
                    .trim_end_matches([' '])
                    .to_string(),
            );
        }
    }
    while out.first().is_some_and(|l| l.trim().is_empty()) {
        out.remove(0);
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out.join("\n")
}

/// The value of a Python string literal (not f-strings with
/// interpolations, not bytes).
fn python_string(n: TsNode, text: &str) -> Option<String> {
    match n.kind() {
        "string" => {
            let mut out = String::new();
            let mut raw = false;
            for c in named(n) {
                match c.kind() {
                    "string_start" => {
                        let p = text[c.byte_range()].to_ascii_lowercase();
                        if p.contains('b') || p.contains('f') && has_interpolation(n) {
                            return None;
                        }
                        raw = p.contains('r');
                    }
                    "string_content" => {
                        let body = &text[c.byte_range()];
                        if raw {
                            out.push_str(body);
                        } else {
                            out.push_str(&build::unescape(body)?);
                        }
                    }
                    "escape_sequence" => {
                        let e = &text[c.byte_range()];
                        out.push_str(&if raw {
                            e.to_string()
                        } else {
                            build::unescape(e)?
                        });
                    }
                    "string_end" => {}
                    _ => return None,
                }
            }
            Some(out)
        }
        "concatenated_string" => {
            let mut out = String::new();
            for c in named(n) {
                out.push_str(&python_string(c, text)?);
            }
            Some(out)
        }
        _ => None,
    }
}

fn has_interpolation(n: TsNode) -> bool {
    named(n).iter().any(|c| c.kind() == "interpolation")
}

/// Pydantic sorts the keys of every schema object (not those of
/// `properties`).
fn sort(members: &mut [Member]) {
    members.sort_by(|a, b| a.key.cmp(&b.key));
}

/// Whether the SDK 1.x takes a field annotated `written`: `str`, `int`,
/// `float`, `bool`, a one-argument sequence of `str`, and `Optional` or
/// unions of these with `None`; `Annotated[T, ...]` is `T`.
fn sdk1_accepts(written: &str) -> bool {
    let t = written.trim();
    if let Some(inner) = generic(t, &["Annotated"]) {
        return sdk1_accepts(top_level(inner, ',').first().copied().unwrap_or(""));
    }
    let alone = |p: &str| {
        let p = p.trim();
        let last = p.rsplit('.').next().unwrap_or(p);
        matches!(last, "str" | "int" | "float" | "bool")
            || generic(
                p,
                &[
                    "list",
                    "List",
                    "Sequence",
                    "MutableSequence",
                    "tuple",
                    "Tuple",
                ],
            )
            .is_some_and(|a| a.trim() == "str")
    };
    let none = |p: &str| matches!(p.trim(), "None" | "NoneType" | "type(None)");
    let bar = top_level(t, '|');
    if bar.len() > 1 {
        return bar.iter().all(|p| none(p) || alone(p));
    }
    if let Some(inner) = generic(t, &["Optional"]) {
        return alone(inner);
    }
    if let Some(inner) = generic(t, &["Union"]) {
        return top_level(inner, ',').iter().all(|p| none(p) || alone(p));
    }
    alone(t)
}

/// `Name[inner]` (also `module.Name[inner]`) for one of `names`: the inner
/// text.
fn generic<'a>(t: &'a str, names: &[&str]) -> Option<&'a str> {
    let inner = t.strip_suffix(']')?;
    let (head, inner) = inner.split_once('[')?;
    let head = head.trim();
    names
        .contains(&head.rsplit('.').next().unwrap_or(head))
        .then_some(inner)
}

/// `t` split at `sep` outside brackets.
fn top_level(t: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in t.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            c if c == sep && depth == 0 => {
                parts.push(&t[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&t[start..]);
    parts
}

/// The code a `model_config`'s `json_schema_extra` runs, when it can be
/// read here: a `lambda` written in place, or a function of this file
/// named there. `None` when it is something else.
fn schema_extra_code<'a>(value: TsNode, text: &'a str) -> Option<&'a str> {
    match value.kind() {
        "lambda" => Some(&text[value.byte_range()]),
        "identifier" => {
            let name = &text[value.byte_range()];
            let def = text.find(&format!("def {name}("))?;
            let body = &text[def..];
            let end = body[1..]
                .find("\ndef ")
                .into_iter()
                .chain(body[1..].find("\nclass "))
                .chain(body[1..].find("\nasync def "))
                .min()
                .map_or(body.len(), |e| e + 1);
            Some(&body[..end])
        }
        _ => None,
    }
}
