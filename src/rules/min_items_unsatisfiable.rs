//! E311 `min-items-unsatisfiable`.

use super::*;

rule! {
    MIN_ITEMS_UNSATISFIABLE = "E311" "min-items-unsatisfiable" Error
        summary: "`minItems` is larger than the number of options."
        why: "No answer can pick more distinct options than there are."
        example: fixture!("E311", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if let Some(Shape::MultiSelect(s)) = cx.shape()
        && let Some(min) = s.min_items
        && !s.options.is_empty()
        && min > s.options.len() as u64
        && let Some(m) = cx.node.member("minItems")
    {
        out.push(
            &MIN_ITEMS_UNSATISFIABLE,
            m.value.span,
            cx.at("minItems"),
            format!(
                "`minItems` is {min} but `{}` has only {} options",
                cx.name,
                s.options.len()
            ),
        );
    }
}
