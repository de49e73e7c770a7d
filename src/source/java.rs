//! Java: the official Java SDK (`io.modelcontextprotocol.sdk:mcp`), read
//! as its `McpSchema` stands at v1.1.4 (modelcontextprotocol/java-sdk,
//! commit 8a7002f2cddd0a6f6e0d8d476feca2ce8ddd5db8) and v2.0.1 (commit
//! c7e1cfe90edcd9cbe030924310a194dc5492eab2).
//!
//! The schema is a `Map<String, Object>` that Jackson writes as it is, so
//! the params are the maps written in the code: `Map.of(k, v, ...)`,
//! `Map.ofEntries(Map.entry(k, v), ...)`, `List.of(...)`, arrays, and the
//! locals and fields bound to them once and never changed.
//!
//! - 1.x: the record `McpSchema.ElicitRequest(message, requestedSchema[,
//!   meta])` and its `builder()`; no `mode` on the wire, null members left
//!   out.
//! - 2.x: `ElicitRequest` is an interface; `ElicitFormRequest` (its
//!   `builder(message, schema)`, and the deprecated
//!   `ElicitRequest.builder()`) always writes `"mode": "form"`,
//!   `ElicitUrlRequest(message, url, elicitationId, meta)` `"mode": "url"`.
//!
//! A file that names `ElicitFormRequest` or `ElicitUrlRequest` is on 2.x;
//! `new ElicitRequest(...)` compiles on 1.x only; for
//! `ElicitRequest.builder()` elsewhere the mode is not known and rules
//! that need it abstain.
//!
//! A schema held in a `static final` field of another class of the
//! project (`new ElicitRequest("Go on?", Schemas.CONFIRM)`, or `CONFIRM`
//! after `import static ...Schemas.CONFIRM;`) is found by the project's
//! index and checked where it is written, its message and mode the
//! caller's, unknown there; the call names it without a note.

use std::sync::Arc;

use tree_sitter::Node as TsNode;

use super::build::short;
use super::build::{self, Bindings, Unknown, member, object, span, string};
use super::index::Links;
use super::{Found, Language, Scan, parse};
use crate::json::{Member, Node, NodeValue, pointer_push};

const MAX_NESTING: usize = 64;

/// The nodes a local or a field is bound in.
const SCOPES: &[&str] = &[
    "block",
    "class_body",
    "program",
    "lambda_expression",
    "constructor_body",
];

/// Which SDK major version the code is written for.
#[derive(Clone, Copy, PartialEq)]
enum Era {
    /// 1.x: no `mode`.
    One,
    /// 2.x: `mode` always written.
    Two,
    /// Either: the mode is not known.
    Either,
}

pub(crate) fn scan<'s>(
    text: &'s str,
    windows: Option<&[(usize, usize)]>,
    links: Option<Arc<Links>>,
) -> Option<Scan<'s>> {
    read(text, windows, links.unwrap_or_default()).map(|(scan, _)| scan)
}

