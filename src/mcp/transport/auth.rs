//! A server's refusal (HTTP 401 or 403) and what its `WWW-Authenticate`
//! challenge says.

use crate::sanitize;

/// The server refused the client (HTTP 401 or 403). The message says what
/// was refused and what the server said of how to authenticate; how to
/// send credentials is for the program to say (see [`Denied::sent_headers`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Denied {
    /// 401 or 403.
    pub status: u16,
    /// The `WWW-Authenticate` challenge, when the server sent one.
    pub challenge: Option<Challenge>,
    /// What was refused (`` `tools/call` ``, "the reconnection to ...").
    pub what: String,
    /// Whether extra headers (credentials) were sent.
    pub sent_headers: bool,
    /// What it means for the call, said after the refusal (a resumption
    /// refused); starts with a space.
    pub then: Option<String>,
    /// Why authorizing (the OAuth flow, [`crate::mcp::oauth`]) did not get
    /// past the refusal, when it was tried.
    pub authorization: Option<String>,
}

impl Denied {
    /// The refusal: "the server refused `x` with HTTP 401 Unauthorized"
    /// and what the challenge says, or that there was none.
    pub fn refusal(&self) -> String {
        let label = match self.status {
            401 => "401 Unauthorized",
            _ => "403 Forbidden",
        };
        let said = match &self.challenge {
            None => {
                " and no WWW-Authenticate header, so it did not say how to authenticate".to_string()
            }
            Some(c) => {
                let mut parts = vec![format!("scheme {}", sanitize::line(&c.scheme))];
                for (k, v) in [
                    ("realm", &c.realm),
                    ("scope", &c.scope),
                    ("error", &c.error),
                ] {
                    if let Some(v) = v {
                        parts.push(format!("{k} \"{}\"", sanitize::line(v)));
                    }
                }
                format!(" (WWW-Authenticate: {})", parts.join(", "))
            }
        };
        format!(
            "the server refused {} with HTTP {label}{said}",
            sanitize::line(&self.what)
        )
    }
}

impl std::fmt::Display for Denied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            self.refusal(),
            self.then.as_deref().unwrap_or_default()
        )
    }
}

/// An HTTP 401 or 403 as a [`Denied`]: the status, and the challenge of
/// `WWW-Authenticate` when the server sent one. `None` for any other
/// status.
pub fn auth_refusal(
    status: u16,
    www_authenticate: Option<&str>,
    what: &str,
    sent_headers: bool,
) -> Option<Denied> {
    if !matches!(status, 401 | 403) {
        return None;
    }
    Some(Denied {
        status,
        challenge: www_authenticate.map(parse_challenge),
        what: what.to_string(),
        sent_headers,
        then: None,
        authorization: None,
    })
}

/// The parts of a `WWW-Authenticate` challenge worth telling a person.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Challenge {
    /// The scheme (`Bearer`).
    pub scheme: String,
    /// The `realm` parameter.
    pub realm: Option<String>,
    /// The `scope` parameter.
    pub scope: Option<String>,
    /// The `error` parameter.
    pub error: Option<String>,
    /// The `resource_metadata` parameter: where the protected resource
    /// metadata (RFC 9728) is.
    pub resource_metadata: Option<String>,
}

/// Reads the first challenge of a `WWW-Authenticate` value: its scheme and
/// the `realm`, `scope`, `error` and `resource_metadata` parameters (quoted
/// or not).
pub fn parse_challenge(v: &str) -> Challenge {
    let v = v.trim();
    let (scheme, mut rest) = v.split_once(char::is_whitespace).unwrap_or((v, ""));
    let mut c = Challenge {
        scheme: scheme.to_string(),
        ..Challenge::default()
    };
    loop {
        rest = rest.trim_start_matches([' ', ',', '\t']);
        let Some((key, after)) = rest.split_once('=') else {
            break;
        };
        let key = key.trim().to_ascii_lowercase();
        let after = after.trim_start();
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            let mut out = String::new();
            let mut chars = q.char_indices();
            let mut end = q.len();
            while let Some((i, ch)) = chars.next() {
                match ch {
                    '\\' => {
                        if let Some((_, e)) = chars.next() {
                            out.push(e);
                        }
                    }
                    '"' => {
                        end = i + 1;
                        break;
                    }
                    _ => out.push(ch),
                }
            }
            (out, &q[end.min(q.len())..])
        } else {
            let stop = after.find(',').unwrap_or(after.len());
            (after[..stop].trim().to_string(), &after[stop..])
        };
        match key.as_str() {
            "realm" => c.realm = Some(value),
            "scope" => c.scope = Some(value),
            "error" => c.error = Some(value),
            "resource_metadata" => c.resource_metadata = Some(value),
            _ => {}
        }
        rest = next;
    }
    c
}

