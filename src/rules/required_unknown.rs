//! E124 `required-unknown-property`.

use super::*;

rule! {
    REQUIRED_UNKNOWN = "E124" "required-unknown-property" Error
        summary: "`required` names a property that `properties` does not have."
        why: "A client cannot ask for a field it does not know; the server will never get the value it requires."
        example: fixture!("E124", "json", "2026-07-28");
        check: Check::Schema(check);
        relies_on: &["../../properties"];
}

fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    let Some(props) = cx.properties() else {
        return;
    };
    for (i, item, name, repeated) in cx.required() {
        // A name listed twice is reported once, by required-duplicate.
        if repeated || props.iter().any(|m| m.key == name) {
            continue;
        }
        let hint = super::words::did_you_mean(props.iter().map(|m| m.key.as_ref()), name);
        out.push(
            &REQUIRED_UNKNOWN,
            item.span,
            pointer_push(&cx.at("required"), &i.to_string()),
            format!("`required` names `{name}`, which is not in `properties`{hint}; add the property or remove the name"),
        );
    }
}