/// The qualified names (`Schemas.CONFIRM`) the file's calls give as their
/// schema without binding them, each with where it is written: the
/// project's index looks for them in the other classes.
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
    let grammar: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    let mut out = Scan::default();
    let tree = parse(&grammar, text, &mut out.notes, windows)?;
    let mut creations = Vec::new();
    let mut builds = Vec::new();
    let mut locals = Bindings::default();
    super::each_node(tree.root_node(), |n| match n.kind() {
        "object_creation_expression" => creations.push(n),
        "method_invocation" => {
            let name = n.child_by_field_name("name").map(|x| &text[x.byte_range()]);
            if name == Some("build") {
                builds.push(n);
            }
            if matches!(
                name,
                Some(
                    "put"
                        | "putAll"
                        | "putIfAbsent"
                        | "add"
                        | "addAll"
                        | "remove"
                        | "clear"
                        | "compute"
                        | "computeIfAbsent"
                        | "computeIfPresent"
                        | "merge"
                        | "replace"
                        | "replaceAll"
                        | "set"
                )
            ) && let Some(o) = n.child_by_field_name("object")
                && o.kind() == "identifier"
            {
                locals.change(&text[o.byte_range()], n.start_byte());
            }
        }
        "variable_declarator" => {
            if let Some(name) = n.child_by_field_name("name") {
                let value = n.child_by_field_name("value");
                locals.bind(&text[name.byte_range()], build::scope_of(n, SCOPES), value);
            }
        }
        "assignment_expression" => {
            if let Some(l) = n.child_by_field_name("left")
                && l.kind() == "identifier"
            {
                locals.change(&text[l.byte_range()], n.start_byte());
            }
        }
        _ => {}
    });
    let era_of_file = if text.contains("ElicitFormRequest") || text.contains("ElicitUrlRequest") {
        Era::Two
    } else {
        Era::Either
    };
    let mut r = Reader {
        text,
        locals,
        unknown: Vec::new(),
        following: Vec::new(),
        links,
        names: Vec::new(),
    };
    for c in creations {
        let Some(ty) = c.child_by_field_name("type") else {
            continue;
        };
        let class = last_segment(&text[ty.byte_range()]);
        let (era, url) = match class {
            "ElicitRequest" => (Era::One, false),
            "ElicitFormRequest" => (Era::Two, false),
            "ElicitUrlRequest" => (Era::Two, true),
            _ => continue,
        };
        let args = arguments(c);
        let keys: &[&str] = if url {
            &["message", "url", "elicitationId"]
        } else {
            &["message", "requestedSchema"]
        };
        let given: Vec<(&str, TsNode, TsNode)> =
            keys.iter().zip(&args).map(|(k, a)| (*k, *a, *a)).collect();
        r.unknown.clear();
        let params = r.params(c, &given, era, url);
        out.found.push(Found {
            at: span(&c),
            params,
            unknown: std::mem::take(&mut r.unknown),
            origin: None,
        });
    }
    for b in builds {
        // Down the chain to `X.builder(...)`.
        let mut setters: Vec<(&str, TsNode, TsNode)> = Vec::new();
        let mut at = b.child_by_field_name("object");
        let mut root = None;
        while let Some(m) = at {
            if m.kind() != "method_invocation" {
                break;
            }
            let Some(name) = m.child_by_field_name("name") else {
                break;
            };
            let name_text = &text[name.byte_range()];
            if name_text == "builder" {
                root = Some(m);
                break;
            }
            if let Some(arg) = arguments(m).first() {
                setters.push((name_text, name, *arg));
            }
            at = m.child_by_field_name("object");
        }
        let Some(root) = root else { continue };
        let class = root
            .child_by_field_name("object")
            .map(|o| last_segment(&text[o.byte_range()]))
            .unwrap_or("");
        let (era, url) = match class {
            "ElicitRequest" => (era_of_file, false),
            "ElicitFormRequest" => (Era::Two, false),
            "ElicitUrlRequest" => (Era::Two, true),
            _ => continue,
        };
        let mut given: Vec<(&str, TsNode, TsNode)> = Vec::new();
        let root_args = arguments(root);
        let root_keys: &[&str] = if url {
            &["message", "url", "elicitationId"]
        } else {
            &["message", "requestedSchema"]
        };
        for (k, a) in root_keys.iter().zip(&root_args) {
            given.push((k, *a, *a));
        }
        // The setters, the last one written winning.
        for (name, key_node, arg) in setters.into_iter().rev() {
            let key = match name {
                "message" => "message",
                "requestedSchema" => "requestedSchema",
                "url" => "url",
                "elicitationId" => "elicitationId",
                _ => continue,
            };
            given.retain(|(k, _, _)| *k != key);
            given.push((key, key_node, arg));
        }
        r.unknown.clear();
        let params = r.params(b, &given, era, url);
        out.found.push(Found {
            at: span(&b),
            params,
            unknown: std::mem::take(&mut r.unknown),
            origin: None,
        });
    }
    let sent = super::jvm_summary::sent_here(
        Language::Java,
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
            None => r.value(s.value, "/requestedSchema", 0),
        };
        let unknown = std::mem::take(&mut r.unknown);
        out.found.push(build::elicited(s.value, schema, unknown));
    }
    if windows.is_some() && !super::windows_complete(&tree, &out, text, &[], "", false) {
        return None;
    }
    Some((out, r.names))
}

