//! Checks an answer's `content` against the typed schema. The same checks
//! serve the linter (answers found in sessions), the form (each value as it
//! is typed) and scripted answers, so a value the form accepts is exactly a
//! value the linter accepts.

use serde_json::{Map, Value};

use crate::rules::{self, Rule};
use crate::schema::{Property, RequestedSchema, Shape};
use crate::spec::Revision;

/// One thing wrong with an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub rule: &'static Rule,
    /// The content field it is about; `None` for the content as a whole.
    pub field: Option<String>,
    pub message: String,
}

fn v(rule: &'static Rule, field: &str, message: String) -> Violation {
    Violation {
        rule,
        field: Some(field.to_string()),
        message,
    }
}

/// Checks a whole `content` object of an accepted form answer.
pub fn check_content(
    schema: &RequestedSchema,
    content: &Map<String, Value>,
    rev: Revision,
) -> Vec<Violation> {
    let mut out = Vec::new();
    for (name, value) in content {
        match schema.property(name) {
            Some(prop) => {
                if let Err(e) = check_value(prop, value, rev) {
                    out.push(e);
                }
            }
            None => {
                if let Some(e) = shape_of_content_value(name, value, rev) {
                    out.push(e);
                }
                out.push(v(
                    &rules::ANSWER_UNKNOWN_FIELD,
                    name,
                    format!(
                        "`{name}` is not a property of the requested schema; the server may drop it{}",
                        hint(schema, name)
                    ),
                ));
            }
        }
    }
    for name in &schema.required {
        if !content.contains_key(name) && schema.property(name).is_some() {
            out.push(v(
                &rules::ANSWER_MISSING_REQUIRED,
                name,
                format!("required property `{name}` has no answer; add it to `content`"),
            ));
        }
    }
    out
}

fn hint(schema: &RequestedSchema, name: &str) -> String {
    did_you_mean(schema.properties.iter().map(|p| p.name.as_str()), name)
}

/// " (did you mean `nearest`?)" when one of `names` is close to `name`
/// (see [`crate::nearest`]), else nothing.
pub(crate) fn did_you_mean<'n>(names: impl Iterator<Item = &'n str>, name: &str) -> String {
    crate::nearest::nearest(name, names)
        .map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default()
}

/// Whether a value is one of the kinds content may hold at all.
fn shape_of_content_value(name: &str, value: &Value, rev: Revision) -> Option<Violation> {
    match value {
        Value::String(_) | Value::Number(_) | Value::Bool(_) => None,
        Value::Array(items) if rev.allows_multi_select() && items.iter().all(Value::is_string) => {
            None
        }
        other => Some(v(
            &rules::CONTENT_VALUE_INVALID,
            name,
            format!(
                "`{name}` is {}; content values are strings, numbers, booleans{}",
                json_kind(other),
                if rev.allows_multi_select() {
                    " or arrays of strings"
                } else {
                    ""
                }
            ),
        )),
    }
}

/// What kind of JSON value `v` is, for messages ("a string", "null").
pub fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Checks one answered value against its property.
pub fn check_value(prop: &Property, value: &Value, rev: Revision) -> Result<(), Violation> {
    if let Some(e) = shape_of_content_value(&prop.name, value, rev) {
        return Err(e);
    }
    let name = prop.name.as_str();
    let wrong = |expected: &str| {
        Err(v(
            &rules::ANSWER_WRONG_TYPE,
            name,
            format!(
                "`{name}` is {}; the schema asks for {expected}",
                json_kind(value)
            ),
        ))
    };
    match &prop.shape {
        Shape::String(s) => {
            let Some(text) = value.as_str() else {
                return wrong("a string");
            };
            let len = text.chars().count() as u64;
            if s.min_length.is_some_and(|m| len < m) || s.max_length.is_some_and(|m| len > m) {
                return Err(v(
                    &rules::ANSWER_OUT_OF_BOUNDS,
                    name,
                    format!(
                        "`{name}` has {len} characters; it must have {}",
                        length_range(s.min_length, s.max_length)
                    ),
                ));
            }
            if let Some(f) = s.format
                && !f.check(text)
            {
                return Err(v(
                    &rules::ANSWER_BAD_FORMAT,
                    name,
                    format!(
                        "`{name}` is not a valid {} (for example {})",
                        f.as_str(),
                        f.example()
                    ),
                ));
            }
            Ok(())
        }
        Shape::Number(n) => {
            let Some(num) = value.as_f64() else {
                return wrong(if n.integer { "an integer" } else { "a number" });
            };
            if n.integer && num.fract() != 0.0 {
                return wrong("an integer");
            }
            let min = n.minimum.as_ref().and_then(|m| m.as_f64());
            let max = n.maximum.as_ref().and_then(|m| m.as_f64());
            if min.is_some_and(|m| num < m) || max.is_some_and(|m| num > m) {
                return Err(v(
                    &rules::ANSWER_OUT_OF_BOUNDS,
                    name,
                    format!(
                        "`{name}` is {value}; it must be {}",
                        number_range(n.minimum.as_ref(), n.maximum.as_ref())
                    ),
                ));
            }
            Ok(())
        }
        Shape::Boolean { .. } => {
            if value.is_boolean() {
                Ok(())
            } else {
                wrong("true or false")
            }
        }
        Shape::SingleSelect(s) => {
            let Some(text) = value.as_str() else {
                return wrong("one of its options (a string)");
            };
            if s.options.iter().any(|c| c.value == text) {
                Ok(())
            } else {
                Err(not_an_option(name, text, &s.options))
            }
        }
        Shape::MultiSelect(m) => {
            let Some(items) = value.as_array() else {
                return wrong("an array of its options");
            };
            for item in items {
                let text = item.as_str().unwrap_or_default();
                if !m.options.iter().any(|c| c.value == text) {
                    return Err(not_an_option(name, text, &m.options));
                }
            }
            let mut seen = std::collections::HashSet::new();
            if let Some(dup) = items.iter().find(|i| !seen.insert(i.as_str())) {
                return Err(v(
                    &rules::ANSWER_NOT_AN_OPTION,
                    name,
                    format!("`{name}` lists {dup} twice; choose each option at most once"),
                ));
            }
            let len = items.len() as u64;
            if m.min_items.is_some_and(|x| len < x) || m.max_items.is_some_and(|x| len > x) {
                return Err(v(
                    &rules::ANSWER_OUT_OF_BOUNDS,
                    name,
                    format!(
                        "`{name}` has {len} choices; it must have {}",
                        count_range(m.min_items, m.max_items, "choice")
                    ),
                ));
            }
            Ok(())
        }
    }
}

