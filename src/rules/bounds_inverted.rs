//! E406 `bounds-inverted`.

use super::*;
use serde_json::Number;

rule! {
    BOUNDS_INVERTED = "E406" "bounds-inverted" Error
        summary: "A lower bound is above its upper bound (`minLength` > `maxLength`, `minimum` > `maximum`, `minItems` > `maxItems`)."
        why: "No value satisfies both bounds, so the field cannot be answered."
        example: fixture!("E406", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    let count = |v: Option<u64>| v.map(|v| v as f64);
    let number = |v: &Option<Number>| v.as_ref().and_then(Number::as_f64);
    let (lo_key, hi_key, lo, hi) = match cx.shape() {
        Some(Shape::String(s)) => (
            "minLength",
            "maxLength",
            count(s.min_length),
            count(s.max_length),
        ),
        Some(Shape::Number(n)) => ("minimum", "maximum", number(&n.minimum), number(&n.maximum)),
        Some(Shape::MultiSelect(m)) => (
            "minItems",
            "maxItems",
            count(m.min_items),
            count(m.max_items),
        ),
        _ => return,
    };
    if let (Some(lo), Some(hi)) = (lo, hi)
        && lo > hi
        && let Some(m) = cx.node.member(lo_key)
    {
        out.push(
            &BOUNDS_INVERTED,
            m.value.span,
            cx.at(lo_key),
            format!("`{lo_key}` ({lo}) is greater than `{hi_key}` ({hi}), so no value fits; swap or fix them"),
        );
    }
}
