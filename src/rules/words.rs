//! Words the rules' messages share: how a value, a count or a range is
//! said.

use serde_json::Value;

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
