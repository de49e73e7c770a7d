//! E403 `default-out-of-bounds`.

use super::*;
use serde_json::Number;

rule! {
    DEFAULT_OUT_OF_BOUNDS = "E403" "default-out-of-bounds" Error
        summary: "A `default` breaks the property's own bounds (length, range or item count)."
        why: "Accepting the untouched form would send a value the server said it does not accept."
        example: fixture!("E403", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    let name = cx.name;
    let message = match cx.shape() {
        Some(Shape::String(s)) => s.default.as_ref().and_then(|v| {
            let len = v.chars().count() as u64;
            (s.min_length.is_some_and(|m| len < m) || s.max_length.is_some_and(|m| len > m))
                .then(|| {
                    format!(
                        "`default` of `{name}` has {len} characters, outside {}",
                        build::length_range(s.min_length, s.max_length)
                    )
                })
        }),
        Some(Shape::Number(n)) => n.default.as_ref().and_then(|v| {
            let f = v.as_f64().unwrap_or(0.0);
            let lo = n.minimum.as_ref().and_then(Number::as_f64);
            let hi = n.maximum.as_ref().and_then(Number::as_f64);
            (lo.is_some_and(|lo| f < lo) || hi.is_some_and(|hi| f > hi)).then(|| {
                format!(
                    "`default` of `{name}` is {f}, outside {}",
                    build::num_range(&n.minimum, &n.maximum)
                )
            })
        }),
        Some(Shape::MultiSelect(s)) => s.default.as_ref().and_then(|v| {
            let n = v.len() as u64;
            (s.min_items.is_some_and(|m| n < m) || s.max_items.is_some_and(|m| n > m)).then(|| {
                format!(
                    "`default` of `{name}` picks {n} options, outside {}",
                    build::items_range(s.min_items, s.max_items)
                )
            })
        }),
        _ => None,
    };
    if let Some(message) = message
        && let Some(d) = cx.node.member("default")
    {
        out.push(&DEFAULT_OUT_OF_BOUNDS, d.value.span, cx.at("default"), message);
    }
}
