//! E707 `answer-not-an-option`.

use super::*;

rule! {
    ANSWER_NOT_AN_OPTION = "E707" "answer-not-an-option" Error
        summary: "An answer picks a value its select does not offer."
        why: "Selects send one of their option values (the `const`, not the title)."
        example: fixture!("E707", "jsonl", "2026-07-28");
        check: Check::Value(check);
}

pub(super) fn check(cx: &ValueCx<'_>) -> Option<Violation> {
    let name = &cx.property.name;
    match &cx.property.shape {
        Shape::SingleSelect(s) => {
            let text = cx.value.as_str()?;
            (!s.options.iter().any(|c| c.value == text)).then(|| not_an_option(name, text, &s.options))
        }
        Shape::MultiSelect(m) => {
            let items = cx.value.as_array()?;
            for item in items {
                let text = item.as_str().unwrap_or_default();
                if !m.options.iter().any(|c| c.value == text) {
                    return Some(not_an_option(name, text, &m.options));
                }
            }
            let mut seen = HashSet::new();
            let dup = items.iter().find(|i| !seen.insert(i.as_str()))?;
            Some(Violation::of(
                &ANSWER_NOT_AN_OPTION,
                name,
                format!("`{name}` lists {dup} twice; choose each option at most once"),
            ))
        }
        _ => None,
    }
}

fn not_an_option(name: &str, got: &str, options: &[Choice]) -> Violation {
    let list: Vec<String> = options
        .iter()
        .take(8)
        .map(|c| format!("\"{}\"", c.value))
        .collect();
    let more = if options.len() > 8 { ", ..." } else { "" };
    Violation::of(
        &ANSWER_NOT_AN_OPTION,
        name,
        format!(
            "`{name}` is \"{got}\", which is not one of its options: {}{more}",
            list.join(", ")
        ),
    )
}