fn not_an_option(name: &str, got: &str, options: &[crate::schema::Choice]) -> Violation {
    let list: Vec<String> = options
        .iter()
        .take(8)
        .map(|c| format!("\"{}\"", c.value))
        .collect();
    let more = if options.len() > 8 { ", ..." } else { "" };
    v(
        &rules::ANSWER_NOT_AN_OPTION,
        name,
        format!(
            "`{name}` is \"{got}\", which is not one of its options: {}{more}",
            list.join(", ")
        ),
    )
}

/// "between 3 and 50 characters", "at least 3 characters", ...
pub fn length_range(min: Option<u64>, max: Option<u64>) -> String {
    count_range(min, max, "character")
}

/// "between 1 and 3 choices", "at most 2 choices", ... (multi-select).
pub fn choices_range(min: Option<u64>, max: Option<u64>) -> String {
    count_range(min, max, "choice")
}

fn count_range(min: Option<u64>, max: Option<u64>, unit: &str) -> String {
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    match (min, max) {
        (Some(a), Some(b)) if a == b => format!("exactly {a} {unit}{}", plural(a)),
        (Some(a), Some(b)) => format!("between {a} and {b} {unit}s"),
        (Some(a), None) => format!("at least {a} {unit}{}", plural(a)),
        (None, Some(b)) => format!("at most {b} {unit}{}", plural(b)),
        (None, None) => format!("any number of {unit}s"),
    }
}

/// "between 0 and 100", "at least 18", ...
pub fn number_range(min: Option<&serde_json::Number>, max: Option<&serde_json::Number>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("between {a} and {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "any number".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Findings;
    use serde_json::json;

    fn schema(src: &str) -> RequestedSchema {
        let node = crate::json::parse(src).unwrap();
        let mut f = Findings::default();
        let s = crate::schema::parse_schema(&node, "", Revision::LATEST, &mut f).unwrap();
        assert!(f.is_empty(), "{:?}", f.items);
        s
    }

    #[test]
    fn checks_each_shape() {
        let s = schema(
            r#"{"type":"object","properties":{
              "name":{"type":"string","minLength":2},
              "mail":{"type":"string","format":"email"},
              "age":{"type":"integer","minimum":18},
              "ok":{"type":"boolean"},
              "size":{"type":"string","enum":["s","m"]},
              "tags":{"type":"array","items":{"type":"string","enum":["a","b"]},"maxItems":1}
            },"required":["name","ok"]}"#,
        );
        let content = json!({"name":"A","mail":"x","age":17.5,"size":"l","tags":["a","b"],"zzz":1});
        let codes: Vec<_> = check_content(&s, content.as_object().unwrap(), Revision::LATEST)
            .into_iter()
            .map(|v| v.rule.code)
            .collect();
        assert_eq!(
            codes,
            ["E706", "E708", "E705", "E707", "E706", "W709", "E704"]
        );
        let good =
            json!({"name":"Ada","mail":"a@b.example","age":30.0,"ok":true,"size":"m","tags":["b"]});
        assert!(check_content(&s, good.as_object().unwrap(), Revision::LATEST).is_empty());
    }
}