/// The arguments of a call or creation.
fn arguments(n: TsNode) -> Vec<TsNode> {
    n.child_by_field_name("arguments")
        .map(|a| {
            let mut w = a.walk();
            a.named_children(&mut w)
                .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
                .collect()
        })
        .unwrap_or_default()
}

/// `McpSchema.ElicitRequest` -> `ElicitRequest`; generics dropped.
fn last_segment(t: &str) -> &str {
    let t = t.split('<').next().unwrap_or(t).trim();
    t.rsplit('.').next().unwrap_or(t).trim()
}

struct Reader<'s, 't> {
    text: &'s str,
    locals: Bindings<'s, 't>,
    unknown: Vec<Unknown>,
    following: Vec<&'s str>,
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

    /// The params: each given member (key, where its key is written, value).
    fn params(
        &mut self,
        at: TsNode<'t>,
        given: &[(&str, TsNode<'t>, TsNode<'t>)],
        era: Era,
        url: bool,
    ) -> Node<'s> {
        let sp = span(&at);
        let mut members: Vec<Member<'s>> = Vec::new();
        match era {
            Era::Two => {
                let mode = if url { "url" } else { "form" };
                members.push(member("mode", sp, string(mode, sp)));
            }
            Era::Either => self.unknown.push(Unknown {
                pointer: "/mode".to_string(),
                span: sp,
                what: String::new(),
                whole: true,
            }),
            Era::One => {}
        }
        for (key, key_node, v) in given {
            if v.kind() == "null_literal" {
                continue;
            }
            let ptr = pointer_push("", key);
            let value = self.value(*v, &ptr, 0);
            members.push(member(key.to_string(), span(key_node), value));
        }
        object(members, sp)
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

    fn string_value(&self, n: TsNode) -> Option<String> {
        let raw = &self.text[n.byte_range()];
        if n.kind() != "string_literal" || raw.starts_with("\"\"\"") {
            return None;
        }
        let mut w = n.walk();
        if n.named_children(&mut w)
            .any(|c| c.kind() == "string_interpolation")
        {
            return None;
        }
        build::unescape(raw.strip_prefix('"')?.strip_suffix('"')?)
    }

    /// Pairs of `Map.of(k1, v1, k2, v2, ...)` or the entries of
    /// `Map.ofEntries(Map.entry(k, v), ...)`.
    fn map_entries(&self, n: TsNode<'t>) -> Option<Vec<(TsNode<'t>, TsNode<'t>)>> {
        let name = &self.text[n.child_by_field_name("name")?.byte_range()];
        let owner = last_segment(&self.text[n.child_by_field_name("object")?.byte_range()]);
        let args = arguments(n);
        match (owner, name) {
            ("Map" | "ImmutableMap", "of") if args.len().is_multiple_of(2) => {
                Some(args.chunks(2).map(|kv| (kv[0], kv[1])).collect())
            }
            ("Collections", "singletonMap") if args.len() == 2 => Some(vec![(args[0], args[1])]),
            ("Collections", "emptyMap") if args.is_empty() => Some(Vec::new()),
            ("Map", "ofEntries") => args
                .iter()
                .map(|e| {
                    let ok = e.kind() == "method_invocation"
                        && e.child_by_field_name("name")
                            .is_some_and(|x| &self.text[x.byte_range()] == "entry");
                    let kv = arguments(*e);
                    (ok && kv.len() == 2).then(|| (kv[0], kv[1]))
                })
                .collect(),
            _ => None,
        }
    }

