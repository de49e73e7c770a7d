//! `answer --as HOST`: the request as one host would show it. The host's
//! facts that the request trips (the same hits the host rules report) each
//! change the params the form is built from: a field dropped or made free
//! text, labels lost, a default dropped or invented, a check removed; or the
//! person is not asked at all and the host sends its own answer.

use serde_json::{Map, Value, json};

use crate::hosts::judge::{Hit, check_params_of};
use crate::hosts::{Effect, Host};
use crate::json::{self, pointer_token};
use crate::spec::Revision;

/// What a host makes of one request.
#[derive(Debug, Clone)]
pub enum AsHost {
    /// The person is asked with these params (maybe changed).
    Shown { params: Value },
    /// The person is not asked; `sends` is the result the host sends anyway,
    /// `None` when it answers with an error or not at all.
    NotShown { sends: Option<Value> },
}

/// The request `params` as `host` shows it, and every fact that applied,
/// in words (for the person to read beside the form; the host's name is
/// the caller's to add).
pub fn as_host(
    host: &'static Host,
    params: &Value,
    input_required: bool,
    revision: Revision,
) -> (AsHost, Vec<String>) {
    let Ok(node) = json::Node::from_value(params) else {
        return (
            AsHost::Shown {
                params: params.clone(),
            },
            Vec::new(),
        );
    };
    let asked = check_params_of(&node, input_required, revision, &[host]);
    let notes: Vec<String> = asked.hits.iter().map(note).collect();
    if let Some(hit) = asked
        .hits
        .iter()
        .find(|h| matches!(h.fact.effect, Effect::NotShown { .. }))
    {
        let Effect::NotShown { sends } = hit.fact.effect else {
            unreachable!("matched above")
        };
        let sends = sends.and_then(|s| serde_json::from_str(s).ok());
        return (AsHost::NotShown { sends }, vec![note(hit)]);
    }
    let mut p = params.clone();
    if asked
        .hits
        .iter()
        .any(|h| h.fact.effect == Effect::UrlAsEmptyForm)
    {
        let message = p.get("message").cloned().unwrap_or(json!(""));
        p = json!({"message": message, "requestedSchema": {"type": "object", "properties": {}}});
    }
    if asked
        .hits
        .iter()
        .any(|h| h.fact.effect == Effect::ApprovalOnly)
        && let Some(schema) = p.get_mut("requestedSchema").and_then(Value::as_object_mut)
    {
        schema.insert("properties".into(), json!({}));
        schema.remove("required");
    }
    // Dropped fields first, so later edits never bring one back.
    let mut order: Vec<&Hit> = asked.hits.iter().collect();
    order.sort_by_key(|h| h.fact.effect != Effect::DropField);
    for hit in order {
        apply(&mut p, hit);
    }
    (AsHost::Shown { params: p }, notes)
}

/// A fact that applied, without the host's name (the caller says it once).
fn note(hit: &Hit) -> String {
    if hit.what.is_empty() {
        hit.fact.sees.to_string()
    } else {
        format!("{}: {}", hit.what, hit.fact.sees)
    }
}

/// The property a hit is in: its name, from the hit's pointer.
fn property_of(pointer: &str) -> Option<String> {
    let rest = pointer.strip_prefix("/requestedSchema/properties/")?;
    Some(pointer_token(rest.split('/').next()?))
}

