//! Authorizing with a protected MCP server: the OAuth 2.1 flow of the MCP
//! authorization specification (2026-07-28) for a command-line client.
//!
//! On a 401 the [`Session`] reads the server's challenge, finds its
//! protected resource metadata (RFC 9728) and its authorization server's
//! metadata (RFC 8414, then OpenID discovery), checks that the metadata
//! names this server and that the issuer is the one asked for, registers
//! (a client ID metadata document, a pre-registered client, or dynamic
//! registration) and runs the authorization code flow with PKCE `S256`,
//! `state`, `resource` (RFC 8707) and the scopes of the challenge or the
//! metadata, checking `iss` on the redirect (RFC 9207). The redirect lands
//! on a [`loopback`] listener on 127.0.0.1. Tokens are kept in a
//! [`store::Store`] and refreshed before they expire; a 403
//! `insufficient_scope` asks again for the wider scope (three
//! authorizations per run at most).
//!
//! The flow is written on `ureq`, the HTTP client of the transports, with
//! the crates the protocol feature already has (`sha2` for the PKCE
//! challenge, `getrandom`, `data-encoding`, `url`, `serde_json`): the
//! `oauth2` crate (rmcp's choice) covers PKCE and the two token requests
//! (the code and refresh grants) over an HTTP client abstraction of its
//! own, and none of discovery, the issuer and resource checks, client ID
//! metadata documents, RFC 9207 or step-up, which are most of this.
//!
//! No token, refresh token, client secret or code is ever put in an error,
//! a notice or a log line: errors name the step, what the server said
//! (sanitized, bounded) and what to try.

use std::io::Read;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::mcp::transport::{Challenge, parse_challenge};
use crate::sanitize;

pub mod loopback;
pub mod store;

use store::{Entry, Registration, Store};

/// The largest metadata document or token response read.
const MAX_DOCUMENT: u64 = 256 << 10;
/// Authorizations per run: the first, and step-ups on
/// `insufficient_scope` or a new authorization server after it.
const MAX_FLOWS: u32 = 3;
/// A token is refreshed when it expires within this long.
const REFRESH_MARGIN: u64 = 60;

/// How the person is sent to the authorization server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Authorize {
    /// Print the authorization URL and wait for the redirect.
    Print,
    /// Print it and open it in the browser ([`crate::mcp::browser`]).
    Open,
    /// Fetch the authorization URL over HTTP, without a browser, and
    /// follow its redirects to the loopback address: for an authorization
    /// server that grants without a person (a test or CI server that
    /// redirects at once).
    Http,
    /// Never: only a stored token (refreshed when it can be) is used.
    StoredOnly,
}

/// How a [`Session`] registers and authorizes.
pub struct Options {
    /// A client ID metadata document's URL, used as the client ID where
    /// the authorization server supports them.
    pub client_metadata_url: Option<String>,
    /// A pre-registered client ID.
    pub client_id: Option<String>,
    /// The pre-registered client's secret.
    pub client_secret: Option<String>,
    /// How the person is sent to the authorization server.
    pub authorize: Authorize,
    /// Where tokens are kept; `None` keeps them for this run only.
    pub store: Option<Store>,
    /// How long to wait for the redirect back from the authorization
    /// server.
    pub redirect_timeout: Duration,
    /// How long each request to the authorization server (metadata,
    /// registration, token) may take.
    pub request_timeout: Duration,
    /// Where lines for the person go (the authorization URL, what
    /// happened); never given a secret.
    pub notice: Arc<dyn Fn(&str) + Send + Sync>,
}

impl Options {
    /// The defaults: dynamic registration, the URL printed on stderr, no
    /// store, 300 s for the redirect, 30 s per request.
    pub fn new(authorize: Authorize) -> Options {
        Options {
            client_metadata_url: None,
            client_id: None,
            client_secret: None,
            authorize,
            store: None,
            redirect_timeout: Duration::from_secs(300),
            request_timeout: Duration::from_secs(30),
            notice: Arc::new(|l| eprintln!("{l}")),
        }
    }
}

impl crate::mcp::transport::Authorizer for Session {
    fn header(&self) -> Option<String> {
        Session::header(self)
    }

    fn challenged(
        &self,
        status: u16,
        www_authenticate: Option<&str>,
        sent: Option<&str>,
    ) -> Result<bool, String> {
        Session::challenged(self, status, www_authenticate, sent).map_err(|e| e.to_string())
    }
}

/// Why authorizing failed: the step, what the server said, what to try.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Error(String);

impl Error {
    fn at(step: &str, what: impl std::fmt::Display) -> Error {
        Error(format!("{step}: {what}"))
    }
}

/// The OAuth state of one server for one run: the token in use and how it
/// was obtained. Shared by the threads of a transport.
pub struct Session {
    server: String,
    opts: Options,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    entry: Option<Entry>,
    loaded: bool,
    /// The scopes asked for so far (a step-up asks for their union with
    /// the new ones).
    asked: Vec<String>,
    /// Authorizations run so far (see [`MAX_FLOWS`]).
    flows: u32,
    /// A refresh failed this run: it is not tried again.
    refresh_failed: bool,
}

