//! A server as a child process: one JSON-RPC message per line on its
//! stdin and stdout, its stderr lines handed to a sink the caller gives.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio as PipeStdio};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use super::{Error, Event, MAX_MESSAGE, Transport, recv_from};
use crate::lines::{LineRead, read_line_bounded};
use crate::sanitize;
use crate::session::Peer;

/// What each line a stdio server writes to its stderr is shown after, once
/// sanitised.
pub const STDERR_PREFIX: &str = "[server] ";

/// The longest stderr line of a stdio server that is shown.
const MAX_STDERR_LINE: usize = 64 << 10;

/// Where a stdio server's stderr lines go, each sanitised and prefixed
/// with [`STDERR_PREFIX`]. The library never prints: the caller that
/// spawns the server says where its lines go (the command shows them,
/// holding them while a form is open), so two servers of one process keep
/// theirs apart.
pub type StderrSink = Arc<dyn Fn(String) + Send + Sync>;

/// Reads newline-delimited messages from `reader` into `tx` until it ends.
fn pump_lines<R: Read>(reader: R, tx: &Sender<Event>) -> std::io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    let mut buf = Vec::new();
    loop {
        match read_line_bounded(&mut reader, &mut buf, MAX_MESSAGE)? {
            LineRead::Eof => return Ok(()),
            LineRead::TooLong(n) => {
                let _ = tx.send(Event::Garbage(format!(
                    "a message of {n} bytes, more than the {} MiB limit",
                    MAX_MESSAGE >> 20
                )));
            }
            LineRead::Line => {
                let line = buf.trim_ascii();
                if line.is_empty() {
                    continue;
                }
                let ev = match std::str::from_utf8(line) {
                    Ok(t) => Event::Message(t.to_string()),
                    Err(_) => Event::Garbage("a line that is not UTF-8".into()),
                };
                if tx.send(ev).is_err() {
                    return Ok(());
                }
            }
        }
    }
}

/// A server spawned as a child process, spoken to over stdin/stdout with
/// one JSON-RPC message per line. Its stderr is passed through, prefixed.
pub struct Stdio {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    command: Vec<String>,
    /// Disconnected once the server's stderr has been passed through.
    stderr_done: Receiver<()>,
}

impl Stdio {
    /// Spawns `command` (program and arguments); its stderr lines are
    /// read and dropped.
    pub fn spawn(command: &[String]) -> Result<Stdio, Error> {
        Stdio::spawn_with_stderr(command, Arc::new(|_| {}))
    }

    /// Spawns `command` (program and arguments), handing each line it
    /// writes to its stderr to `stderr`.
    pub fn spawn_with_stderr(command: &[String], stderr_sink: StderrSink) -> Result<Stdio, Error> {
        let Some((program, args)) = command.split_first() else {
            return Err(Error::NoCommand);
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(PipeStdio::piped())
            .stdout(PipeStdio::piped())
            .stderr(PipeStdio::piped())
            .spawn()
            .map_err(|reason| Error::Spawn {
                command: command.to_vec(),
                reason,
            })?;
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take().expect("piped stdout");
        let out_tx = tx.clone();
        std::thread::spawn(move || {
            let why = match pump_lines(stdout, &out_tx) {
                Ok(()) => "the server closed its output, so the connection ended".to_string(),
                Err(e) => format!("reading from the server failed: {e}"),
            };
            let _ = out_tx.send(Event::Closed(why));
        });
        let stderr = child.stderr.take().expect("piped stderr");
        let (stderr_tx, stderr_done) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            // Dropped when the stream ends: `close` waits for that.
            let _done = stderr_tx;
            let mut reader = BufReader::new(stderr);
            let mut buf = Vec::new();
            loop {
                let text = match read_line_bounded(&mut reader, &mut buf, MAX_STDERR_LINE) {
                    Ok(LineRead::Line) => String::from_utf8_lossy(&buf).into_owned(),
                    Ok(LineRead::TooLong(n)) => format!("(a line of {n} bytes, not shown)"),
                    Ok(LineRead::Eof) | Err(_) => return,
                };
                stderr_sink(format!(
                    "{STDERR_PREFIX}{}",
                    sanitize::line(text.trim_end())
                ));
            }
        });
        Ok(Stdio {
            stdin: child.stdin.take(),
            child,
            rx,
            command: command.to_vec(),
            stderr_done,
        })
    }

    /// The server's exit status, when it has exited (or does within a moment).
    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    fn exit_note(&mut self) -> String {
        self.exited()
            .map(|status| format!(" (it exited: {status})"))
            .unwrap_or_default()
    }
}

impl Transport for Stdio {
    fn send(&mut self, raw: &str) -> Result<(), Error> {
        let stdin = self.stdin.as_mut().ok_or(Error::Closed)?;
        let mut line = Vec::with_capacity(raw.len() + 1);
        line.extend_from_slice(raw.as_bytes());
        line.push(b'\n');
        stdin
            .write_all(&line)
            .and_then(|()| stdin.flush())
            .map_err(|reason| match self.exited() {
                Some(status) => Error::Exited {
                    command: self.command.clone(),
                    status,
                },
                None => Error::NotReading { reason },
            })
    }

    fn recv(&mut self, timeout: Duration) -> Option<Event> {
        match recv_from(&self.rx, timeout)? {
            Event::Closed(why) => Some(Event::Closed(format!("{why}{}", self.exit_note()))),
            e => Some(e),
        }
    }

    fn close(&mut self) {
        // Closing stdin asks the server to exit; it gets a moment, then is
        // killed. Once closed there is nothing left to do (`Drop` calls this
        // after `Client::close` has).
        let Some(stdin) = self.stdin.take() else {
            return;
        };
        drop(stdin);
        // Most servers exit within a millisecond or two: look often at
        // first, then less (half a second in all).
        let mut exited = false;
        let (mut waited, mut pause) = (Duration::ZERO, Duration::from_micros(250));
        while waited < Duration::from_millis(500) {
            if let Ok(Some(_)) = self.child.try_wait() {
                exited = true;
                break;
            }
            std::thread::sleep(pause);
            waited += pause;
            pause = (pause * 2).min(Duration::from_millis(20));
        }
        if !exited {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        // Its last words are shown before whatever the call says next (a
        // process it started may hold stderr open: not for long).
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
    }

    fn peer(&self) -> Peer {
        Peer::Stdio {
            command: self.command.clone(),
        }
    }
}

impl Drop for Stdio {
    fn drop(&mut self) {
        self.close();
    }
}
