//! E208 `property-unknown-key`.

use super::*;

rule! {
    PROPERTY_UNKNOWN_KEY = "E208" "property-unknown-key" Error
        summary: "A property has a key its shape does not declare in this revision."
        why: "Each property shape has a closed list of keys. SDKs drop the others (so the constraint is silently lost) or reject the request."
        example: fixture!("E208", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    let keys = cx.kind.keys();
    for m in cx.members {
        let key = m.key.as_ref();
        // Keys with a rule of their own.
        let judged = key == "$ref"
            || super::nested_object::KEYS.contains(&key)
            || (key == "oneOf" && cx.kind == Kind::Untitled)
            || (key == "pattern" && cx.kind == Kind::String);
        if !keys.contains(&key) && !judged {
            out.push(
                &PROPERTY_UNKNOWN_KEY,
                m.key_span,
                cx.at(key),
                format!(
                    "`{key}` is not a key of {} in {}; remove it (allowed: {})",
                    cx.kind.describe(),
                    cx.rev,
                    keys.join(", ")
                ),
            );
        }
    }
    if let Some(items) = cx.items()
        && let Some(key) = items.key
    {
        let allowed = [key, "type"];
        for m in items.members {
            if !allowed.contains(&m.key.as_ref()) {
                out.push(
                    &PROPERTY_UNKNOWN_KEY,
                    m.key_span,
                    items.ptr(&m.key),
                    format!(
                        "`{}` is not a key of a multi-select's `items`; remove it (allowed: {})",
                        m.key,
                        allowed.join(", ")
                    ),
                );
            }
        }
    }
}
