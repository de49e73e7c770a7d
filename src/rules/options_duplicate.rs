//! E304 `options-duplicate`.

use super::*;

rule! {
    OPTIONS_DUPLICATE = "E304" "options-duplicate" Error
        summary: "A select offers the same value twice."
        why: "Two options with one value cannot be told apart in the answer."
        example: fixture!("E304", "json", "2026-07-28");
        check: Check::Property(check);
}

/// Judged on the list as written (the model holds each value once).
fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    let Some(o) = cx.options() else {
        return;
    };
    let Some(items) = o.list.as_array() else {
        return;
    };
    let titled = o.titled;
    // The model holds each value once: as many options as values written
    // means none is repeated, with no need to compare them.
    let written = items.iter().filter(|p| option_value(p, titled).is_some());
    if cx.property.is_some() && written.count() == cx.choices().len() {
        return;
    }
    for (i, item, s, repeated) in repeats(items, |p| option_value(p, titled)) {
        if !repeated {
            continue;
        }
        let iptr = pointer_push(&o.ptr(), &i.to_string());
        let span = match item.get("const") {
            Some(c) if titled => c.span,
            _ => item.span,
        };
        if titled {
            out.push(
                &OPTIONS_DUPLICATE,
                span,
                pointer_push(&iptr, "const"),
                format!("option value `{s}` appears twice; remove one"),
            );
        } else {
            out.push(
                &OPTIONS_DUPLICATE,
                span,
                iptr,
                format!("option `{s}` appears twice; remove one"),
            );
        }
    }
}
