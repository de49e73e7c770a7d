//! Builds the typed model from positioned JSON. Everything outside the shapes
//! of the chosen revision becomes a finding at the exact key or value; the
//! model keeps what could be understood.

use serde_json::Number;
use std::collections::HashSet;

use super::{
    Choice, MultiSelect, NumberShape, OptionStyle, Property, RequestedSchema, Shape, SingleSelect,
    StringShape,
};
use crate::finding::Findings;
use crate::json::{Member, Node, NodeValue, Span, pointer_push};
use crate::rules;
use crate::spec::{FORMATS, Revision};
use crate::string_format::StringFormat;

/// Parses and checks a `requestedSchema` found at `ptr`.
pub fn parse_schema(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
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
    match node.get("type") {
        Some(t) if t.as_str() == Some("object") => {}
        Some(t) => out.push(
            &rules::SCHEMA_NOT_OBJECT,
            t.span,
            pointer_push(ptr, "type"),
            format!(
                "requestedSchema has type {}; the root must be `\"type\": \"object\"`",
                describe(t)
            ),
        ),
        None => out.push(
            &rules::SCHEMA_NOT_OBJECT,
            Span::new(node.span.start, node.span.start + 1),
            ptr,
            "requestedSchema has no `type`; add `\"type\": \"object\"`",
        ),
    }
    let mut schema = RequestedSchema::default();
    for m in members {
        match m.key.as_ref() {
            "type" | "properties" | "required" => {}
            "$schema" if rev.allows_root_dialect() => match m.value.as_str() {
                Some(s) => schema.dialect = Some(s.to_string()),
                None => wrong_type(out, m, ptr, "a string (a dialect URI)"),
            },
            "$schema" => out.push(
                &rules::SCHEMA_UNKNOWN_KEY,
                m.key_span,
                pointer_push(ptr, "$schema"),
                format!("`$schema` on requestedSchema is allowed from 2025-11-25, not in {rev}; remove it"),
            ),
            key => out.push(
                &rules::SCHEMA_UNKNOWN_KEY,
                m.key_span,
                pointer_push(ptr, key),
                format!(
                    "`{key}` is not allowed at the root of requestedSchema{}; the root has only type, properties and required{}",
                    root_key_hint(key),
                    if rev.allows_root_dialect() { " (and $schema)" } else { "" }
                ),
            ),
        }
    }

    let props_ptr = pointer_push(ptr, "properties");
    let mut names: Vec<&str> = Vec::new();
    match node.get("properties") {
        None => out.push(
            &rules::SCHEMA_MISSING_PROPERTIES,
            Span::new(node.span.start, node.span.start + 1),
            ptr,
            "requestedSchema has no `properties`; add `\"properties\": {}` (an empty object for a plain approve/decline prompt)",
        ),
        Some(p) => match p.as_object() {
            None => out.push(
                &rules::SCHEMA_MISSING_PROPERTIES,
                p.span,
                props_ptr.clone(),
                format!("`properties` is {}; it must be an object mapping field names to property schemas", p.type_name()),
            ),
            Some(props) => {
                if props.is_empty() {
                    out.push(
                        &rules::EMPTY_FORM,
                        p.span,
                        props_ptr.clone(),
                        "the form asks for nothing (`properties` is empty), so clients show anything from a yes/no prompt to nothing at all; add a boolean field such as `confirm`",
                    );
                }
                for m in props {
                    names.push(&m.key);
                    let pptr = pointer_push(&props_ptr, &m.key);
                    if let Some(prop) = parse_property(&m.key, &m.value, &pptr, rev, out) {
                        schema.properties.push(prop);
                    }
                }
            }
        },
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
                let mut seen = HashSet::new();
                for (i, item) in items.iter().enumerate() {
                    let iptr = pointer_push(&req_ptr, &i.to_string());
                    let Some(name) = item.as_str() else {
                        out.push(
                            &rules::REQUIRED_MALFORMED,
                            item.span,
                            iptr,
                            format!(
                                "`required` entries are property names, but this one is {}",
                                item.type_name()
                            ),
                        );
                        continue;
                    };
                    if !seen.insert(name) {
                        out.push(
                            &rules::REQUIRED_DUPLICATE,
                            item.span,
                            iptr,
                            format!("`{name}` is listed twice in `required`; remove one"),
                        );
                        continue;
                    }
                    if node.get("properties").and_then(Node::as_object).is_some()
                        && !names.contains(&name)
                    {
                        let hint = crate::nearest::nearest(name, names.iter().copied())
                            .map(|n| format!(" (did you mean `{n}`?)"))
                            .unwrap_or_default();
                        out.push(
                            &rules::REQUIRED_UNKNOWN,
                            item.span,
                            iptr,
                            format!("`required` names `{name}`, which is not in `properties`{hint}; add the property or remove the name"),
                        );
                    }
                    schema.required.push(name.to_string());
                }
            }
        }
    }
    super_advice(node, &props_ptr, &schema, out);
    Some(schema)
}

