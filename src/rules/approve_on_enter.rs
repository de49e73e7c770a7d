//! N602 `approve-on-enter`.

use super::*;

rule! {
    APPROVE_ON_ENTER = "N602" "approve-on-enter" Note
        summary: "A required boolean defaults to `true`, so pressing Enter approves."
        why: "For confirmations of destructive operations a default of `true` lets a hurried person approve without reading; consider no default, or `false`."
        example: fixture!("N602", "json", "2026-07-28");
        check: Check::Schema(check);
}

/// Needs the schema: whether the property is required.
fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    let Some(props) = cx.properties() else {
        return;
    };
    let props_ptr = cx.at("properties");
    for p in &cx.schema.properties {
        if let Shape::Boolean {
            default: Some(true),
        } = p.shape
            && cx.schema.is_required(&p.name)
            && let Some(m) = props.iter().rev().find(|m| m.key == p.name)
            && let Some(d) = m.value.member("default")
        {
            out.push(
                &APPROVE_ON_ENTER,
                d.key_span,
                pointer_push(&pointer_push(&props_ptr, &p.name), "default"),
                format!(
                    "`{}` is required and defaults to true, so pressing Enter approves; for confirmations leave out the default",
                    p.name
                ),
            );
        }
    }
}
