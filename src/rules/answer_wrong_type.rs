//! E705 `answer-wrong-type`.

use super::*;

rule! {
    ANSWER_WRONG_TYPE = "E705" "answer-wrong-type" Error
        summary: "An answer's value does not have its property's type."
        why: "The server decodes the value by the type it asked for."
        example: fixture!("E705", "jsonl", auto);
        check: Check::Value(check);
}

fn check(cx: &ValueCx<'_>) -> Option<Violation> {
    let value = cx.value;
    let expected = match &cx.property.shape {
        Shape::String(_) if !value.is_string() => "a string",
        Shape::Number(n) => match value.as_f64() {
            None if n.integer => "an integer",
            None => "a number",
            Some(f) if n.integer && f.fract() != 0.0 => "an integer",
            Some(_) => return None,
        },
        Shape::Boolean { .. } if !value.is_boolean() => "true or false",
        Shape::SingleSelect(_) if !value.is_string() => "one of its options (a string)",
        Shape::MultiSelect(_) if !value.is_array() => "an array of its options",
        _ => return None,
    };
    let name = &cx.property.name;
    Some(Violation::of(
        &ANSWER_WRONG_TYPE,
        name,
        format!(
            "`{name}` is {}; the schema asks for {expected}",
            json_kind(value)
        ),
    ))
}
