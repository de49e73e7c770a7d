//! The client's side: `ElicitResult`s and the elicitation capability.

use crate::finding::Findings;
use crate::json::{Member, Node, pointer_push};
use crate::rules::{self, CapabilityCx, ResultCx, judge_capability, judge_result};
use crate::schema::Asked;
use crate::spec::Revision;
use crate::validate::check_content;

/// Checks an `ElicitResult` at `ptr`; `asked` is the request it answers, when
/// known. The answer rules judge the object (its action, content where
/// none belongs, a form accepted without content); the content of a form is
/// validated against its schema here, value by value, by the same checks a
/// form and a script answer with.
pub(crate) fn check_result(
    node: &Node,
    ptr: &str,
    rev: Revision,
    asked: Option<&Asked>,
    redacted: &[String],
    out: &mut Findings,
) {
    if node.as_object().is_none() {
        rules::action_invalid::not_object(node, ptr, out);
        return;
    }
    let cx = ResultCx {
        node,
        ptr,
        rev,
        asked,
    };
    judge_result(&cx, out);
    if let Some(content) = cx.content()
        && cx.content_allowed()
    {
        check_content_of(&cx, content, redacted, out);
    }
}

/// The `content` of an answer that may carry one: an object whose values
/// fit the schema asked, or content values of the allowed kinds when the
/// schema is not known.
fn check_content_of(cx: &ResultCx<'_>, content: &Member, redacted: &[String], out: &mut Findings) {
    let (rev, cptr) = (cx.rev, cx.at("content"));
    let Some(members) = content.value.as_object() else {
        rules::content_value_invalid::content_not_object(&content.value, cptr, out);
        return;
    };
    match cx.schema() {
        Some(schema) => {
            let map = match content.value.to_value() {
                serde_json::Value::Object(m) => m,
                _ => return,
            };
            for v in check_content(schema, &map, rev) {
                // A value redacted on recording is not the value answered.
                if let Some(f) = &v.field
                    && redacted.contains(f)
                    && map.get(f).and_then(serde_json::Value::as_str)
                        == Some(crate::session::REDACTED)
                {
                    continue;
                }
                let member = v
                    .field
                    .as_deref()
                    .and_then(|f| members.iter().rev().find(|m| m.key == f));
                let (span, p) = match (member, &v.field) {
                    // A field nobody asked for is wrong by its name.
                    (Some(m), Some(f)) if v.rule == &rules::ANSWER_UNKNOWN_FIELD => {
                        (m.key_span, pointer_push(&cptr, f))
                    }
                    (Some(m), Some(f)) => (m.value.span, pointer_push(&cptr, f)),
                    _ => (content.key_span, cptr.clone()),
                };
                out.push(v.rule, span, p, v.message);
            }
        }
        // The schema is not known: each value is judged by its kind only,
        // by the same check a field no property asks for gets.
        None => {
            for m in members {
                if let Some(v) = rules::content_value_kind(&m.key, &m.value.to_value(), rev) {
                    out.push(v.rule, m.value.span, pointer_push(&cptr, &m.key), v.message);
                }
            }
        }
    }
}

/// Which modes a client declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Declared {
    pub form: bool,
    pub url: bool,
}

/// Checks the `elicitation` capability value at `ptr` and returns the modes
/// it declares. The capability rule judges its shape; the modes are read
/// here, a mode whose value is not an object declared all the same.
pub(crate) fn check_capability(
    node: &Node,
    ptr: &str,
    rev: Revision,
    out: &mut Findings,
) -> Declared {
    judge_capability(&CapabilityCx { node, ptr, rev }, out);
    let Some(members) = node.as_object() else {
        return Declared {
            form: false,
            url: false,
        };
    };
    if !rev.capability_has_modes() {
        return Declared {
            form: true,
            url: false,
        };
    }
    let has = |key| members.iter().any(|m| m.key == key);
    let (form, url) = (has("form"), has("url"));
    Declared {
        // `{}` means form only.
        form: form || !url,
        url,
    }
}
