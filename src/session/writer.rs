//! The crash-safe session writer.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

use serde_json::{Value, json};

use super::{Direction, FORMAT_VERSION, HEADER_KEY, REDACTED};
use crate::spec::Revision;

/// How the server of a session was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Peer {
    /// A command spawned and spoken to over stdio.
    Stdio { command: Vec<String> },
    /// A Streamable HTTP endpoint.
    Http { url: String },
    /// No live server: requests read from a file (or `-` for stdin), as
    /// `answer --record` does.
    File { path: String },
}

impl Peer {
    fn to_json(&self) -> Value {
        match self {
            Peer::Stdio { command } => json!({"transport": "stdio", "command": command}),
            Peer::Http { url } => json!({"transport": "http", "url": url}),
            Peer::File { path } => json!({"transport": "file", "path": path}),
        }
    }
}

/// Appends a session to a file, one line per message.
///
/// Each line goes to the operating system in one write as it happens, and
/// [`Writer::exchange_done`] syncs it to disk, so a crash of either peer or
/// of this process loses at most the exchange in flight; a line torn by a
/// crash is reported and skipped by every reader.
#[derive(Debug)]
pub struct Writer {
    file: File,
    path: PathBuf,
    start: Instant,
    redact: Vec<String>,
}

impl Writer {
    /// Opens `path` for appending (creating it) and writes a header line.
    /// A file may hold several runs, each starting with its own header.
    pub fn open(
        path: &Path,
        spec: Revision,
        server: &Peer,
        redact: &[String],
    ) -> io::Result<Writer> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)?;
        // A run that died mid-line left a torn line: start on a fresh one.
        let len = file.metadata()?.len();
        if len > 0 {
            let mut last = [0u8; 1];
            file.seek(SeekFrom::Start(len - 1))?;
            file.read_exact(&mut last)?;
            if last[0] != b'\n' {
                file.write_all(b"\n")?;
            }
        }
        let mut header = serde_json::Map::new();
        header.insert(HEADER_KEY.into(), json!(FORMAT_VERSION));
        header.insert(
            "tool".into(),
            json!(concat!("mcp-elicit ", env!("CARGO_PKG_VERSION"))),
        );
        header.insert("spec".into(), json!(spec.as_str()));
        header.insert("server".into(), server.to_json());
        header.insert(
            "started".into(),
            json!(humantime::format_rfc3339_millis(SystemTime::now()).to_string()),
        );
        if !redact.is_empty() {
            header.insert("redacted".into(), json!(redact));
        }
        let mut writer = Writer {
            file,
            path: path.to_path_buf(),
            start: Instant::now(),
            redact: redact.to_vec(),
        };
        writer.write_line(&Value::Object(header).to_string())?;
        writer.exchange_done()?;
        Ok(writer)
    }

    /// The file written to.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Records a message as it was sent. `raw` is kept byte for byte when it
    /// is one line of JSON and nothing in it is redacted; otherwise it is
    /// written compactly with its key order kept.
    pub fn message(&mut self, from: Direction, raw: &str) -> io::Result<()> {
        let raw = raw.trim();
        let multi_line = raw.contains(['\n', '\r']);
        let needs_redact = !self.redact.is_empty() && raw.contains("\"content\"");
        let msg = if multi_line || needs_redact {
            let mut v = parse(raw)?;
            let changed = needs_redact && redact(&mut v, &self.redact);
            if multi_line || changed {
                v.to_string()
            } else {
                raw.to_string()
            }
        } else {
            serde_json::from_str::<serde::de::IgnoredAny>(raw).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("a message to record is not JSON: {e}"),
                )
            })?;
            raw.to_string()
        };
        let t = self.start.elapsed().as_millis();
        self.write_line(&format!(
            "{{\"t\":{t},\"from\":\"{}\",\"msg\":{msg}}}",
            from.sender()
        ))
    }

    /// Marks the end of an exchange (an answer sent, a result received):
    /// everything written so far is synced to disk.
    pub fn exchange_done(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }

    fn write_line(&mut self, line: &str) -> io::Result<()> {
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        self.file.write_all(&buf)?;
        self.file.flush()
    }
}

fn parse(raw: &str) -> io::Result<Value> {
    serde_json::from_str(raw).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a message to record is not JSON: {e}"),
        )
    })
}

/// Replaces the answered values of `names` in an accepted answer (a result
/// with `action` and `content`) or in a retry's `inputResponses`. Returns
/// whether anything changed.
fn redact(msg: &mut Value, names: &[String]) -> bool {
    let mut changed = false;
    let mut answer = |r: &mut Value| {
        if let Some(content) = r.get_mut("content").and_then(Value::as_object_mut) {
            for n in names {
                if let Some(v) = content.get_mut(n.as_str()) {
                    *v = json!(REDACTED);
                    changed = true;
                }
            }
        }
    };
    if let Some(result) = msg.get_mut("result")
        && result.get("action").is_some()
    {
        answer(result);
    }
    if let Some(responses) = msg
        .get_mut("params")
        .and_then(|p| p.get_mut("inputResponses"))
        .and_then(Value::as_object_mut)
    {
        for r in responses.values_mut() {
            if r.get("action").is_some() {
                answer(r);
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redaction_touches_only_named_answers() {
        let mut v: Value = serde_json::from_str(
            r#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"password":"hunter2","name":"Ada"}}}"#,
        )
        .unwrap();
        assert!(redact(&mut v, &["password".into()]));
        assert_eq!(
            v.to_string(),
            r#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"password":"[redacted]","name":"Ada"}}}"#
        );
        let mut retry: Value = serde_json::from_str(
            r#"{"method":"tools/call","params":{"inputResponses":{"a":{"action":"accept","content":{"pin":1234}}}}}"#,
        )
        .unwrap();
        assert!(redact(&mut retry, &["pin".into()]));
        assert!(retry.to_string().contains(r#""pin":"[redacted]""#));
        let mut other: Value = serde_json::from_str(r#"{"params":{"content":{"pin":1}}}"#).unwrap();
        assert!(!redact(&mut other, &["pin".into()]));
    }
}
