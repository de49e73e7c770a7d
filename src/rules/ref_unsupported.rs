//! E205 `ref-unsupported`. Judged here (a `$ref` beside a `type`), and
//! reported when the model builder (`schema::parse`) cannot build a
//! property that is only a `$ref`.

use super::*;

rule! {
    REF_UNSUPPORTED = "E205" "ref-unsupported" Error
        summary: "A property is a `$ref`."
        why: "References are not part of the subset: clients do not resolve them. Inline the definition."
        example: fixture!("E205", "json", "2026-07-28");
        check: Check::Property(check);
        blocks_form: true;
}

/// A `$ref` beside a `type`. A property that is only a `$ref` has no shape
/// and is reported by the model builder.
fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    for m in cx.members_named("$ref") {
        out.push(
            &REF_UNSUPPORTED,
            m.key_span,
            cx.at("$ref"),
            format!(
                "`$ref` in property `{}` is not resolved by clients; inline the definition",
                cx.name
            ),
        );
    }
}

/// A property that is only a `$ref`.
pub(crate) fn unbuilt(name: &str) -> String {
    format!(
        "property `{name}` is a `$ref`, which clients do not resolve; inline the definition with its `type`"
    )
}
