//! E303 `options-empty`.

use super::*;

rule! {
    OPTIONS_EMPTY = "E303" "options-empty" Error
        summary: "A select offers no options."
        why: "A select with no options cannot be answered."
        example: fixture!("E303", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if let Some(o) = cx.options()
        && o.list.as_array().is_some_and(<[_]>::is_empty)
    {
        let message = if o.titled {
            "the option list is empty, so the select cannot be answered; list at least one {\"const\", \"title\"}"
        } else {
            "`enum` is empty, so the select cannot be answered; list at least one option"
        };
        out.push(&OPTIONS_EMPTY, o.list.span, o.ptr(), message);
    }
}