/// Requests sent again after authorizing, per request.
const MAX_AUTH_RETRIES: u32 = 4;

/// How a request sent through [`send_authorized`] ended.
pub(crate) enum Authorized {
    /// The server's response: not a refusal, or one that stands.
    Response(ureq::http::Response<ureq::Body>),
    /// Authorizing failed: the refusal, and why in words for a person.
    Failed(ureq::http::Response<ureq::Body>, String),
}

/// Sends a request with `send`, which gives the response and the
/// `Authorization` it sent. When the server refuses it (401, or a 403
/// `insufficient_scope`), `auth` is asked to authorize, and the request is
/// sent again while it says a token is ready, at most
/// [`MAX_AUTH_RETRIES`] times. The HTTP transport and the proxy's upstream
/// requests share it.
pub(crate) fn send_authorized<E>(
    auth: &dyn super::Authorizer,
    mut send: impl FnMut() -> Result<(ureq::http::Response<ureq::Body>, Option<String>), E>,
) -> Result<Authorized, E> {
    let mut retries = 0;
    loop {
        let (resp, sent) = send()?;
        let status = resp.status().as_u16();
        if retries >= MAX_AUTH_RETRIES || !matches!(status, 401 | 403) {
            return Ok(Authorized::Response(resp));
        }
        retries += 1;
        let www = resp
            .headers()
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        match auth.challenged(status, www.as_deref(), sent.as_deref()) {
            Ok(true) => {}
            Ok(false) => return Ok(Authorized::Response(resp)),
            Err(why) => return Ok(Authorized::Failed(resp, why)),
        }
    }
}

/// A 401 or 403 refusal of `what` (see [`auth_refusal`]).
pub(super) fn denial(
    resp: &ureq::http::Response<ureq::Body>,
    what: &str,
    sent_headers: bool,
) -> Option<Denied> {
    let www = resp
        .headers()
        .get("www-authenticate")
        .and_then(|v| v.to_str().ok());
    auth_refusal(resp.status().as_u16(), www, what, sent_headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_the_server_said_and_names_no_option() {
        let d = auth_refusal(
            401,
            Some(r#"Bearer realm="acme", scope="tools:call""#),
            "`tools/call`",
            false,
        )
        .unwrap();
        assert_eq!(
            d.to_string(),
            r#"the server refused `tools/call` with HTTP 401 Unauthorized (WWW-Authenticate: scheme Bearer, realm "acme", scope "tools:call")"#
        );
        let d = auth_refusal(403, None, "`initialize`", true).unwrap();
        assert!(d.sent_headers);
        assert_eq!(
            d.to_string(),
            "the server refused `initialize` with HTTP 403 Forbidden and no WWW-Authenticate header, so it did not say how to authenticate"
        );
        assert!(auth_refusal(404, None, "`initialize`", false).is_none());
    }

    #[test]
    fn the_challenge_says_where_the_resource_metadata_is() {
        let c = parse_challenge(
            r#"Bearer error="insufficient_scope", scope="a b", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp""#,
        );
        assert_eq!(c.scheme, "Bearer");
        assert_eq!(c.error.as_deref(), Some("insufficient_scope"));
        assert_eq!(c.scope.as_deref(), Some("a b"));
        assert_eq!(
            c.resource_metadata.as_deref(),
            Some("https://mcp.example.com/.well-known/oauth-protected-resource/mcp")
        );
        let c = parse_challenge("Bearer resource_metadata=https://x.example/prm, scope=s");
        assert_eq!(
            c.resource_metadata.as_deref(),
            Some("https://x.example/prm")
        );
        assert_eq!(c.scope.as_deref(), Some("s"));
    }
}
