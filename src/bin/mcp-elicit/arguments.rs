//! A tool's arguments from the command line: `--args JSON` and `--arg
//! KEY=VALUE` (which wins for its key), each `--arg` value typed by the
//! tool's `inputSchema`, and the whole checked against that schema before
//! the call: a name it lacks (with the nearest it has), a required argument
//! left out (with its type and description). Without a schema (a server
//! that does not list the tool, a prompt) a value that reads back as the
//! same JSON (`3`, `true`, `[1,2]`) is that JSON, anything else a string.

use anyhow::{Result, bail};
use mcp_elicit::sanitize;
use serde_json::{Map, Value};

/// `--args` as an object.
pub fn parse_json(text: Option<&str>) -> Result<Map<String, Value>> {
    match text {
        None => Ok(Map::new()),
        Some(a) => match serde_json::from_str(a) {
            Ok(Value::Object(m)) => Ok(m),
            Ok(_) => {
                bail!("--args must be a JSON object, like '{{\"restaurant\": \"Chez Nous\"}}'")
            }
            Err(e) => bail!("--args is not valid JSON: {e}"),
        },
    }
}

/// `--args` with each `--arg` put in, typed by `schema` (the tool's
/// `inputSchema`, when known), then checked against it.
pub fn build(
    json: Option<&str>,
    pairs: &[(String, String)],
    schema: Option<&Value>,
    tool: &str,
) -> Result<Map<String, Value>> {
    let mut args = parse_json(json)?;
    let props = schema
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object);
    for (key, raw) in pairs {
        let prop = props.and_then(|p| p.get(key));
        if prop.is_none()
            && let Some(props) = props
        {
            let closed =
                schema.and_then(|s| s.get("additionalProperties")) == Some(&Value::Bool(false));
            let near = mcp_elicit::nearest::nearest(key, props.keys().map(String::as_str));
            if closed || near.is_some() {
                bail!(
                    "--arg {}: the tool `{}` has no argument `{}`{}; its arguments are {}",
                    sanitize::line(key),
                    sanitize::line(tool),
                    sanitize::line(key),
                    near.map(|n| format!(" (did you mean `{}`?)", sanitize::line(n)))
                        .unwrap_or_default(),
                    names(props.keys())
                );
            }
        }
        let value = typed(raw, prop).map_err(|why| {
            anyhow::anyhow!(
                "--arg {}: `{}` {why}",
                sanitize::line(key),
                sanitize::line(raw)
            )
        })?;
        args.insert(key.clone(), value);
    }
    if let Some(schema) = schema
        && let Some(why) = missing(&args, schema, tool)
    {
        bail!("{why}");
    }
    Ok(args)
}

/// What is wrong with a call that leaves out an argument the schema
/// requires, if it does.
pub fn missing(args: &Map<String, Value>, schema: &Value, tool: &str) -> Option<String> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let left: Vec<&str> = required
        .into_iter()
        .filter(|k| !args.contains_key(*k))
        .collect();
    if left.is_empty() {
        return None;
    }
    let described: Vec<String> = left
        .iter()
        .map(|k| {
            let prop = schema.pointer(&format!(
                "/properties/{}",
                k.replace('~', "~0").replace('/', "~1")
            ));
            let ty = prop.map(kind).unwrap_or_default();
            let about = prop
                .and_then(|p| p.get("description"))
                .and_then(Value::as_str)
                .map(|d| format!(": {}", sanitize::line(d)))
                .unwrap_or_default();
            format!(
                "`{}`{}{about}",
                sanitize::line(k),
                if ty.is_empty() {
                    String::new()
                } else {
                    format!(" ({ty})")
                }
            )
        })
        .collect();
    Some(format!(
        "the tool `{}` needs {}; give {} with --arg {}=VALUE (or in --args)",
        sanitize::line(tool),
        described.join("; "),
        if left.len() == 1 { "it" } else { "each" },
        sanitize::line(left[0])
    ))
}

fn names<'a>(keys: impl Iterator<Item = &'a String>) -> String {
    let all: Vec<String> = keys.map(|k| format!("`{}`", sanitize::line(k))).collect();
    if all.is_empty() {
        "none".into()
    } else {
        all.join(", ")
    }
}

/// A property's type as a person reads it: `integer`, `string or null`.
pub fn kind(prop: &Value) -> String {
    match prop.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(" or "),
        _ if prop.get("enum").is_some() => "one of a list".into(),
        _ => String::new(),
    }
}

