//! Every rule the linter knows: one file per rule beside this one, holding
//! its docs and, for a judgement, its check; all listed in one table sorted
//! by code ([`ALL`]).
//!
//! Codes are stable: a letter for the severity (`E` error, `W` warning, `N`
//! note) and three digits whose first names the theme: 0 documents and JSON,
//! 1 params and the schema root, 2 property shapes, 3 options, 4 defaults and
//! bounds, 5 URL mode, 6 sensitive data and advice, 7 answers and sessions
//! (74x: drift, reported only by `replay SESSION TARGET` against a live
//! server, never by `lint`), 8 hosts (what a host named with `lint --hosts`
//! does with the elicitation, from the facts in [`crate::hosts`]).
//!
//! The schema model is built first ([`crate::schema::parse_schema`], which
//! reports only what it cannot build: a property that is not an object, a
//! `type` no shape has, a keyword of the wrong JSON type); then every rule
//! with a schema or property check judges what was built
//! ([`check_schema`], [`check_property`]). Params and the URL of URL mode
//! are judged the same way ([`crate::lint::params::check_params`],
//! [`check_url`]), and so are an answer's action and content
//! ([`crate::lint::answer::check_result`]), each answered value, by the
//! first answer rule that finds it wrong ([`crate::validate::check_value`]),
//! each answered field no property asks for
//! ([`crate::validate::check_content`]) and a client's `elicitation`
//! capability ([`crate::lint::answer::check_capability`]). A rule that needs
//! more than one document (a session's order, a host's facts, a live server)
//! is reported where that context is: its file says where.
//!
//! Adding a rule: a file here with its `rule!` (docs, `check:`), a line in
//! the `table!` below at its code, fixtures `tests/fixtures/rules/CODE.bad.EXT`
//! and `CODE.good.EXT`, and its snapshot `tests/fixtures/rules/CODE.snap`
//! (`SNAPSHOTS=overwrite cargo test every_rule`, then read what it says).

use std::collections::HashSet;
use std::fmt;
use std::sync::LazyLock;

use crate::finding::{Findings, Severity};
use crate::json::{Member, Node, Span, pointer_push};
use crate::lint::params::{Asked, Mode};
use crate::schema::parse::{self as build, Kind};
use crate::schema::{Choice, Property, RequestedSchema, Shape};
use crate::spec::{Revision, UrlMode};
use crate::validate::{Violation, choices_range, json_kind, length_range, number_range};
use serde_json::Value;

/// One lint rule: its documentation and how it is checked.
pub struct Rule {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// What the rule checks, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// What the rule reports, and the same fixed.
    pub example: Example,
    /// Where and how the rule judges.
    pub(crate) check: Check,
    /// The values a finding of this rule relies on being exactly as
    /// written, as paths relative to the finding's pointer (`..` for its
    /// parent): `../../properties` for a name in `required` that
    /// `properties` lacks, `mode` for a key the mode forbids or requires.
    /// Where a source front-end could not know such a value (computed, or
    /// possibly given by a spread), the finding is not reported (see
    /// [`crate::source::lint_found`]).
    pub relies_on: &'static [&'static str],
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.name)
    }
}

/// Rules are one static each: the same rule is the same code.
impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.code == other.code
    }
}

impl Eq for Rule {}

