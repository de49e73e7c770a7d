//! What each host does with every elicitation of a document, from the
//! facts in [`crate::hosts`]: the findings of the host rules
//! (`W801`-`W814`) and what the compatibility matrix and the form's
//! `--as HOST` show, from one pass so that they never disagree.

use super::{Fact, Host, ShapeKind, Status, Trigger};
use crate::document::{self, Kind};
use crate::finding::Findings;
use crate::json::{self, Node, Span, pointer_push};
use crate::rules::{check_params, check_schema};
use crate::schema::parse::Ignore;
use crate::schema::{OptionStyle, Property, Shape, parse_property};
use crate::spec::Revision;

/// One fact tripped at one place.
#[derive(Debug, Clone)]
pub struct Hit {
    pub host: &'static Host,
    pub fact: &'static Fact,
    pub span: Span,
    pub pointer: String,
    /// The place in words: "`guests` (an integer)", "`pattern` on `code`";
    /// empty when the fact is about the elicitation as a whole.
    pub what: String,
}

impl Hit {
    /// The finding's message: host, what the person sees, evidence, fix.
    pub fn message(&self) -> String {
        let evidence: Vec<String> = self.fact.evidence.iter().map(|e| e.to_string()).collect();
        let mut m = if self.what.is_empty() {
            format!("{}: {}", self.host.name, self.fact.sees)
        } else {
            format!("{}: {}: {}", self.host.name, self.what, self.fact.sees)
        };
        m.push_str(&format!(
            "; evidence: {} ({})",
            evidence.join(", "),
            self.fact.versions
        ));
        if let Some(fix) = self.fact.fix {
            m.push_str("; fix: ");
            m.push_str(fix);
        }
        m
    }
}

/// One elicitation of a document and what the hosts make of it.
#[derive(Debug, Clone)]
pub struct Asked {
    /// Where the row points: the `message`, else the params or schema.
    pub span: Span,
    pub message: Option<String>,
    pub hits: Vec<Hit>,
    /// Whether it has a shape outside the spec that some host refuses:
    /// then a host no fact speaks for is "unknown", not "works".
    pub out_of_spec: bool,
}

impl Asked {
    /// What `host` makes of this elicitation, worst first.
    pub(crate) fn status(&self, host: &Host) -> Status {
        let worst = self
            .hits
            .iter()
            .filter(|h| h.host.id == host.id)
            .map(|h| h.fact.status)
            .max();
        match worst {
            Some(s) => s,
            None if host.known && !self.out_of_spec => Status::Works,
            None => Status::Unknown,
        }
    }
}

