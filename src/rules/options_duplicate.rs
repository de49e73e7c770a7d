//! E304 `options-duplicate`.

use super::*;
use std::collections::HashSet;

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
    let mut seen = Seen::default();
    for (i, item) in items.iter().enumerate() {
        let iptr = pointer_push(&o.ptr, &i.to_string());
        if o.titled {
            if let Some(c) = item.get("const")
                && let Some(value) = c.as_str()
                && !seen.insert(value)
            {
                out.push(
                    &OPTIONS_DUPLICATE,
                    c.span,
                    pointer_push(&iptr, "const"),
                    format!("option value `{value}` appears twice; remove one"),
                );
            }
        } else if let Some(value) = item.as_str()
            && !seen.insert(value)
        {
            out.push(
                &OPTIONS_DUPLICATE,
                item.span,
                iptr,
                format!("option `{value}` appears twice; remove one"),
            );
        }
    }
}

/// The values seen so far: a scan while the list is short (the usual case,
/// no allocation), a hash set once it is long, so an `enum` of a million
/// options stays linear.
#[derive(Default)]
struct Seen<'a> {
    list: Vec<&'a str>,
    set: Option<HashSet<&'a str>>,
}

impl<'a> Seen<'a> {
    const SCAN: usize = 32;

    /// Records `value`; false when it was seen before.
    fn insert(&mut self, value: &'a str) -> bool {
        if let Some(set) = &mut self.set {
            return set.insert(value);
        }
        if self.list.contains(&value) {
            return false;
        }
        self.list.push(value);
        if self.list.len() >= Self::SCAN {
            self.set = Some(self.list.drain(..).collect());
        }
        true
    }
}
