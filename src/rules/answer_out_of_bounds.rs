//! E706 `answer-out-of-bounds`.

use super::*;

rule! {
    ANSWER_OUT_OF_BOUNDS = "E706" "answer-out-of-bounds" Error
        summary: "An answer's value breaks the property's bounds (length, range, item count)."
        why: "The server said which values it accepts; clients should validate before sending."
        example: fixture!("E706", "jsonl", "2025-11-25");
        check: Check::Value(check);
}

fn check(cx: &ValueCx<'_>) -> Option<Violation> {
    let (name, value) = (&cx.property.name, cx.value);
    let message = match &cx.property.shape {
        Shape::String(s) => {
            let len = value.as_str()?.chars().count() as u64;
            if !(s.min_length.is_some_and(|m| len < m) || s.max_length.is_some_and(|m| len > m)) {
                return None;
            }
            format!(
                "`{name}` has {len} characters; it must have {}",
                length_range(s.min_length, s.max_length)
            )
        }
        Shape::Number(n) => {
            let num = value.as_f64()?;
            let min = n.minimum.as_ref().and_then(|m| m.as_f64());
            let max = n.maximum.as_ref().and_then(|m| m.as_f64());
            if !(min.is_some_and(|m| num < m) || max.is_some_and(|m| num > m)) {
                return None;
            }
            format!(
                "`{name}` is {value}; it must be {}",
                number_range(n.minimum.as_ref(), n.maximum.as_ref())
            )
        }
        Shape::MultiSelect(m) => {
            let len = value.as_array()?.len() as u64;
            if !(m.min_items.is_some_and(|x| len < x) || m.max_items.is_some_and(|x| len > x)) {
                return None;
            }
            // What is not an option, or chosen twice, is told first.
            if super::answer_not_an_option::check(cx).is_some() {
                return None;
            }
            format!(
                "`{name}` has {len} choices; it must have {}",
                choices_range(m.min_items, m.max_items)
            )
        }
        _ => return None,
    };
    Some(Violation::of(&ANSWER_OUT_OF_BOUNDS, name, message))
}
