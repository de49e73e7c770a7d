//! W126 `empty-form`.

use super::*;

rule! {
    EMPTY_FORM = "W126" "empty-form" Warning
        summary: "The form asks for nothing: `properties` is empty."
        why: "Clients render an empty form very differently (a yes/no prompt, nothing at all, or an automatic decline), and accept sends `{}`. Ask for an explicit confirmation field instead."
        example: fixture!("W126", "json", "2025-11-25");
        check: Check::Schema(check);
}

fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    if let Some(p) = cx.node.get("properties")
        && p.as_object().is_some_and(<[_]>::is_empty)
    {
        out.push(
            &EMPTY_FORM,
            p.span,
            cx.at("properties"),
            "the form asks for nothing (`properties` is empty), so clients show anything from a yes/no prompt to nothing at all; add a boolean field such as `confirm`",
        );
    }
}
