//! The client library against this crate's example server
//! (examples/booking_server.rs) over stdio and Streamable HTTP. Against a
//! server on the official MCP Python SDK: the peers tier
//! (tests/peers/client.rs).

use mcp_elicit::mcp::client::{Client, ClientOptions};
use mcp_elicit::mcp::transport::{Http, Stdio as StdioTransport, Transport};
use mcp_elicit::spec::Revision;
use serde_json::json;

use crate::support::client::{Scripted, call, text};

#[test]
fn the_example_server_in_every_revision_and_transport() {
    let details = json!({"action": "accept", "content": {"name": "Ada", "email": "ada@example.com", "date": "2026-12-24", "guests": 4, "seating": "terrace"}});
    let yes = json!({"action": "accept", "content": {"confirm": true}});
    let http = crate::support::HttpServer::start(&[]);
    for spec in [
        Some(Revision::V2025_06_18),
        Some(Revision::V2025_11_25),
        None,
    ] {
        for over_http in [false, true] {
            let t: Box<dyn Transport> = if over_http {
                Box::new(Http::new(&http.url).unwrap())
            } else {
                Box::new(
                    StdioTransport::spawn(&[example_server().to_string_lossy().into_owned()])
                        .unwrap(),
                )
            };
            let (mut client, resp, r) = call(
                t,
                spec,
                "book_and_confirm",
                vec![details.clone(), yes.clone()],
            );
            let want = spec.unwrap_or(Revision::V2026_07_28);
            assert_eq!(client.revision(), want, "http={over_http}");
            assert_eq!(
                text(&resp),
                r#"book_and_confirm: accept {"name":"Ada","email":"ada@example.com","date":"2026-12-24","guests":4,"seating":"terrace"} then accept {"confirm":true}"#,
                "{want} http={over_http}"
            );
            assert_eq!(r.asked.len(), 2);
            assert_eq!(r.asked[0].1.as_deref(), Some("booking-example"));
            let notices = client.take_notices();
            assert!(
                notices.is_empty(),
                "every form is valid for its revision: {notices:?}"
            );
            // The shapes follow the revision.
            let props = &r.asked[0].0["requestedSchema"]["properties"];
            assert_eq!(props.get("diet").is_some(), want != Revision::V2025_06_18);
            assert_eq!(
                props["seating"].get("oneOf").is_some(),
                want != Revision::V2025_06_18
            );
            client.close();
        }
    }
}

#[test]
fn url_mode_is_declared_and_answered_without_content() {
    let http = crate::support::HttpServer::start(&[]);
    for spec in [Some(Revision::V2025_11_25), None] {
        let t = Box::new(Http::new(&http.url).unwrap());
        let (client, resp, r) = call(
            t,
            spec,
            "connect_payment",
            vec![json!({"action": "accept"})],
        );
        assert_eq!(text(&resp), "connect_payment: accept");
        assert_eq!(r.asked[0].0["mode"], "url");
        client.close();
    }
    // Without URL mode declared, the server does not ask in it.
    let t = Box::new(
        StdioTransport::spawn(&[example_server().to_string_lossy().into_owned()]).unwrap(),
    );
    let opts = ClientOptions {
        spec: Some(Revision::V2025_11_25),
        url_mode: false,
        ..ClientOptions::default()
    };
    let mut client = Client::connect(t, opts, None).unwrap();
    let mut r = Scripted::new(vec![]);
    let resp = client
        .request(
            "tools/call",
            json!({"name": "connect_payment", "arguments": {}}),
            &mut r,
        )
        .unwrap();
    assert_eq!(text(&resp), "the client did not declare URL mode");
    client.close();
}

/// The example server of this crate (examples/booking_server.rs), built by
/// `cargo test` beside the binary.
fn example_server() -> std::path::PathBuf {
    let bin = std::path::Path::new(crate::support::bin());
    bin.parent()
        .unwrap()
        .join("examples")
        .join("booking_server")
}
