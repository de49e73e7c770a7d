//! The typed model of an elicitation ([`Elicitation`]) and of its
//! `requestedSchema`: one variant per property shape the spec allows.
//! Forms, answer validation and generation all work on this model;
//! [`parse_schema`] builds it from positioned JSON and hands on what cannot
//! be built as typed reasons ([`parse::Unbuilt`]), and
//! [`crate::rules::check_schema`] judges it. The model knows no rules.

pub mod elicitation;
pub mod parse;
pub mod string_format;
#[cfg(feature = "source")]
pub(crate) use parse::primitive_keys;

pub use elicitation::{Asked, Elicitation, Mode};
pub use parse::{Unbuilt, parse_property, parse_schema};

use serde_json::{Map, Number, Value, json};

use crate::schema::string_format::StringFormat;

/// A `requestedSchema`: a flat object of properties.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RequestedSchema {
    /// The `$schema` dialect URI, when given (2025-11-25 on).
    pub dialect: Option<String>,
    /// Properties in the order the schema lists them.
    pub properties: Vec<Property>,
    pub required: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    pub name: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub shape: Shape,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    String(StringShape),
    Number(NumberShape),
    Boolean { default: Option<bool> },
    SingleSelect(SingleSelect),
    MultiSelect(MultiSelect),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct StringShape {
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub format: Option<StringFormat>,
    /// Only with an explicit opt-in: no revision declares it.
    pub pattern: Option<String>,
    pub default: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct NumberShape {
    /// `type: "integer"` rather than `"number"`.
    pub integer: bool,
    pub minimum: Option<Number>,
    pub maximum: Option<Number>,
    pub default: Option<Number>,
}

/// How options carry their labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionStyle {
    /// `enum` (single) or `items.enum` (multi): the value is the label.
    Untitled,
    /// `oneOf` (single) or `items.anyOf` (multi) of `{const, title}`.
    Titled,
    /// `enum` + `enumNames` (single only; deprecated from 2025-11-25).
    LegacyNames,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub value: String,
    /// The label shown; `None` for untitled options.
    pub title: Option<String>,
}

impl Choice {
    pub(crate) fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.value)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SingleSelect {
    pub style: OptionStyle,
    pub options: Vec<Choice>,
    pub default: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MultiSelect {
    /// `Untitled` or `Titled`.
    pub style: OptionStyle,
    pub options: Vec<Choice>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub default: Option<Vec<String>>,
}

impl Property {
    /// The label a form shows: the title, else the property name.
    pub(crate) fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.name)
    }

    /// The property's default as the JSON value an answer would carry.
    pub(crate) fn default_value(&self) -> Option<Value> {
        match &self.shape {
            Shape::String(s) => s.default.clone().map(Value::String),
            Shape::Number(n) => n.default.clone().map(Value::Number),
            Shape::Boolean { default } => default.map(Value::Bool),
            Shape::SingleSelect(s) => s.default.clone().map(Value::String),
            Shape::MultiSelect(m) => m
                .default
                .clone()
                .map(|v| Value::Array(v.into_iter().map(Value::String).collect())),
        }
    }

    /// The property as the JSON it is sent as.
    pub(crate) fn to_json(&self) -> Value {
        let mut m = Map::new();
        let ty = match &self.shape {
            Shape::String(_) | Shape::SingleSelect(_) => "string",
            Shape::Number(n) if n.integer => "integer",
            Shape::Number(_) => "number",
            Shape::Boolean { .. } => "boolean",
            Shape::MultiSelect(_) => "array",
        };
        m.insert("type".into(), ty.into());
        if let Some(t) = &self.title {
            m.insert("title".into(), t.as_str().into());
        }
        if let Some(d) = &self.description {
            m.insert("description".into(), d.as_str().into());
        }
        match &self.shape {
            Shape::String(s) => {
                put_count(&mut m, "minLength", s.min_length);
                put_count(&mut m, "maxLength", s.max_length);
                if let Some(f) = s.format {
                    m.insert("format".into(), f.as_str().into());
                }
                if let Some(p) = &s.pattern {
                    m.insert("pattern".into(), p.as_str().into());
                }
            }
            Shape::Number(n) => {
                if let Some(v) = &n.minimum {
                    m.insert("minimum".into(), Value::Number(v.clone()));
                }
                if let Some(v) = &n.maximum {
                    m.insert("maximum".into(), Value::Number(v.clone()));
                }
            }
            Shape::Boolean { .. } => {}
            Shape::SingleSelect(s) => match s.style {
                OptionStyle::Titled => {
                    m.insert("oneOf".into(), titled(&s.options));
                }
                OptionStyle::Untitled => {
                    m.insert("enum".into(), values(&s.options));
                }
                OptionStyle::LegacyNames => {
                    m.insert("enum".into(), values(&s.options));
                    let names = s.options.iter().map(|c| Value::from(c.label())).collect();
                    m.insert("enumNames".into(), Value::Array(names));
                }
            },
            Shape::MultiSelect(ms) => {
                put_count(&mut m, "minItems", ms.min_items);
                put_count(&mut m, "maxItems", ms.max_items);
                let items = match ms.style {
                    OptionStyle::Titled => json!({ "anyOf": titled(&ms.options) }),
                    _ => json!({ "type": "string", "enum": values(&ms.options) }),
                };
                m.insert("items".into(), items);
            }
        }
        if let Some(d) = self.default_value() {
            m.insert("default".into(), d);
        }
        Value::Object(m)
    }
}

fn put_count(m: &mut Map<String, Value>, key: &str, v: Option<u64>) {
    if let Some(v) = v {
        m.insert(key.into(), v.into());
    }
}

fn values(options: &[Choice]) -> Value {
    options
        .iter()
        .map(|c| Value::from(c.value.as_str()))
        .collect()
}

fn titled(options: &[Choice]) -> Value {
    options
        .iter()
        .map(|c| json!({ "const": c.value, "title": c.label() }))
        .collect()
}

impl RequestedSchema {
    pub(crate) fn property(&self, name: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.name == name)
    }

    pub fn is_required(&self, name: &str) -> bool {
        self.required.iter().any(|r| r == name)
    }

    /// The schema as the JSON it is sent as.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        if let Some(d) = &self.dialect {
            m.insert("$schema".into(), d.as_str().into());
        }
        m.insert("type".into(), "object".into());
        let props = self
            .properties
            .iter()
            .map(|p| (p.name.clone(), p.to_json()))
            .collect();
        m.insert("properties".into(), Value::Object(props));
        if !self.required.is_empty() {
            m.insert(
                "required".into(),
                self.required
                    .iter()
                    .map(|r| Value::from(r.as_str()))
                    .collect(),
            );
        }
        Value::Object(m)
    }
}
