//! Builds the typed model from positioned JSON. What cannot be built (a
//! property that is not an object, a `type` no shape has, a keyword or a
//! default of the wrong JSON type, options that are not options) is left out
//! of the model and handed to a [`Sink`] as an [`Unbuilt`]: its place and
//! the facts, never words. The rules turn each into a finding
//! ([`crate::rules`]); judging what was built is their work too.

use serde_json::Number;

use super::{
    Choice, MultiSelect, NumberShape, OptionStyle, Property, RequestedSchema, Shape, SingleSelect,
    StringShape,
};
use crate::json::{Member, Node, NodeValue, Span, pointer_push, repeats};
use crate::schema::string_format::StringFormat;
use crate::spec::Revision;

/// Something the builder could not build, at its place.
#[derive(Debug, Clone, PartialEq)]
pub struct Unbuilt {
    pub span: Span,
    pub ptr: String,
    pub reason: Reason,
}

/// Why something could not be built, with the facts a finding needs.
/// `got` is the JSON type written (`"a string"`, `"null"`, ...).
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// The `requestedSchema` is not an object.
    SchemaNotObject { got: &'static str },
    /// `properties` is not an object.
    PropertiesNotObject { got: &'static str },
    /// `required` is not an array.
    RequiredNotArray { got: &'static str },
    /// An entry of `required` is not a string.
    RequiredEntryNotString { got: &'static str },
    /// A keyword's value has the wrong JSON type: `got` is the value as
    /// messages quote it, `want` what it must be.
    KeywordWrongType {
        key: String,
        got: String,
        want: &'static str,
    },
    /// `enum` is not an array.
    EnumNotArray { got: &'static str },
    /// A label of `enumNames` is not a string.
    LabelNotString { index: usize, got: &'static str },
    /// A list of titled options is not an array.
    TitledNotArray { got: &'static str },
    /// A property is not an object.
    PropertyNotObject { name: String, got: &'static str },
    /// A default has the wrong JSON type for its property.
    DefaultWrongType {
        name: String,
        of: DefaultOf,
        got: &'static str,
    },
    /// A string `format` no revision has.
    FormatUnsupported { format: String },
    /// A property that is a `$ref`.
    Ref { name: String },
    /// A property with no `type`; `hint` says what it has instead.
    TypeMissing { name: String, hint: TypeHint },
    /// A property whose `type` is a list.
    TypeList { name: String },
    /// A property whose `type` is not a string.
    TypeNotString { name: String, got: &'static str },
    /// A property whose `type` no shape has.
    TypeUnknown { name: String, ty: String },
    /// A property of `type: "object"`.
    Object { name: String },
    /// A multi-select with no `items`.
    ItemsMissing { name: String },
    /// `items` that is not an object.
    ItemsNotObject { name: String, got: &'static str },
    /// `items` of a type other than string.
    ItemsNotString { name: String, ty: String },
    /// `items` with an `enum` but no `type`.
    ItemsEnumUntyped { name: String },
    /// `items` offering no options.
    ItemsNoOptions { name: String },
    /// An option of an `enum` that is not a string; `raw` as written.
    OptionNotString {
        index: usize,
        got: &'static str,
        raw: String,
    },
    /// The `const` of a titled option that is not a string.
    ConstNotString {
        index: usize,
        got: &'static str,
        raw: String,
    },
    /// A titled option that is not an object.
    OptionNotObject { index: usize, got: &'static str },
    /// A key of a titled option other than `const` and `title`.
    OptionKey { key: String },
    /// A titled option with no `const`.
    OptionNoConst { index: usize },
    /// A titled option with no `title`.
    OptionNoTitle { index: usize },
    /// The `title` of a titled option that is not a string.
    OptionTitleNotString { index: usize, got: &'static str },
}

/// The property a default of the wrong type belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultOf {
    String,
    Number { integer: bool },
    Boolean,
    Select,
    MultiSelect,
}

/// What a property with no `type` has instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeHint {
    /// `enum` or `oneOf`.
    Options,
    /// `anyOf` or `allOf`.
    Union,
    /// Neither.
    Nothing,
}

/// Where the builder hands what it could not build.
pub trait Sink {
    fn unbuilt(&mut self, unbuilt: Unbuilt);
}

/// A sink for a reader that only wants the model.
pub(crate) struct Ignore;

impl Sink for Ignore {
    fn unbuilt(&mut self, _: Unbuilt) {}
}

impl Sink for Vec<Unbuilt> {
    fn unbuilt(&mut self, unbuilt: Unbuilt) {
        self.push(unbuilt);
    }
}

/// Hands `reason` at `span`, `ptr` to `out`.
fn report(out: &mut impl Sink, span: Span, ptr: impl Into<String>, reason: Reason) {
    out.unbuilt(Unbuilt {
        span,
        ptr: ptr.into(),
        reason,
    });
}

/// Builds the model of a `requestedSchema` found at `ptr`, reporting only
/// what cannot be built; [`crate::rules::check_schema`] also judges it.
pub fn parse_schema(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut impl Sink,
) -> Option<RequestedSchema> {
    build_schema(node, ptr, rev, out, parse_property)
}

/// Builds a `requestedSchema`, each property with `property`.
pub(crate) fn build_schema<S: Sink>(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut S,
    mut property: impl FnMut(&str, &Node, &str, &mut S) -> Option<Property>,
) -> Option<RequestedSchema> {
    let Some(members) = node.as_object() else {
        let got = node.type_name();
        report(out, node.span, ptr, Reason::SchemaNotObject { got });
        return None;
    };
    let mut schema = RequestedSchema::default();
    for m in members {
        if m.key == "$schema" && rev.allows_root_dialect() {
            match m.value.as_str() {
                Some(s) => schema.dialect = Some(s.to_string()),
                None => wrong_type(out, m, ptr, "a string (a dialect URI)"),
            }
        }
    }

    let props_ptr = pointer_push(ptr, "properties");
    if let Some(p) = node.get("properties") {
        match p.as_object() {
            None => {
                let got = p.type_name();
                report(
                    out,
                    p.span,
                    props_ptr.clone(),
                    Reason::PropertiesNotObject { got },
                );
            }
            Some(props) => {
                for m in props {
                    let pptr = pointer_push(&props_ptr, &m.key);
                    if let Some(prop) = property(&m.key, &m.value, &pptr, out) {
                        schema.properties.push(prop);
                    }
                }
            }
        }
    }

    if let Some(req) = node.get("required") {
        let req_ptr = pointer_push(ptr, "required");
        match req.as_array() {
            None => {
                let got = req.type_name();
                report(out, req.span, req_ptr, Reason::RequiredNotArray { got });
            }
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    if item.as_str().is_none() {
                        let got = item.type_name();
                        let at = pointer_push(&req_ptr, &i.to_string());
                        report(out, item.span, at, Reason::RequiredEntryNotString { got });
                    }
                }
                // A name listed twice is required once.
                for (_, _, name, repeated) in repeats(items, Node::as_str) {
                    if !repeated {
                        schema.required.push(name.to_string());
                    }
                }
            }
        }
    }
    Some(schema)
}

/// The keys of the spec's primitive schema for JSON type `ty` (`string`,
/// `number`, `integer`, `boolean`; an enum is not one), in its order: the
/// order SDKs that model the spec's types (rmcp) write them in.
#[cfg(feature = "source")]
pub(crate) fn primitive_keys(ty: &str) -> Option<&'static [&'static str]> {
    Some(match ty {
        "string" => Kind::String.keys(),
        "number" | "integer" => Kind::Number.keys(),
        "boolean" => Kind::Boolean.keys(),
        _ => return None,
    })
}

/// The shape a property's `type` and option keywords choose.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Kind {
    String,
    Number,
    Boolean,
    Untitled,
    Legacy,
    TitledSingle,
    Multi,
}

impl Kind {
    /// The keys the shape allows, in the spec's order.
    pub(crate) fn keys(self) -> &'static [&'static str] {
        match self {
            Kind::String => &[
                "type",
                "title",
                "description",
                "minLength",
                "maxLength",
                "format",
                "default",
            ],
            Kind::Number => &[
                "type",
                "title",
                "description",
                "minimum",
                "maximum",
                "default",
            ],
            Kind::Boolean => &["type", "title", "description", "default"],
            Kind::Untitled => &["type", "title", "description", "enum", "default"],
            Kind::Legacy => &[
                "type",
                "title",
                "description",
                "enum",
                "enumNames",
                "default",
            ],
            Kind::TitledSingle => &["type", "title", "description", "oneOf", "default"],
            Kind::Multi => &[
                "type",
                "title",
                "description",
                "items",
                "minItems",
                "maxItems",
                "default",
            ],
        }
    }

    pub(crate) fn describe(self) -> &'static str {
        match self {
            Kind::String => "a string property",
            Kind::Number => "a number property",
            Kind::Boolean => "a boolean property",
            Kind::Untitled => "an enum property",
            Kind::Legacy => "an enum property with enumNames",
            Kind::TitledSingle => "a titled single-select",
            Kind::Multi => "a multi-select",
        }
    }
}

/// Builds the model of one property schema found at `ptr`, reporting only
/// what cannot be built; [`crate::rules::check_property`] also judges it.
pub fn parse_property(name: &str, node: &Node, ptr: &str, out: &mut impl Sink) -> Option<Property> {
    build_property(name, node, ptr, out).1
}

/// The shape a property's keywords choose, when they choose one, and the
/// property when it could be built.
pub(crate) fn build_property(
    name: &str,
    node: &Node,
    ptr: &str,
    out: &mut impl Sink,
) -> (Option<Kind>, Option<Property>) {
    if node.as_object().is_none() {
        let (name, got) = (name.to_string(), node.type_name());
        report(out, node.span, ptr, Reason::PropertyNotObject { name, got });
        return (None, None);
    }
    let Some(kind) = property_kind(name, node, ptr, out) else {
        return (None, None);
    };
    (Some(kind), build_shape(name, node, ptr, kind, out))
}

fn build_shape(
    name: &str,
    node: &Node,
    ptr: &str,
    kind: Kind,
    out: &mut impl Sink,
) -> Option<Property> {
    let title = string_kw(node, "title", ptr, out);
    let description = string_kw(node, "description", ptr, out);
    let default = node.member("default");
    // A default of the wrong JSON type cannot be built; judging a default
    // that can (bounds, options, formats) is the rules' work.
    let wrong_default = |out: &mut _, d: &Member, of: DefaultOf| {
        let (name, got) = (name.to_string(), d.value.type_name());
        let reason = Reason::DefaultWrongType { name, of, got };
        report(out, d.value.span, pointer_push(ptr, "default"), reason);
    };

    let shape = match kind {
        Kind::String => {
            let format = node.member("format").and_then(|m| match m.value.as_str() {
                None => {
                    wrong_type(out, m, ptr, "a string: one of email, uri, date, date-time");
                    None
                }
                Some(f) => StringFormat::parse(f).or_else(|| {
                    let format = f.to_string();
                    let at = pointer_push(ptr, "format");
                    report(out, m.value.span, at, Reason::FormatUnsupported { format });
                    None
                }),
            });
            Shape::String(StringShape {
                min_length: count_kw(node, "minLength", ptr, out),
                max_length: count_kw(node, "maxLength", ptr, out),
                format,
                pattern: node
                    .get("pattern")
                    .and_then(Node::as_str)
                    .map(str::to_string),
                default: default.and_then(|d| match d.value.as_str() {
                    Some(s) => Some(s.to_string()),
                    None => {
                        wrong_default(out, d, DefaultOf::String);
                        None
                    }
                }),
            })
        }
        Kind::Number => {
            let integer = node.get("type").and_then(Node::as_str) == Some("integer");
            Shape::Number(NumberShape {
                integer,
                minimum: number_kw(node, "minimum", ptr, out),
                maximum: number_kw(node, "maximum", ptr, out),
                default: default.and_then(|d| {
                    let n = number_of(&d.value);
                    if n.is_none() {
                        wrong_default(out, d, DefaultOf::Number { integer });
                    }
                    n
                }),
            })
        }
        Kind::Boolean => Shape::Boolean {
            default: default.and_then(|d| {
                let b = d.value.as_bool();
                if b.is_none() {
                    wrong_default(out, d, DefaultOf::Boolean);
                }
                b
            }),
        },
        Kind::Untitled | Kind::Legacy | Kind::TitledSingle => {
            let (style, options) = match kind {
                Kind::TitledSingle => (
                    OptionStyle::Titled,
                    titled_options(node.get("oneOf")?, &pointer_push(ptr, "oneOf"), out),
                ),
                _ => {
                    let mut options =
                        enum_options(node.get("enum")?, &pointer_push(ptr, "enum"), out);
                    let mut style = OptionStyle::Untitled;
                    if let Some(names) = node.member("enumNames") {
                        style = OptionStyle::LegacyNames;
                        enum_names(names, &node.get("enum")?.value, &mut options, ptr, out);
                    }
                    (style, options)
                }
            };
            let default = default.and_then(|d| match d.value.as_str() {
                Some(s) => Some(s.to_string()),
                None => {
                    wrong_default(out, d, DefaultOf::Select);
                    None
                }
            });
            Shape::SingleSelect(SingleSelect {
                style,
                options,
                default,
            })
        }
        Kind::Multi => {
            let (style, options) = multi_items(name, node.get("items"), node, ptr, out)?;
            let min_items = count_kw(node, "minItems", ptr, out);
            let max_items = count_kw(node, "maxItems", ptr, out);
            let default = default.and_then(|d| {
                let strings: Option<Vec<String>> = d
                    .value
                    .as_array()
                    .and_then(|a| a.iter().map(|n| n.as_str().map(str::to_string)).collect());
                if strings.is_none() {
                    wrong_default(out, d, DefaultOf::MultiSelect);
                }
                strings
            });
            Shape::MultiSelect(MultiSelect {
                style,
                options,
                min_items,
                max_items,
                default,
            })
        }
    };
    Some(Property {
        name: name.to_string(),
        title,
        description,
        shape,
    })
}

/// Decides the shape from `type` and the option keywords.
fn property_kind(name: &str, node: &Node, ptr: &str, out: &mut impl Sink) -> Option<Kind> {
    let owned = || name.to_string();
    let Some(ty) = node.member("type") else {
        if let Some(r) = node.member("$ref") {
            let at = pointer_push(ptr, "$ref");
            report(out, r.key_span, at, Reason::Ref { name: owned() });
        } else {
            let hint = if node.get("enum").is_some() || node.get("oneOf").is_some() {
                TypeHint::Options
            } else if node.get("anyOf").is_some() || node.get("allOf").is_some() {
                TypeHint::Union
            } else {
                TypeHint::Nothing
            };
            let at = Span::new(node.span.start, node.span.start + 1);
            report(
                out,
                at,
                ptr,
                Reason::TypeMissing {
                    name: owned(),
                    hint,
                },
            );
        }
        return None;
    };
    let tptr = pointer_push(ptr, "type");
    let Some(t) = ty.value.as_str() else {
        let reason = match &ty.value.value {
            NodeValue::Array(_) => Reason::TypeList { name: owned() },
            _ => Reason::TypeNotString {
                name: owned(),
                got: ty.value.type_name(),
            },
        };
        report(out, ty.value.span, tptr, reason);
        return None;
    };
    let has = |k: &str| node.get(k).is_some();
    Some(match t {
        "string" => {
            if has("enum") && has("oneOf") {
                // Judged by enum-and-oneof; the `enum` is what is built.
                Kind::Untitled
            } else if has("enum") {
                if has("enumNames") {
                    Kind::Legacy
                } else {
                    Kind::Untitled
                }
            } else if has("oneOf") {
                Kind::TitledSingle
            } else {
                Kind::String
            }
        }
        "number" | "integer" => Kind::Number,
        "boolean" => Kind::Boolean,
        "array" => Kind::Multi,
        "object" => {
            report(out, ty.value.span, tptr, Reason::Object { name: owned() });
            return None;
        }
        other => {
            let reason = Reason::TypeUnknown {
                name: owned(),
                ty: other.to_string(),
            };
            report(out, ty.value.span, tptr, reason);
            return None;
        }
    })
}

fn multi_items(
    name: &str,
    items: Option<&Node>,
    node: &Node,
    ptr: &str,
    out: &mut impl Sink,
) -> Option<(OptionStyle, Vec<Choice>)> {
    let iptr = pointer_push(ptr, "items");
    let owned = || name.to_string();
    let Some(items) = items else {
        let at = node.get("type").map_or(node.span, |t| t.span);
        report(out, at, ptr, Reason::ItemsMissing { name: owned() });
        return None;
    };
    if items.as_object().is_none() {
        let got = items.type_name();
        report(
            out,
            items.span,
            iptr,
            Reason::ItemsNotObject { name: owned(), got },
        );
        return None;
    };
    let item_type = items.get("type").and_then(Node::as_str);
    if let Some(t) = item_type
        && t != "string"
    {
        let reason = Reason::ItemsNotString {
            name: owned(),
            ty: t.to_string(),
        };
        report(
            out,
            items.get("type")?.span,
            pointer_push(&iptr, "type"),
            reason,
        );
        return None;
    }
    let (style, key) = if items.get("anyOf").is_some() {
        (OptionStyle::Titled, "anyOf")
    } else if items.get("oneOf").is_some() {
        (OptionStyle::Titled, "oneOf")
    } else if items.get("enum").is_some() {
        if item_type.is_none() {
            let at = Span::new(items.span.start, items.span.start + 1);
            report(
                out,
                at,
                iptr.clone(),
                Reason::ItemsEnumUntyped { name: owned() },
            );
        }
        (OptionStyle::Untitled, "enum")
    } else {
        report(
            out,
            items.span,
            iptr,
            Reason::ItemsNoOptions { name: owned() },
        );
        return None;
    };
    let list = items.get(key)?;
    let kptr = pointer_push(&iptr, key);
    let options = match style {
        OptionStyle::Titled => titled_options(list, &kptr, out),
        _ => enum_options(list, &kptr, out),
    };
    Some((style, options))
}

fn enum_options(list: &Node, ptr: &str, out: &mut impl Sink) -> Vec<Choice> {
    let Some(items) = list.as_array() else {
        let got = list.type_name();
        report(out, list.span, ptr, Reason::EnumNotArray { got });
        return Vec::new();
    };
    for (index, item) in items.iter().enumerate() {
        if item.as_str().is_none() {
            let (got, raw) = (item.type_name(), raw(item));
            let reason = Reason::OptionNotString { index, got, raw };
            report(
                out,
                item.span,
                pointer_push(ptr, &index.to_string()),
                reason,
            );
        }
    }
    // A value listed twice is one option (judged by options-duplicate).
    repeats(items, Node::as_str)
        .filter(|(.., repeated)| !repeated)
        .map(|(_, _, v, _)| Choice {
            value: v.to_string(),
            title: None,
        })
        .collect()
}

fn enum_names(
    names: &Member,
    values: &NodeValue,
    options: &mut [Choice],
    ptr: &str,
    out: &mut impl Sink,
) {
    let nptr = pointer_push(ptr, "enumNames");
    let Some(list) = names.value.as_array() else {
        wrong_type(out, names, ptr, "an array of strings");
        return;
    };
    let n_values = match values {
        NodeValue::Array(a) => a.len(),
        _ => return,
    };
    // Labels pair with values by position; skip pairing if values were dropped.
    let aligned = options.len() == n_values;
    for (index, item) in list.iter().enumerate() {
        match item.as_str() {
            Some(s) if aligned => {
                if let Some(c) = options.get_mut(index) {
                    c.title = Some(s.to_string());
                }
            }
            Some(_) => {}
            None => {
                let got = item.type_name();
                let at = pointer_push(&nptr, &index.to_string());
                report(out, item.span, at, Reason::LabelNotString { index, got });
            }
        }
    }
}

fn titled_options(list: &Node, ptr: &str, out: &mut impl Sink) -> Vec<Choice> {
    let Some(items) = list.as_array() else {
        let got = list.type_name();
        report(out, list.span, ptr, Reason::TitledNotArray { got });
        return Vec::new();
    };
    for (index, item) in items.iter().enumerate() {
        let iptr = pointer_push(ptr, &index.to_string());
        let start = Span::new(item.span.start, item.span.start + 1);
        let Some(members) = item.as_object() else {
            let got = item.type_name();
            report(out, item.span, iptr, Reason::OptionNotObject { index, got });
            continue;
        };
        for m in members {
            if m.key != "const" && m.key != "title" {
                let key = m.key.to_string();
                let at = pointer_push(&iptr, &m.key);
                report(out, m.key_span, at, Reason::OptionKey { key });
            }
        }
        match item.get("const") {
            None => report(out, start, iptr.clone(), Reason::OptionNoConst { index }),
            Some(c) if c.as_str().is_none() => {
                let (got, raw) = (c.type_name(), raw(c));
                let reason = Reason::ConstNotString { index, got, raw };
                report(out, c.span, pointer_push(&iptr, "const"), reason);
            }
            Some(_) => {}
        }
        match item.get("title") {
            None => report(out, start, iptr.clone(), Reason::OptionNoTitle { index }),
            Some(t) if t.as_str().is_none() => {
                let got = t.type_name();
                let reason = Reason::OptionTitleNotString { index, got };
                report(out, t.span, pointer_push(&iptr, "title"), reason);
            }
            Some(_) => {}
        }
    }
    // An option whose value is a string is one; a value listed twice is one
    // option (judged by options-duplicate).
    repeats(items, |item| option_value(item, true))
        .filter(|(.., repeated)| !repeated)
        .map(|(_, item, value, _)| Choice {
            value: value.to_string(),
            title: item.get("title").and_then(Node::as_str).map(str::to_string),
        })
        .collect()
}

fn string_kw(node: &Node, key: &str, ptr: &str, out: &mut impl Sink) -> Option<String> {
    let m = node.member(key)?;
    match m.value.as_str() {
        Some(s) => Some(s.to_string()),
        None => {
            wrong_type(out, m, ptr, "a string");
            None
        }
    }
}

fn count_kw(node: &Node, key: &str, ptr: &str, out: &mut impl Sink) -> Option<u64> {
    let m = node.member(key)?;
    let c = m.value.as_count();
    if c.is_none() {
        wrong_type(out, m, ptr, "a non-negative integer");
    }
    c
}

fn number_of(node: &Node) -> Option<Number> {
    match &node.value {
        NodeValue::Number(raw) => serde_json::from_str::<Number>(raw)
            .ok()
            .filter(|n| n.as_f64().is_some_and(f64::is_finite)),
        _ => None,
    }
}

fn number_kw(node: &Node, key: &str, ptr: &str, out: &mut impl Sink) -> Option<Number> {
    let m = node.member(key)?;
    let Some(n) = number_of(&m.value) else {
        let what = if m.value.is_number() {
            "a number that fits a double (this one overflows)"
        } else {
            "a number"
        };
        wrong_type(out, m, ptr, what);
        return None;
    };
    Some(n)
}

fn wrong_type(out: &mut impl Sink, m: &Member, ptr: &str, want: &'static str) {
    let reason = Reason::KeywordWrongType {
        key: m.key.to_string(),
        got: describe(&m.value),
        want,
    };
    report(out, m.value.span, pointer_push(ptr, &m.key), reason);
}

/// The value an option is written with, when it is a string: the item of
/// an `enum`, the `const` of a titled option. The rules judge the same
/// values.
pub(crate) fn option_value<'a>(item: &'a Node<'a>, titled: bool) -> Option<&'a str> {
    if titled {
        item.get("const")?.as_str()
    } else {
        item.as_str()
    }
}

/// A value as it appears in messages: strings quoted, others by type.
pub(crate) fn describe(n: &Node) -> String {
    match &n.value {
        NodeValue::String(s) => format!("\"{}\"", truncate(s, 40)),
        NodeValue::Number(raw) => (*raw).to_string(),
        NodeValue::Bool(b) => b.to_string(),
        _ => n.type_name().to_string(),
    }
}

pub(crate) fn raw(n: &Node) -> String {
    match &n.value {
        NodeValue::Number(r) => (*r).to_string(),
        NodeValue::Bool(b) => b.to_string(),
        NodeValue::String(s) => s.to_string(),
        NodeValue::Null => "null".into(),
        _ => "...".into(),
    }
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n).collect::<String>() + "…"
    }
}

pub(crate) fn option_list(options: &[Choice]) -> String {
    let mut s: Vec<&str> = options.iter().take(8).map(|c| c.value.as_str()).collect();
    if options.len() > 8 {
        s.push("…");
    }
    s.join(", ")
}

pub fn length_range(lo: Option<u64>, hi: Option<u64>) -> String {
    range_text(
        lo.map(|v| v.to_string()),
        hi.map(|v| v.to_string()),
        "characters",
    )
}

pub(crate) fn items_range(lo: Option<u64>, hi: Option<u64>) -> String {
    range_text(
        lo.map(|v| v.to_string()),
        hi.map(|v| v.to_string()),
        "items",
    )
}

pub(crate) fn num_range(lo: &Option<Number>, hi: &Option<Number>) -> String {
    range_text(
        lo.as_ref().map(Number::to_string),
        hi.as_ref().map(Number::to_string),
        "",
    )
}

fn range_text(lo: Option<String>, hi: Option<String>, unit: &str) -> String {
    let unit = if unit.is_empty() {
        String::new()
    } else {
        format!(" {unit}")
    };
    match (lo, hi) {
        (Some(l), Some(h)) => format!("{l} to {h}{unit}"),
        (Some(l), None) => format!("at least {l}{unit}"),
        (None, Some(h)) => format!("at most {h}{unit}"),
        (None, None) => "its bounds".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbuilt(text: &str) -> (Option<RequestedSchema>, Vec<Unbuilt>) {
        let node = crate::json::parse(text).unwrap();
        let mut out = Vec::new();
        (parse_schema(&node, "", Revision::LATEST, &mut out), out)
    }

    #[test]
    fn what_cannot_be_built_is_a_typed_reason_at_its_place() {
        let (schema, out) = unbuilt(
            r#"{"type": "object", "properties": {"a": {"type": "object"}, "b": {"type": "string"}}}"#,
        );
        assert_eq!(schema.unwrap().properties.len(), 1);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].ptr, "/properties/a/type");
        assert_eq!(out[0].reason, Reason::Object { name: "a".into() });
    }

    #[test]
    fn a_root_that_is_no_object_builds_nothing() {
        let (schema, out) = unbuilt("[1]");
        assert!(schema.is_none());
        assert_eq!(out[0].reason, Reason::SchemaNotObject { got: "an array" });
    }

    #[test]
    fn a_wrong_default_says_whose_it_is() {
        let (_, out) = unbuilt(
            r#"{"type": "object", "properties": {"n": {"type": "integer", "default": "3"}}}"#,
        );
        assert_eq!(
            out[0].reason,
            Reason::DefaultWrongType {
                name: "n".into(),
                of: DefaultOf::Number { integer: true },
                got: "a string",
            }
        );
    }
}
