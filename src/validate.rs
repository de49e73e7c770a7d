//! Checks an answer's `content` against the typed schema. The same checks
//! serve the linter (answers found in sessions), the form (each value as it
//! is typed) and scripted answers, so a value the form accepts is exactly a
//! value the linter accepts.

use serde_json::{Map, Value};

pub use crate::finding::Violation;
use crate::rules;
pub use crate::rules::words::{choices_range, json_kind, length_range, number_range};
use crate::schema::{Property, RequestedSchema};
use crate::spec::Revision;

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
            out.push(rules::answer_missing_required::field(name));
        }
    }
    out
}

/// Checks one answered value against its property: the first answer rule
/// that finds it wrong (see [`crate::rules`]), in the order of the codes.
pub(crate) fn check_value(prop: &Property, value: &Value, rev: Revision) -> Result<(), Violation> {
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
