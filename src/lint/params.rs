//! `elicitation/create` params: the message, the mode, and either a form's
//! `requestedSchema` or URL mode's `url` (and `elicitationId` in 2025-11-25).

use crate::finding::Findings;
use crate::json::{Node, Span, pointer_push};
use crate::rules;
use crate::rules::check_schema;
use crate::schema::RequestedSchema;
use crate::spec::{Revision, UrlMode};

/// Which mode an elicitation asks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Form,
    Url,
}

/// What a params object turned out to ask.
#[derive(Debug, Clone)]
pub struct Asked {
    pub mode: Mode,
    /// The parsed schema, for form mode (best effort when it had findings).
    pub schema: Option<RequestedSchema>,
}

const FORM_KEYS: [&str; 3] = ["mode", "message", "requestedSchema"];
const URL_KEYS: [&str; 4] = ["mode", "message", "url", "elicitationId"];

/// Checks one params object found at `ptr`.
pub fn check_params(node: &Node, ptr: &str, rev: Revision, out: &mut Findings) -> Option<Asked> {
    let Some(members) = node.as_object() else {
        out.push(
            &rules::PARAMS_NOT_OBJECT,
            node.span,
            ptr,
            format!(
                "params is {}; elicitation/create params are an object {{\"message\": ..., \"requestedSchema\": {{...}}}}",
                node.type_name()
            ),
        );
        return None;
    };
    match node.get("message") {
        None => out.push(
            &rules::MESSAGE_MISSING,
            Span::new(node.span.start, node.span.start + 1),
            ptr,
            "params have no `message`; add the text that tells the person what is asked and why",
        ),
        Some(m) if m.as_str().is_none() => out.push(
            &rules::MESSAGE_MISSING,
            m.span,
            pointer_push(ptr, "message"),
            format!("`message` is {}; write it as a string", m.type_name()),
        ),
        Some(_) => {}
    }
    let mode = match node.member("mode") {
        None => Mode::Form,
        Some(m) => match m.value.as_str() {
            Some("form") if rev.has_modes() => Mode::Form,
            Some("url") if rev.has_modes() => Mode::Url,
            Some("form") => {
                out.push(
                    &rules::PARAMS_UNKNOWN_KEY,
                    m.key_span,
                    pointer_push(ptr, "mode"),
                    format!("`mode` does not exist in {rev} (form is the only mode); remove it"),
                );
                Mode::Form
            }
            Some("url") => {
                out.push(
                    &rules::URL_MODE_UNSUPPORTED,
                    m.value.span,
                    pointer_push(ptr, "mode"),
                    format!(
                        "URL mode does not exist in {rev}; ask with a form, or target 2025-11-25 or later"
                    ),
                );
                Mode::Url
            }
            _ => {
                out.push(
                    &rules::MODE_INVALID,
                    m.value.span,
                    pointer_push(ptr, "mode"),
                    format!(
                        "`mode` is {}; write \"form\" or \"url\"{}",
                        raw(&m.value),
                        if rev.has_modes() {
                            ""
                        } else {
                            " (or leave it out: 2025-06-18 has form mode only)"
                        }
                    ),
                );
                if node.get("url").is_some() {
                    Mode::Url
                } else {
                    Mode::Form
                }
            }
        },
    };
    let mode_keys: &[&str] = match mode {
        Mode::Form => &FORM_KEYS,
        Mode::Url => &URL_KEYS,
    };
    for m in members {
        let key = m.key.as_ref();
        // `elicitationId` is a URL-mode key only where the revision has it.
        let removed_id = key == "elicitationId" && rev.url_mode() == UrlMode::Plain;
        if (mode_keys.contains(&key) && !removed_id) || rev.params_extra_keys().contains(&key) {
            continue;
        }
        let other_mode = match mode {
            Mode::Form => URL_KEYS.contains(&key),
            Mode::Url => FORM_KEYS.contains(&key),
        };
        if other_mode && (rev.has_modes() || key == "requestedSchema") {
            out.push(
                &rules::MODE_MIXED,
                m.key_span,
                pointer_push(ptr, key),
                match mode {
                    Mode::Form => format!(
                        "`{key}` belongs to URL mode, but these params are a form; set `\"mode\": \"url\"` and drop requestedSchema, or remove `{key}`"
                    ),
                    Mode::Url => format!(
                        "`{key}` belongs to form mode, but these params ask in URL mode; remove `{key}` or make it a form"
                    ),
                },
            );
        } else if key == "elicitationId" && rev.url_mode() == UrlMode::Plain {
            out.push(
                &rules::ELICITATION_ID_UNDECLARED,
                m.key_span,
                pointer_push(ptr, key),
                format!("`elicitationId` was removed in {rev}; remove it"),
            );
        } else {
            out.push(
                &rules::PARAMS_UNKNOWN_KEY,
                m.key_span,
                pointer_push(ptr, key),
                format!(
                    "`{key}` is not a field of elicitation/create params in {rev}; peers ignore it{}",
                    if key == "task" { " (`task` exists in 2025-11-25 only)" } else { "" }
                ),
            );
        }
    }
    match mode {
        Mode::Form => {
            let schema = match node.get("requestedSchema") {
                Some(s) => check_schema(s, &pointer_push(ptr, "requestedSchema"), rev, out),
                None => {
                    out.push(
                        &rules::FORM_WITHOUT_SCHEMA,
                        Span::new(node.span.start, node.span.start + 1),
                        ptr,
                        "form-mode params have no `requestedSchema`; add {\"type\": \"object\", \"properties\": {...}}",
                    );
                    None
                }
            };
            Some(Asked {
                mode: Mode::Form,
                schema,
            })
        }
        Mode::Url => {
            check_url_mode(node, ptr, rev, out);
            Some(Asked {
                mode: Mode::Url,
                schema: None,
            })
        }
    }
}