    /// The elements of `List.of(...)`, `Arrays.asList(...)`, `Set.of(...)`.
    fn list_elements(&self, n: TsNode<'t>) -> Option<Vec<TsNode<'t>>> {
        let name = &self.text[n.child_by_field_name("name")?.byte_range()];
        let owner = last_segment(&self.text[n.child_by_field_name("object")?.byte_range()]);
        match (owner, name) {
            ("List" | "Set" | "ImmutableList", "of")
            | ("Arrays", "asList")
            | ("Collections", "singletonList" | "singleton" | "emptyList")
            | ("Stream", "of") => Some(arguments(n)),
            _ => None,
        }
    }

    /// A Java value as Jackson writes it.
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
        if matches!(n.kind(), "field_access" | "identifier") && self.follow(n).is_none() {
            if self.links.resolved.iter().any(|r| r == t) {
                // A constant of another class: checked where written.
                return self.note(n, ptr, String::new());
            }
            if ptr == "/requestedSchema" {
                self.names.push((t.to_string(), n.start_byte()));
            }
        }
        match n.kind() {
            "string_literal" => {
                if let Some(s) = self.string_value(n) {
                    return string(s, sp);
                }
            }
            "decimal_integer_literal" | "decimal_floating_point_literal" => {
                if let Some(num) = number_text(t) {
                    return Node {
                        value: NodeValue::Number(num.into()),
                        span: sp,
                    };
                }
            }
            "unary_expression" if t.starts_with('-') => {
                if let Some(o) = n.child_by_field_name("operand")
                    && matches!(
                        o.kind(),
                        "decimal_integer_literal" | "decimal_floating_point_literal"
                    )
                    && let Some(num) = number_text(&self.text[o.byte_range()])
                {
                    return Node {
                        value: NodeValue::Number(format!("-{num}").into()),
                        span: sp,
                    };
                }
            }
            "true" => return build::boolean(true, sp),
            "false" => return build::boolean(false, sp),
            "null_literal" => return build::null(sp),
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
            "method_invocation" => {
                if let Some(entries) = self.map_entries(n) {
                    let mut members: Vec<Member<'s>> = Vec::new();
                    for (k, v) in entries {
                        let key = self.string_value(k).or_else(|| {
                            let f = self.follow(k)?;
                            self.string_value(f)
                        });
                        let Some(key) = key else {
                            let what =
                                "a key computed at run time; this object is checked without it"
                                    .to_string();
                            build::open(&mut self.unknown, ptr, span(&k), what, &members);
                            continue;
                        };
                        let p = pointer_push(ptr, &key);
                        let value = self.value(v, &p, depth + 1);
                        members.retain(|m| m.key != key);
                        members.push(member(key, span(&k), value));
                    }
                    return object(members, sp);
                }
                if let Some(elements) = self.list_elements(n) {
                    return self.array(elements, ptr, depth, sp);
                }
            }
            "array_creation_expression" => {
                if let Some(init) = n.child_by_field_name("value") {
                    let mut w = init.walk();
                    let elements: Vec<TsNode> = init.named_children(&mut w).collect();
                    return self.array(elements, ptr, depth, sp);
                }
            }
            "object_creation_expression" => {
                // `new HashMap<>(Map.of(...))`, `new ArrayList<>(List.of(...))`
                // and empty ones.
                let class = n
                    .child_by_field_name("type")
                    .map(|t| last_segment(&self.text[t.byte_range()]))
                    .unwrap_or("");
                let args = arguments(n);
                let map = matches!(class, "HashMap" | "LinkedHashMap" | "TreeMap");
                let list = matches!(class, "ArrayList" | "LinkedList");
                let has_body = {
                    let mut w = n.walk();
                    n.named_children(&mut w).any(|c| c.kind() == "class_body")
                };
                if (map || list) && !has_body {
                    match args.as_slice() {
                        [] if map => return object(Vec::new(), sp),
                        [] => return self.array(Vec::new(), ptr, depth, sp),
                        [one] if one.kind() != "decimal_integer_literal" => {
                            let mut v = self.value(*one, ptr, depth + 1);
                            v.span = sp;
                            return v;
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        self.computed(n, ptr)
    }

    fn array(
        &mut self,
        elements: Vec<TsNode<'t>>,
        ptr: &str,
        depth: usize,
        sp: crate::json::Span,
    ) -> Node<'s> {
        let mut items = Vec::new();
        for e in elements {
            let p = pointer_push(ptr, &items.len().to_string());
            items.push(self.value(e, &p, depth + 1));
        }
        Node {
            value: NodeValue::Array(items),
            span: sp,
        }
    }
}

/// A Java numeric literal as Jackson writes the boxed value: a `long`
/// without its `L`, a `double` always with a fraction (`5d` is `5.0`).
fn number_text(t: &str) -> Option<String> {
    let t = t.replace('_', "");
    if t.starts_with("0x") || t.starts_with("0X") || t.starts_with("0b") || t.starts_with("0B") {
        return None;
    }
    if let Some(int) = t.strip_suffix(['l', 'L']) {
        return build::is_json_number(int).then(|| int.to_string());
    }
    let float = t.ends_with(['d', 'D', 'f', 'F']) || t.contains(['.', 'e', 'E']);
    let body = t.trim_end_matches(['d', 'D', 'f', 'F']);
    if !float {
        // An octal literal (`010`) is not what JSON reads.
        return (build::is_json_number(body) && !(body.len() > 1 && body.starts_with('0')))
            .then(|| body.to_string());
    }
    if body.contains(['e', 'E']) {
        return None;
    }
    let body = match body.strip_prefix('.') {
        Some(b) => format!("0.{b}"),
        None => body.to_string(),
    };
    let body = match body.strip_suffix('.') {
        Some(b) => format!("{b}.0"),
        None if !body.contains('.') => format!("{body}.0"),
        None => body,
    };
    build::is_json_number(&body).then_some(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(src: &str) -> Scan<'_> {
        scan(src, None, None).expect("whole file read")
    }

    #[test]
    fn the_record_of_1x_sends_the_maps_as_written() {
        let src = r#"
class Tools {
    static final String FIELD = "confirm";
    void call(McpSyncServerExchange exchange) {
        Map<String, Object> schema = Map.of("type", "object", "properties",
            Map.of(FIELD, Map.of("type", "boolean", "default", true),
                   "age", Map.of("type", "integer", "minimum", 18L, "maximum", 1.5)),
            "required", List.of(FIELD));
        exchange.createElicitation(new McpSchema.ElicitRequest("Go?", schema));
    }
}"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 1);
        let f = &scan.found[0];
        assert!(f.unknown.is_empty(), "{:?}", f.unknown);
        let v = f.params.to_value();
        assert_eq!(v["message"], "Go?");
        assert!(v.get("mode").is_none());
        assert_eq!(
            v["requestedSchema"]["properties"]["confirm"]["default"],
            true
        );
        assert_eq!(v["requestedSchema"]["properties"]["age"]["minimum"], 18);
        assert_eq!(v["requestedSchema"]["required"][0], "confirm");
    }

    #[test]
    fn builders_of_2x_write_the_mode() {
        let src = r#"
class Tools {
    void call(McpSyncServerExchange exchange, String msg) {
        exchange.createElicitation(ElicitFormRequest.builder("Pick", Map.of("type", "object", "properties", Map.of())).build());
        exchange.createElicitation(McpSchema.ElicitRequest.builder().message(msg).requestedSchema(Map.of("type", "object")).build());
    }
}"#;
        let scan = found(src);
        assert_eq!(scan.found.len(), 2);
        assert_eq!(scan.found[0].params.to_value()["mode"], "form");
        assert_eq!(scan.found[1].params.to_value()["mode"], "form");
        assert_eq!(scan.found[1].unknown[0].pointer, "/message");
    }

    #[test]
    fn a_map_filled_by_put_is_unknown_and_the_mode_of_a_bare_builder_too() {
        let src = r#"
class Tools {
    McpSchema.ElicitRequest request() {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        return McpSchema.ElicitRequest.builder().message("Sure?").requestedSchema(schema).build();
    }
}"#;
        let scan = found(src);
        let f = &scan.found[0];
        let pointers: Vec<&str> = f.unknown.iter().map(|u| u.pointer.as_str()).collect();
        assert_eq!(pointers, ["/mode", "/requestedSchema"]);
    }

    #[test]
    fn numbers_are_written_as_jackson_writes_them() {
        assert_eq!(number_text("30L").as_deref(), Some("30"));
        assert_eq!(number_text("95.5").as_deref(), Some("95.5"));
        assert_eq!(number_text("5d").as_deref(), Some("5.0"));
        assert_eq!(number_text("1_000").as_deref(), Some("1000"));
        assert_eq!(number_text("0x1F"), None);
        assert_eq!(number_text("010"), None);
    }

    #[test]
    fn constants_of_other_classes_are_given_to_the_index() {
        let src = r#"
class Tools {
    void call(McpSyncServerExchange exchange) {
        Map<String, Object> schema = Forms.ADDRESS;
        exchange.createElicitation(new ElicitRequest(Messages.GO, Schemas.CONFIRM));
        exchange.createElicitation(ElicitFormRequest.builder("m", schema).build());
        exchange.createElicitation(new ElicitRequest("m", a.b.C.D));
    }
}"#;
        let names: Vec<String> = schema_names(src).into_iter().map(|(n, _)| n).collect();
        // The creations are read before the builders; the message is not
        // looked for; a longer path is given as it is written (the index
        // reads two names only).
        assert_eq!(names, ["Schemas.CONFIRM", "a.b.C.D", "Forms.ADDRESS"]);
        let mut links = Links::default();
        links.resolve("Schemas.CONFIRM".into());
        let scan = scan(src, None, Some(Arc::new(links))).unwrap();
        let notes: Vec<&str> = scan.found[0]
            .unknown
            .iter()
            .filter(|u| !u.what.is_empty())
            .map(|u| u.pointer.as_str())
            .collect();
        assert_eq!(notes, ["/message"]);
    }

    #[test]
    fn a_constant_sent_here_and_from_another_file_is_read_once() {
        let src = r#"
class Own {
    static final Map<String, Object> S = Map.of("type", "object", "properties", Map.of());
    static final Map<String, Object> T = Map.of("type", "object", "properties", Map.of());
    void t(McpSyncServerExchange exchange) {
        exchange.createElicitation(new ElicitRequest("m", S));
    }
}"#;
        let mut links = Links::default();
        for name in ["Own.S", "Own.T"] {
            links.elicited(name.into(), super::super::index::Flavour::Java, || {
                ("Tool.java:5".into(), Vec::new())
            });
        }
        let scan = scan(src, None, Some(Arc::new(links))).unwrap();
        // The call's reading of `S`, and `T` where it is written.
        assert_eq!(scan.found.len(), 2);
        assert_eq!(scan.found[0].params.to_value()["message"], "m");
        let t = &scan.found[1];
        assert_eq!(&src[t.at.start..t.at.start + 7], "Map.of(");
        assert!(src[..t.at.start].ends_with("T = "));
    }

    #[test]
    fn half_written_source_does_not_panic() {
        let _ = scan(
            "class T { void m(E e) { e.createElicitation(new ElicitRequest(\"x\", Map.of(\"type\", ",
            None,
            None,
        );
        let _ = scan("ElicitRequest.builder().message(", None, None);
    }
}