/// What the authorization server's metadata says (RFC 8414), as used.
#[derive(Debug, Clone)]
struct AsMeta {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    registration_endpoint: Option<String>,
    scopes_supported: Option<Vec<String>>,
    auth_methods: Option<Vec<String>>,
    cimd: bool,
    iss_supported: bool,
}

impl Session {
    /// A session for the MCP server at `server` (its URL as given).
    pub fn new(server: &str, opts: Options) -> Session {
        Session {
            server: server.to_string(),
            opts,
            state: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn load(&self, st: &mut State) {
        if !st.loaded {
            st.loaded = true;
            if let Some(store) = &self.opts.store {
                st.entry = store.latest(&self.server);
            }
        }
    }

    /// The `Authorization` header value to send now (`Bearer ...`), when
    /// there is a token; one about to expire is refreshed first.
    pub fn header(&self) -> Option<String> {
        let mut st = self.lock();
        self.load(&mut st);
        let entry = st.entry.as_ref()?;
        if entry.expires_soon(now(), REFRESH_MARGIN)
            && entry.refresh_token.is_some()
            && !st.refresh_failed
        {
            // Copied only to refresh: every other request borrows it.
            let entry = entry.clone();
            match self.refresh(&entry) {
                Ok(fresh) => st.entry = Some(fresh),
                Err(e) => {
                    st.refresh_failed = true;
                    (self.opts.notice)(&format!("note: {e}"));
                }
            }
        }
        st.entry
            .as_ref()
            .map(|e| format!("Bearer {}", e.access_token))
    }

    /// A request was refused with `status` (401 or 403) and the
    /// `WWW-Authenticate` value `www`, having sent `sent` as its
    /// `Authorization`. `Ok(true)`: a token is ready, send it again;
    /// `Ok(false)`: nothing more to try, the refusal stands.
    pub fn challenged(
        &self,
        status: u16,
        www: Option<&str>,
        sent: Option<&str>,
    ) -> Result<bool, Error> {
        let challenge = www.map(parse_challenge).unwrap_or_default();
        let mut st = self.lock();
        self.load(&mut st);
        let current = st
            .entry
            .as_ref()
            .map(|e| format!("Bearer {}", e.access_token));
        if status == 401 {
            // Another request of this run already obtained a new token.
            if current.is_some() && current.as_deref() != sent {
                return Ok(true);
            }
            if let Some(entry) = st.entry.clone()
                && entry.refresh_token.is_some()
                && sent.is_some()
                && !st.refresh_failed
            {
                match self.refresh(&entry) {
                    Ok(fresh) => {
                        st.entry = Some(fresh);
                        return Ok(true);
                    }
                    Err(e) => {
                        st.refresh_failed = true;
                        (self.opts.notice)(&format!("note: {e}"));
                    }
                }
            }
            if st.flows >= MAX_FLOWS {
                return Ok(false);
            }
            st.flows += 1;
            let entry = self.authorize(&mut st, &challenge, false)?;
            st.entry = Some(entry);
            return Ok(true);
        }
        if status == 403 && challenge.error.as_deref() == Some("insufficient_scope") {
            let wanted = split_scopes(challenge.scope.as_deref());
            let before = st.asked.clone();
            let union = union(&before, &wanted);
            if union == before || st.flows >= MAX_FLOWS {
                // Asking again for what was already asked cannot help.
                return Ok(false);
            }
            if self.opts.authorize == Authorize::StoredOnly {
                return Err(Error::at(
                    "stepping up the scope",
                    format!(
                        "the server wants the scope \"{}\" and --stored-auth-only never opens a new authorization; run `mcp-elicit auth login {}` to grant it",
                        sanitize::line(&union.join(" ")),
                        sanitize::line(&self.server)
                    ),
                ));
            }
            st.flows += 1;
            let entry = self.authorize(&mut st, &challenge, true)?;
            st.entry = Some(entry);
            return Ok(true);
        }
        Ok(false)
    }

    /// Authorizes now, whatever is stored: `auth login`. `challenge` is
    /// what the server said when asked without a token.
    pub fn login(&self, www: Option<&str>) -> Result<Entry, Error> {
        let challenge = www.map(parse_challenge).unwrap_or_default();
        let mut st = self.lock();
        let entry = self.authorize(&mut st, &challenge, false)?;
        st.entry = Some(entry.clone());
        Ok(entry)
    }

    /// The whole flow: discovery, registration, authorization, token.
    fn authorize(
        &self,
        st: &mut State,
        challenge: &Challenge,
        step_up: bool,
    ) -> Result<Entry, Error> {
        if self.opts.authorize == Authorize::StoredOnly {
            return Err(Error::at(
                "authorizing",
                format!(
                    "no usable stored token for {} and --stored-auth-only never opens an authorization; run `mcp-elicit auth login {}` first, where a browser can be used",
                    sanitize::line(&self.server),
                    sanitize::line(&self.server)
                ),
            ));
        }
        let http = agent(self.opts.request_timeout, 5);
        let server =
            url::Url::parse(&self.server).map_err(|e| Error::at("reading the server URL", e))?;
        let prm = protected_resource(&http, &server, challenge)?;
        if prm.is_none() && !challenge.scheme.eq_ignore_ascii_case("bearer") {
            return Err(Error::at(
                "finding the protected resource metadata (RFC 9728)",
                "the server publishes none and sent no Bearer challenge, so it does not say how to authorize; pass credentials with --header, e.g. --header 'Authorization: Bearer TOKEN'",
            ));
        }
        let (resource, issuer) = match &prm {
            Some(p) => (Some(p.resource.clone()), p.issuer.clone()),
            // 2025-03-26: the server's origin is its authorization server.
            None => (None, origin(&server)),
        };
        let meta = as_metadata(&http, &issuer, prm.is_none())?;
        if !meta.fallback && !meta.s256 {
            return Err(Error::at(
                "checking the authorization server",
                format!(
                    "its metadata ({}) does not list S256 in code_challenge_methods_supported, and the MCP specification forbids authorizing without PKCE S256; ask its operator to enable PKCE",
                    sanitize::line(&meta.as_meta.issuer)
                ),
            ));
        }
        let meta = meta.as_meta;
        // The scopes: the challenge's, else the resource's, else none;
        // a step-up asks for the union with those asked before.
        let mut scopes = split_scopes(challenge.scope.as_deref());
        if scopes.is_empty()
            && let Some(p) = &prm
        {
            scopes = p.scopes.clone();
        }
        if step_up {
            scopes = union(&st.asked, &scopes);
        }
        st.asked = scopes.clone();
        if meta
            .scopes_supported
            .as_ref()
            .is_some_and(|s| s.iter().any(|x| x == "offline_access"))
            && !scopes.iter().any(|s| s == "offline_access")
        {
            scopes.push("offline_access".into());
        }
        let listener = loopback::Listener::bind()
            .map_err(|e| Error::at("opening the loopback listener", e))?;
        let redirect_uri = listener.redirect_uri();
        let client = self.register(&http, &meta, &redirect_uri)?;
        let verifier = random(32)?;
        let challenge_s256 = data_encoding::BASE64URL_NOPAD.encode(&sha256(verifier.as_bytes()));
        let state = random(16)?;
        let mut url = url::Url::parse(&meta.authorization_endpoint).map_err(|e| {
            Error::at(
                "reading the authorization endpoint",
                format!("{}: {e}", sanitize::line(&meta.authorization_endpoint)),
            )
        })?;
        {
            let mut q = url.query_pairs_mut();
            q.append_pair("response_type", "code")
                .append_pair("client_id", &client.client_id)
                .append_pair("redirect_uri", &redirect_uri)
                .append_pair("code_challenge", &challenge_s256)
                .append_pair("code_challenge_method", "S256")
                .append_pair("state", &state);
            if !scopes.is_empty() {
                q.append_pair("scope", &scopes.join(" "));
            }
            if let Some(r) = &resource {
                q.append_pair("resource", r);
            } else {
                q.append_pair("resource", server.as_str());
            }
        }
        let notice = &self.opts.notice;
        let mut aborted = None;
        let _redirect_page = match self.opts.authorize {
            Authorize::Http => {
                notice(&format!(
                    "authorizing with {} over HTTP (--authorize-with http)",
                    sanitize::line(&meta.issuer)
                ));
                let fetch = agent(self.opts.request_timeout, 0);
                let (url, back) = (url.to_string(), redirect_uri.clone());
                let (tx, rx) = std::sync::mpsc::channel();
                aborted = Some(rx);
                std::thread::spawn(move || {
                    if let Err(why) = follow(&fetch, &url, &back) {
                        let _ = tx.send(why);
                    }
                });
                None
            }
            Authorize::Open => {
                notice(&format!(
                    "authorize mcp-elicit at {} in the browser that opens (or open this address): {}",
                    sanitize::line(&meta.issuer),
                    sanitize::line(url.as_str())
                ));
                match crate::mcp::browser::open(url.as_str()) {
                    Ok(r) => Some(r),
                    Err(e) => {
                        notice(&format!(
                            "note: the browser did not open ({e}); open the address by hand"
                        ));
                        None
                    }
                }
            }
            _ => {
                notice(&format!(
                    "authorize mcp-elicit at {}: open this address in a browser (--open opens it): {}",
                    sanitize::line(&meta.issuer),
                    sanitize::line(url.as_str())
                ));
                None
            }
        };
        let timeout = match self.opts.authorize {
            Authorize::Http => self.opts.request_timeout + Duration::from_secs(5),
            _ => self.opts.redirect_timeout,
        };
        let params = listener.wait_or(timeout, aborted).map_err(|e| {
            Error::at(
                "waiting for the redirect back from the authorization server",
                e,
            )
        })?;
        let get = |k: &str| params.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        if let Some(err) = get("error") {
            return Err(Error::at(
                "authorizing",
                format!(
                    "the authorization server refused: {}{}",
                    sanitize::line(&bounded(err)),
                    get("error_description")
                        .map(|d| format!(" ({})", sanitize::line(&bounded(d))))
                        .unwrap_or_default()
                ),
            ));
        }
        if get("state") != Some(state.as_str()) {
            return Err(Error::at(
                "checking the redirect",
                "its state does not match the one sent, so it may not answer this authorization (a forged or stale redirect); nothing was exchanged, try again",
            ));
        }
        match get("iss") {
            Some(iss) if iss != meta.issuer => {
                return Err(Error::at(
                    "checking the redirect (RFC 9207)",
                    format!(
                        "its iss \"{}\" is not the authorization server's issuer \"{}\", so the code may come from another server (a mix-up attack); nothing was exchanged",
                        sanitize::line(&bounded(iss)),
                        sanitize::line(&meta.issuer)
                    ),
                ));
            }
            None if meta.iss_supported => {
                return Err(Error::at(
                    "checking the redirect (RFC 9207)",
                    format!(
                        "the authorization server {} says it sends iss, and the redirect has none; nothing was exchanged",
                        sanitize::line(&meta.issuer)
                    ),
                ));
            }
            _ => {}
        }
        let Some(code) = get("code") else {
            return Err(Error::at(
                "checking the redirect",
                "it carries no code; try again",
            ));
        };
        let mut form = vec![
            ("grant_type", "authorization_code".to_string()),
            ("code", code.to_string()),
            ("redirect_uri", redirect_uri.clone()),
            ("code_verifier", verifier),
        ];
        form.push((
            "resource",
            resource.clone().unwrap_or_else(|| server.to_string()),
        ));
        let tokens = token_request(
            &http,
            &meta.token_endpoint,
            &client,
            form,
            "exchanging the code for a token",
        )?;
        let entry = Entry::new(
            &self.server,
            &meta.issuer,
            resource.as_deref(),
            &meta.token_endpoint,
            client,
            tokens,
            now(),
        );
        // A store that cannot be written costs the next run a new
        // authorization, not this one its token.
        if let Some(store) = &self.opts.store
            && let Err(e) = store.put(entry.clone())
        {
            notice(&format!("note: the token is kept for this run only: {e}"));
        }
        notice(&format!(
            "authorized by {}{}",
            sanitize::line(&meta.issuer),
            entry
                .scope
                .as_deref()
                .map(|s| format!(" (scope \"{}\")", sanitize::line(s)))
                .unwrap_or_default()
        ));
        Ok(entry)
    }

    /// The client this run authorizes as: a client ID metadata document,
    /// a pre-registered client, or one registered now.
    fn register(
        &self,
        http: &ureq::Agent,
        meta: &AsMeta,
        redirect_uri: &str,
    ) -> Result<Registration, Error> {
        if let Some(url) = &self.opts.client_metadata_url
            && meta.cimd
        {
            return Ok(Registration {
                client_id: url.clone(),
                client_secret: None,
                auth_method: "none".into(),
            });
        }
        if let Some(id) = &self.opts.client_id {
            let methods = meta.auth_methods.clone().unwrap_or_default();
            let auth_method = match &self.opts.client_secret {
                None => "none",
                // RFC 8414: no list means client_secret_basic.
                Some(_)
                    if methods.is_empty() || methods.iter().any(|m| m == "client_secret_basic") =>
                {
                    "client_secret_basic"
                }
                Some(_) => "client_secret_post",
            };
            return Ok(Registration {
                client_id: id.clone(),
                client_secret: self.opts.client_secret.clone(),
                auth_method: auth_method.into(),
            });
        }
        let Some(endpoint) = &meta.registration_endpoint else {
            let cimd = if meta.cimd {
                "give a client ID metadata document with --client-metadata-url, or "
            } else {
                ""
            };
            return Err(Error::at(
                "registering",
                format!(
                    "the authorization server {} offers no dynamic client registration; {cimd}register mcp-elicit with it and give --client-id (and the secret in MCP_ELICIT_CLIENT_SECRET)",
                    sanitize::line(&meta.issuer)
                ),
            ));
        };
        let methods = meta.auth_methods.clone().unwrap_or_default();
        let wanted = if methods.is_empty() || methods.iter().any(|m| m == "none") {
            "none"
        } else if methods.iter().any(|m| m == "client_secret_basic") {
            "client_secret_basic"
        } else {
            "client_secret_post"
        };
        let body = serde_json::json!({
            "client_name": "mcp-elicit",
            "redirect_uris": [redirect_uri],
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": wanted,
            "application_type": "native",
        });
        let resp = http
            .post(endpoint)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .send(body.to_string().as_bytes())
            .map_err(|e| Error::at("registering", unreachable(endpoint, &e)))?;
        let (status, v) = read_json(resp);
        if !(200..300).contains(&status) {
            return Err(Error::at(
                "registering",
                format!(
                    "{} answered HTTP {status}{}; register mcp-elicit by hand and give --client-id",
                    sanitize::line(endpoint),
                    said(&v)
                ),
            ));
        }
        let v = v.unwrap_or_default();
        let Some(client_id) = v.get("client_id").and_then(Value::as_str) else {
            return Err(Error::at(
                "registering",
                format!("{} gave no client_id", sanitize::line(endpoint)),
            ));
        };
        let client_secret = v
            .get("client_secret")
            .and_then(Value::as_str)
            .map(str::to_string);
        let auth_method = v
            .get("token_endpoint_auth_method")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| {
                if client_secret.is_some() {
                    "client_secret_basic".into()
                } else {
                    "none".into()
                }
            });
        Ok(Registration {
            client_id: client_id.to_string(),
            client_secret,
            auth_method,
        })
    }

    /// A new token from `entry`'s refresh token, stored; under the store's
    /// lock, so that two processes do not both spend it.
    fn refresh(&self, entry: &Entry) -> Result<Entry, Error> {
        let step = "refreshing the token";
        let _lock = match &self.opts.store {
            Some(store) => Some(store.lock().map_err(|e| Error::at(step, e))?),
            None => None,
        };
        // Another process may have refreshed it meanwhile (and spent the
        // refresh token this one holds): its token is used, or refreshed.
        let mut entry = entry.clone();
        if let Some(store) = &self.opts.store
            && let Some(stored) = store.get(&entry.server, &entry.issuer)
            && stored.access_token != entry.access_token
        {
            if !stored.expires_soon(now(), REFRESH_MARGIN) {
                return Ok(stored);
            }
            entry = stored;
        }
        let entry = &entry;
        let Some(refresh_token) = &entry.refresh_token else {
            return Err(Error::at(step, "there is no refresh token"));
        };
        let http = agent(self.opts.request_timeout, 5);
        let mut form = vec![
            ("grant_type", "refresh_token".to_string()),
            ("refresh_token", refresh_token.clone()),
        ];
        if let Some(r) = &entry.resource {
            form.push(("resource", r.clone()));
        }
        let tokens = token_request(&http, &entry.token_endpoint, &entry.client, form, step)?;
        let mut fresh = Entry::new(
            &entry.server,
            &entry.issuer,
            entry.resource.as_deref(),
            &entry.token_endpoint,
            entry.client.clone(),
            tokens,
            now(),
        );
        if fresh.refresh_token.is_none() {
            fresh.refresh_token = entry.refresh_token.clone();
        }
        if let Some(store) = &self.opts.store
            && let Err(e) = store.put_locked(fresh.clone())
        {
            (self.opts.notice)(&format!(
                "note: the refreshed token is kept for this run only: {e}"
            ));
        }
        Ok(fresh)
    }
}

/// What a token endpoint answered.
#[derive(Debug, Clone, Default)]
pub struct Tokens {
    /// `access_token`.
    pub access_token: String,
    /// `refresh_token`.
    pub refresh_token: Option<String>,
    /// `expires_in`, seconds.
    pub expires_in: Option<u64>,
    /// `scope`.
    pub scope: Option<String>,
}

/// POSTs `form` to the token endpoint with the client's authentication.
fn token_request(
    http: &ureq::Agent,
    endpoint: &str,
    client: &Registration,
    mut form: Vec<(&'static str, String)>,
    step: &str,
) -> Result<Tokens, Error> {
    let mut req = http.post(endpoint).header("Accept", "application/json");
    match (client.auth_method.as_str(), &client.client_secret) {
        ("client_secret_basic", Some(secret)) => {
            let enc =
                |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
            let pair = format!("{}:{}", enc(&client.client_id), enc(secret));
            req = req.header(
                "Authorization",
                &format!("Basic {}", data_encoding::BASE64.encode(pair.as_bytes())),
            );
            // Not a second authentication, and some servers (the Python
            // SDK's) look the client up by it before reading the header.
            form.push(("client_id", client.client_id.clone()));
        }
        ("client_secret_post", Some(secret)) => {
            form.push(("client_id", client.client_id.clone()));
            form.push(("client_secret", secret.clone()));
        }
        _ => form.push(("client_id", client.client_id.clone())),
    }
    let resp = req
        .send_form(form.iter().map(|(k, v)| (*k, v.as_str())))
        .map_err(|e| Error::at(step, unreachable(endpoint, &e)))?;
    let (status, v) = read_json(resp);
    if status != 200 {
        return Err(Error::at(
            step,
            format!(
                "the token endpoint {} answered HTTP {status}{}",
                sanitize::line(endpoint),
                said(&v)
            ),
        ));
    }
    let v = v.unwrap_or_default();
    let Some(access_token) = v.get("access_token").and_then(Value::as_str) else {
        return Err(Error::at(
            step,
            format!(
                "the token endpoint {} gave no access_token",
                sanitize::line(endpoint)
            ),
        ));
    };
    let token_type = v
        .get("token_type")
        .and_then(Value::as_str)
        .unwrap_or("Bearer");
    if !token_type.eq_ignore_ascii_case("bearer") {
        return Err(Error::at(
            step,
            format!(
                "the token endpoint {} gave a token of type \"{}\", and only Bearer is supported",
                sanitize::line(endpoint),
                sanitize::line(&bounded(token_type))
            ),
        ));
    }
    if access_token.is_empty()
        || access_token.len() > 16 << 10
        || !access_token.bytes().all(|b| (0x21..0x7f).contains(&b))
    {
        return Err(Error::at(
            step,
            format!(
                "the token endpoint {} gave an access_token that cannot go in a header",
                sanitize::line(endpoint)
            ),
        ));
    }
    Ok(Tokens {
        access_token: access_token.to_string(),
        refresh_token: v
            .get("refresh_token")
            .and_then(Value::as_str)
            .map(str::to_string),
        expires_in: v.get("expires_in").and_then(Value::as_u64),
        scope: v.get("scope").and_then(Value::as_str).map(str::to_string),
    })
}

/// The protected resource metadata as used.
struct Prm {
    resource: String,
    issuer: String,
    scopes: Vec<String>,
}

/// RFC 9728: the challenge's `resource_metadata`, else the path-based
/// well-known URL, else the root one. `None`: the server has none (a
/// 2025-03-26 server).
fn protected_resource(
    http: &ureq::Agent,
    server: &url::Url,
    challenge: &Challenge,
) -> Result<Option<Prm>, Error> {
    let step = "finding the protected resource metadata (RFC 9728)";
    let mut tried = Vec::new();
    if let Some(u) = &challenge.resource_metadata {
        tried.push(u.clone());
    }
    let path = server.path().trim_end_matches('/');
    let origin = origin(server);
    if !path.is_empty() {
        tried.push(format!(
            "{origin}/.well-known/oauth-protected-resource{path}"
        ));
    }
    tried.push(format!("{origin}/.well-known/oauth-protected-resource"));
    let mut found = None;
    for u in &tried {
        if let Ok(resp) = http.get(u).header("Accept", "application/json").call() {
            let (status, v) = read_json(resp);
            if status == 200
                && let Some(v) = v
            {
                found = Some((u.clone(), v));
                break;
            }
        }
    }
    let Some((at, doc)) = found else {
        if challenge.resource_metadata.is_some() {
            return Err(Error::at(
                step,
                format!(
                    "{} (named by the server's WWW-Authenticate) gave no JSON document; the server's authorization is misconfigured",
                    sanitize::line(&tried[0])
                ),
            ));
        }
        return Ok(None);
    };
    let Some(resource) = doc.get("resource").and_then(Value::as_str) else {
        return Err(Error::at(
            step,
            format!("{} has no resource", sanitize::line(&at)),
        ));
    };
    if !resource_matches(resource, server) {
        return Err(Error::at(
            step,
            format!(
                "{} says it is for the resource {}, which is not this server ({}); refusing to authorize, as a token for this server could be sent elsewhere; check the URL",
                sanitize::line(&at),
                sanitize::line(&bounded(resource)),
                sanitize::line(server.as_str())
            ),
        ));
    }
    let Some(issuer) = doc
        .get("authorization_servers")
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(Value::as_str)
    else {
        return Err(Error::at(
            step,
            format!("{} names no authorization_servers", sanitize::line(&at)),
        ));
    };
    if !(issuer.starts_with("https://") || issuer.starts_with("http://")) {
        return Err(Error::at(
            step,
            format!(
                "{} names an authorization server that is not an http(s) URL: {}",
                sanitize::line(&at),
                sanitize::line(&bounded(issuer))
            ),
        ));
    }
    let scopes = doc
        .get("scopes_supported")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    Ok(Some(Prm {
        resource: resource.to_string(),
        issuer: issuer.to_string(),
        scopes,
    }))
}

/// Whether the metadata's `resource` covers `server`: the same origin,
/// and a path that is the server's or a parent of it.
fn resource_matches(resource: &str, server: &url::Url) -> bool {
    let Ok(r) = url::Url::parse(resource) else {
        return false;
    };
    if r.origin() != server.origin() || r.fragment().is_some() {
        return false;
    }
    let rp = r.path().trim_end_matches('/');
    let sp = server.path().trim_end_matches('/');
    sp == rp || sp.starts_with(&format!("{rp}/"))
}

struct Found {
    as_meta: AsMeta,
    s256: bool,
    fallback: bool,
}

/// RFC 8414 and OpenID discovery, in the specification's order; the
/// document's `issuer` must be the one asked for. With `legacy` (no
/// protected resource metadata) and no document, the 2025-03-26 default
/// endpoints at the issuer.
fn as_metadata(http: &ureq::Agent, issuer: &str, legacy: bool) -> Result<Found, Error> {
    let step = "finding the authorization server's metadata (RFC 8414)";
    let u = url::Url::parse(issuer).map_err(|e| {
        Error::at(
            step,
            format!(
                "the authorization server {} is not a URL: {e}",
                sanitize::line(issuer)
            ),
        )
    })?;
    if !secure(&u) {
        return Err(Error::at(
            step,
            format!(
                "the authorization server {} is not an https:// URL (plain http is allowed on loopback only: 127.0.0.1, ::1, localhost), and tokens must not travel in the clear",
                sanitize::line(issuer)
            ),
        ));
    }
    let origin = origin(&u);
    let path = u.path().trim_end_matches('/');
    let tried = if path.is_empty() {
        vec![
            format!("{origin}/.well-known/oauth-authorization-server"),
            format!("{origin}/.well-known/openid-configuration"),
        ]
    } else {
        vec![
            format!("{origin}/.well-known/oauth-authorization-server{path}"),
            format!("{origin}/.well-known/openid-configuration{path}"),
            format!("{origin}{path}/.well-known/openid-configuration"),
        ]
    };
    for at in &tried {
        let Ok(resp) = http.get(at).header("Accept", "application/json").call() else {
            continue;
        };
        let (status, v) = read_json(resp);
        let (200, Some(doc)) = (status, v) else {
            continue;
        };
        let said_issuer = doc.get("issuer").and_then(Value::as_str).unwrap_or("");
        if said_issuer != issuer {
            return Err(Error::at(
                step,
                format!(
                    "{} says its issuer is \"{}\", not \"{}\" as the server named it, so its endpoints cannot be trusted (RFC 8414 section 3.3); refusing to authorize",
                    sanitize::line(at),
                    sanitize::line(&bounded(said_issuer)),
                    sanitize::line(issuer)
                ),
            ));
        }
        let s = |k: &str| doc.get(k).and_then(Value::as_str).map(str::to_string);
        let list = |k: &str| {
            doc.get(k).and_then(Value::as_array).map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
        };
        let (Some(authorization_endpoint), Some(token_endpoint)) =
            (s("authorization_endpoint"), s("token_endpoint"))
        else {
            return Err(Error::at(
                step,
                format!(
                    "{} lacks authorization_endpoint or token_endpoint",
                    sanitize::line(at)
                ),
            ));
        };
        let registration_endpoint = s("registration_endpoint");
        for (name, e) in [
            ("authorization_endpoint", Some(&authorization_endpoint)),
            ("token_endpoint", Some(&token_endpoint)),
            ("registration_endpoint", registration_endpoint.as_ref()),
        ] {
            if let Some(e) = e
                && !url::Url::parse(e).is_ok_and(|u| secure(&u))
            {
                return Err(Error::at(
                    step,
                    format!(
                        "{} gives a {name} that is not an https:// URL (or http:// on loopback): {}; refusing to send anything there",
                        sanitize::line(at),
                        sanitize::line(&bounded(e))
                    ),
                ));
            }
        }
        let s256 =
            list("code_challenge_methods_supported").is_some_and(|m| m.iter().any(|x| x == "S256"));
        return Ok(Found {
            as_meta: AsMeta {
                issuer: issuer.to_string(),
                authorization_endpoint,
                token_endpoint,
                registration_endpoint,
                scopes_supported: list("scopes_supported"),
                auth_methods: list("token_endpoint_auth_methods_supported"),
                cimd: doc.get("client_id_metadata_document_supported") == Some(&Value::Bool(true)),
                iss_supported: doc.get("authorization_response_iss_parameter_supported")
                    == Some(&Value::Bool(true)),
            },
            s256,
            fallback: false,
        });
    }
    if legacy {
        return Ok(Found {
            as_meta: AsMeta {
                issuer: issuer.to_string(),
                authorization_endpoint: format!("{origin}/authorize"),
                token_endpoint: format!("{origin}/token"),
                registration_endpoint: Some(format!("{origin}/register")),
                scopes_supported: None,
                auth_methods: None,
                cimd: false,
                iss_supported: false,
            },
            s256: true,
            fallback: true,
        });
    }
    Err(Error::at(
        step,
        format!(
            "none of {} gave a metadata document; check that {} is an OAuth authorization server",
            tried
                .iter()
                .map(|t| sanitize::line(t).into_owned())
                .collect::<Vec<_>>()
                .join(", "),
            sanitize::line(issuer)
        ),
    ))
}

/// Whether `u` may carry a code or a token: https, or http to this
/// machine.
fn secure(u: &url::Url) -> bool {
    match u.scheme() {
        "https" => true,
        "http" => match u.host() {
            Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
            Some(url::Host::Ipv4(a)) => a.is_loopback(),
            Some(url::Host::Ipv6(a)) => a.is_loopback(),
            None => false,
        },
        _ => false,
    }
}

/// `--authorize-with http`: GETs the authorization URL and follows its
/// redirects (ten at most) until one goes to `back`, the loopback
/// listener, which is then given it. An answer that is not a redirect
/// means the server wants a person; that is the error.
fn follow(http: &ureq::Agent, url: &str, back: &str) -> Result<(), String> {
    let mut at = url.to_string();
    for _ in 0..10 {
        let resp = http
            .get(&at)
            .call()
            .map_err(|e| unreachable(&bounded(&at), &e))?;
        let status = resp.status().as_u16();
        let location = resp
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let _ = resp
            .into_body()
            .as_reader()
            .take(MAX_DOCUMENT)
            .read_to_end(&mut Vec::new());
        let next = match (status, location) {
            (300..=399, Some(l)) => url::Url::parse(&at)
                .and_then(|base| base.join(&l))
                .map_err(|e| {
                    format!("the authorization server redirected to a bad address ({e})")
                })?,
            _ => {
                return Err(format!(
                    "the authorization server answered HTTP {status} instead of sending the browser back: it wants a person to sign in or consent; run without --authorize-with http and open the printed address (or give --open)"
                ));
            }
        };
        if next.as_str().starts_with(back) {
            let _ = http.get(next.as_str()).call();
            return Ok(());
        }
        at = next.to_string();
    }
    Err(
        "the authorization server redirected more than ten times without sending the browser back"
            .into(),
    )
}

/// `scheme://host[:port]`, without a trailing slash.
fn origin(u: &url::Url) -> String {
    u.origin().ascii_serialization()
}

fn agent(timeout: Duration, redirects: u32) -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(timeout))
        .max_redirects(redirects)
        .max_redirects_will_error(false)
        .build()
        .into()
}