fn root_key_hint(key: &str) -> &'static str {
    match key {
        "title" | "description" => " (put it in the params' `message`)",
        "additionalProperties" => " (answers are flat objects of the listed fields anyway)",
        "$defs" | "definitions" | "$ref" => " (inline every property: references are not resolved)",
        _ => "",
    }
}

/// Sensitive-data and approve-on-Enter advice, judged on names and titles.
fn super_advice(node: &Node, props_ptr: &str, schema: &RequestedSchema, out: &mut Findings) {
    let Some(props) = node.get("properties").and_then(Node::as_object) else {
        return;
    };
    for m in props {
        let title = m.value.get("title").and_then(Node::as_str);
        if let Some(what) = crate::sensitive::sensitive_kind(&m.key)
            .or_else(|| title.and_then(crate::sensitive::sensitive_kind))
        {
            out.push(
                &rules::SENSITIVE_FIELD,
                m.key_span,
                pointer_push(props_ptr, &m.key),
                format!(
                    "`{}` asks for {what} in form mode, which MUST NOT be used for sensitive data; use URL mode (`\"mode\": \"url\"`) so the secret goes to your own page",
                    m.key
                ),
            );
        }
    }
    for p in &schema.properties {
        if let Shape::Boolean {
            default: Some(true),
        } = p.shape
            && schema.is_required(&p.name)
            && let Some(m) = props.iter().rev().find(|m| m.key == p.name)
            && let Some(d) = m.value.member("default")
        {
            out.push(
                &rules::APPROVE_ON_ENTER,
                d.key_span,
                pointer_push(&pointer_push(props_ptr, &p.name), "default"),
                format!(
                    "`{}` is required and defaults to true, so pressing Enter approves; for confirmations leave out the default",
                    p.name
                ),
            );
        }
    }
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

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    String,
    Number,
    Boolean,
    Untitled,
    Legacy,
    TitledSingle,
    Multi,
}

