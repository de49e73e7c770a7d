//! E204 `nested-object`. Judged here (a nesting key beside another
//! `type`), and reported when the model builder (`schema::parse`) cannot
//! build a property of `type: "object"`.

use super::*;

rule! {
    NESTED_OBJECT = "E204" "nested-object" Error
        summary: "A property is an object with its own properties."
        why: "Elicitation schemas are flat; nested objects are not part of any revision and clients cannot render them."
        example: fixture!("E204", "json", "2026-07-28");
        check: Check::Property(check);
        blocks_form: true;
}

/// The keys that nest an object in a property.
pub(super) const KEYS: &[&str] = &["properties", "additionalProperties", "patternProperties"];

/// A nesting key beside another `type`. A property of `type: "object"` has
/// no shape and is reported by the model builder.
fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    for m in cx.members {
        let key = m.key.as_ref();
        if KEYS.contains(&key) {
            out.push(
                &NESTED_OBJECT,
                m.key_span,
                cx.at(key),
                format!(
                    "`{key}` in property `{}` nests an object; elicitation forms are flat, so give each nested field its own top-level property",
                    cx.name
                ),
            );
        }
    }
}

/// A property of `type: "object"`.
pub(crate) fn unbuilt(name: &str) -> String {
    format!(
        "property `{name}` is an object; elicitation forms are flat, so give each of its fields its own top-level property"
    )
}
