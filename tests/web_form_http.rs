//! The proxy's web form over raw HTTP, no browser: the cookie is kept to a
//! random path and alone answers nothing, and half-sent connections do not
//! hold up the person's page. The form in a real Chromium is in
//! the peers tier (tests/peers/web_form.rs).

use crate::support::web::{RawWeb, header, hidden, http};

#[test]
fn web_form_cookie_is_kept_to_a_random_path_and_alone_answers_nothing() {
    let mut w = RawWeb::start(&[], None);
    let authority = w.authority().to_string();
    let target = w.url[w.url.find(&authority).unwrap() + authority.len()..].to_string();
    // The page lives under a random path, as does the cookie.
    let secret = target
        .strip_prefix('/')
        .and_then(|t| t.split_once("/?token="))
        .map(|(s, _)| s.to_string())
        .unwrap_or_else(|| panic!("no random path in {target}"));
    assert!(
        secret.len() == 32 && secret.bytes().all(|b| b.is_ascii_hexdigit()),
        "{target}"
    );
    let (status, headers, body) = http(&authority, "GET", &target, None, "");
    assert_eq!(status, 200);
    assert!(
        body.contains(&format!(
            "<meta http-equiv=\"refresh\" content=\"0;url=/{secret}/\">"
        )),
        "{body}"
    );
    let set = header(&headers, "set-cookie");
    assert!(
        set.ends_with(&format!("; HttpOnly; SameSite=Strict; Path=/{secret}/")),
        "{set}"
    );
    let cookie = set.split(';').next().unwrap().to_string();
    // Outside the path nothing is served, cookie or not.
    let (status, _, body) = http(&authority, "GET", "/", Some(&cookie), "");
    assert_eq!(status, 404, "{body}");
    let (status, _, body) = http(
        &authority,
        "POST",
        "/answer",
        Some(&cookie),
        "form=1&action=decline",
    );
    assert_eq!(status, 404, "{body}");
    // The form, with its page secret.
    let (status, _, page) = http(&authority, "GET", &format!("/{secret}/"), Some(&cookie), "");
    assert_eq!(status, 200, "{page}");
    let form = hidden(&page, "form").to_string();
    let page_secret = hidden(&page, "page").to_string();
    assert_eq!(page_secret.len(), 32, "{page}");
    assert!(page.contains("action=\"answer\""), "{page}");
    // The cookie without the page's secret, or with a wrong one: refused,
    // and the question still waits.
    let answer = format!("/{secret}/answer");
    let wrong = format!(
        "{}{}",
        &page_secret[..31],
        if page_secret.ends_with('0') { '1' } else { '0' }
    );
    for body in [
        format!("form={form}&action=decline"),
        format!("form={form}&page=&action=decline"),
        format!("form={form}&page={wrong}&action=decline"),
    ] {
        let (status, _, reply) = http(&authority, "POST", &answer, Some(&cookie), &body);
        assert_eq!(status, 403, "{body}: {reply}");
        assert!(reply.contains("did not come from the page"), "{reply}");
    }
    let (status, _, page) = http(&authority, "GET", &format!("/{secret}/"), Some(&cookie), "");
    assert_eq!(status, 200);
    assert!(page.contains("How old are you?"), "{page}");
    // With it, the answer goes through.
    let (status, _, reply) = http(
        &authority,
        "POST",
        &answer,
        Some(&cookie),
        &format!("form={form}&page={page_secret}&action=decline"),
    );
    assert_eq!(status, 200, "{reply}");
    assert!(reply.contains("Declined"), "{reply}");
    let done = w.recv(2);
    let text = done["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("decline"), "{done}");
}

#[test]
fn web_form_answers_the_person_while_other_connections_sit_half_sent() {
    use std::io::Write;
    let w = RawWeb::start(&[], None);
    let authority = w.authority().to_string();
    let target = w.url[w.url.find(&authority).unwrap() + authority.len()..].to_string();
    // Connections that send part of a request and then nothing: each costs
    // the form a buffer, never a thread or the person's turn.
    let held: Vec<std::net::TcpStream> = (0..48)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&authority).unwrap();
            s.write_all(b"GET / HTTP/1.1\r\nHost: ").unwrap();
            s
        })
        .collect();
    let (status, headers, _) = http(&authority, "GET", &target, None, "");
    assert_eq!(status, 200);
    assert!(header(&headers, "set-cookie").contains("HttpOnly"));
    drop(held);
}
