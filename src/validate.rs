//! Checks an answer's `content` against the typed schema. The same checks
//! serve the linter (answers found in sessions), the form (each value as it
//! is typed) and scripted answers, so a value the form accepts is exactly a
//! value the linter accepts.

use serde_json::{Map, Value};

use crate::rules::{self, Rule};
use crate::schema::{Property, RequestedSchema};
use crate::spec::Revision;

/// One thing wrong with an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub rule: &'static Rule,
    /// The content field it is about; `None` for the content as a whole.
    pub field: Option<String>,
    pub message: String,
}

impl Violation {
    /// A violation of `rule` by the content field `field`.
    pub(crate) fn of(rule: &'static Rule, field: &str, message: String) -> Violation {
        Violation {
            rule,
            field: Some(field.to_string()),
            message,
        }
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
                if let Some(e) = rules::content_value_kind(name, value, rev) {
                    out.push(e);
                }
                rules::judge_unasked(&rules::UnaskedCx { schema, name }, &mut out);
            }
        }
    }
    for name in &schema.required {
        if !content.contains_key(name) && schema.property(name).is_some() {
            out.push(Violation::of(
                &rules::ANSWER_MISSING_REQUIRED,
                name,
                format!("required property `{name}` has no answer; add it to `content`"),
            ));
        }
    }
    out
}

/// " (did you mean `nearest`?)" when one of `names` is close to `name`
/// (see [`crate::nearest`]), else nothing.
pub(crate) fn did_you_mean<'n>(names: impl Iterator<Item = &'n str>, name: &str) -> String {
    crate::nearest::nearest(name, names)
        .map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default()
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

/// Checks one answered value against its property: the first answer rule
/// that finds it wrong (see [`crate::rules`]), in the order of the codes.
pub fn check_value(prop: &Property, value: &Value, rev: Revision) -> Result<(), Violation> {
    let cx = rules::ValueCx {
        property: prop,
        value,
        rev,
    };
    match rules::judge_value(&cx) {
        Some(v) => Err(v),
        None => Ok(()),
    }
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
