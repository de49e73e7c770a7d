//! W125 `required-duplicate`.

use super::*;

rule! {
    REQUIRED_DUPLICATE = "W125" "required-duplicate" Warning
        summary: "`required` names the same property twice."
        why: "Harmless to most readers but a sign of a copy-paste slip; JSON Schema asks for unique entries."
        example: fixture!("W125", "json", "2026-07-28");
        check: Check::Schema(check);
}

fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    for (i, item, name, repeated) in cx.required() {
        if repeated {
            out.push(
                &REQUIRED_DUPLICATE,
                item.span,
                pointer_push(&cx.at("required"), &i.to_string()),
                format!("`{name}` is listed twice in `required`; remove one"),
            );
        }
    }
}