/// How a rule judges.
#[derive(Clone, Copy)]
pub(crate) enum Check {
    /// On a `requestedSchema` that is an object, once its model is built.
    Schema(fn(&SchemaCx<'_>, &mut Findings)),
    /// On one property whose shape is known, built or not.
    Property(fn(&PropertyCx<'_>, &mut Findings)),
    /// On `elicitation/create` params that are an object.
    Params(fn(&ParamsCx<'_>, &mut Findings)),
    /// On a URL a person is asked to open.
    Url(fn(&UrlCx<'_>, &mut Findings)),
    /// On an `ElicitResult` that is an object.
    Result(fn(&ResultCx<'_>, &mut Findings)),
    /// On a client's `elicitation` capability.
    Capability(fn(&CapabilityCx<'_>, &mut Findings)),
    /// On one answered value: the first of these that finds something wrong,
    /// in the order of the codes, is what is wrong with it.
    Value(fn(&ValueCx<'_>) -> Option<Violation>),
    /// On one field of an accepted form's content that no property asks
    /// for: each of these that finds something, in the order of the codes.
    Unasked(fn(&UnaskedCx<'_>) -> Option<Violation>),
    /// Where the context it needs is (its file says where): the model
    /// builder for what it cannot build, the reader of documents and
    /// sessions, answer validation, replay, the host facts.
    Reported,
}

/// A rule's example, as `--explain` shows it.
#[derive(Debug, PartialEq, Eq)]
pub struct Example {
    /// A document the rule reports.
    pub bad: &'static str,
    /// The same document, fixed.
    pub good: &'static str,
    /// Whether the documents are the rule's test fixtures
    /// (`tests/fixtures/rules/CODE.{bad,good}.EXT`), which the test suite
    /// lints to check that the first reports the rule as its snapshot says
    /// and the second does not. The drift and host rules, which no file
    /// alone can show, describe theirs in words.
    pub linted: bool,
    /// The revision the fixtures are linted under (`lint --spec`), or
    /// `None` when the documents name their own.
    pub spec: Option<&'static str>,
    /// The fixtures' file extension (`json`, `jsonl`, `ts`, `py`), for the
    /// language of a code block.
    pub ext: &'static str,
}

/// The items of a list with a string `value`, each with its index and
/// whether an earlier item has the same value: a scan of the earlier items
/// while the list is short (the usual case, no allocation), a hash set once
/// it is long, so a list of a million stays linear.
pub(crate) fn repeats<'a>(
    items: &'a [Node<'a>],
    value: impl Fn(&'a Node<'a>) -> Option<&'a str>,
) -> impl Iterator<Item = (usize, &'a Node<'a>, &'a str, bool)> {
    const SCAN: usize = 32;
    let mut set: Option<HashSet<&str>> = None;
    items.iter().enumerate().filter_map(move |(i, item)| {
        let s = value(item)?;
        let repeated = if i < SCAN {
            items[..i].iter().any(|p| value(p) == Some(s))
        } else {
            let set = set.get_or_insert_with(|| items[..i].iter().filter_map(&value).collect());
            !set.insert(s)
        };
        Some((i, item, s, repeated))
    })
}

/// The value an option is written with, when it is a string: the item of
/// an `enum`, the `const` of a titled option. The model builder keeps the
/// same values.
pub(crate) fn option_value<'a>(item: &'a Node<'a>, titled: bool) -> Option<&'a str> {
    if titled {
        item.get("const")?.as_str()
    } else {
        item.as_str()
    }
}

/// A `requestedSchema` object as the schema rules see it: its JSON with
/// places, and the model built from it.
pub(crate) struct SchemaCx<'a> {
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    pub ptr: &'a str,
    pub rev: Revision,
    pub schema: &'a RequestedSchema,
}

impl<'a> SchemaCx<'a> {
    /// The members of `properties`, when it is an object.
    pub fn properties(&self) -> Option<&'a [Member<'a>]> {
        self.node.get("properties").and_then(Node::as_object)
    }

    pub fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// The string entries of `required`, with their index and whether an
    /// earlier entry names the same property.
    pub fn required(&self) -> impl Iterator<Item = (usize, &'a Node<'a>, &'a str, bool)> {
        let entries = self.node.get("required").and_then(Node::as_array);
        repeats(entries.unwrap_or_default(), Node::as_str)
    }
}

/// One property as the property rules see it: its JSON with places, the
/// shape its keywords chose, and the model when it could be built.
pub(crate) struct PropertyCx<'a> {
    pub name: &'a str,
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    pub ptr: &'a str,
    pub rev: Revision,
    pub kind: Kind,
    pub property: Option<&'a Property>,
}

/// A property's list of options as written: `enum`, `oneOf`, or a
/// multi-select's `items.enum` / `items.anyOf` / `items.oneOf`.
pub(crate) struct OptionList<'a> {
    pub list: &'a Node<'a>,
    /// The property's pointer, and the keys from it to the list.
    at: (&'a str, &'static [&'static str]),
    /// `{const, title}` objects rather than strings.
    pub titled: bool,
}

impl OptionList<'_> {
    /// The list's pointer (made only for a finding).
    pub fn ptr(&self) -> String {
        self.at
            .1
            .iter()
            .fold(self.at.0.to_string(), |p, k| pointer_push(&p, k))
    }
}

/// A multi-select's `items` object, when it is one of string options.
pub(crate) struct Items<'a> {
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    /// The property's pointer.
    at: &'a str,
    /// The key holding the options: `anyOf`, `oneOf` or `enum`, if any.
    pub key: Option<&'static str>,
}

impl Items<'_> {
    /// The pointer of `key` in `items` (made only for a finding).
    pub fn ptr(&self, key: &str) -> String {
        pointer_push(&pointer_push(self.at, "items"), key)
    }
}

impl<'a> PropertyCx<'a> {
    pub fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// The members named `key` (a key written twice is judged twice).
    pub fn members_named(&self, key: &'a str) -> impl Iterator<Item = &'a Member<'a>> {
        self.members.iter().filter(move |m| m.key == key)
    }

    pub fn shape(&self) -> Option<&'a Shape> {
        self.property.map(|p| &p.shape)
    }

    /// A multi-select's `items`, when it is an object whose `type`, if a
    /// string, is `"string"`.
    pub fn items(&self) -> Option<Items<'a>> {
        if self.kind != Kind::Multi {
            return None;
        }
        let node = self.node.get("items")?;
        let members = node.as_object()?;
        if node
            .get("type")
            .and_then(Node::as_str)
            .is_some_and(|t| t != "string")
        {
            return None;
        }
        let key = ["anyOf", "oneOf", "enum"]
            .into_iter()
            .find(|k| node.get(k).is_some());
        Some(Items {
            node,
            members,
            at: self.ptr,
            key,
        })
    }

    /// The list of options as written.
    pub fn options(&self) -> Option<OptionList<'a>> {
        let (list, keys, titled): (_, &'static [&'static str], _) = match self.kind {
            Kind::Untitled | Kind::Legacy => (self.node.get("enum")?, &["enum"], false),
            Kind::TitledSingle => (self.node.get("oneOf")?, &["oneOf"], true),
            Kind::Multi => {
                let items = self.items()?;
                let (key, keys): (_, &'static [&'static str]) = match items.key? {
                    "anyOf" => ("anyOf", &["items", "anyOf"]),
                    "oneOf" => ("oneOf", &["items", "oneOf"]),
                    _ => ("enum", &["items", "enum"]),
                };
                (items.node.get(key)?, keys, key != "enum")
            }
            _ => return None,
        };
        Some(OptionList {
            list,
            at: (self.ptr, keys),
            titled,
        })
    }

    /// The options of the built model.
    pub fn choices(&self) -> &'a [crate::schema::Choice] {
        match self.shape() {
            Some(Shape::SingleSelect(s)) => &s.options,
            Some(Shape::MultiSelect(m)) => &m.options,
            _ => &[],
        }
    }
}

/// `elicitation/create` params as the params rules see them: the JSON with
/// places, and the mode they ask in.
pub(crate) struct ParamsCx<'a> {
    pub node: &'a Node<'a>,
    pub members: &'a [Member<'a>],
    pub ptr: &'a str,
    pub rev: Revision,
    pub mode: Mode,
}

/// A key of the params that has no place in them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stray {
    /// A key of the other mode.
    OtherMode,
    /// `elicitationId`, in a revision that removed it.
    RemovedId,
    /// Any other key the revision does not declare.
    Unknown,
}

