//! E407 `integer-bound-fractional`.

use super::*;
use serde_json::Number;

rule! {
    INTEGER_BOUND_FRACTIONAL = "E407" "integer-bound-fractional" Error
        summary: "An `integer` property has a fractional `minimum`, `maximum` or `default`."
        why: "Bounds and defaults of an integer are integers; a fraction is a sign the type or the bound is wrong."
        example: fixture!("E407", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    let Some(Shape::Number(n)) = cx.shape() else {
        return;
    };
    if !n.integer {
        return;
    }
    let fractional = |v: &Number| v.as_f64().unwrap_or(0.0).fract() != 0.0;
    for (key, bound) in [("minimum", &n.minimum), ("maximum", &n.maximum)] {
        if bound.as_ref().is_some_and(fractional)
            && let Some(m) = cx.node.member(key)
        {
            out.push(
                &INTEGER_BOUND_FRACTIONAL,
                m.value.span,
                cx.at(key),
                format!(
                    "`{key}` of an integer property is fractional ({}); write an integer, or make the type `number`",
                    build::raw(&m.value)
                ),
            );
        }
    }
    if n.default.as_ref().is_some_and(fractional)
        && let Some(d) = cx.node.member("default")
    {
        out.push(
            &INTEGER_BOUND_FRACTIONAL,
            d.value.span,
            cx.at("default"),
            format!(
                "`default` of integer property `{}` is fractional; write an integer or make the type `number`",
                cx.name
            ),
        );
    }
}
