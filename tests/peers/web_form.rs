//! The proxy's web form in a real headless Chromium, driven over WebDriver
//! (Debian's chromium-driver) as a person would use it: a TypeScript SDK
//! host without the elicitation capability in front of the TypeScript SDK
//! server's every-shape form, answered in the browser; a validation error,
//! decline, cancel, a wrong and a missing token refused; markup in what a
//! server sends shown as text; the page `--open` gives the opener followed
//! to the form. The form over raw HTTP, with no browser, is in the fast
//! tier (tests/web_form_http.rs).

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::web::RawWeb;
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
#[ignore = "peer: needs Node 22 and the MCP TypeScript SDK, Chromium and chromedriver (cargo test --test peers -- --ignored)"]
fn web_form_in_headless_chromium_every_shape_validation_decline_cancel_and_tokens() {
    let (chromium, chromedriver) = crate::support::peers::chromium();
    let (tools, server) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs");
    let (_, host) =
        crate::support::peers::typescript_sdk_script("tests/clients/host_typescript.mjs");
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
#[ignore = "peer: needs Node 22 and the MCP TypeScript SDK, Chromium and chromedriver (cargo test --test peers -- --ignored)"]
fn web_form_shows_markup_from_a_server_as_text() {
    let (chromium, chromedriver) = crate::support::peers::chromium();
    let (tools, host) =
        crate::support::peers::typescript_sdk_script("tests/clients/host_typescript.mjs");
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

#[test]
#[ignore = "peer: needs Chromium and chromedriver (cargo test --test peers -- --ignored)"]
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
    // by following a copy of the page to the form.
    let (chromium, chromedriver) = crate::support::peers::chromium();
    let b = Browser::start(&chromium, &chromedriver);
    b.go(&format!("file://{}", seen.join("page.html").display()));
    b.find("#f0");
    assert_eq!(b.title(), "Answer - mcp-elicit");
    assert!(!given.exists() && !given.parent().unwrap().exists());
}