const FORM_KEYS: [&str; 3] = ["mode", "message", "requestedSchema"];
const URL_KEYS: [&str; 4] = ["mode", "message", "url", "elicitationId"];

impl<'a> ParamsCx<'a> {
    pub fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// Where a key is missing: the params' opening brace.
    pub fn start(&self) -> Span {
        Span::new(self.node.span.start, self.node.span.start + 1)
    }

    /// Reports `rule` when `key` is missing (saying `missing`, at the
    /// opening brace) or is not a string (at its value).
    pub fn require_string(
        &self,
        rule: &'static Rule,
        key: &str,
        missing: &str,
        out: &mut Findings,
    ) {
        match self.node.get(key) {
            None => out.push(rule, self.start(), self.ptr, missing),
            Some(v) if v.as_str().is_none() => out.push(
                rule,
                v.span,
                self.at(key),
                format!("`{key}` is {}; write it as a string", v.type_name()),
            ),
            Some(_) => {}
        }
    }

    /// The keys with no place in these params, and why.
    pub fn strays(&self) -> impl Iterator<Item = (&'a Member<'a>, Stray)> + '_ {
        let rev = self.rev;
        let (mine, theirs): (&[&str], &[&str]) = match self.mode {
            Mode::Form => (&FORM_KEYS, &URL_KEYS),
            Mode::Url => (&URL_KEYS, &FORM_KEYS),
        };
        self.members.iter().filter_map(move |m| {
            let key = m.key.as_ref();
            // `elicitationId` is a URL-mode key only where the revision has it.
            let removed_id = key == "elicitationId" && rev.url_mode() == UrlMode::Plain;
            if (mine.contains(&key) && !removed_id) || rev.params_extra_keys().contains(&key) {
                return None;
            }
            Some(
                if theirs.contains(&key) && (rev.has_modes() || key == "requestedSchema") {
                    (m, Stray::OtherMode)
                } else if removed_id {
                    (m, Stray::RemovedId)
                } else {
                    (m, Stray::Unknown)
                },
            )
        })
    }
}

