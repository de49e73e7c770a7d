//! E305 `enum-names-mismatch`.

use super::*;

rule! {
    ENUM_NAMES_MISMATCH = "E305" "enum-names-mismatch" Error
        summary: "`enumNames` does not have as many entries as `enum`."
        why: "Labels are matched to values by position; the official conformance suite rejects a mismatch."
        example: fixture!("E305", "json", "2025-06-18");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if matches!(cx.kind, Kind::Untitled | Kind::Legacy)
        && let Some(names) = cx.node.member("enumNames")
        && let Some(labels) = names.value.as_array()
        && let Some(values) = cx.node.get("enum").and_then(Node::as_array)
        && labels.len() != values.len()
    {
        out.push(
            &ENUM_NAMES_MISMATCH,
            names.key_span,
            cx.at("enumNames"),
            format!(
                "`enumNames` has {} entries but `enum` has {}; give exactly one label per option",
                labels.len(),
                values.len()
            ),
        );
    }
}