fn check_url_mode(node: &Node, ptr: &str, rev: Revision, out: &mut Findings) {
    if rev.url_mode() == UrlMode::WithElicitationId {
        match node.get("elicitationId") {
            None => out.push(
                &rules::ELICITATION_ID_MISSING,
                Span::new(node.span.start, node.span.start + 1),
                ptr,
                "URL-mode params have no `elicitationId`; 2025-11-25 requires one to match `notifications/elicitation/complete`",
            ),
            Some(id) if id.as_str().is_none() => out.push(
                &rules::ELICITATION_ID_MISSING,
                id.span,
                pointer_push(ptr, "elicitationId"),
                format!("`elicitationId` is {}; write it as a string", id.type_name()),
            ),
            Some(_) => {}
        }
    }
    let Some(url) = node.get("url") else {
        out.push(
            &rules::URL_MISSING,
            Span::new(node.span.start, node.span.start + 1),
            ptr,
            "URL-mode params have no `url`; add the https:// address the person should open",
        );
        return;
    };
    let uptr = pointer_push(ptr, "url");
    let Some(text) = url.as_str() else {
        out.push(
            &rules::URL_MISSING,
            url.span,
            uptr,
            format!("`url` is {}; write it as a string", url.type_name()),
        );
        return;
    };
    check_url(text, url.span, &uptr, out);
}

/// The checks on a URL a person is asked to open.
pub fn check_url(text: &str, span: Span, ptr: &str, out: &mut Findings) {
    let parsed = match url::Url::parse(text) {
        Ok(u) => u,
        Err(url::ParseError::RelativeUrlWithoutBase) => {
            out.push(
                &rules::URL_NOT_ABSOLUTE,
                span,
                ptr,
                format!(
                    "`url` \"{}\" is relative; write an absolute https:// URL",
                    short(text)
                ),
            );
            return;
        }
        Err(e) => {
            out.push(
                &rules::URL_NOT_ABSOLUTE,
                span,
                ptr,
                format!(
                    "`url` \"{}\" is not a valid URL ({e}); write an absolute https:// URL",
                    short(text)
                ),
            );
            return;
        }
    };
    match parsed.scheme() {
        "https" => {}
        "http" => out.push(
            &rules::URL_NOT_HTTPS,
            span,
            ptr,
            "`url` uses http://; whatever the person types there travels in clear text, use https://",
        ),
        s @ ("javascript" | "data" | "file" | "vbscript" | "blob" | "about") => {
            out.push(
                &rules::URL_SCHEME_DANGEROUS,
                span,
                ptr,
                format!("`url` uses the `{s}:` scheme, which a client must never open for a server; use an https:// URL"),
            );
            return;
        }
        s => out.push(
            &rules::URL_NOT_HTTPS,
            span,
            ptr,
            format!("`url` uses the `{s}:` scheme; clients expect an https:// URL"),
        ),
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        out.push(
            &rules::URL_USERINFO,
            span,
            ptr,
            format!(
                "`url` has user info before `@`, so the host is really `{}`; a person reading it may trust the wrong site. Remove the user info",
                parsed.host_str().unwrap_or("")
            ),
        );
    }
    match parsed.host() {
        Some(url::Host::Domain(host))
            if host.split('.').any(|label| label.starts_with("xn--")) =>
        {
            out.push(
                &rules::URL_IDN_HOST,
                span,
                ptr,
                format!(
                    "`url` host `{host}` is an internationalised name that can imitate another site; show it as punycode or use an ASCII host"
                ),
            );
        }
        Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) => out.push(
            &rules::URL_IP_HOST,
            span,
            ptr,
            "`url` points at a bare IP address, which tells the person nothing about who runs it; use a domain name",
        ),
        _ => {}
    }
}

fn short(s: &str) -> String {
    if s.chars().count() > 60 {
        let t: String = s.chars().take(57).collect();
        format!("{t}...")
    } else {
        s.to_string()
    }
}

fn raw(n: &Node) -> String {
    match n.as_str() {
        Some(s) => format!("\"{}\"", short(s)),
        None => n.type_name().to_string(),
    }
}