/// A URL a person is asked to open, as the URL rules see it.
pub(crate) struct UrlCx<'a> {
    pub text: &'a str,
    pub span: Span,
    pub ptr: &'a str,
    pub parsed: Result<url::Url, url::ParseError>,
}

impl UrlCx<'_> {
    /// The parsed URL, when its scheme is one a client may open at all.
    pub fn openable(&self) -> Option<&url::Url> {
        self.parsed
            .as_ref()
            .ok()
            .filter(|u| !DANGEROUS_SCHEMES.contains(&u.scheme()))
    }

    /// The URL as messages quote it.
    pub fn short(&self) -> String {
        short(self.text)
    }
}

/// A value written by a server as messages quote it: at most 60 characters.
pub(crate) fn short(s: &str) -> String {
    if s.chars().count() > 60 {
        let t: String = s.chars().take(57).collect();
        format!("{t}...")
    } else {
        s.to_string()
    }
}

/// Schemes a client must never open for a server.
pub(crate) const DANGEROUS_SCHEMES: &[&str] =
    &["javascript", "data", "file", "vbscript", "blob", "about"];

/// The checks of [`ALL`] by what they judge, in the order of the codes.
struct Checks {
    schema: Vec<fn(&SchemaCx<'_>, &mut Findings)>,
    property: Vec<fn(&PropertyCx<'_>, &mut Findings)>,
    params: Vec<fn(&ParamsCx<'_>, &mut Findings)>,
    url: Vec<fn(&UrlCx<'_>, &mut Findings)>,
    value: Vec<fn(&ValueCx<'_>) -> Option<Violation>>,
    unasked: Vec<fn(&UnaskedCx<'_>) -> Option<Violation>>,
    result: Vec<fn(&ResultCx<'_>, &mut Findings)>,
    capability: Vec<fn(&CapabilityCx<'_>, &mut Findings)>,
}

static CHECKS: LazyLock<Checks> = LazyLock::new(|| {
    let mut checks = Checks {
        schema: Vec::new(),
        property: Vec::new(),
        params: Vec::new(),
        url: Vec::new(),
        value: Vec::new(),
        unasked: Vec::new(),
        result: Vec::new(),
        capability: Vec::new(),
    };
    for rule in ALL {
        match rule.check {
            Check::Schema(f) => checks.schema.push(f),
            Check::Property(f) => checks.property.push(f),
            Check::Params(f) => checks.params.push(f),
            Check::Url(f) => checks.url.push(f),
            Check::Value(f) => checks.value.push(f),
            Check::Unasked(f) => checks.unasked.push(f),
            Check::Result(f) => checks.result.push(f),
            Check::Capability(f) => checks.capability.push(f),
            Check::Reported => {}
        }
    }
    checks
});

/// An `ElicitResult` object as the answer rules see it: the JSON with
/// places, and what was asked, when known.
pub(crate) struct ResultCx<'a> {
    pub node: &'a Node<'a>,
    pub ptr: &'a str,
    pub rev: Revision,
    pub asked: Option<&'a Asked>,
}

impl<'a> ResultCx<'a> {
    pub fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }

    /// Where a key is missing: the answer's opening brace.
    pub fn start(&self) -> Span {
        Span::new(self.node.span.start, self.node.span.start + 1)
    }

    /// The action, when it is one of the three.
    pub fn action(&self) -> Option<&'a str> {
        self.node
            .get("action")?
            .as_str()
            .filter(|a| matches!(*a, "accept" | "decline" | "cancel"))
    }

    pub fn content(&self) -> Option<&'a Member<'a>> {
        self.node.member("content")
    }

    /// Whether what was asked is in URL mode.
    pub fn url_mode(&self) -> bool {
        self.asked.is_some_and(|a| a.mode == Mode::Url)
    }

    /// Whether content may come with this answer at all: an accept (or an
    /// action not known) of a form.
    pub fn content_allowed(&self) -> bool {
        !(self.action().is_some_and(|a| a != "accept") || self.url_mode())
    }

    /// The schema of the form it answers, when known.
    pub fn schema(&self) -> Option<&'a RequestedSchema> {
        match self.asked {
            Some(Asked {
                mode: Mode::Form,
                schema: Some(schema),
            }) => Some(schema),
            _ => None,
        }
    }
}

/// Judges an `ElicitResult` object read by [`crate::lint::answer::check_result`].
pub(crate) fn judge_result(cx: &ResultCx<'_>, out: &mut Findings) {
    for check in &CHECKS.result {
        check(cx, out);
    }
}

/// A client's `elicitation` capability as the capability rule sees it.
pub(crate) struct CapabilityCx<'a> {
    pub node: &'a Node<'a>,
    pub ptr: &'a str,
    pub rev: Revision,
}

impl CapabilityCx<'_> {
    pub fn at(&self, key: &str) -> String {
        pointer_push(self.ptr, key)
    }
}

/// Judges a client's `elicitation` capability read by
/// [`crate::lint::answer::check_capability`].
pub(crate) fn judge_capability(cx: &CapabilityCx<'_>, out: &mut Findings) {
    for check in &CHECKS.capability {
        check(cx, out);
    }
}

/// One answered value and the property it answers, as the answer rules see
/// them.
pub(crate) struct ValueCx<'a> {
    pub property: &'a Property,
    pub value: &'a Value,
    pub rev: Revision,
}

pub(crate) use content_value_invalid::kind as content_value_kind;

/// What is wrong with an answered value, if anything: the first answer rule
/// that says so, in the order of the codes (its kind, then its type, its
/// bounds, its options, its format).
pub(crate) fn judge_value(cx: &ValueCx<'_>) -> Option<Violation> {
    CHECKS.value.iter().find_map(|check| check(cx))
}

/// A field of an accepted form's content that no property of its schema
/// asks for, as the answer rules see it.
pub(crate) struct UnaskedCx<'a> {
    pub schema: &'a RequestedSchema,
    pub name: &'a str,
}

