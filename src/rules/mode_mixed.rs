//! E116 `mode-mixed`.

use super::*;

rule! {
    MODE_MIXED = "E116" "mode-mixed" Error
        summary: "Params mix the keys of the two modes (`url` in form mode, `requestedSchema` in URL mode)."
        why: "A client reads params by their mode; keys of the other mode are ignored, so the request does not do what it seems to."
        example: fixture!("E116", "json", "2026-07-28");
        check: Check::Params(check);
        relies_on: &["../mode"];
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    for (m, stray) in cx.strays() {
        if stray != Stray::OtherMode {
            continue;
        }
        let key = m.key.as_ref();
        out.push(
            &MODE_MIXED,
            m.key_span,
            cx.at(key),
            match cx.mode {
                Mode::Form => format!(
                    "`{key}` belongs to URL mode, but these params are a form; set `\"mode\": \"url\"` and drop requestedSchema, or remove `{key}`"
                ),
                Mode::Url => format!(
                    "`{key}` belongs to form mode, but these params ask in URL mode; remove `{key}` or make it a form"
                ),
            },
        );
    }
}