impl Kind {
    fn keys(self) -> &'static [&'static str] {
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

    fn describe(self) -> &'static str {
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

/// Parses and checks one property schema found at `ptr`.
pub fn parse_property(
    name: &str,
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
) -> Option<Property> {
    let Some(members) = node.as_object() else {
        out.push(
            &rules::PROPERTY_NOT_OBJECT,
            node.span,
            ptr,
            format!(
                "property `{name}` is {}; write a schema object such as {{\"type\": \"string\"}}",
                node.type_name()
            ),
        );
        return None;
    };
    let kind = property_kind(name, node, ptr, out)?;
    let rev_allows = |k: &str| -> bool {
        !(k == "default" && kind != Kind::Boolean && !rev.allows_non_boolean_defaults())
    };

    for m in members {
        let key = m.key.as_ref();
        let kptr = || pointer_push(ptr, key);
        if kind.keys().contains(&key) {
            if !rev_allows(key) {
                out.push(
                    &rules::DEFAULT_NOT_ALLOWED,
                    m.key_span,
                    kptr(),
                    format!(
                        "`default` on {} is allowed from 2025-11-25, not in {rev} (which allows defaults on booleans only); remove it",
                        kind.describe()
                    ),
                );
            }
            continue;
        }
        match key {
            // A string with both is reported once, as enum-and-oneof.
            "oneOf" if kind == Kind::Untitled && node.get("enum").is_some() => {}
            "pattern" if kind == Kind::String => out.push(
                &rules::PATTERN_UNDECLARED,
                m.key_span,
                kptr(),
                "`pattern` is declared in no revision: the official TypeScript SDK strips it, so clients never check it; validate on the server and describe the expected form in `description`",
            ),
            "$ref" => out.push(
                &rules::REF_UNSUPPORTED,
                m.key_span,
                kptr(),
                format!("`$ref` in property `{name}` is not resolved by clients; inline the definition"),
            ),
            "properties" | "additionalProperties" | "patternProperties" => out.push(
                &rules::NESTED_OBJECT,
                m.key_span,
                kptr(),
                format!("`{key}` in property `{name}` nests an object; elicitation forms are flat, so give each nested field its own top-level property"),
            ),
            _ => out.push(
                &rules::PROPERTY_UNKNOWN_KEY,
                m.key_span,
                kptr(),
                format!(
                    "`{key}` is not a key of {} in {rev}; remove it (allowed: {})",
                    kind.describe(),
                    kind.keys().join(", ")
                ),
            ),
        }
    }

    let title = string_kw(node, "title", ptr, out);
    let description = string_kw(node, "description", ptr, out);
    let default = node.member("default");

    let shape = match kind {
        Kind::String => {
            let min_length = count_kw(node, "minLength", ptr, out);
            let max_length = count_kw(node, "maxLength", ptr, out);
            inverted(
                node,
                ptr,
                "minLength",
                "maxLength",
                min_length.map(|v| v as f64),
                max_length.map(|v| v as f64),
                out,
            );
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
            let default = default.and_then(|d| {
                let dptr = pointer_push(ptr, "default");
                let Some(s) = d.value.as_str() else {
                    out.push(
                        &rules::DEFAULT_WRONG_TYPE,
                        d.value.span,
                        dptr,
                        format!(
                            "`default` of string property `{name}` is {}; write a string",
                            d.value.type_name()
                        ),
                    );
                    return None;
                };
                let len = s.chars().count() as u64;
                if min_length.is_some_and(|m| len < m) || max_length.is_some_and(|m| len > m) {
                    out.push(
                        &rules::DEFAULT_OUT_OF_BOUNDS,
                        d.value.span,
                        dptr.clone(),
                        format!(
                            "`default` of `{name}` has {len} characters, outside {}",
                            length_range(min_length, max_length)
                        ),
                    );
                }
                if let Some(f) = format
                    && !f.check(s)
                {
                    out.push(
                        &rules::DEFAULT_BAD_FORMAT,
                        d.value.span,
                        dptr,
                        format!(
                            "`default` of `{name}` is not a valid {} (for example {})",
                            f.as_str(),
                            f.example()
                        ),
                    );
                }
                Some(s.to_string())
            });
            Shape::String(StringShape {
                min_length,
                max_length,
                format,
                pattern: node
                    .get("pattern")
                    .and_then(Node::as_str)
                    .map(str::to_string),
                default,
            })
        }
        Kind::Number => {
            let integer = node.get("type").and_then(Node::as_str) == Some("integer");
            let minimum = number_kw(node, "minimum", ptr, integer, out);
            let maximum = number_kw(node, "maximum", ptr, integer, out);
            inverted(
                node,
                ptr,
                "minimum",
                "maximum",
                minimum.as_ref().and_then(Number::as_f64),
                maximum.as_ref().and_then(Number::as_f64),
                out,
            );
            let default = default.and_then(|d| {
                let dptr = pointer_push(ptr, "default");
                let Some(n) = number_of(&d.value) else {
                    out.push(&rules::DEFAULT_WRONG_TYPE, d.value.span, dptr, format!("`default` of {} property `{name}` is {}; write a number", if integer { "integer" } else { "number" }, d.value.type_name()));
                    return None;
                };
                let f = n.as_f64().unwrap_or(0.0);
                if integer && f.fract() != 0.0 {
                    out.push(&rules::INTEGER_BOUND_FRACTIONAL, d.value.span, dptr.clone(), format!("`default` of integer property `{name}` is fractional; write an integer or make the type `number`"));
                }
                let lo = minimum.as_ref().and_then(Number::as_f64);
                let hi = maximum.as_ref().and_then(Number::as_f64);
                if lo.is_some_and(|lo| f < lo) || hi.is_some_and(|hi| f > hi) {
                    out.push(&rules::DEFAULT_OUT_OF_BOUNDS, d.value.span, dptr, format!("`default` of `{name}` is {f}, outside {}", num_range(&minimum, &maximum)));
                }
                Some(n)
            });
            Shape::Number(NumberShape {
                integer,
                minimum,
                maximum,
                default,
            })
        }
        Kind::Boolean => {
            let default = default.and_then(|d| match d.value.as_bool() {
                Some(b) => Some(b),
                None => {
                    out.push(
                        &rules::DEFAULT_WRONG_TYPE,
                        d.value.span,
                        pointer_push(ptr, "default"),
                        format!(
                            "`default` of boolean property `{name}` is {}; write true or false",
                            d.value.type_name()
                        ),
                    );
                    None
                }
            });
            Shape::Boolean { default }
        }
        Kind::Untitled | Kind::Legacy | Kind::TitledSingle => {
            let (style, options) = match kind {
                Kind::TitledSingle => {
                    if !rev.allows_titled_single_select()
                        && let Some(m) = node.member("oneOf")
                    {
                        out.push(&rules::TITLED_SELECT_UNSUPPORTED, m.key_span, pointer_push(ptr, "oneOf"), format!("titled single-select (`oneOf` of const/title) is not in {rev}; use `enum` with `enumNames` there, or lint under 2025-11-25 or later"));
                    }
                    (
                        OptionStyle::Titled,
                        titled_options(node.get("oneOf")?, &pointer_push(ptr, "oneOf"), out),
                    )
                }
                _ => {
                    let mut options =
                        enum_options(node.get("enum")?, &pointer_push(ptr, "enum"), out);
                    let mut style = OptionStyle::Untitled;
                    if let Some(names) = node.member("enumNames") {
                        style = OptionStyle::LegacyNames;
                        if rev.enum_names_deprecated() {
                            out.push(&rules::ENUM_NAMES_DEPRECATED, names.key_span, pointer_push(ptr, "enumNames"), "`enumNames` is deprecated since 2025-11-25 and will be removed; write `oneOf: [{\"const\": value, \"title\": label}]` instead");
                        }
                        enum_names(names, &node.get("enum")?.value, &mut options, ptr, out);
                    }
                    (style, options)
                }
            };
            let default = default.and_then(|d| {
                let dptr = pointer_push(ptr, "default");
                let Some(s) = d.value.as_str() else {
                    out.push(
                        &rules::DEFAULT_WRONG_TYPE,
                        d.value.span,
                        dptr,
                        format!(
                            "`default` of select `{name}` is {}; write one of its option values",
                            d.value.type_name()
                        ),
                    );
                    return None;
                };
                if !options.is_empty() && !options.iter().any(|c| c.value == s) {
                    out.push(
                        &rules::DEFAULT_NOT_AN_OPTION,
                        d.value.span,
                        dptr,
                        format!(
                            "`default` of `{name}` is `{s}`, which is not one of its options ({})",
                            option_list(&options)
                        ),
                    );
                }
                Some(s.to_string())
            });
            Shape::SingleSelect(SingleSelect {
                style,
                options,
                default,
            })
        }
        Kind::Multi => {
            if !rev.allows_multi_select()
                && let Some(t) = node.get("type")
            {
                out.push(&rules::MULTI_SELECT_UNSUPPORTED, t.span, pointer_push(ptr, "type"), format!("multi-select (`type: \"array\"`) is not in {rev}; it arrived in 2025-11-25 (in {rev} use one boolean per option)"));
            }
            let (style, options) = multi_items(name, node.get("items"), node, ptr, out)?;
            let min_items = count_kw(node, "minItems", ptr, out);
            let max_items = count_kw(node, "maxItems", ptr, out);
            inverted(
                node,
                ptr,
                "minItems",
                "maxItems",
                min_items.map(|v| v as f64),
                max_items.map(|v| v as f64),
                out,
            );
            if let (Some(min), Some(m)) = (min_items, node.member("minItems"))
                && !options.is_empty()
                && min > options.len() as u64
            {
                out.push(
                    &rules::MIN_ITEMS_UNSATISFIABLE,
                    m.value.span,
                    pointer_push(ptr, "minItems"),
                    format!(
                        "`minItems` is {min} but `{name}` has only {} options",
                        options.len()
                    ),
                );
            }
            let default = default.and_then(|d| {
                let dptr = pointer_push(ptr, "default");
                let strings: Option<Vec<&str>> = d.value.as_array().and_then(|a| a.iter().map(Node::as_str).collect());
                let Some(strings) = strings else {
                    out.push(&rules::DEFAULT_WRONG_TYPE, d.value.span, dptr, format!("`default` of multi-select `{name}` is {}; write an array of option values", d.value.type_name()));
                    return None;
                };
                let known: Option<HashSet<&str>> = (options.len() > 16 && strings.len() > 1)
                    .then(|| options.iter().map(|c| c.value.as_str()).collect());
                for (i, s) in strings.iter().enumerate() {
                    let listed = match &known {
                        Some(set) => set.contains(s),
                        None => options.iter().any(|c| c.value == *s),
                    };
                    if !options.is_empty() && !listed {
                        let item = &d.value.as_array().unwrap_or_default()[i];
                        out.push(&rules::DEFAULT_NOT_AN_OPTION, item.span, pointer_push(&dptr, &i.to_string()), format!("`{s}` in the default of `{name}` is not one of its options ({})", option_list(&options)));
                    }
                }
                let n = strings.len() as u64;
                if min_items.is_some_and(|m| n < m) || max_items.is_some_and(|m| n > m) {
                    out.push(&rules::DEFAULT_OUT_OF_BOUNDS, d.value.span, dptr, format!("`default` of `{name}` picks {n} options, outside {}", items_range(min_items, max_items)));
                }
                Some(strings.into_iter().map(str::to_string).collect())
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
                let m = node.member("oneOf")?;
                out.push(&rules::ENUM_AND_ONEOF, m.key_span, pointer_push(ptr, "oneOf"), format!("property `{name}` has both `enum` and `oneOf`; keep `oneOf` of {{const, title}} for labelled options, or `enum` alone"));
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
    let Some(members) = items.as_object() else {
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
    let (style, key, allowed): (OptionStyle, &str, &[&str]) = if items.get("anyOf").is_some() {
        if let Some(t) = items.member("type") {
            out.push(&rules::MULTI_SELECT_ITEMS_TYPE, t.key_span, pointer_push(&iptr, "type"), format!("`items` of titled multi-select `{name}` has `type` beside `anyOf`; the shape is `items: {{\"anyOf\": [...]}}` alone, and some clients reject this mix: remove `type`"));
        }
        (OptionStyle::Titled, "anyOf", &["anyOf", "type"])
    } else if let Some(m) = items.member("oneOf") {
        out.push(&rules::MULTI_SELECT_ONEOF, m.key_span, pointer_push(&iptr, "oneOf"), format!("titled multi-select `{name}` uses `items.oneOf`; write `items.anyOf` (oneOf is the single-select form)"));
        (OptionStyle::Titled, "oneOf", &["oneOf", "type"])
    } else if items.get("enum").is_some() {
        if item_type.is_none() {
            out.push(
                &rules::ARRAY_ITEMS_UNSUPPORTED,
                Span::new(items.span.start, items.span.start + 1),
                iptr.clone(),
                format!("`items` of `{name}` has `enum` but no `\"type\": \"string\"`; add it"),
            );
        }
        (OptionStyle::Untitled, "enum", &["enum", "type"])
    } else {
        out.push(&rules::ARRAY_ITEMS_UNSUPPORTED, items.span, iptr, format!("`items` of `{name}` offers no options; write `{{\"type\": \"string\", \"enum\": [...]}}` or `{{\"anyOf\": [{{\"const\": ..., \"title\": ...}}]}}`"));
        return None;
    };
    for m in members {
        if !allowed.contains(&m.key.as_ref()) {
            out.push(
                &rules::PROPERTY_UNKNOWN_KEY,
                m.key_span,
                pointer_push(&iptr, &m.key),
                format!(
                    "`{}` is not a key of a multi-select's `items`; remove it (allowed: {})",
                    m.key,
                    allowed.join(", ")
                ),
            );
        }
    }
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
    if items.is_empty() {
        out.push(
            &rules::OPTIONS_EMPTY,
            list.span,
            ptr,
            "`enum` is empty, so the select cannot be answered; list at least one option",
        );
    }
    let mut options: Vec<Choice> = Vec::with_capacity(items.len());
    let mut seen = Seen::default();
    for (i, item) in items.iter().enumerate() {
        let iptr = || pointer_push(ptr, &i.to_string());
        let Some(v) = item.as_str() else {
            out.push(
                &rules::ENUM_NOT_STRINGS,
                item.span,
                iptr(),
                format!(
                    "option {} is {}; every option is a string (write `\"{}\"`)",
                    i,
                    item.type_name(),
                    raw(item)
                ),
            );
            continue;
        };
        if !seen.insert(v, &options) {
            out.push(
                &rules::OPTIONS_DUPLICATE,
                item.span,
                iptr(),
                format!("option `{v}` appears twice; remove one"),
            );
            continue;
        }
        options.push(Choice {
            value: v.to_string(),
            title: None,
        });
    }
    options
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
    if list.len() != n_values {
        out.push(&rules::ENUM_NAMES_MISMATCH, names.key_span, nptr.clone(), format!("`enumNames` has {} entries but `enum` has {n_values}; give exactly one label per option", list.len()));
    }
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
    if items.is_empty() {
        out.push(&rules::OPTIONS_EMPTY, list.span, ptr, "the option list is empty, so the select cannot be answered; list at least one {\"const\", \"title\"}");
    }
    let mut options: Vec<Choice> = Vec::with_capacity(items.len());
    let mut seen = Seen::default();
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
        let value = match item.get("const") {
            None => {
                out.push(
                    &rules::OPTION_MALFORMED,
                    Span::new(item.span.start, item.span.start + 1),
                    iptr.clone(),
                    format!("option {i} has no `const` (the value sent); add it"),
                );
                None
            }
            Some(c) => match c.as_str() {
                Some(s) => Some(s),
                None => {
                    out.push(&rules::ENUM_NOT_STRINGS, c.span, pointer_push(&iptr, "const"), format!("`const` of option {i} is {}; option values are strings (write `\"{}\"`)", c.type_name(), raw(c)));
                    None
                }
            },
        };
        let title = match item.get("title") {
            None => {
                out.push(&rules::OPTION_MALFORMED, Span::new(item.span.start, item.span.start + 1), iptr.clone(), format!("option {i} has no `title` (the label shown); add it, or use an untitled `enum`"));
                None
            }
            Some(t) => match t.as_str() {
                Some(s) => Some(s.to_string()),
                None => {
                    out.push(
                        &rules::OPTION_MALFORMED,
                        t.span,
                        pointer_push(&iptr, "title"),
                        format!("`title` of option {i} is {}; write a string", t.type_name()),
                    );
                    None
                }
            },
        };
        let Some(value) = value else { continue };
        if !seen.insert(value, &options) {
            out.push(
                &rules::OPTIONS_DUPLICATE,
                item.get("const").map_or(item.span, |c| c.span),
                pointer_push(&iptr, "const"),
                format!("option value `{value}` appears twice; remove one"),
            );
            continue;
        }
        options.push(Choice {
            value: value.to_string(),
            title,
        });
    }
    options
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

fn number_kw(
    node: &Node,
    key: &str,
    ptr: &str,
    integer: bool,
    out: &mut Findings,
) -> Option<Number> {
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
    if integer && n.as_f64().is_some_and(|f| f.fract() != 0.0) {
        out.push(&rules::INTEGER_BOUND_FRACTIONAL, m.value.span, pointer_push(ptr, key), format!("`{key}` of an integer property is fractional ({}); write an integer, or make the type `number`", raw(&m.value)));
    }
    Some(n)
}

fn inverted(
    node: &Node,
    ptr: &str,
    lo_key: &str,
    hi_key: &str,
    lo: Option<f64>,
    hi: Option<f64>,
    out: &mut Findings,
) {
    if let (Some(lo), Some(hi)) = (lo, hi)
        && lo > hi
        && let Some(m) = node.member(lo_key)
    {
        out.push(&rules::BOUNDS_INVERTED, m.value.span, pointer_push(ptr, lo_key), format!("`{lo_key}` ({lo}) is greater than `{hi_key}` ({hi}), so no value fits; swap or fix them"));
    }
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
fn describe(n: &Node) -> String {
    match &n.value {
        NodeValue::String(s) => format!("\"{}\"", truncate(s, 40)),
        NodeValue::Number(raw) => (*raw).to_string(),
        NodeValue::Bool(b) => b.to_string(),
        _ => n.type_name().to_string(),
    }
}

fn raw(n: &Node) -> String {
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

fn option_list(options: &[Choice]) -> String {
    let mut s: Vec<&str> = options.iter().take(8).map(|c| c.value.as_str()).collect();
    if options.len() > 8 {
        s.push("…");
    }
    s.join(", ")
}

fn length_range(lo: Option<u64>, hi: Option<u64>) -> String {
    range_text(
        lo.map(|v| v.to_string()),
        hi.map(|v| v.to_string()),
        "characters",
    )
}

fn items_range(lo: Option<u64>, hi: Option<u64>) -> String {
    range_text(
        lo.map(|v| v.to_string()),
        hi.map(|v| v.to_string()),
        "items",
    )
}

fn num_range(lo: &Option<Number>, hi: &Option<Number>) -> String {
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

/// Duplicate detection for option lists: a scan while the list is short (the
/// usual case, no allocation), a hash set once it is long, so an `enum` of a
/// million options stays linear.
#[derive(Default)]
struct Seen {
    set: Option<HashSet<String>>,
}

impl Seen {
    const SCAN: usize = 32;

    /// Records `value`; false when it was already among `options` (the values
    /// accepted so far, in order, which is what the set mirrors).
    fn insert(&mut self, value: &str, options: &[Choice]) -> bool {
        if self.set.is_none() && options.len() >= Self::SCAN {
            self.set = Some(options.iter().map(|c| c.value.clone()).collect());
        }
        match &mut self.set {
            Some(set) => set.insert(value.to_string()),
            None => !options.iter().any(|c| c.value == value),
        }
    }
}