/// What is wrong with a field no property asks for, by each rule that says
/// so, in the order of the codes.
pub(crate) fn judge_unasked(cx: &UnaskedCx<'_>, out: &mut Vec<Violation>) {
    out.extend(CHECKS.unasked.iter().filter_map(|check| check(cx)));
}

/// Judges params built by [`crate::lint::params::check_params`].
pub(crate) fn judge_params(cx: &ParamsCx<'_>, out: &mut Findings) {
    for check in &CHECKS.params {
        check(cx, out);
    }
}

/// Judges a URL a person is asked to open, found at `ptr` (its `span`).
pub fn check_url(text: &str, span: Span, ptr: &str, out: &mut Findings) {
    let cx = UrlCx {
        text,
        span,
        ptr,
        parsed: url::Url::parse(text),
    };
    for check in &CHECKS.url {
        check(&cx, out);
    }
}

/// Builds the model of a `requestedSchema` found at `ptr` and judges it by
/// every rule: what cannot be built, and every schema and property check.
pub fn check_schema(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
) -> Option<RequestedSchema> {
    let schema = build::build_schema(node, ptr, rev, out, |name, node, ptr, out| {
        check_property(name, node, ptr, rev, out)
    })?;
    if let Some(members) = node.as_object() {
        let cx = SchemaCx {
            node,
            members,
            ptr,
            rev,
            schema: &schema,
        };
        for check in &CHECKS.schema {
            check(&cx, out);
        }
    }
    Some(schema)
}

