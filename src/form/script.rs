//! Answers without a person: `--set KEY=VALUE`, an `--answers` object and
//! `--defaults`, typed by the schema and checked exactly like a form's
//! answers before anything is accepted.

use serde_json::{Map, Value};

use super::{Answered, Ask, Elicit, Field, parse_number};
use crate::schema::Shape;

/// What a script says about the answer.
#[derive(Debug, Clone, Default)]
pub struct Script {
    /// `--set KEY=VALUE`, in order.
    pub sets: Vec<(String, String)>,
    /// `--answers`: content values by property name, or (for several input
    /// requests) content objects by `inputRequests` key.
    pub answers: Option<Map<String, Value>>,
    /// `--defaults`: start from the schema's defaults.
    pub defaults: bool,
}

/// Where in a [`Script`] a value was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// One of [`Script::sets`].
    Sets,
    /// The [`Script::answers`] object.
    Answers,
}

/// Why a scripted answer cannot be sent. It names the fields concerned;
/// which option of a program fixes it is for the program to say.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ScriptError {
    /// Required fields have a default but no value, and the script does
    /// not ask for defaults (every required field without a value is one
    /// of them).
    #[error(
        "required {} {} {} a default but no value",
        if fields.len() == 1 { "field" } else { "fields" },
        quoted(fields),
        if fields.len() == 1 { "has" } else { "have" }
    )]
    DefaultsNotAsked {
        /// The fields' property names, in schema order.
        fields: Vec<String>,
    },
    /// Required fields have no value.
    #[error(
        "required field `{field}` has {}{}{}",
        if *defaults { "no default and no value" } else { "no value" },
        if others.is_empty() { String::new() } else { format!(" (also missing: {})", quoted(others)) },
        if defaulted.is_empty() {
            String::new()
        } else {
            format!("; {} {} a default", quoted(defaulted), if defaulted.len() == 1 { "has" } else { "have" })
        }
    )]
    Missing {
        /// The first of them, by schema order.
        field: String,
        /// The others without a value.
        others: Vec<String>,
        /// Required fields with a default but no value, said apart (only
        /// when the script does not ask for defaults).
        defaulted: Vec<String>,
        /// Whether the script asked for defaults.
        defaults: bool,
    },
    /// The values given break the schema.
    #[error(
        "the scripted answer cannot be accepted: {}",
        crate::sanitize::line(&problems.join("; "))
    )]
    Rejected {
        /// What is wrong, one plain line each. They quote schema values:
        /// the message makes them safe for a terminal.
        problems: Vec<String>,
    },
    /// Values were given for a URL-mode request, which has no fields.
    #[error("this is a URL-mode request, which has no fields")]
    UrlMode,
    /// A name the form does not have.
    #[error(
        "the form has no field `{name}`{}; its fields are {}",
        closest.as_ref().map(|n| format!(" (did you mean `{n}`?)")).unwrap_or_default(),
        if fields.is_empty() { "none".to_string() } else { quoted(fields) }
    )]
    UnknownField {
        /// Where the name was given.
        part: Part,
        /// The name, made safe for a terminal.
        name: String,
        /// The nearest field name, when one is close.
        closest: Option<String>,
        /// The form's fields.
        fields: Vec<String>,
    },
    /// A value in [`Script::sets`] the field cannot take.
    #[error("{field}={value}: {problem}")]
    BadValue {
        /// The field's property name.
        field: String,
        /// The value as given.
        value: String,
        /// What the field takes, in words.
        problem: String,
    },
}

/// Field names as messages list them: "`a`, `b`".
pub fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Script {
    /// Whether the script gives any answer at all.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty() && self.answers.is_none() && !self.defaults
    }

    /// The `--answers` object meant for one elicitation: the entry under
    /// its `inputRequests` key when there is one (content values are never
    /// objects, so an object there can only be a per-request answer).
    pub(crate) fn answers_for(&self, key: Option<&str>) -> Option<&Map<String, Value>> {
        let answers = self.answers.as_ref()?;
        if let Some(k) = key
            && let Some(Value::Object(own)) = answers.get(k)
        {
            return Some(own);
        }
        Some(answers)
    }
}

