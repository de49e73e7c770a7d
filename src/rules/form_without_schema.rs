//! E112 `form-without-schema`.

use super::*;

rule! {
    FORM_WITHOUT_SCHEMA = "E112" "form-without-schema" Error
        summary: "Form-mode params have no `requestedSchema`."
        why: "`requestedSchema` is required in form mode; a client cannot build a form without it."
        example: fixture!("E112", "json", "2025-11-25");
        check: Check::Params(check);
        relies_on: &["mode", "requestedSchema"];
        blocks_form: true;
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    if cx.mode == Mode::Form && cx.node.get("requestedSchema").is_none() {
        out.push(
            &FORM_WITHOUT_SCHEMA,
            cx.start(),
            cx.ptr,
            "form-mode params have no `requestedSchema`; add {\"type\": \"object\", \"properties\": {...}}",
        );
    }
}