/// Builds the model of one property schema found at `ptr` and judges it by
/// every property rule.
pub fn check_property(
    name: &str,
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
) -> Option<Property> {
    let (kind, property) = build::build_property(name, node, ptr, out);
    if let (Some(kind), Some(members)) = (kind, node.as_object()) {
        let cx = PropertyCx {
            name,
            node,
            members,
            ptr,
            rev,
            kind,
            property: property.as_ref(),
        };
        for check in &CHECKS.property {
            check(&cx, out);
        }
    }
    property
}

/// A rule's examples: its test fixtures, checked to report it.
macro_rules! fixture {
    ($code:literal, $ext:literal, auto) => {
        fixture!(@ $code, $ext, None)
    };
    ($code:literal, $ext:literal, $spec:literal) => {
        fixture!(@ $code, $ext, Some($spec))
    };
    (@ $code:literal, $ext:literal, $spec:expr) => {
        Example {
            bad: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/rules/",
                $code,
                ".bad.",
                $ext
            )),
            good: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/rules/",
                $code,
                ".good.",
                $ext
            )),
            linted: true,
            spec: $spec,
            ext: $ext,
        }
    };
}

/// A rule's examples in words, where no document alone can show it.
macro_rules! words {
    ($bad:literal, $good:literal) => {
        Example {
            bad: $bad,
            good: $good,
            linted: false,
            spec: None,
            ext: "",
        }
    };
}

/// One rule's static: its docs, and its check when it has one.
macro_rules! rule {
    ($ident:ident = $code:literal $name:literal $sev:ident
        summary: $summary:literal
        why: $why:literal
        example: $example:expr ;
        $(check: $check:expr ;)?
        $(relies_on: $relies:expr ;)?) => {
        pub static $ident: Rule = Rule {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            summary: $summary,
            why: $why,
            example: $example,
            check: rule!(@check $($check)?),
            relies_on: rule!(@relies $($relies)?),
        };
    };
    (@relies $relies:expr) => { $relies };
    (@relies) => { &[] };
    (@check $check:expr) => { $check };
    (@check) => { Check::Reported };
}

/// The table: each rule's file, in the order of the codes.
macro_rules! table {
    ($($file:ident::$ident:ident,)*) => {
        $(
            mod $file;
            pub use $file::$ident;
        )*
        /// All rules, sorted by code.
        pub static ALL: &[&Rule] = &[$(&$ident),*];
    };
}

