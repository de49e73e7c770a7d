//! E404 `default-not-an-option`.

use super::*;
use std::collections::HashSet;

rule! {
    DEFAULT_NOT_AN_OPTION = "E404" "default-not-an-option" Error
        summary: "A select's `default` is not one of its options."
        why: "The client cannot pre-select a value it does not offer."
        example: fixture!("E404", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    let options = cx.choices();
    if options.is_empty() {
        return;
    }
    let name = cx.name;
    match cx.shape() {
        Some(Shape::SingleSelect(s)) => {
            if let Some(value) = &s.default
                && !options.iter().any(|c| c.value == *value)
                && let Some(d) = cx.node.member("default")
            {
                out.push(
                    &DEFAULT_NOT_AN_OPTION,
                    d.value.span,
                    cx.at("default"),
                    format!(
                        "`default` of `{name}` is `{value}`, which is not one of its options ({})",
                        build::option_list(options)
                    ),
                );
            }
        }
        Some(Shape::MultiSelect(s)) => {
            let (Some(values), Some(d)) = (&s.default, cx.node.member("default")) else {
                return;
            };
            let known: Option<HashSet<&str>> = (options.len() > 16 && values.len() > 1)
                .then(|| options.iter().map(|c| c.value.as_str()).collect());
            let written = d.value.as_array().unwrap_or_default();
            let dptr = cx.at("default");
            for (i, value) in values.iter().enumerate() {
                let listed = match &known {
                    Some(set) => set.contains(value.as_str()),
                    None => options.iter().any(|c| c.value == *value),
                };
                if !listed && let Some(item) = written.get(i) {
                    out.push(
                        &DEFAULT_NOT_AN_OPTION,
                        item.span,
                        pointer_push(&dptr, &i.to_string()),
                        format!(
                            "`{value}` in the default of `{name}` is not one of its options ({})",
                            build::option_list(options)
                        ),
                    );
                }
            }
        }
        _ => {}
    }
}
