//! E401 `default-not-allowed`.

use super::*;

rule! {
    DEFAULT_NOT_ALLOWED = "E401" "default-not-allowed" Error
        summary: "A `default` the revision does not allow on this shape (2025-06-18 allows defaults on booleans only)."
        why: "Defaults on strings, numbers and selects arrived in 2025-11-25; an older client ignores or rejects them."
        example: fixture!("E401", "json", "2025-06-18");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if cx.kind == Kind::Boolean || cx.rev.allows_non_boolean_defaults() {
        return;
    }
    for m in cx.members_named("default") {
        out.push(
            &DEFAULT_NOT_ALLOWED,
            m.key_span,
            cx.at("default"),
            format!(
                "`default` on {} is allowed from 2025-11-25, not in {} (which allows defaults on booleans only); remove it",
                cx.kind.describe(),
                cx.rev
            ),
        );
    }
}