table! {
    invalid_json::INVALID_JSON,
    unrecognized_document::UNRECOGNIZED_DOCUMENT,
    pre_release_draft::PRE_RELEASE_DRAFT,
    duplicate_key::DUPLICATE_KEY,
    request_carrier_changed::REQUEST_CARRIER_CHANGED,
    source_not_static::SOURCE_NOT_STATIC,
    params_not_object::PARAMS_NOT_OBJECT,
    message_missing::MESSAGE_MISSING,
    form_without_schema::FORM_WITHOUT_SCHEMA,
    mode_invalid::MODE_INVALID,
    url_mode_unsupported::URL_MODE_UNSUPPORTED,
    params_unknown_key::PARAMS_UNKNOWN_KEY,
    mode_mixed::MODE_MIXED,
    schema_not_object::SCHEMA_NOT_OBJECT,
    schema_missing_properties::SCHEMA_MISSING_PROPERTIES,
    schema_unknown_key::SCHEMA_UNKNOWN_KEY,
    required_malformed::REQUIRED_MALFORMED,
    required_unknown::REQUIRED_UNKNOWN,
    required_duplicate::REQUIRED_DUPLICATE,
    empty_form::EMPTY_FORM,
    property_not_object::PROPERTY_NOT_OBJECT,
    property_missing_type::PROPERTY_MISSING_TYPE,
    property_type_unsupported::PROPERTY_TYPE_UNSUPPORTED,
    nested_object::NESTED_OBJECT,
    ref_unsupported::REF_UNSUPPORTED,
    array_items_unsupported::ARRAY_ITEMS_UNSUPPORTED,
    multi_select_unsupported::MULTI_SELECT_UNSUPPORTED,
    property_unknown_key::PROPERTY_UNKNOWN_KEY,
    keyword_wrong_type::KEYWORD_WRONG_TYPE,
    pattern_undeclared::PATTERN_UNDECLARED,
    format_unsupported::FORMAT_UNSUPPORTED,
    sdk_refuses_field::SDK_REFUSES_FIELD,
    enum_and_oneof::ENUM_AND_ONEOF,
    enum_not_strings::ENUM_NOT_STRINGS,
    options_empty::OPTIONS_EMPTY,
    options_duplicate::OPTIONS_DUPLICATE,
    enum_names_mismatch::ENUM_NAMES_MISMATCH,
    option_malformed::OPTION_MALFORMED,
    multi_select_oneof::MULTI_SELECT_ONEOF,
    multi_select_items_type::MULTI_SELECT_ITEMS_TYPE,
    titled_select_unsupported::TITLED_SELECT_UNSUPPORTED,
    enum_names_deprecated::ENUM_NAMES_DEPRECATED,
    min_items_unsatisfiable::MIN_ITEMS_UNSATISFIABLE,
    default_not_allowed::DEFAULT_NOT_ALLOWED,
    default_wrong_type::DEFAULT_WRONG_TYPE,
    default_out_of_bounds::DEFAULT_OUT_OF_BOUNDS,
    default_not_an_option::DEFAULT_NOT_AN_OPTION,
    default_bad_format::DEFAULT_BAD_FORMAT,
    bounds_inverted::BOUNDS_INVERTED,
    integer_bound_fractional::INTEGER_BOUND_FRACTIONAL,
    url_missing::URL_MISSING,
    url_not_absolute::URL_NOT_ABSOLUTE,
    url_scheme_dangerous::URL_SCHEME_DANGEROUS,
    elicitation_id_missing::ELICITATION_ID_MISSING,
    elicitation_id_undeclared::ELICITATION_ID_UNDECLARED,
    url_not_https::URL_NOT_HTTPS,
    url_userinfo::URL_USERINFO,
    url_idn_host::URL_IDN_HOST,
    url_ip_host::URL_IP_HOST,
    sensitive_field::SENSITIVE_FIELD,
    approve_on_enter::APPROVE_ON_ENTER,
    action_invalid::ACTION_INVALID,
    content_without_accept::CONTENT_WITHOUT_ACCEPT,
    content_value_invalid::CONTENT_VALUE_INVALID,
    answer_missing_required::ANSWER_MISSING_REQUIRED,
    answer_wrong_type::ANSWER_WRONG_TYPE,
    answer_out_of_bounds::ANSWER_OUT_OF_BOUNDS,
    answer_not_an_option::ANSWER_NOT_AN_OPTION,
    answer_bad_format::ANSWER_BAD_FORMAT,
    answer_unknown_field::ANSWER_UNKNOWN_FIELD,
    capability_malformed::CAPABILITY_MALFORMED,
    retry_reused_id::RETRY_REUSED_ID,
    request_state_not_echoed::REQUEST_STATE_NOT_ECHOED,
    input_responses_mismatch::INPUT_RESPONSES_MISMATCH,
    answer_without_request::ANSWER_WITHOUT_REQUEST,
    session_line_invalid::SESSION_LINE_INVALID,
    session_truncated::SESSION_TRUNCATED,
    drift_elicitation_changed::DRIFT_ELICITATION_CHANGED,
    drift_elicitation_new::DRIFT_ELICITATION_NEW,
    drift_elicitation_missing::DRIFT_ELICITATION_MISSING,
    drift_result_changed::DRIFT_RESULT_CHANGED,
    host_no_elicitation::HOST_NO_ELICITATION,
    host_form_unrenderable::HOST_FORM_UNRENDERABLE,
    host_cancels_unseen::HOST_CANCELS_UNSEEN,
    host_rejects_shape::HOST_REJECTS_SHAPE,
    host_options_unlabelled::HOST_OPTIONS_UNLABELLED,
    host_multi_select_unsupported::HOST_MULTI_SELECT_UNSUPPORTED,
    host_number_prefilled::HOST_NUMBER_PREFILLED,
    host_default_not_shown::HOST_DEFAULT_NOT_SHOWN,
    host_enum_free_text::HOST_ENUM_FREE_TEXT,
    host_constraint_ignored::HOST_CONSTRAINT_IGNORED,
    host_empty_form::HOST_EMPTY_FORM,
    host_title_ignored::HOST_TITLE_IGNORED,
    host_url_mode_limited::HOST_URL_MODE_LIMITED,
    host_input_required_unsupported::HOST_INPUT_REQUIRED_UNSUPPORTED,
}

