//! E205 `ref-unsupported`. Judged here; also reported by the model builder
//! (`schema::parse`), when it cannot build.

use super::*;

rule! {
    REF_UNSUPPORTED = "E205" "ref-unsupported" Error
        summary: "A property is a `$ref`."
        why: "References are not part of the subset: clients do not resolve them. Inline the definition."
        example: fixture!("E205", "json", "2026-07-28");
        check: Check::Property(check);
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
