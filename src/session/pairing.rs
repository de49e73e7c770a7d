//! Pairing: which answer answers which elicitation, which response ends
//! which request, and which retry follows which `InputRequiredResult`. The
//! one place a session's messages are paired: the linter and the exchange
//! reader ([`super::exchanges`], under recorded answers, live replay and
//! `serve`'s loader) are folds over it, so they agree on what answers what.
//!
//! Each message is read with `Pairing::step`, which says what it is and
//! hands back what it closes; what a fold keeps of an open request (`C` for
//! a client's request, `E` for an elicitation) it gives with
//! `Pairing::open`, `Pairing::ask` and `Pairing::await_retry`.
//!
//! The rules, in one place:
//! - The two sides number their requests independently: a client's
//!   response pairs with the server's open request of its id, a server's
//!   response with the client's. A message without a sender (bare JSONL) is
//!   given one by [`Senders`]; failing that, by which side has its id
//!   open; a response to an id neither side has open is an answer when its
//!   result has an `action`, else a server's response.
//! - A request stays open until its response (or error); an
//!   `InputRequiredResult` closes it and waits for a retry.
//! - A retry (a client request carrying `inputResponses` or `requestState`)
//!   follows the latest waiting result for the same method and tool, prompt
//!   or resource; failing that, the latest one whose request the session
//!   does not hold (it starts mid-call).
//! - At most 4,096 requests of each kind, and results waiting for
//!   a retry, are kept; the oldest are forgotten.

use serde_json::Value;

use super::bounded::{Bounded, REMEMBERED};
use super::{Direction, Senders};
use crate::json::{Node, NodeValue};

/// A client request waiting for its response.
#[derive(Debug)]
pub(crate) struct Open<C> {
    pub method: String,
    /// `params.name` or `params.uri`: which tool, prompt or resource.
    pub target: Option<String>,
    /// What the fold keeps of it.
    pub data: C,
}

/// An `InputRequiredResult` waiting for its retry.
#[derive(Debug)]
pub(crate) struct Awaiting<C, E> {
    /// The id of the response that carried it.
    pub id: String,
    /// The request it answered; `None` when the session does not hold it.
    pub call: Option<Open<C>>,
    /// Every input request key, with what the fold keeps of it when it is
    /// an elicitation.
    pub keys: Vec<(String, Option<E>)>,
    /// The `requestState` it carried.
    pub request_state: Option<Value>,
}

/// What one message is, with what it closes.
#[derive(Debug)]
pub(crate) enum Step<C, E> {
    /// A client's request that is not a retry: a call, `initialize`, a list.
    /// Open it with [`Pairing::open`] to pair its response.
    Request { id: Option<String> },
    /// A client's request carrying `inputResponses` or `requestState`, with
    /// the result it follows when one is waiting. Open it too.
    Retry {
        id: Option<String>,
        of: Option<Awaiting<C, E>>,
    },
    /// A server's `elicitation/create`; [`Pairing::ask`] to pair its answer.
    Elicitation { id: Option<String> },
    /// A client's response (a result or an error), with the elicitation it
    /// answers when one of its id is open.
    Answer {
        id: Option<String>,
        asked: Option<E>,
    },
    /// A server's response (a result or an error), with the request it
    /// answers when one of its id is open.
    Response {
        id: Option<String>,
        call: Option<Open<C>>,
    },
    /// A notification, or a request of either side that pairs with nothing
    /// here (sampling, roots, a client's `elicitation/create`).
    Other,
}

/// The open requests of a session.
#[derive(Debug)]
pub(crate) struct Pairing<C, E> {
    senders: Senders,
    calls: Bounded<Open<C>>,
    asked: Bounded<E>,
    awaiting: Vec<Awaiting<C, E>>,
}

impl<C, E> Default for Pairing<C, E> {
    fn default() -> Self {
        Pairing {
            senders: Senders::default(),
            calls: Bounded::default(),
            asked: Bounded::default(),
            awaiting: Vec::new(),
        }
    }
}

/// A message's id as the pairing keys it: a string quoted, a number as
/// written; `None` without an id or for any other value.
pub(crate) fn id_key(msg: &Node) -> Option<String> {
    let id = msg.get("id")?;
    Some(match &id.value {
        NodeValue::String(s) => format!("\"{s}\""),
        NodeValue::Number(n) => n.to_string(),
        _ => return None,
    })
}