/// `raw` as the JSON value `prop` asks for; `Err` says why it is not one.
fn typed(raw: &str, prop: Option<&Value>) -> Result<Value, String> {
    let types: Vec<&str> = match prop.and_then(|p| p.get("type")) {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if types.is_empty() {
        return Ok(untyped(raw));
    }
    if raw == "null" && types.contains(&"null") {
        return Ok(Value::Null);
    }
    let mut why = Vec::new();
    for ty in types.iter().filter(|t| **t != "null" && **t != "string") {
        match as_type(raw, ty, prop) {
            Ok(v) => return Ok(v),
            Err(e) => why.push(e),
        }
    }
    if types.contains(&"string") {
        return Ok(Value::String(raw.to_string()));
    }
    Err(why.join(", and "))
}

fn as_type(raw: &str, ty: &str, prop: Option<&Value>) -> Result<Value, String> {
    let json = || serde_json::from_str::<Value>(raw.trim());
    match ty {
        "integer" => match json() {
            Ok(v @ Value::Number(_)) if v.is_i64() || v.is_u64() => Ok(v),
            _ => Err("is not an integer".into()),
        },
        "number" => match json() {
            Ok(v @ Value::Number(_)) => Ok(v),
            _ => Err("is not a number".into()),
        },
        "boolean" => match raw.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "y" | "1" | "on" => Ok(Value::Bool(true)),
            "false" | "no" | "n" | "0" | "off" => Ok(Value::Bool(false)),
            _ => Err("is not true or false".into()),
        },
        "array" => {
            if raw.trim_start().starts_with('[') {
                return match json() {
                    Ok(v @ Value::Array(_)) => Ok(v),
                    _ => Err("is not a JSON array".into()),
                };
            }
            let items = prop.and_then(|p| p.get("items"));
            raw.split(',')
                .filter(|s| !s.is_empty())
                .map(|item| typed(item.trim(), items))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
        }
        "object" => match json() {
            Ok(v @ Value::Object(_)) => Ok(v),
            _ => Err("is not a JSON object (write it as {\"key\": value})".into()),
        },
        _ => Ok(untyped(raw)),
    }
}

/// A value with no schema: JSON when it reads back exactly as written.
fn untyped(raw: &str) -> Value {
    match serde_json::from_str::<Value>(raw) {
        Ok(v) if !v.is_string() && serde_json::to_string(&v).is_ok_and(|s| s == raw) => v,
        _ => Value::String(raw.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "destination": {"type": "string", "description": "Where to"},
            "nights": {"type": "integer"},
            "budget": {"type": "number"},
            "insurance": {"type": "boolean"},
            "meals": {"type": "array", "items": {"type": "string"}},
            "ids": {"type": "array", "items": {"type": "integer"}},
            "notes": {"type": ["string", "null"]},
            "zip": {"type": "string"}
        }, "required": ["destination"]})
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn each_value_is_typed_by_the_schema() {
        let s = schema();
        let got = build(
            None,
            &pairs(&[
                ("destination", "Lyon"),
                ("nights", "3"),
                ("budget", "99.5"),
                ("insurance", "yes"),
                ("meals", "vegan,halal"),
                ("ids", "1,2"),
                ("notes", "null"),
                ("zip", "007"),
            ]),
            Some(&s),
            "plan",
        )
        .unwrap();
        assert_eq!(
            Value::Object(got),
            json!({"destination": "Lyon", "nights": 3, "budget": 99.5, "insurance": true,
                   "meals": ["vegan", "halal"], "ids": [1, 2], "notes": null, "zip": "007"})
        );
    }

    #[test]
    fn mistakes_are_named_before_the_call() {
        let s = schema();
        let e = build(
            None,
            &pairs(&[("destination", "x"), ("nights", "three")]),
            Some(&s),
            "plan",
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "--arg nights: `three` is not an integer");
        let e = build(None, &pairs(&[("destnation", "Lyon")]), Some(&s), "plan").unwrap_err();
        assert!(
            e.to_string()
                .contains("has no argument `destnation` (did you mean `destination`?)"),
            "{e}"
        );
        let e = build(Some(r#"{"nights": 2}"#), &[], Some(&s), "plan").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the tool `plan` needs `destination` (string): Where to; give it with --arg destination=VALUE (or in --args)"
        );
    }

    #[test]
    fn without_a_schema_json_stays_json_and_the_rest_is_text() {
        let got = build(
            Some(r#"{"a": 1}"#),
            &pairs(&[("b", "2"), ("c", "007"), ("d", "true"), ("a", "x y")]),
            None,
            "t",
        )
        .unwrap();
        assert_eq!(
            Value::Object(got),
            json!({"a": "x y", "b": 2, "c": "007", "d": true})
        );
    }
}
