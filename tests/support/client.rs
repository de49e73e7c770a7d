//! The client library driven by a test: a responder that answers with
//! prepared results and remembers what it was asked.

use std::time::Duration;

use mcp_elicit::form::respond::{Request, Responder};
use mcp_elicit::mcp::client::{Client, ClientOptions};
use mcp_elicit::mcp::transport::Transport;
use mcp_elicit::spec::Revision;
use serde_json::{Value, json};

/// Answers with prepared results and remembers what it was asked.
pub struct Scripted {
    pub answers: Vec<Value>,
    pub asked: Vec<(Value, Option<String>, Revision, Option<String>)>,
}

impl Scripted {
    pub fn new(answers: Vec<Value>) -> Self {
        Scripted {
            answers,
            asked: Vec::new(),
        }
    }
}

impl Responder for Scripted {
    fn respond(&mut self, r: &Request<'_>) -> Result<Value, mcp_elicit::form::respond::Error> {
        self.asked.push((
            r.params.clone(),
            r.server.map(str::to_string),
            r.revision,
            r.key.map(str::to_string),
        ));
        Ok(self.answers.remove(0))
    }
}

pub fn call(
    t: Box<dyn Transport>,
    spec: Option<Revision>,
    tool: &str,
    answers: Vec<Value>,
) -> (Client, Value, Scripted) {
    let opts = ClientOptions {
        spec,
        server_timeout: Duration::from_secs(60),
        ..ClientOptions::default()
    };
    let mut client = Client::connect(t, opts, None).unwrap();
    let mut r = Scripted::new(answers);
    let resp = client
        .request("tools/call", json!({"name": tool, "arguments": {}}), &mut r)
        .unwrap();
    (client, resp, r)
}

pub fn text(resp: &Value) -> &str {
    resp["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{resp}"))
}