/// `params.name` or `params.uri` of a request: which tool, prompt or
/// resource it is about.
pub(crate) fn target_of(msg: &Node) -> Option<String> {
    let p = msg.get("params")?;
    p.get("name")
        .or_else(|| p.get("uri"))
        .and_then(Node::as_str)
        .map(str::to_string)
}

impl<C, E> Pairing<C, E> {
    /// Reads one message sent by `from` (`None` when the session does not
    /// say) and closes what it answers.
    pub(crate) fn step(&mut self, from: Option<Direction>, msg: &Node) -> Step<C, E> {
        let from = from.or_else(|| self.senders.infer(msg));
        let id = id_key(msg);
        let method = msg.get("method").and_then(Node::as_str);
        match (method, from) {
            (Some(m), Some(Direction::ClientToServer)) => {
                let params = msg.get("params");
                let retry = params.is_some_and(|p| {
                    p.get("inputResponses").is_some() || p.get("requestState").is_some()
                });
                if !retry {
                    return Step::Request { id };
                }
                let of = self.retry_of(m, target_of(msg).as_deref());
                Step::Retry { id, of }
            }
            (Some("elicitation/create"), Some(Direction::ServerToClient)) => {
                Step::Elicitation { id }
            }
            (Some(_), _) => Step::Other,
            (None, Some(Direction::ClientToServer)) => {
                let asked = id.as_ref().and_then(|i| self.asked.remove(i));
                Step::Answer { id, asked }
            }
            (None, Some(Direction::ServerToClient)) => {
                let call = id.as_ref().and_then(|i| self.calls.remove(i));
                Step::Response { id, call }
            }
            // The sender is not known: an id open on one side only says
            // who answered; else the shape does.
            (None, None) => {
                let asked = id.as_ref().and_then(|i| self.asked.remove(i));
                if asked.is_some() {
                    return Step::Answer { id, asked };
                }
                let call = id.as_ref().and_then(|i| self.calls.remove(i));
                let answer = msg.get("result").is_some_and(|r| r.get("action").is_some());
                if call.is_none() && answer {
                    Step::Answer { id, asked: None }
                } else {
                    Step::Response { id, call }
                }
            }
        }
    }

    /// Keeps a client request open until its response.
    pub(crate) fn open(&mut self, id: String, msg: &Node, data: C) {
        let method = msg.get("method").and_then(Node::as_str).unwrap_or("");
        self.calls.insert(
            id,
            Open {
                method: method.to_string(),
                target: target_of(msg),
                data,
            },
        );
    }

    /// Keeps an elicitation open until its answer.
    pub fn ask(&mut self, id: String, data: E) {
        self.asked.insert(id, data);
    }

    /// Keeps an `InputRequiredResult` until its retry.
    pub(crate) fn await_retry(&mut self, waiting: Awaiting<C, E>) {
        if self.awaiting.len() >= REMEMBERED {
            self.awaiting.remove(0);
        }
        self.awaiting.push(waiting);
    }

    /// Whether a client request of this id is open.
    pub(crate) fn is_open(&self, id: &str) -> bool {
        self.calls.contains_key(id)
    }

    /// An open elicitation, to add to what is kept of it.
    pub(crate) fn asked_mut(&mut self, id: &str) -> Option<&mut E> {
        self.asked.get_mut(id)
    }

    /// Ends a run: forgets everything open and returns the elicitations
    /// never answered, oldest first.
    pub(crate) fn end_run(&mut self) -> Vec<(String, E)> {
        self.senders = Senders::default();
        self.calls.clear();
        self.awaiting.clear();
        self.asked.drain()
    }