/// Answers one elicitation from a script. With `lenient`, names the schema
/// does not have are skipped (they may belong to another request of the
/// same document); otherwise they are an error.
pub fn scripted(
    elicit: &Elicit,
    script: &Script,
    key: Option<&str>,
    lenient: bool,
) -> Result<Answered, ScriptError> {
    let Some((fields, values)) = script_values(elicit, script, key, lenient)? else {
        return Ok(Answered::Accept(None));
    };
    let missing: Vec<&Field> = fields
        .iter()
        .zip(&values)
        .filter(|(f, v)| f.required && v.is_none())
        .map(|(f, _)| f)
        .collect();
    // Without --defaults, required fields that have a default are not
    // "missing a value": the default is there for the asking.
    let with_default: Vec<&str> = missing
        .iter()
        .filter(|f| f.prop.default_value().is_some())
        .map(|f| f.prop.name.as_str())
        .collect();
    if !script.defaults && !with_default.is_empty() && with_default.len() == missing.len() {
        return Err(ScriptError::DefaultsNotAsked {
            fields: with_default.iter().map(|n| n.to_string()).collect(),
        });
    }
    let missing: Vec<&Field> = if script.defaults {
        missing
    } else {
        // Those with a default are said apart, after the ones without.
        missing
            .into_iter()
            .filter(|f| f.prop.default_value().is_none())
            .collect()
    };
    if let Some(f) = missing.first() {
        return Err(ScriptError::Missing {
            field: f.prop.name.clone(),
            others: missing[1..].iter().map(|f| f.prop.name.clone()).collect(),
            defaulted: if script.defaults {
                Vec::new()
            } else {
                with_default.iter().map(|n| n.to_string()).collect()
            },
            defaults: script.defaults,
        });
    }
    let content = super::content_of(fields, &values);
    let problems = elicit.final_check(&content);
    if !problems.is_empty() {
        // The messages quote schema values: made safe for the terminal.
        return Err(ScriptError::Rejected { problems });
    }
    Ok(Answered::Accept(Some(content)))
}

/// What a script gives a form to pre-fill: each field's value, `None` where
/// the script has none. The script's values are typed and checked as for
/// [`scripted`]; `false` in the second place means a required field is left
/// for a person (one with a default is asked pre-filled with it).
pub fn prefill(
    elicit: &Elicit,
    script: &Script,
    key: Option<&str>,
    lenient: bool,
) -> Result<(Vec<Option<Value>>, bool), ScriptError> {
    let Some((fields, values)) = script_values(elicit, script, key, lenient)? else {
        return Ok((Vec::new(), true));
    };
    let complete = fields
        .iter()
        .zip(&values)
        .all(|(f, v)| !f.required || v.is_some());
    Ok((values, complete))
}

/// The fields of a form and the values a script gives them; `None` for a
/// URL-mode request (which takes no values).
#[allow(clippy::type_complexity)]
fn script_values<'e>(
    elicit: &'e Elicit,
    script: &Script,
    key: Option<&str>,
    lenient: bool,
) -> Result<Option<(&'e [Field], Vec<Option<Value>>)>, ScriptError> {
    let answers = script.answers_for(key);
    let fields = match &elicit.ask {
        Ask::Url(_) => {
            if !script.sets.is_empty() || answers.is_some_and(|a| !a.is_empty()) {
                return Err(ScriptError::UrlMode);
            }
            return Ok(None);
        }
        Ask::Form { fields, .. } => fields,
    };
    let mut values: Vec<Option<Value>> = fields
        .iter()
        .map(|f| {
            if !script.defaults {
                return None;
            }
            // An empty text default on an optional field is left out, as the
            // form leaves out a field emptied.
            match f.prop.default_value() {
                Some(Value::String(s)) if s.is_empty() && !f.required => None,
                other => other,
            }
        })
        .collect();
    if let Some(answers) = answers {
        for (name, value) in answers {
            if value.is_object() && key.is_some() {
                continue;
            }
            match position(fields, name) {
                Some(i) => values[i] = Some(value.clone()),
                None if lenient && !misspelt(fields, script, name) => {}
                None => return Err(unknown(fields, name, Part::Answers)),
            }
        }
    }
    let mut multi_seen = vec![false; fields.len()];
    for (name, raw) in &script.sets {
        let Some(i) = position(fields, name) else {
            if lenient && !misspelt(fields, script, name) {
                continue;
            }
            return Err(unknown(fields, name, Part::Sets));
        };
        let f = &fields[i];
        let v = set_value(f, raw)?;
        values[i] = match (&f.prop.shape, v, &values[i], multi_seen[i]) {
            // Repeated --set on a multi-select adds choices.
            (Shape::MultiSelect(_), Value::Array(more), Some(Value::Array(had)), true) => {
                let mut all = had.clone();
                all.extend(more);
                Some(Value::Array(all))
            }
            (_, v, _, _) => Some(v),
        };
        multi_seen[i] = true;
    }
    Ok(Some((fields, values)))
}