/// Every elicitation of `node` with the facts of `hosts` it trips.
pub(crate) fn check_document(node: &Node, rev: Revision, hosts: &[&'static Host]) -> Vec<Asked> {
    let mut out = Vec::new();
    match document::classify(node) {
        Kind::Schema => {
            let view = View::new(None, Some(node), String::new(), false, rev);
            out.push(view.check(node.span, hosts));
        }
        _ => {
            for e in document::elicitations(node) {
                let schema = e.params.get("requestedSchema");
                let view = View::new(
                    Some(e.params),
                    schema,
                    e.pointer.clone(),
                    e.key.is_some(),
                    rev,
                );
                out.push(view.check(e.params.span, hosts));
            }
        }
    }
    out
}

/// What `hosts` make of one elicitation's params, on their own (pointers
/// from the params); `input_required` says whether an InputRequiredResult
/// carried them.
pub fn check_params_of(
    params: &Node,
    input_required: bool,
    rev: Revision,
    hosts: &[&'static Host],
) -> Asked {
    let schema = params.get("requestedSchema");
    View::new(Some(params), schema, String::new(), input_required, rev).check(params.span, hosts)
}

/// Adds the findings of the host rules for `node` to `out`.
pub fn lint(node: &Node, rev: Revision, hosts: &[&'static Host], out: &mut Findings) {
    for asked in check_document(node, rev, hosts) {
        // "Not established" is the matrix's to say, not a finding.
        for hit in asked
            .hits
            .iter()
            .filter(|h| h.fact.status != Status::Unknown)
        {
            out.push(hit.fact.rule, hit.span, hit.pointer.clone(), hit.message());
        }
    }
}

/// One elicitation, read once for every host.
struct View<'d, 'a> {
    params: Option<&'d Node<'a>>,
    schema: Option<&'d Node<'a>>,
    /// Pointer of the params (or of the schema, for a bare schema).
    pointer: String,
    schema_pointer: String,
    url: bool,
    input_required: bool,
    properties: Vec<Prop<'d, 'a>>,
    /// Findings of the spec rules, for the shapes SDKs refuse.
    spec: Findings,
}

struct Prop<'d, 'a> {
    name: String,
    key_span: Span,
    node: &'d Node<'a>,
    pointer: String,
    model: Option<Property>,
}

impl<'d, 'a> View<'d, 'a> {
    fn new(
        params: Option<&'d Node<'a>>,
        schema: Option<&'d Node<'a>>,
        pointer: String,
        input_required: bool,
        rev: Revision,
    ) -> Self {
        let url = params.and_then(|p| p.get("mode")).and_then(Node::as_str) == Some("url");
        let schema_pointer = if params.is_some() {
            pointer_push(&pointer, "requestedSchema")
        } else {
            pointer.clone()
        };
        let mut spec = Findings::default();
        match params {
            Some(p) => {
                check_params(p, &pointer, rev, &mut spec);
            }
            None => {
                if let Some(s) = schema {
                    check_schema(s, &pointer, rev, &mut spec);
                }
            }
        }
        let mut properties = Vec::new();
        if !url
            && let Some(members) = schema
                .and_then(|s| s.get("properties"))
                .and_then(Node::as_object)
        {
            let base = pointer_push(&schema_pointer, "properties");
            for m in members {
                let ptr = pointer_push(&base, &m.key);
                let model = parse_property(&m.key, &m.value, &ptr, &mut Ignore);
                properties.push(Prop {
                    name: m.key.to_string(),
                    key_span: m.key_span,
                    node: &m.value,
                    pointer: ptr,
                    model,
                });
            }
        }
        View {
            params,
            schema,
            pointer,
            schema_pointer,
            url,
            input_required,
            properties,
            spec,
        }
    }

    /// Where a finding about the elicitation as a whole goes: its message.
    fn whole(&self, fallback: Span) -> (Span, String) {
        if let Some(p) = self.params
            && let Some(m) = p.member("message")
        {
            return (m.value.span, pointer_push(&self.pointer, "message"));
        }
        (
            Span::new(fallback.start, fallback.start + 1),
            self.pointer.clone(),
        )
    }

    fn check(&self, span: Span, hosts: &[&'static Host]) -> Asked {
        let (whole_span, _) = self.whole(span);
        let mut hits = Vec::new();
        for &host in hosts {
            for fact in host.facts {
                for place in self.places(fact.trigger, span) {
                    hits.push(Hit {
                        host,
                        fact,
                        span: place.span,
                        pointer: place.pointer,
                        what: place.what,
                    });
                }
            }
        }
        Asked {
            out_of_spec: self
                .spec
                .items
                .iter()
                .any(|f| super::OUT_OF_SPEC.contains(&f.rule)),
            span: whole_span,
            message: self
                .params
                .and_then(|p| p.get("message"))
                .and_then(Node::as_str)
                .map(str::to_string),
            hits,
        }
    }

    /// Every place in the elicitation that trips `trigger`.
    fn places(&self, trigger: Trigger, span: Span) -> Vec<Place> {
        let mut out = Vec::new();
        match trigger {
            Trigger::Any => {
                let (span, pointer) = self.whole(span);
                out.push(Place::at(span, pointer, ""));
            }
            Trigger::InputRequired => {
                if self.input_required {
                    let (span, pointer) = self.whole(span);
                    out.push(Place::at(span, pointer, "an InputRequiredResult"));
                }
            }
            Trigger::UrlMode => {
                if self.url
                    && let Some(m) = self.params.and_then(|p| p.member("mode"))
                {
                    out.push(Place::at(
                        m.value.span,
                        pointer_push(&self.pointer, "mode"),
                        "URL mode",
                    ));
                }
            }
            Trigger::RootKeys(keys) => {
                if let Some(members) = self.schema.and_then(Node::as_object) {
                    for m in members.iter().filter(|m| keys.contains(&m.key.as_ref())) {
                        out.push(Place::at(
                            m.key_span,
                            pointer_push(&self.schema_pointer, &m.key),
                            format!("root `{}`", m.key),
                        ));
                    }
                }
            }
            Trigger::EmptyForm => {
                if let Some(m) = self.schema.and_then(|s| s.member("properties"))
                    && m.value.as_object().is_some_and(<[_]>::is_empty)
                {
                    out.push(Place::at(
                        m.key_span,
                        pointer_push(&self.schema_pointer, "properties"),
                        "a form without properties",
                    ));
                }
            }
            Trigger::Rejected(rules) => {
                for f in self.spec.items.iter().filter(|f| rules.contains(&f.rule)) {
                    out.push(Place::at(
                        f.span,
                        f.pointer.clone(),
                        format!("the shape {} ({}) reports", f.rule.code, f.rule.name),
                    ));
                }
            }
            Trigger::Shapes(kinds) | Trigger::ShapesAmongOthers(kinds) => {
                let alone = self.properties.len() < 2;
                if alone && matches!(trigger, Trigger::ShapesAmongOthers(_)) {
                    return out;
                }
                for prop in &self.properties {
                    if let Some(kind) = prop.model.as_ref().and_then(shape_kind)
                        && kinds.contains(&kind)
                    {
                        out.push(prop.place(
                            prop.key_span,
                            prop.pointer.clone(),
                            &format!(" ({})", kind.describe()),
                        ));
                    }
                }
            }
            Trigger::NumberWithoutDefault => {
                for prop in &self.properties {
                    if let Some(Shape::Number(n)) = prop.model.as_ref().map(|m| &m.shape)
                        && n.default.is_none()
                    {
                        out.push(prop.place(
                            prop.key_span,
                            prop.pointer.clone(),
                            " (a number without a default)",
                        ));
                    }
                }
            }
            Trigger::FalsyDefault | Trigger::StringDefault => {
                for prop in &self.properties {
                    let Some(d) = prop.node.member("default") else {
                        continue;
                    };
                    let hit = match (trigger, prop.model.as_ref().map(|m| &m.shape)) {
                        (Trigger::StringDefault, Some(Shape::String(_))) => true,
                        (Trigger::FalsyDefault, Some(_)) => match &d.value.value {
                            json::NodeValue::Bool(b) => !b,
                            json::NodeValue::String(s) => s.is_empty(),
                            json::NodeValue::Number(_) => d.value.as_f64() == Some(0.0),
                            _ => false,
                        },
                        _ => false,
                    };
                    if hit {
                        out.push(prop.place(
                            d.key_span,
                            pointer_push(&prop.pointer, "default"),
                            &format!(" (default {})", d.value.to_value()),
                        ));
                    }
                }
            }
            Trigger::Keywords(keys) => {
                for prop in &self.properties {
                    let own = prop
                        .node
                        .as_object()
                        .unwrap_or_default()
                        .iter()
                        .map(|m| (m, prop.pointer.clone()));
                    let nested = prop
                        .node
                        .get("items")
                        .and_then(Node::as_object)
                        .unwrap_or_default()
                        .iter()
                        .map(|m| (m, pointer_push(&prop.pointer, "items")));
                    for (m, base) in own.chain(nested) {
                        if keys.contains(&m.key.as_ref()) {
                            out.push(Place::at(
                                m.key_span,
                                pointer_push(&base, &m.key),
                                format!("`{}` on `{}`", m.key, prop.name),
                            ));
                        }
                    }
                }
            }
            Trigger::NumericEnum => {
                for prop in &self.properties {
                    let numeric = matches!(
                        prop.node.get("type").and_then(Node::as_str),
                        Some("number" | "integer")
                    );
                    if numeric && let Some(e) = prop.node.member("enum") {
                        out.push(prop.place(
                            e.key_span,
                            pointer_push(&prop.pointer, "enum"),
                            " (a number with `enum`)",
                        ));
                    }
                }
            }
            Trigger::Retitled => {
                for prop in &self.properties {
                    if let Some(t) = prop.node.member("title")
                        && t.value.as_str().is_some_and(|s| s != prop.name)
                    {
                        out.push(prop.place(t.key_span, pointer_push(&prop.pointer, "title"), ""));
                    }
                }
            }
        }
        out
    }
}

impl Prop<'_, '_> {
    /// A place in this property, described after its name.
    fn place(&self, span: Span, pointer: String, after: &str) -> Place {
        Place::at(span, pointer, format!("`{}`{after}", self.name))
    }
}

/// Where a fact trips, and that place in words.
struct Place {
    span: Span,
    pointer: String,
    what: String,
}

impl Place {
    fn at(span: Span, pointer: String, what: impl Into<String>) -> Self {
        Place {
            span,
            pointer,
            what: what.into(),
        }
    }
}

fn shape_kind(p: &Property) -> Option<ShapeKind> {
    Some(match &p.shape {
        Shape::Number(n) if n.integer => ShapeKind::Integer,
        Shape::Number(_) => ShapeKind::Number,
        Shape::SingleSelect(s) => match s.style {
            OptionStyle::Untitled => ShapeKind::UntitledEnum,
            OptionStyle::LegacyNames => ShapeKind::LegacyNames,
            OptionStyle::Titled => ShapeKind::TitledSingle,
        },
        Shape::MultiSelect(m) => match m.style {
            OptionStyle::Titled => ShapeKind::TitledMulti,
            _ => ShapeKind::UntitledMulti,
        },
        Shape::String(_) | Shape::Boolean { .. } => return None,
    })
}