    fn retry_of(&mut self, method: &str, target: Option<&str>) -> Option<Awaiting<C, E>> {
        let same = |w: &Awaiting<C, E>| {
            w.call
                .as_ref()
                .is_some_and(|c| c.method == method && c.target.as_deref() == target)
        };
        let at = self
            .awaiting
            .iter()
            .rposition(same)
            .or_else(|| self.awaiting.iter().rposition(|w| w.call.is_none()))?;
        Some(self.awaiting.remove(at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    fn step(p: &mut Pairing<u32, &'static str>, text: &str) -> Step<u32, &'static str> {
        p.step(None, &parse(text).unwrap())
    }

    #[test]
    fn each_side_numbers_its_own_requests() {
        let mut p = Pairing::default();
        let call =
            parse(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book"}}"#)
                .unwrap();
        assert!(matches!(p.step(None, &call), Step::Request { .. }));
        p.open("1".into(), &call, 7);
        assert!(matches!(
            step(
                &mut p,
                r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{}}"#
            ),
            Step::Elicitation { .. }
        ));
        p.ask("1".into(), "name?");
        // The answer pairs with the server's request of id 1, the final
        // response with the client's.
        let answer = step(
            &mut p,
            r#"{"jsonrpc":"2.0","id":1,"result":{"action":"cancel"}}"#,
        );
        assert!(matches!(
            answer,
            Step::Answer {
                asked: Some("name?"),
                ..
            }
        ));
        let done = step(
            &mut p,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
        );
        assert!(matches!(
            done,
            Step::Response {
                call: Some(Open { data: 7, .. }),
                ..
            }
        ));
    }

    #[test]
    fn a_retry_follows_the_result_of_its_own_request() {
        let mut p: Pairing<u32, &str> = Pairing::default();
        for (id, tool, data) in [(1, "a", 10), (2, "b", 20)] {
            let text = format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{tool}"}}}}"#
            );
            let call = parse(&text).unwrap();
            p.step(Some(Direction::ClientToServer), &call);
            p.open(id.to_string(), &call, data);
        }
        for id in ["1", "2"] {
            let Step::Response { call, .. } = step(
                &mut p,
                &format!(
                    r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"input_required"}}}}"#
                ),
            ) else {
                panic!("a response");
            };
            p.await_retry(Awaiting {
                id: id.into(),
                call,
                keys: Vec::new(),
                request_state: None,
            });
        }
        // The retry of `a` comes after `b` asked too: it follows `a`'s result.
        let retry = step(
            &mut p,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a","inputResponses":{}}}"#,
        );
        let Step::Retry { of: Some(of), .. } = retry else {
            panic!("a retry of a waiting result");
        };
        assert_eq!(of.id, "1");
        assert_eq!(of.call.unwrap().data, 10);
        // Nothing waits for `c`.
        let retry = step(
            &mut p,
            r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"c","inputResponses":{}}}"#,
        );
        assert!(matches!(retry, Step::Retry { of: None, .. }));
    }

    #[test]
    fn a_result_whose_request_is_not_held_takes_any_retry() {
        let mut p: Pairing<u32, &str> = Pairing::default();
        let Step::Response { call: None, .. } = step(
            &mut p,
            r#"{"jsonrpc":"2.0","id":9,"result":{"inputRequests":{}}}"#,
        ) else {
            panic!("a response to nothing open");
        };
        p.await_retry(Awaiting {
            id: "9".into(),
            call: None,
            keys: vec![("k".into(), Some("asked"))],
            request_state: None,
        });
        let retry = step(
            &mut p,
            r#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"x","inputResponses":{"k":{}}}}"#,
        );
        assert!(matches!(
            retry,
            Step::Retry {
                of: Some(Awaiting { call: None, .. }),
                ..
            }
        ));
    }

    #[test]
    fn an_answer_to_nothing_open_is_told_by_its_action() {
        let mut p: Pairing<u32, &str> = Pairing::default();
        assert!(matches!(
            step(
                &mut p,
                r#"{"jsonrpc":"2.0","id":5,"result":{"action":"accept"}}"#
            ),
            Step::Answer { asked: None, .. }
        ));
        assert!(matches!(
            step(&mut p, r#"{"jsonrpc":"2.0","id":5,"result":{}}"#),
            Step::Response { call: None, .. }
        ));
    }

    #[test]
    fn open_elicitations_are_bounded_and_end_with_their_run() {
        let mut p: Pairing<u32, usize> = Pairing::default();
        for i in 0..REMEMBERED + 3 {
            p.ask(i.to_string(), i);
        }
        let open = p.end_run();
        assert_eq!(open.len(), REMEMBERED);
        assert_eq!(open[0], ("3".to_string(), 3));
        assert!(p.end_run().is_empty());
    }
}