/// Finds a rule by code (`E201`) or name (`property-missing-type`),
/// ignoring case.
pub fn find(key: &str) -> Option<&'static Rule> {
    ALL.iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(key) || r.name.eq_ignore_ascii_case(key))
}

/// The rule whose name is closest to a misspelt one, for "did you mean".
pub fn nearest(key: &str) -> Option<&'static Rule> {
    let key = key.to_ascii_lowercase();
    let name = crate::nearest::nearest(&key, ALL.iter().map(|r| r.name))?;
    ALL.iter().copied().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_sorted_and_match_severity() {
        let mut codes = HashSet::new();
        let mut names = HashSet::new();
        let mut last = "";
        for r in ALL {
            assert!(codes.insert(r.code), "duplicate code {}", r.code);
            assert!(names.insert(r.name), "duplicate name {}", r.name);
            assert!(r.code[1..] > *last, "{} out of order", r.code);
            last = &r.code[1..];
            let letter = match r.severity {
                Severity::Error => 'E',
                Severity::Warning => 'W',
                Severity::Note => 'N',
            };
            assert!(r.code.starts_with(letter), "{} severity letter", r.code);
            assert!(
                r.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            );
            assert!(!r.summary.is_empty() && !r.why.is_empty() && !r.example.bad.is_empty());
        }
    }

    #[test]
    fn find_by_code_or_name() {
        assert_eq!(find("e001").unwrap().name, "invalid-json");
        assert_eq!(find("empty-form").unwrap().code, "W126");
        assert!(find("nope").is_none());
    }
}
