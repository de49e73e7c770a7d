//! The proxy's web form in a real headless Chromium, driven over WebDriver
//! (Debian's chromium-driver) as a person would use it: a TypeScript SDK
//! host without the elicitation capability in front of the TypeScript SDK
//! server's every-shape form, answered in the browser; a validation error,
//! decline, cancel, a wrong and a missing token refused; markup in what a
//! server sends shown as text.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{bin, root};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A WebDriver session on a headless Chromium.
struct Browser {
    driver: Child,
    base: String,
    session: String,
}

impl Browser {
    fn start(chromium: &std::path::Path, chromedriver: &std::path::Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        while ureq::get(&format!("{base}/status")).call().is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut b = Browser {
            driver,
            base,
            session: String::new(),
        };
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
            },
        }}});
        let v = b.call("POST", "/session", Some(caps));
        b.session = v["sessionId"].as_str().unwrap().to_string();
        b
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let resp = match body {
            Some(b) => ureq::http::Request::builder()
                .method(method)
                .uri(&url)
                .header("Content-Type", "application/json")
                .body(b.to_string())
                .map(|r| agent.run(r)),
            None => ureq::http::Request::builder()
                .method(method)
                .uri(&url)
                .body(())
                .map(|r| agent.run(r)),
        }
        .unwrap();
        let mut resp = resp.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let text = resp.body_mut().read_to_string().unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        v["value"].clone()
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    fn go(&self, url: &str) {
        self.call("POST", &self.s("/url"), Some(json!({"url": url})));
    }

    fn source(&self) -> String {
        self.call("GET", &self.s("/source"), None)
            .as_str()
            .unwrap()
            .to_string()
    }

    /// The element `css` selects, waited for while a page loads (a click
    /// that submits a form returns before the next page is there).
    fn find(&self, css: &str) -> String {
        let start = Instant::now();
        loop {
            let v = self.call(
                "POST",
                &self.s("/element"),
                Some(json!({"using": "css selector", "value": css})),
            );
            if let Some(e) = v[ELEMENT].as_str() {
                return e.to_string();
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "no element {css}: {v}\n{}",
                self.source()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the page holds `text`.
    fn shows(&self, text: &str) {
        let start = Instant::now();
        while !self.source().contains(text) {
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "waiting for {text:?}: {}",
                self.source()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn count(&self, css: &str) -> usize {
        self.call(
            "POST",
            &self.s("/elements"),
            Some(json!({"using": "css selector", "value": css})),
        )
        .as_array()
        .map_or(0, Vec::len)
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.s(&format!("/element/{e}/click")),
            Some(json!({})),
        );
    }

    fn clear(&self, css: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.s(&format!("/element/{e}/clear")),
            Some(json!({})),
        );
    }

    fn keys(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.s(&format!("/element/{e}/value")),
            Some(json!({"text": text})),
        );
    }

    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.call("GET", &self.s(&format!("/element/{e}/text")), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn title(&self) -> String {
        self.call("GET", &self.s("/title"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = ureq::delete(&format!("{}/session/{}", self.base, self.session)).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A host running the proxy with `--web` in front of `server`; the form's
/// address as the proxy printed it.
struct Hosted {
    child: Child,
    url: String,
}

impl Hosted {
    fn start(host: &[String], tool: &str, server: &[String]) -> Hosted {
        Hosted::start_with(host, tool, &[], server)
    }

    /// [`Hosted::start`] with more options for the proxy.
    fn start_with(host: &[String], tool: &str, proxy: &[&str], server: &[String]) -> Hosted {
        let mut child = Command::new(&host[0])
            .args(&host[1..])
            .args([tool, "{}", "--", bin(), "proxy", "--web"])
            .args(proxy)
            .arg("--")
            .args(server)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let err = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if let Some(at) = line.find("open http://") {
                    let url = line[at + 5..]
                        .split_whitespace()
                        .next()
                        .unwrap()
                        .to_string();
                    let _ = tx.send(url);
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the proxy prints the form's address");
        Hosted { child, url }
    }

    /// The host's JSON line, once it ends.
    fn result(self) -> Value {
        let o = self.child.wait_with_output().unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{out}");
        serde_json::from_str(out.lines().last().unwrap()).unwrap()
    }

    fn base(&self) -> String {
        self.url.split("/?").next().unwrap().to_string()
    }
}

#[test]
fn web_form_in_headless_chromium_every_shape_validation_decline_cancel_and_tokens() {
    let Some((chromium, chromedriver)) = crate::support::peers::chromium() else {
        return;
    };
    let Some((tools, server)) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs")
    else {
        return;
    };
    let Some((_, host)) =
        crate::support::peers::typescript_sdk_script("tests/clients/host_typescript.mjs")
    else {
        return;
    };
    let node = tools.program("node").to_string_lossy().into_owned();
    let host = vec![
        node.clone(),
        host.to_string_lossy().into_owned(),
        "none".into(),
    ];
    let server = vec![node, server.to_string_lossy().into_owned(), "stdio".into()];
    let b = Browser::start(&chromium, &chromedriver);

    let run = Hosted::start(&host, "register", &server);
    // No token, and a wrong one: refused.
    b.go(&format!("{}/", run.base()));
    b.shows("needs the address with its token");
    b.go(&format!(
        "{}/?token=00000000000000000000000000000000",
        run.base()
    ));
    b.shows("This link is not valid");
    // The printed address: the form, the server named.
    b.go(&run.url);
    b.find("form");
    assert_eq!(b.title(), "Answer - mcp-elicit");
    // The cookie is kept to the page's random path, away from other ports'
    // pages on 127.0.0.1.
    let path = format!("/{}/", run.base().rsplit('/').next().unwrap());
    assert_eq!(path.len(), 34, "{}", run.url);
    let cookies = b.call("GET", &b.s("/cookie"), None);
    assert_eq!(cookies.as_array().map(Vec::len), Some(1), "{cookies}");
    assert_eq!(cookies[0]["path"], path, "{cookies}");
    assert_eq!(cookies[0]["httpOnly"], true, "{cookies}");
    // Without --host-timeout nothing is said of time.
    assert_eq!(b.count(".deadline"), 0);
    assert!(
        b.text(".who").contains("accounts-typescript asks"),
        "{}",
        b.source()
    );
    // The token was used: a second visit with it is refused; the page
    // itself stays open to this browser.
    b.go(&run.url);
    b.shows("This link is not valid");
    b.go(&format!("{}/", run.base()));
    // Every shape, typed and picked as a person does.
    b.keys("#f0", "ada");
    b.keys("#f1", "ada@example.com");
    b.keys("#f3", "36");
    b.clear("#f4");
    b.keys("#f4", "1.62");
    b.click("#f5 option[value=true]");
    b.click("#f6 option[value=pro]");
    b.click("#f7 option[value=designer]");
    b.click("#f8 option[value=l]");
    assert_eq!(b.text("#f8 option[value=l]"), "Large");
    for j in 0..3 {
        b.click(&format!("#f9-{j}"));
    }
    b.click("#f10-1");
    // Three interests where at most two may be: the server-side check.
    // The page says it is local, and its main button stands out.
    assert!(
        b.text(".local")
            .contains("nothing goes back to the server until you send"),
        "{}",
        b.source()
    );
    assert_eq!(b.count("#accept.primary"), 1);
    b.click("#accept");
    let errors = b.text("#errors");
    assert!(errors.contains("Interests"), "{errors}");
    // The reason is at the field too, which is marked invalid.
    assert!(!b.text("#f9-e").is_empty(), "{}", b.source());
    assert_eq!(b.count("#f9[aria-invalid=true]"), 1, "{}", b.source());
    assert_eq!(b.count("[aria-invalid]"), 1, "{}", b.source());
    // What was typed is kept; one box unticked, then the review.
    b.click("#f9-2");
    b.click("#accept");
    // The review reads as the form did: labels and the options' words.
    let list = b.text("#review-list");
    for words in [
        "Username",
        "ada",
        "Role",
        "Designer",
        "T-shirt",
        "Large",
        "Languages",
        "Rust",
        "Newsletter",
        "Yes",
        "Birthday",
        "(left empty)",
    ] {
        assert!(list.contains(words), "{words}: {list}");
    }
    assert_eq!(b.count("#send.primary"), 1);
    let review = b.text("#review");
    assert!(
        review.contains("\"interests\": [\n    \"frontend\",\n    \"backend\"\n  ]"),
        "{review}"
    );
    // Sent from the keyboard: Enter on the focused Send button.
    b.keys("#send", "\u{E007}");
    b.shows("Sent. You may close this page");
    let v = run.result();
    assert_eq!(
        v["text"],
        r#"{"action":"accept","content":{"username":"ada","email":"ada@example.com","age":36,"height":1.62,"newsletter":true,"plan":"pro","role":"designer","size":"l","interests":["frontend","backend"],"languages":["ts","rs"]}}"#
    );

    // URL mode: the address shown as text with its site, opened by the
    // person or not at all.
    let run = Hosted::start(&host, "connect_account", &server);
    b.go(&run.url);
    b.shows("accounts.example.com");
    assert_eq!(
        b.count("a[href*='example.com']"),
        0,
        "no link to the server's page"
    );
    b.click("#accept");
    b.shows("Accepted. You may close this page");
    assert_eq!(run.result()["text"], "accept");

    // With --host-timeout the page says how much of it is left.
    for action in ["decline", "cancel"] {
        let run = Hosted::start_with(&host, "register", &["--host-timeout", "60"], &server);
        b.go(&run.url);
        let said = b.text(".deadline");
        let left: u64 = said
            .strip_prefix("About ")
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        assert!((30..=60).contains(&left), "{said}");
        assert!(
            said.ends_with("s left before the host gives up on this call (its time-out is 60 s, unless progress makes it wait longer)."),
            "{said}"
        );
        b.click(&format!("#{action}"));
        b.shows("You may close this page");
        assert_eq!(run.result()["text"], format!(r#"{{"action":"{action}"}}"#));
    }
}

#[test]
fn web_form_shows_markup_from_a_server_as_text() {
    let Some((chromium, chromedriver)) = crate::support::peers::chromium() else {
        return;
    };
    let Some((tools, host)) =
        crate::support::peers::typescript_sdk_script("tests/clients/host_typescript.mjs")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let request = dir.path().join("hostile.json");
    std::fs::write(
        &request,
        json!({
            "mode": "form",
            "message": "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">Hello",
            "requestedSchema": {"type": "object", "properties": {
                "name": {"type": "string", "title": "<b>Name</b>\"><script>document.title='pwned'</script>"},
                "pick": {"type": "string", "title": "Pick", "oneOf": [{"const": "a\"><script>x</script>", "title": "<i>A</i>"}]}
            }, "required": ["name"]},
        })
        .to_string(),
    )
    .unwrap();
    let node = tools.program("node").to_string_lossy().into_owned();
    let host = vec![node, host.to_string_lossy().into_owned(), "none".into()];
    let server = vec![
        bin().to_string(),
        "serve".into(),
        request.to_string_lossy().into_owned(),
    ];
    let b = Browser::start(&chromium, &chromedriver);
    let run = Hosted::start(&host, "hostile", &server);
    b.go(&run.url);
    b.find("#f0");
    assert_eq!(b.title(), "Answer - mcp-elicit");
    assert_eq!(b.count("script"), 0);
    assert_eq!(b.count("img"), 0);
    assert_eq!(b.count("b"), 0);
    assert!(
        b.text(".message")
            .contains("<script>document.title='pwned'</script>")
    );
    assert!(b.text("label[for=f0]").contains("<b>Name</b>"));
    b.keys("#f0", "Ada");
    b.click("#f1 option:nth-child(2)");
    b.click("#accept");
    b.click("#send");
    let v = run.result();
    assert!(v["text"].as_str().unwrap().contains("accept"), "{v}");
}

/// The proxy with `--web` (and `proxy` options) in front of `mcp-elicit
/// serve ask_age.json`, its host this test writing JSON-RPC lines, with
/// `path_first` before the rest of `PATH`: no peer needed.
struct RawWeb {
    child: Child,
    out: BufReader<std::process::ChildStdout>,
    url: String,
}

impl RawWeb {
    fn start(proxy: &[&str], path_first: Option<&std::path::Path>) -> RawWeb {
        let mut cmd = Command::new(bin());
        cmd.args(["proxy", "--web"])
            .args(proxy)
            .args(["--", bin(), "serve", "tests/fixtures/serve/ask_age.json"])
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(first) = path_first {
            let rest = std::env::var_os("PATH").unwrap_or_default();
            let all = std::iter::once(first.to_path_buf()).chain(std::env::split_paths(&rest));
            cmd.env("PATH", std::env::join_paths(all).unwrap());
        }
        let mut child = cmd.spawn().unwrap();
        let err = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if let Some(at) = line.find("open http://") {
                    let url = line[at + 5..].split_whitespace().next().unwrap();
                    let _ = tx.send(url.to_string());
                }
            }
        });
        let out = BufReader::new(child.stdout.take().unwrap());
        let mut w = RawWeb {
            child,
            out,
            url: String::new(),
        };
        w.send(
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}}}),
        );
        w.recv(1);
        w.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        w.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}}));
        w.url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the proxy prints the form's address");
        w
    }

    fn send(&mut self, msg: Value) {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{msg}").unwrap();
        stdin.flush().unwrap();
    }

    /// The response to request `id` (notifications on the way skipped).
    fn recv(&mut self, id: u64) -> Value {
        loop {
            let mut line = String::new();
            assert!(
                self.out.read_line(&mut line).unwrap() > 0,
                "the proxy ended"
            );
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["id"] == id {
                return v;
            }
        }
    }

    /// `host:port` of the form.
    fn authority(&self) -> &str {
        self.url["http://".len()..].split('/').next().unwrap()
    }
}