/// The status, and the body as JSON when it is (bounded).
fn read_json(resp: ureq::http::Response<ureq::Body>) -> (u16, Option<Value>) {
    let status = resp.status().as_u16();
    let mut bytes = Vec::new();
    let _ = resp
        .into_body()
        .as_reader()
        .take(MAX_DOCUMENT)
        .read_to_end(&mut bytes);
    (
        status,
        serde_json::from_slice::<Value>(&bytes)
            .ok()
            .filter(Value::is_object),
    )
}

/// What an OAuth error response said: `: error (description)`.
fn said(v: &Option<Value>) -> String {
    let Some(v) = v else {
        return String::new();
    };
    let e = v.get("error").and_then(Value::as_str);
    let d = v.get("error_description").and_then(Value::as_str);
    match (e, d) {
        (Some(e), Some(d)) => format!(
            ": {} ({})",
            sanitize::line(&bounded(e)),
            sanitize::line(&bounded(d))
        ),
        (Some(e), None) => format!(": {}", sanitize::line(&bounded(e))),
        _ => String::new(),
    }
}

/// A server's text cut to 200 characters.
fn bounded(s: &str) -> String {
    sanitize::cut(s, 200)
}

fn unreachable(url: &str, e: &ureq::Error) -> String {
    let why = match e {
        ureq::Error::Timeout(_) => "it did not answer in time (--auth-timeout)".to_string(),
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused".to_string()
        }
        ureq::Error::HostNotFound => "no such host".to_string(),
        other => other.to_string(),
    };
    format!("cannot reach {} ({why})", sanitize::line(url))
}

