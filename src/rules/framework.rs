//! How rules are written and run: the `rule!` and `table!` macros a rule
//! file and the table use, the kinds of [`Check`], and the drivers that run
//! every check of a kind ([`check_schema`], [`check_property`],
//! [`check_params`], [`check_url`], and the judges of answers). The model
//! builder's [`Unbuilt`] reasons become findings here, each by its rule's
//! file.

use std::sync::LazyLock;

use super::context::*;
use crate::finding::{Finding, Findings, Violation};
use crate::json::{Node, Span, pointer_push};
use crate::schema::parse::{self as build, Reason, Sink, Unbuilt};
use crate::schema::{Asked, Mode, Property, RequestedSchema};
use crate::spec::Revision;

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

/// The checks of [`super::ALL`] by what they judge, in the order of the codes.
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
    for check in super::CHECKED {
        match *check {
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

/// Judges an `ElicitResult` object read by the linter.
pub(crate) fn judge_result(cx: &ResultCx<'_>, out: &mut Findings) {
    for check in &CHECKS.result {
        check(cx, out);
    }
}

/// Judges a client's `elicitation` capability read by the linter.
pub(crate) fn judge_capability(cx: &CapabilityCx<'_>, out: &mut Findings) {
    for check in &CHECKS.capability {
        check(cx, out);
    }
}

pub(crate) use super::content_value_invalid::kind as content_value_kind;

/// What is wrong with an answered value, if anything: the first answer rule
/// that says so, in the order of the codes (its kind, then its type, its
/// bounds, its options, its format).
pub(crate) fn judge_value(cx: &ValueCx<'_>) -> Option<Violation> {
    CHECKS.value.iter().find_map(|check| check(cx))
}

/// What is wrong with a field no property asks for, by each rule that says
/// so, in the order of the codes.
pub(crate) fn judge_unasked(cx: &UnaskedCx<'_>, out: &mut Vec<Violation>) {
    out.extend(CHECKS.unasked.iter().filter_map(|check| check(cx)));
}

/// Judges params read by [`check_params`].
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

/// Reads one params object found at `ptr` and judges it: its mode, its
/// keys, its message, and a form's `requestedSchema` or URL mode's `url`
/// (the params, schema, property and URL rules).
pub fn check_params(node: &Node, ptr: &str, rev: Revision, out: &mut Findings) -> Option<Asked> {
    let Some(members) = node.as_object() else {
        super::params_not_object::report(node, ptr, out);
        return None;
    };
    let mode = Mode::of(node);
    let cx = ParamsCx {
        node,
        members,
        ptr,
        rev,
        mode,
    };
    judge_params(&cx, out);
    let schema = match (mode, node.get("requestedSchema")) {
        (Mode::Form, Some(s)) => check_schema(s, &pointer_push(ptr, "requestedSchema"), rev, out),
        _ => None,
    };
    if mode == Mode::Url
        && let Some(url) = node.get("url")
        && let Some(text) = url.as_str()
    {
        check_url(text, url.span, &pointer_push(ptr, "url"), out);
    }
    Some(Asked { mode, schema })
}

/// Judges `elicitation/create` params given as a value (a generated
/// form's) under `rev`, as the linter judges such a document: the findings
/// in order of place, then code.
pub fn check_params_value(params: &serde_json::Value, rev: Revision) -> Vec<Finding> {
    let mut out = Findings::default();
    match Node::from_value(params) {
        Ok(node) => {
            check_params(&node, "", rev, &mut out);
        }
        Err(e) => out.push(&super::INVALID_JSON, Span::default(), "", e.message),
    }
    let mut items = out.items;
    items.sort_by(|a, b| (a.span.start, a.rule.code).cmp(&(b.span.start, b.rule.code)));
    items
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
        $crate::finding::Example {
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
        $crate::finding::Example {
            bad: $bad,
            good: $good,
            linted: false,
            spec: None,
            ext: "",
        }
    };
}

/// One rule's static (its docs and how its findings are treated: whether
/// they block a form, what a person is told instead) and its check, when
/// it has one.
macro_rules! rule {
    ($ident:ident = $code:literal $name:literal $sev:ident
        summary: $summary:literal
        why: $why:literal
        example: $example:expr ;
        $(check: $check:expr ;)?
        $(relies_on: $relies:expr ;)?
        $(blocks_form: $blocks:literal ;)?
        $(for_person: $person:expr ;)?) => {
        pub static $ident: $crate::finding::Rule = $crate::finding::Rule {
            code: $code,
            name: $name,
            severity: $crate::finding::Severity::$sev,
            summary: $summary,
            why: $why,
            example: $example,
            relies_on: rule!(@relies $($relies)?),
            blocks_form: rule!(@blocks $($blocks)?),
            for_person: rule!(@person $($person)?),
        };
        /// How the rule judges.
        pub(crate) const CHECK: $crate::rules::Check = rule!(@check $($check)?);
    };
    (@relies $relies:expr) => { $relies };
    (@relies) => { &[] };
    (@blocks $blocks:literal) => { $blocks };
    (@blocks) => { false };
    (@person $person:expr) => { Some($person) };
    (@person) => { None };
    (@check $check:expr) => { $check };
    (@check) => { $crate::rules::Check::Reported };
}

/// The table: each rule's file, in the order of the codes.
macro_rules! table {
    ($($file:ident::$ident:ident,)*) => {
        $(
            pub(crate) mod $file;
            pub use $file::$ident;
        )*
        /// All rules, sorted by code.
        pub static ALL: &[&Rule] = &[$(&$ident),*];
        /// Each rule's check, in the order of [`ALL`].
        static CHECKED: &[Check] = &[$($file::CHECK),*];
    };
}

/// What the model builder could not build becomes its rule's finding,
/// in the words of the rule's file.
impl Sink for Findings {
    fn unbuilt(&mut self, unbuilt: Unbuilt) {
        use super::*;
        let Unbuilt { span, ptr, reason } = unbuilt;
        let (rule, message): (&'static Rule, String) = match reason {
            Reason::SchemaNotObject { got } => {
                (&SCHEMA_NOT_OBJECT, schema_not_object::message(got))
            }
            Reason::PropertiesNotObject { got } => (
                &SCHEMA_MISSING_PROPERTIES,
                schema_missing_properties::not_object(got),
            ),
            Reason::RequiredNotArray { got } => {
                (&REQUIRED_MALFORMED, required_malformed::not_array(got))
            }
            Reason::RequiredEntryNotString { got } => (
                &REQUIRED_MALFORMED,
                required_malformed::entry_not_string(got),
            ),
            Reason::KeywordWrongType { key, got, want } => (
                &KEYWORD_WRONG_TYPE,
                keyword_wrong_type::message(&key, &got, want),
            ),
            Reason::EnumNotArray { got } => {
                (&KEYWORD_WRONG_TYPE, keyword_wrong_type::enum_not_array(got))
            }
            Reason::LabelNotString { index, got } => (
                &KEYWORD_WRONG_TYPE,
                keyword_wrong_type::label_not_string(index, got),
            ),
            Reason::TitledNotArray { got } => (
                &KEYWORD_WRONG_TYPE,
                keyword_wrong_type::titled_not_array(got),
            ),
            Reason::PropertyNotObject { name, got } => (
                &PROPERTY_NOT_OBJECT,
                property_not_object::message(&name, got),
            ),
            Reason::DefaultWrongType { name, of, got } => (
                &DEFAULT_WRONG_TYPE,
                default_wrong_type::unbuilt(&name, of, got),
            ),
            Reason::FormatUnsupported { format } => {
                (&FORMAT_UNSUPPORTED, format_unsupported::message(&format))
            }
            Reason::Ref { name } => (&REF_UNSUPPORTED, ref_unsupported::unbuilt(&name)),
            Reason::TypeMissing { name, hint } => (
                &PROPERTY_MISSING_TYPE,
                property_missing_type::message(&name, hint),
            ),
            Reason::TypeList { name } => (
                &PROPERTY_TYPE_UNSUPPORTED,
                property_type_unsupported::list(&name),
            ),
            Reason::TypeNotString { name, got } => (
                &PROPERTY_TYPE_UNSUPPORTED,
                property_type_unsupported::not_string(&name, got),
            ),
            Reason::TypeUnknown { name, ty } => (
                &PROPERTY_TYPE_UNSUPPORTED,
                property_type_unsupported::unknown(&name, &ty),
            ),
            Reason::Object { name } => (&NESTED_OBJECT, nested_object::unbuilt(&name)),
            Reason::ItemsMissing { name } => (
                &ARRAY_ITEMS_UNSUPPORTED,
                array_items_unsupported::missing(&name),
            ),
            Reason::ItemsNotObject { name, got } => (
                &ARRAY_ITEMS_UNSUPPORTED,
                array_items_unsupported::not_object(&name, got),
            ),
            Reason::ItemsNotString { name, ty } => (
                &ARRAY_ITEMS_UNSUPPORTED,
                array_items_unsupported::not_string(&name, &ty),
            ),
            Reason::ItemsEnumUntyped { name } => (
                &ARRAY_ITEMS_UNSUPPORTED,
                array_items_unsupported::enum_untyped(&name),
            ),
            Reason::ItemsNoOptions { name } => (
                &ARRAY_ITEMS_UNSUPPORTED,
                array_items_unsupported::no_options(&name),
            ),
            Reason::OptionNotString { index, got, raw } => (
                &ENUM_NOT_STRINGS,
                enum_not_strings::option(index, got, &raw),
            ),
            Reason::ConstNotString { index, got, raw } => (
                &ENUM_NOT_STRINGS,
                enum_not_strings::titled_const(index, got, &raw),
            ),
            Reason::OptionNotObject { index, got } => {
                (&OPTION_MALFORMED, option_malformed::not_object(index, got))
            }
            Reason::OptionKey { key } => (&OPTION_MALFORMED, option_malformed::stray_key(&key)),
            Reason::OptionNoConst { index } => {
                (&OPTION_MALFORMED, option_malformed::no_const(index))
            }
            Reason::OptionNoTitle { index } => {
                (&OPTION_MALFORMED, option_malformed::no_title(index))
            }
            Reason::OptionTitleNotString { index, got } => (
                &OPTION_MALFORMED,
                option_malformed::title_not_string(index, got),
            ),
        };
        self.push(rule, span, ptr, message);
    }
}