/// Whether `name`, which this form lacks, is a misspelling of one of its
/// fields that the script does not name: a lenient script (whose names may
/// belong to another form) still refuses `tipp` when the form asks `tip`.
fn misspelt(fields: &[Field], script: &Script, name: &str) -> bool {
    let Some(near) = crate::nearest::nearest(name, fields.iter().map(|f| f.prop.name.as_str()))
    else {
        return false;
    };
    // Short names lie close to each other: there only one edit counts.
    if name.chars().count() < 5 && crate::nearest::edit_distance(name, near) > 1 {
        return false;
    }
    let given = |n: &str| {
        script.sets.iter().any(|(k, _)| k == n)
            || script.answers.as_ref().is_some_and(|a| a.contains_key(n))
    };
    !given(near)
}

fn position(fields: &[Field], name: &str) -> Option<usize> {
    fields.iter().position(|f| f.prop.name == name)
}

fn unknown(fields: &[Field], name: &str, part: Part) -> ScriptError {
    ScriptError::UnknownField {
        part,
        name: crate::sanitize::line(name).into_owned(),
        closest: crate::nearest::nearest(name, fields.iter().map(|f| f.prop.name.as_str()))
            .map(str::to_string),
        fields: fields.iter().map(|f| f.prop.name.clone()).collect(),
    }
}

/// Types one `--set` value by its property.
pub(crate) fn set_value(f: &Field, raw: &str) -> Result<Value, ScriptError> {
    let name = &f.prop.name;
    let bad = |what: String| ScriptError::BadValue {
        field: name.clone(),
        value: raw.to_string(),
        problem: what,
    };
    Ok(match &f.prop.shape {
        Shape::String(_) => Value::String(raw.to_string()),
        Shape::Number(n) => {
            Value::Number(parse_number(raw.trim(), n.integer).ok_or_else(|| {
                bad(format!(
                    "`{name}` takes {}",
                    if n.integer {
                        "a whole number"
                    } else {
                        "a number"
                    }
                ))
            })?)
        }
        Shape::Boolean { .. } => match raw.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "y" | "1" => Value::Bool(true),
            "false" | "no" | "n" | "0" => Value::Bool(false),
            _ => return Err(bad(format!("`{name}` takes true or false"))),
        },
        Shape::SingleSelect(s) => Value::String(
            choose(&s.options, raw)
                .ok_or_else(|| bad(format!("`{name}` takes one of {}", option_list(&s.options))))?,
        ),
        Shape::MultiSelect(m) => {
            let mut out = Vec::new();
            for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let v = choose(&m.options, part).ok_or_else(|| {
                    bad(format!(
                        "`{part}` is not an option of `{name}`; choose from {}",
                        option_list(&m.options)
                    ))
                })?;
                out.push(Value::String(v));
            }
            Value::Array(out)
        }
    })
}

/// An option by value, else by its label when exactly one has it.
fn choose(options: &[crate::schema::Choice], raw: &str) -> Option<String> {
    if let Some(o) = options.iter().find(|o| o.value == raw) {
        return Some(o.value.clone());
    }
    let mut by_label = options.iter().filter(|o| o.title.as_deref() == Some(raw));
    match (by_label.next(), by_label.next()) {
        (Some(o), None) => Some(o.value.clone()),
        _ => None,
    }
}

fn option_list(options: &[crate::schema::Choice]) -> String {
    options
        .iter()
        .map(|o| format!("\"{}\"", crate::sanitize::line(&o.value)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Answers elicitations from a script.
pub struct ScriptResponder {
    pub script: Script,
    /// Skip names a schema lacks: the document has several requests and the
    /// caller has checked that every name belongs to one of them.
    pub lenient: bool,
}
