//! E111 `message-missing`.

use super::*;

rule! {
    MESSAGE_MISSING = "E111" "message-missing" Error
        summary: "The params have no `message` string."
        why: "`message` is required in every revision and mode: it tells the person why they are asked."
        example: fixture!("E111", "json", "2026-07-28");
        check: Check::Params(check);
        relies_on: &["message"];
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    cx.require_string(
        &MESSAGE_MISSING,
        "message",
        "params have no `message`; add the text that tells the person what is asked and why",
        out,
    );
}