fn split_scopes(s: Option<&str>) -> Vec<String> {
    s.unwrap_or("")
        .split(' ')
        .filter(|x| !x.is_empty())
        .map(str::to_string)
        .collect()
}

fn union(a: &[String], b: &[String]) -> Vec<String> {
    let mut out = a.to_vec();
    for s in b {
        if !out.contains(s) {
            out.push(s.clone());
        }
    }
    out
}

fn sha256(b: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    sha2::Sha256::digest(b).to_vec()
}

/// `n` random bytes, base64url; an error when the system cannot give
/// them (never a guessable verifier or state in their place).
fn random(n: usize) -> Result<String, Error> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| {
        Error::at(
            "making the PKCE verifier and state",
            format!("the system's random-number source failed ({e}); try again"),
        )
    })?;
    Ok(data_encoding::BASE64URL_NOPAD.encode(&buf))
}

/// Seconds since the epoch.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resource_covers_its_own_url_and_those_under_it_only() {
        let s = url::Url::parse("http://localhost:3000/mcp").unwrap();
        assert!(resource_matches("http://localhost:3000/mcp", &s));
        assert!(resource_matches("http://localhost:3000", &s));
        assert!(resource_matches("http://localhost:3000/", &s));
        assert!(!resource_matches("http://localhost:3000/mc", &s));
        assert!(!resource_matches("https://evil.example.com/mcp", &s));
        assert!(!resource_matches("http://localhost:3001/mcp", &s));
    }

    #[test]
    fn the_pkce_challenge_is_rfc_7636s() {
        // RFC 7636 appendix B.
        let v = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        assert_eq!(
            data_encoding::BASE64URL_NOPAD.encode(&sha256(v.as_bytes())),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn codes_and_tokens_go_over_https_or_to_this_machine_only() {
        let ok = |u: &str| secure(&url::Url::parse(u).unwrap());
        assert!(ok("https://as.example.com/oauth"));
        assert!(ok("http://127.0.0.1:8080"));
        assert!(ok("http://localhost:3000/tenant"));
        assert!(ok("http://[::1]:80"));
        assert!(!ok("http://as.example.com"));
        assert!(!ok("http://10.0.0.1"));
        assert!(!ok("file:///etc/passwd"));
        assert!(!ok("javascript:alert(1)"));
    }

    #[test]
    fn a_step_up_asks_for_the_union() {
        let a = split_scopes(Some("mcp:basic"));
        let b = split_scopes(Some(" mcp:write  mcp:basic"));
        assert_eq!(union(&a, &b), ["mcp:basic", "mcp:write"]);
    }
}
