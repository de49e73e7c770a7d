//! W601 `sensitive-field`.

use super::*;
use crate::rules::sensitive::sensitive_kind;

rule! {
    SENSITIVE_FIELD = "W601" "sensitive-field" Warning
        summary: "A form field asks for sensitive data (a password, secret, token, API or private key, card number, CVV, social security number or PIN)."
        why: "Form mode MUST NOT be used for sensitive information: the answer passes through the client and often the model. From 2025-11-25 use URL mode, which sends the person to a page the client cannot read."
        example: fixture!("W601", "json", "2026-07-28");
        check: Check::Schema(check);
}

/// Judged on each property's name and title, whatever its shape.
fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    let Some(props) = cx.properties() else {
        return;
    };
    let props_ptr = cx.at("properties");
    for m in props {
        let title = m.value.get("title").and_then(Node::as_str);
        if let Some(what) = sensitive_kind(&m.key).or_else(|| title.and_then(sensitive_kind)) {
            out.push(
                &SENSITIVE_FIELD,
                m.key_span,
                pointer_push(&props_ptr, &m.key),
                format!(
                    "`{}` asks for {what} in form mode, which MUST NOT be used for sensitive data; use URL mode (`\"mode\": \"url\"`) so the secret goes to your own page",
                    m.key
                ),
            );
        }
    }
}