fn apply(params: &mut Value, hit: &Hit) {
    let Some(name) = property_of(&hit.pointer) else {
        return;
    };
    let Some(schema) = params
        .get_mut("requestedSchema")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    if hit.fact.effect == Effect::DropField {
        if let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) {
            props.remove(&name);
        }
        if let Some(req) = schema.get_mut("required").and_then(Value::as_array_mut) {
            req.retain(|r| r.as_str() != Some(name.as_str()));
        }
        return;
    }
    let Some(prop) = schema
        .get_mut("properties")
        .and_then(|p| p.get_mut(&name))
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    match hit.fact.effect {
        Effect::FreeText => {
            let mut text = Map::new();
            text.insert("type".into(), "string".into());
            for key in ["title", "description"] {
                if let Some(v) = prop.get(key) {
                    text.insert(key.into(), v.clone());
                }
            }
            if let Some(d) = prop.get("default").filter(|d| d.is_string()) {
                text.insert("default".into(), d.clone());
            }
            *prop = text;
        }
        Effect::RawValues => {
            prop.remove("enumNames");
            if let Some(one_of) = prop.remove("oneOf") {
                prop.insert("enum".into(), consts(&one_of));
            }
            if let Some(items) = prop.get_mut("items").and_then(Value::as_object_mut)
                && let Some(any_of) = items.remove("anyOf")
            {
                items.insert("type".into(), "string".into());
                items.insert("enum".into(), consts(&any_of));
            }
        }
        Effect::NameAsLabel => {
            prop.remove("title");
        }
        Effect::DropDefault => {
            prop.remove("default");
        }
        Effect::PrefillMinimum => {
            let start = prop.get("minimum").cloned().unwrap_or(json!(0));
            prop.insert("default".into(), start);
        }
        Effect::DropKeyword => {
            if let Some(key) = hit.pointer.rsplit('/').next().map(pointer_token) {
                if hit.pointer.contains(&format!("/{}/items/", escape(&name))) {
                    if let Some(items) = prop.get_mut("items").and_then(Value::as_object_mut) {
                        items.remove(&key);
                    }
                } else {
                    prop.remove(&key);
                }
            }
        }
        _ => {}
    }
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The `const` values of a `oneOf` or `anyOf` list.
fn consts(list: &Value) -> Value {
    list.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|o| o.get("const").cloned())
                .collect::<Vec<_>>()
        })
        .map(Value::Array)
        .unwrap_or_else(|| json!([]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosts;

    fn shown(host: &str, params: Value) -> Value {
        let host = hosts::find(host).unwrap();
        match as_host(host, &params, false, Revision::LATEST).0 {
            AsHost::Shown { params } => params,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn codex_replaces_a_form_with_a_number_by_an_approval() {
        let p = shown(
            "codex",
            json!({"message": "m", "requestedSchema": {"type": "object",
                "properties": {"n": {"type": "integer"}, "s": {"type": "string"}}, "required": ["n"]}}),
        );
        assert_eq!(
            p["requestedSchema"],
            json!({"type": "object", "properties": {}})
        );
    }

    #[test]
    fn codex_cancels_a_titled_root_unseen() {
        let host = hosts::find("codex").unwrap();
        let params = json!({"message": "m", "requestedSchema": {"type": "object", "title": "T",
            "properties": {"s": {"type": "string"}}}});
        let (got, notes) = as_host(host, &params, false, Revision::LATEST);
        assert!(
            matches!(got, AsHost::NotShown { sends: Some(ref v) } if v == &json!({"action": "cancel"}))
        );
        assert!(notes[0].starts_with("root `title`: nothing"), "{notes:?}");
    }

    #[test]
    fn goose_desktop_drops_titles_and_arrays_and_prefills_numbers() {
        let p = shown(
            "goose-desktop",
            json!({"message": "m", "requestedSchema": {"type": "object", "properties": {
                "n": {"type": "integer", "title": "Guests", "minimum": 2},
                "d": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
                "t": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}},
                "o": {"type": "string", "oneOf": [{"const": "x", "title": "X"}]},
                "e": {"type": "string", "enum": ["p", "q"], "enumNames": ["P", "Q"]}
            }, "required": ["d", "t", "n"]}}),
        );
        assert_eq!(
            p["requestedSchema"],
            json!({"type": "object", "properties": {
                "n": {"type": "integer", "minimum": 2, "default": 2},
                "d": {"type": "string"},
                "o": {"type": "string"},
                "e": {"type": "string", "enum": ["p", "q"]}
            }, "required": ["d", "n"]})
        );
    }
}