impl Drop for RawWeb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One raw HTTP/1.1 exchange: status, headers, body.
fn http(
    authority: &str,
    method: &str,
    target: &str,
    cookie: Option<&str>,
    body: &str,
) -> (u16, Vec<(String, String)>, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(authority).unwrap();
    // Read to the end: the connection is not kept for another request.
    let mut head =
        format!("{method} {target} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n");
    if let Some(c) = cookie {
        head.push_str(&format!("Cookie: {c}\r\n"));
    }
    if method == "POST" {
        head.push_str(&format!(
            "Origin: http://{authority}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut all = String::new();
    s.read_to_string(&mut all).unwrap();
    let (head, body) = all.split_once("\r\n\r\n").unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    (status, headers, body.to_string())
}

fn header<'h>(headers: &'h [(String, String)], name: &str) -> &'h str {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name}: {headers:?}"))
}

/// The value of hidden input `name` in a page.
fn hidden<'p>(page: &'p str, name: &str) -> &'p str {
    let at = page
        .find(&format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} in {page}"));
    let rest = &page[at + name.len() + 15..];
    &rest[..rest.find('"').unwrap()]
}

#[test]
#[cfg(unix)]
fn web_form_open_gives_the_opener_a_private_page_never_the_token() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin_dir = dir.path().join("bin");
    std::fs::create_dir(&bin_dir).unwrap();
    let seen = dir.path().join("seen");
    std::fs::create_dir(&seen).unwrap();
    // Records what it was given, as a watcher of /proc/PID/cmdline could.
    let opener = bin_dir.join("xdg-open");
    std::fs::write(
        &opener,
        format!(
            "#!/bin/sh\nd='{}'\ncat \"$1\" > \"$d/page.html\"\nstat -c %a \"$1\" > \"$d/mode\"\nstat -c %a \"$(dirname \"$1\")\" > \"$d/dir_mode\"\nprintf '%s\\n' \"$@\" > \"$d/argv.part\"\nmv \"$d/argv.part\" \"$d/argv\"\n",
            seen.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();

    let w = RawWeb::start(&["--open"], Some(&bin_dir));
    let start = Instant::now();
    while !seen.join("argv").exists() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the opener was not run"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let token = w.url.split("token=").nth(1).unwrap().to_string();
    let argv = std::fs::read_to_string(seen.join("argv")).unwrap();
    assert!(!argv.contains(&token), "the token in argv: {argv}");
    let given = std::path::PathBuf::from(argv.trim_end());
    assert_eq!(argv.lines().count(), 1, "{argv}");
    assert!(given.is_absolute(), "{argv}");
    let page = std::fs::read_to_string(seen.join("page.html")).unwrap();
    let escaped = w.url.replace('&', "&amp;");
    assert!(
        page.contains(&format!(
            "<meta http-equiv=\"refresh\" content=\"0;url={escaped}\">"
        )),
        "{page}"
    );
    assert_eq!(
        std::fs::read_to_string(seen.join("mode")).unwrap().trim(),
        "600"
    );
    assert_eq!(
        std::fs::read_to_string(seen.join("dir_mode"))
            .unwrap()
            .trim(),
        "700"
    );

    // Spending the token removes the page and its directory: in Chromium,
    // when it is there, by following a copy of the page to the form.
    if let Some((chromium, chromedriver)) = crate::support::peers::chromium() {
        let b = Browser::start(&chromium, &chromedriver);
        b.go(&format!("file://{}", seen.join("page.html").display()));
        b.find("#f0");
        assert_eq!(b.title(), "Answer - mcp-elicit");
    } else {
        let target = &w.url[w.url.find(w.authority()).unwrap() + w.authority().len()..];
        let (status, _, _) = http(w.authority(), "GET", target, None, "");
        assert_eq!(status, 200);
    }
    assert!(!given.exists() && !given.parent().unwrap().exists());
}

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
