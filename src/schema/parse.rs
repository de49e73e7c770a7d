//! Builds the typed model from positioned JSON. What cannot be built (a
//! property that is not an object, a `type` no shape has, a keyword or a
//! default of the wrong JSON type, options that are not options) is reported
//! at the exact key or value and left out of the model; judging what was
//! built is the rules' work ([`crate::rules`]).

use serde_json::Number;

use super::{
    Choice, MultiSelect, NumberShape, OptionStyle, Property, RequestedSchema, Shape, SingleSelect,
    StringShape,
};
use crate::finding::Findings;
use crate::json::{Member, Node, NodeValue, Span, pointer_push};
use crate::rules;
use crate::spec::{FORMATS, Revision};
use crate::string_format::StringFormat;

/// Builds the model of a `requestedSchema` found at `ptr`, reporting only
/// what cannot be built; [`crate::rules::check_schema`] also judges it.
pub fn parse_schema(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
) -> Option<RequestedSchema> {
    build_schema(node, ptr, rev, out, parse_property)
}

/// Builds a `requestedSchema`, each property with `property`.
pub(crate) fn build_schema(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
    mut property: impl FnMut(&str, &Node, &str, &mut Findings) -> Option<Property>,
) -> Option<RequestedSchema> {
    let Some(members) = node.as_object() else {
        out.push(
            &rules::SCHEMA_NOT_OBJECT,
            node.span,
            ptr,
            format!(
                "requestedSchema is {}; write an object {{\"type\": \"object\", \"properties\": {{...}}}}",
                node.type_name()
            ),
        );
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
            None => out.push(
                &rules::SCHEMA_MISSING_PROPERTIES,
                p.span,
                props_ptr.clone(),
                format!("`properties` is {}; it must be an object mapping field names to property schemas", p.type_name()),
            ),
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
            None => out.push(
                &rules::REQUIRED_MALFORMED,
                req.span,
                req_ptr,
                format!(
                    "`required` is {}; write an array of property names",
                    req.type_name()
                ),
            ),
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    if item.as_str().is_none() {
                        out.push(
                            &rules::REQUIRED_MALFORMED,
                            item.span,
                            pointer_push(&req_ptr, &i.to_string()),
                            format!(
                                "`required` entries are property names, but this one is {}",
                                item.type_name()
                            ),
                        );
                    }
                }
                // A name listed twice is required once.
                for (_, _, name, repeated) in crate::rules::repeats(items, Node::as_str) {
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
pub(crate) enum Kind {
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
pub fn parse_property(name: &str, node: &Node, ptr: &str, out: &mut Findings) -> Option<Property> {
    build_property(name, node, ptr, out).1
}

/// The shape a property's keywords choose, when they choose one, and the
/// property when it could be built.
pub(crate) fn build_property(
    name: &str,
    node: &Node,
    ptr: &str,
    out: &mut Findings,
) -> (Option<Kind>, Option<Property>) {
    if node.as_object().is_none() {
        out.push(
            &rules::PROPERTY_NOT_OBJECT,
            node.span,
            ptr,
            format!(
                "property `{name}` is {}; write a schema object such as {{\"type\": \"string\"}}",
                node.type_name()
            ),
        );
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
    out: &mut Findings,
) -> Option<Property> {
    let title = string_kw(node, "title", ptr, out);
    let description = string_kw(node, "description", ptr, out);
    let default = node.member("default");
    // A default of the wrong JSON type cannot be built; judging a default
    // that can (bounds, options, formats) is the rules' work.
    let wrong_default = |out: &mut Findings, d: &Member, what: String, fix: &str| {
        out.push(
            &rules::DEFAULT_WRONG_TYPE,
            d.value.span,
            pointer_push(ptr, "default"),
            format!("`default` of {what} is {}; {fix}", d.value.type_name()),
        );
    };

    let shape = match kind {
        Kind::String => {
            let format = node.member("format").and_then(|m| match m.value.as_str() {
                None => {
                    wrong_type(out, m, ptr, "a string: one of email, uri, date, date-time");
                    None
                }
                Some(f) => StringFormat::parse(f).or_else(|| {
                    out.push(
                        &rules::FORMAT_UNSUPPORTED,
                        m.value.span,
                        pointer_push(ptr, "format"),
                        format!(
                            "format `{f}` is not allowed; use one of {}, or drop `format` and describe the expected form in `description`",
                            FORMATS.join(", ")
                        ),
                    );
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
                        wrong_default(
                            out,
                            d,
                            format!("string property `{name}`"),
                            "write a string",
                        );
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
                        let ty = if integer { "integer" } else { "number" };
                        wrong_default(out, d, format!("{ty} property `{name}`"), "write a number");
                    }
                    n
                }),
            })
        }
        Kind::Boolean => Shape::Boolean {
            default: default.and_then(|d| {
                let b = d.value.as_bool();
                if b.is_none() {
                    wrong_default(
                        out,
                        d,
                        format!("boolean property `{name}`"),
                        "write true or false",
                    );
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
                    wrong_default(
                        out,
                        d,
                        format!("select `{name}`"),
                        "write one of its option values",
                    );
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
                    wrong_default(
                        out,
                        d,
                        format!("multi-select `{name}`"),
                        "write an array of option values",
                    );
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
fn property_kind(name: &str, node: &Node, ptr: &str, out: &mut Findings) -> Option<Kind> {
    let Some(ty) = node.member("type") else {
        if let Some(r) = node.member("$ref") {
            out.push(&rules::REF_UNSUPPORTED, r.key_span, pointer_push(ptr, "$ref"), format!("property `{name}` is a `$ref`, which clients do not resolve; inline the definition with its `type`"));
        } else {
            let hint = if node.get("enum").is_some() || node.get("oneOf").is_some() {
                "add `\"type\": \"string\"`"
            } else if node.get("anyOf").is_some() || node.get("allOf").is_some() {
                "unions are not part of elicitation schemas: give one `type` (for an optional field, leave it out of `required`)"
            } else {
                "add one of string, number, integer, boolean, or array for a multi-select"
            };
            out.push(
                &rules::PROPERTY_MISSING_TYPE,
                Span::new(node.span.start, node.span.start + 1),
                ptr,
                format!("property `{name}` has no `type`; {hint}"),
            );
        }
        return None;
    };
    let tptr = pointer_push(ptr, "type");
    let Some(t) = ty.value.as_str() else {
        let msg = match &ty.value.value {
            NodeValue::Array(_) => format!(
                "property `{name}` has a list of types; give exactly one (to make it optional, leave it out of `required` instead of adding \"null\")"
            ),
            _ => format!(
                "`type` of property `{name}` is {}; write one of string, number, integer, boolean, array",
                ty.value.type_name()
            ),
        };
        out.push(&rules::PROPERTY_TYPE_UNSUPPORTED, ty.value.span, tptr, msg);
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
            out.push(&rules::NESTED_OBJECT, ty.value.span, tptr, format!("property `{name}` is an object; elicitation forms are flat, so give each of its fields its own top-level property"));
            return None;
        }
        other => {
            out.push(&rules::PROPERTY_TYPE_UNSUPPORTED, ty.value.span, tptr, format!("type `{other}` of property `{name}` is not allowed; use string, number, integer, boolean, or array for a multi-select"));
            return None;
        }
    })
}

fn multi_items(
    name: &str,
    items: Option<&Node>,
    node: &Node,
    ptr: &str,
    out: &mut Findings,
) -> Option<(OptionStyle, Vec<Choice>)> {
    let iptr = pointer_push(ptr, "items");
    let Some(items) = items else {
        out.push(&rules::ARRAY_ITEMS_UNSUPPORTED, node.get("type").map_or(node.span, |t| t.span), ptr, format!("array property `{name}` has no `items`; a multi-select needs `items: {{\"type\": \"string\", \"enum\": [...]}}` or `items: {{\"anyOf\": [{{\"const\", \"title\"}}]}}`"));
        return None;
    };
    if items.as_object().is_none() {
        out.push(
            &rules::ARRAY_ITEMS_UNSUPPORTED,
            items.span,
            iptr,
            format!(
                "`items` of `{name}` is {}; a multi-select's items are string options",
                items.type_name()
            ),
        );
        return None;
    };
    let item_type = items.get("type").and_then(Node::as_str);
    if let Some(t) = item_type
        && t != "string"
    {
        out.push(&rules::ARRAY_ITEMS_UNSUPPORTED, items.get("type")?.span, pointer_push(&iptr, "type"), format!("`items` of `{name}` have type `{t}`; the only array shape is a multi-select of string options"));
        return None;
    }
    let (style, key) = if items.get("anyOf").is_some() {
        (OptionStyle::Titled, "anyOf")
    } else if items.get("oneOf").is_some() {
        (OptionStyle::Titled, "oneOf")
    } else if items.get("enum").is_some() {
        if item_type.is_none() {
            out.push(
                &rules::ARRAY_ITEMS_UNSUPPORTED,
                Span::new(items.span.start, items.span.start + 1),
                iptr.clone(),
                format!("`items` of `{name}` has `enum` but no `\"type\": \"string\"`; add it"),
            );
        }
        (OptionStyle::Untitled, "enum")
    } else {
        out.push(&rules::ARRAY_ITEMS_UNSUPPORTED, items.span, iptr, format!("`items` of `{name}` offers no options; write `{{\"type\": \"string\", \"enum\": [...]}}` or `{{\"anyOf\": [{{\"const\": ..., \"title\": ...}}]}}`"));
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

fn enum_options(list: &Node, ptr: &str, out: &mut Findings) -> Vec<Choice> {
    let Some(items) = list.as_array() else {
        out.push(
            &rules::KEYWORD_WRONG_TYPE,
            list.span,
            ptr,
            format!("`enum` is {}; write an array of strings", list.type_name()),
        );
        return Vec::new();
    };
    for (i, item) in items.iter().enumerate() {
        if item.as_str().is_none() {
            out.push(
                &rules::ENUM_NOT_STRINGS,
                item.span,
                pointer_push(ptr, &i.to_string()),
                format!(
                    "option {} is {}; every option is a string (write `\"{}\"`)",
                    i,
                    item.type_name(),
                    raw(item)
                ),
            );
        }
    }
    // A value listed twice is one option (judged by options-duplicate).
    rules::repeats(items, Node::as_str)
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
    out: &mut Findings,
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
    for (i, item) in list.iter().enumerate() {
        match item.as_str() {
            Some(s) if aligned => {
                if let Some(c) = options.get_mut(i) {
                    c.title = Some(s.to_string());
                }
            }
            Some(_) => {}
            None => out.push(
                &rules::KEYWORD_WRONG_TYPE,
                item.span,
                pointer_push(&nptr, &i.to_string()),
                format!(
                    "label {i} in `enumNames` is {}; labels are strings",
                    item.type_name()
                ),
            ),
        }
    }
}

fn titled_options(list: &Node, ptr: &str, out: &mut Findings) -> Vec<Choice> {
    let Some(items) = list.as_array() else {
        out.push(
            &rules::KEYWORD_WRONG_TYPE,
            list.span,
            ptr,
            format!(
                "titled options are {}; write an array of {{\"const\": value, \"title\": label}}",
                list.type_name()
            ),
        );
        return Vec::new();
    };
    for (i, item) in items.iter().enumerate() {
        let iptr = pointer_push(ptr, &i.to_string());
        let Some(members) = item.as_object() else {
            out.push(
                &rules::OPTION_MALFORMED,
                item.span,
                iptr,
                format!(
                    "option {i} is {}; write {{\"const\": value, \"title\": label}}",
                    item.type_name()
                ),
            );
            continue;
        };
        for m in members {
            if m.key != "const" && m.key != "title" {
                out.push(&rules::OPTION_MALFORMED, m.key_span, pointer_push(&iptr, &m.key), format!("`{}` is not a key of a titled option; an option is exactly {{\"const\", \"title\"}}", m.key));
            }
        }
        match item.get("const") {
            None => out.push(
                &rules::OPTION_MALFORMED,
                Span::new(item.span.start, item.span.start + 1),
                iptr.clone(),
                format!("option {i} has no `const` (the value sent); add it"),
            ),
            Some(c) if c.as_str().is_none() => out.push(
                &rules::ENUM_NOT_STRINGS,
                c.span,
                pointer_push(&iptr, "const"),
                format!(
                    "`const` of option {i} is {}; option values are strings (write `\"{}\"`)",
                    c.type_name(),
                    raw(c)
                ),
            ),
            Some(_) => {}
        }
        match item.get("title") {
            None => out.push(
                &rules::OPTION_MALFORMED,
                Span::new(item.span.start, item.span.start + 1),
                iptr.clone(),
                format!(
                    "option {i} has no `title` (the label shown); add it, or use an untitled `enum`"
                ),
            ),
            Some(t) if t.as_str().is_none() => out.push(
                &rules::OPTION_MALFORMED,
                t.span,
                pointer_push(&iptr, "title"),
                format!("`title` of option {i} is {}; write a string", t.type_name()),
            ),
            Some(_) => {}
        }
    }
    // An option whose value is a string is one; a value listed twice is one
    // option (judged by options-duplicate).
    rules::repeats(items, |item| rules::option_value(item, true))
        .filter(|(.., repeated)| !repeated)
        .map(|(_, item, value, _)| Choice {
            value: value.to_string(),
            title: item.get("title").and_then(Node::as_str).map(str::to_string),
        })
        .collect()
}

fn string_kw(node: &Node, key: &str, ptr: &str, out: &mut Findings) -> Option<String> {
    let m = node.member(key)?;
    match m.value.as_str() {
        Some(s) => Some(s.to_string()),
        None => {
            wrong_type(out, m, ptr, "a string");
            None
        }
    }
}

fn count_kw(node: &Node, key: &str, ptr: &str, out: &mut Findings) -> Option<u64> {
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

fn number_kw(node: &Node, key: &str, ptr: &str, out: &mut Findings) -> Option<Number> {
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

fn wrong_type(out: &mut Findings, m: &Member, ptr: &str, want: &str) {
    out.push(
        &rules::KEYWORD_WRONG_TYPE,
        m.value.span,
        pointer_push(ptr, &m.key),
        format!("`{}` is {}; it must be {want}", m.key, describe(&m.value)),
    );
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

pub(crate) fn length_range(lo: Option<u64>, hi: Option<u64>) -> String {
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
