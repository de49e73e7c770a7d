//! W210 `pattern-undeclared`.

use super::*;

rule! {
    PATTERN_UNDECLARED = "W210" "pattern-undeclared" Warning
        summary: "A string property has `pattern`, which no revision declares."
        why: "`pattern` appeared in early doc examples and was removed as unsupported. The official TypeScript SDK strips it silently, so the client never checks it: validate the answer on the server instead."
        example: fixture!("W210", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if cx.kind != Kind::String {
        return;
    }
    for m in cx.members_named("pattern") {
        out.push(
            &PATTERN_UNDECLARED,
            m.key_span,
            cx.at("pattern"),
            "`pattern` is declared in no revision: the official TypeScript SDK strips it, so clients never check it; validate on the server and describe the expected form in `description`",
        );
    }
}
