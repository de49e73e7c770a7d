//! E405 `default-bad-format`.

use super::*;

rule! {
    DEFAULT_BAD_FORMAT = "E405" "default-bad-format" Error
        summary: "A string `default` does not match the property's `format`."
        why: "Accepting the untouched form would send a value that fails the format check."
        example: fixture!("E405", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if let Some(Shape::String(s)) = cx.shape()
        && let (Some(f), Some(value)) = (s.format, &s.default)
        && !f.check(value)
        && let Some(d) = cx.node.member("default")
    {
        out.push(
            &DEFAULT_BAD_FORMAT,
            d.value.span,
            cx.at("default"),
            format!(
                "`default` of `{}` is not a valid {} (for example {})",
                cx.name,
                f.as_str(),
                f.example()
            ),
        );
    }
}
