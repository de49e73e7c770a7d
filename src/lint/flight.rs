//! One judgement of an elicitation request in flight: what `answer`,
//! `call`, `proxy` (stdio and HTTP) and `serve` decide before anyone is
//! asked.
//!
//! The request is linted in the revision it came in, its findings kept to
//! the rules chosen (`--select`, `--ignore`), and the form gate
//! ([`crate::form::gate`]) says whether a form can show it: strict where
//! we judge (every finding is told), liberal where we serve a person (only
//! what no form can stand for is refused, or with `--strict` any error).
//! A refusal is the JSON-RPC error `-32602 Invalid params` carrying the
//! findings that refuse it ([`invalid_params`]), one shape everywhere.

use std::collections::HashSet;

use serde_json::{Value, json};

use super::{Conversation, Options};
use crate::finding::{Finding, Severity};
use crate::form::gate::{self, Verdict};
use crate::hosts::Host;
use crate::rules::Rule;
use crate::spec::Revision;

/// Which rules count: `--select` and `--ignore`.
#[derive(Debug, Clone, Default)]
pub struct RuleChoice {
    /// Codes of the rules that count; empty means all.
    pub select: HashSet<&'static str>,
    /// Codes of the rules that never count.
    pub ignore: HashSet<&'static str>,
}

impl RuleChoice {
    /// Whether findings of `rule` count.
    pub fn counts(&self, rule: &Rule) -> bool {
        self.counts_code(rule.code)
    }

    /// Whether findings of the rule coded `code` count.
    pub fn counts_code(&self, code: &str) -> bool {
        (self.select.is_empty() || self.select.contains(code)) && !self.ignore.contains(code)
    }

    /// The findings that count.
    pub fn keep(&self, findings: &[Finding]) -> Vec<Finding> {
        findings
            .iter()
            .filter(|f| self.counts(f.rule))
            .cloned()
            .collect()
    }
}

/// The rules lint options choose.
impl From<&Options> for RuleChoice {
    fn from(opts: &Options) -> RuleChoice {
        RuleChoice {
            select: opts.select.clone(),
            ignore: opts.ignore.clone(),
        }
    }
}

/// How requests in flight are judged.
#[derive(Debug, Clone)]
pub struct Judge {
    /// The revision the requests come in.
    pub revision: Revision,
    /// Refuse on any error the rules select, not only what no form can show.
    pub strict: bool,
    pub rules: RuleChoice,
    /// The hosts whose behaviour is reported with each request (`--hosts`).
    pub hosts: Vec<&'static Host>,
}

/// What was judged of one request.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// Its findings that the rules select, every severity.
    pub findings: Vec<Finding>,
    /// What keeps it from being shown; empty when a form can show it.
    pub refused: Vec<Finding>,
}

impl Judge {
    /// Judges requests of `revision`, every rule counting, not strict.
    pub fn new(revision: Revision) -> Judge {
        Judge {
            revision,
            strict: false,
            rules: RuleChoice::default(),
            hosts: Vec::new(),
        }
    }

    /// Judges the request whose params are at `prefix` (a JSON pointer) of
    /// the message `raw`, exactly as it arrived.
    pub fn message(&self, raw: &str, prefix: &str, params: &Value) -> Judgement {
        let found = super::lint_text(raw, &self.options(), &mut Conversation::default());
        self.findings(&found, prefix, params)
    }

    /// Judges `elicitation/create` params on their own.
    pub fn params(&self, params: &Value) -> Judgement {
        let found = super::lint_value(params, &self.options(), &mut Conversation::default());
        self.findings(&found, "", params)
    }

    /// Judges the request at `prefix` of a text already linted, whose
    /// findings are `found`.
    pub fn findings(&self, found: &[Finding], prefix: &str, params: &Value) -> Judgement {
        let mine: Vec<Finding> = found
            .iter()
            .filter(|f| gate::within(&f.pointer, prefix) || f.pointer.is_empty())
            .cloned()
            .collect();
        // What no form can show is refused whatever the rules select;
        // `--strict` refuses on the errors they select.
        let judged = if self.strict {
            self.rules.keep(&mine)
        } else {
            mine.clone()
        };
        let refused = match gate::judge(&judged, prefix, params, self.revision, self.strict) {
            Verdict::Refuse(why) => why,
            Verdict::Show => Vec::new(),
        };
        Judgement {
            findings: self.rules.keep(&mine),
            refused,
        }
    }

    fn options(&self) -> Options {
        let mut opts = Options::for_revision(self.revision);
        opts.hosts = self.hosts.clone();
        opts
    }
}

impl Judgement {
    /// Whether a form (or a URL prompt) can show the request.
    pub fn shown(&self) -> bool {
        self.refused.is_empty()
    }

    /// Its errors and warnings, one plain line each, for the person.
    pub fn warnings(&self) -> Vec<String> {
        self.findings
            .iter()
            .filter(|f| f.rule.severity != Severity::Note)
            .map(gate::note)
            .collect()
    }

    /// Whether any of its findings is an error.
    pub fn has_errors(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.rule.severity == Severity::Error)
    }

    /// Why it is refused: the first three findings that refuse it, one
    /// plain line each.
    pub fn why(&self) -> Vec<String> {
        self.refused.iter().take(3).map(gate::note).collect()
    }

    /// The error that refuses it, in `revision`.
    pub fn error(&self, revision: Revision) -> Value {
        refusal(revision, &self.refused)
    }
}

/// The JSON-RPC `error` a client owes for an elicitation request that
/// breaks the spec of `revision`, carrying the findings that refuse it
/// (see [`invalid_params`]).
pub fn refusal(revision: Revision, findings: &[Finding]) -> Value {
    invalid_params(
        &format!("Invalid params: the elicitation request does not conform to MCP {revision}"),
        findings,
    )
}

/// The JSON-RPC `error` for an elicitation request refused
/// (`-32602 Invalid params`): `message`, and the findings that refuse it
/// as `data.findings`, each a [`Finding`] (`code`, `name`, `severity`,
/// `pointer`, `message`).
pub fn invalid_params(message: &str, findings: &[Finding]) -> Value {
    json!({
        "code": -32602,
        "message": message,
        "data": { "findings": findings },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested() -> Value {
        json!({"message": "Where?", "requestedSchema": {"type": "object", "title": "Place",
            "properties": {"address": {"type": "object"}}}})
    }

    #[test]
    fn what_no_form_can_show_is_refused_whatever_the_rules_select() {
        let mut judge = Judge::new(Revision::V2025_11_25);
        judge.rules.select.insert("E122");
        let j = judge.params(&nested());
        assert!(!j.shown());
        assert_eq!(
            j.refused.iter().map(|f| f.rule.code).collect::<Vec<_>>(),
            ["E204"]
        );
        // What is told is what the rules select.
        assert_eq!(
            j.findings.iter().map(|f| f.rule.code).collect::<Vec<_>>(),
            ["E122"]
        );
    }

    #[test]
    fn strict_refuses_on_the_errors_the_rules_select() {
        let params = json!({"message": "Name?", "requestedSchema": {"type": "object",
            "title": "Person", "properties": {"name": {"type": "string"}}}});
        let mut judge = Judge::new(Revision::V2025_11_25);
        assert!(judge.params(&params).shown());
        judge.strict = true;
        assert!(!judge.params(&params).shown());
        judge.rules.ignore.insert("E122");
        assert!(judge.params(&params).shown());
    }

    #[test]
    fn a_refusal_carries_its_findings_as_data() {
        let j = Judge::new(Revision::V2025_11_25).params(&nested());
        let e = j.error(Revision::V2025_11_25);
        assert_eq!(e["code"], -32602);
        assert_eq!(e["data"]["findings"][0]["code"], "E204");
        assert_eq!(e["data"]["findings"][0]["severity"], "error");
        assert_eq!(
            e["data"]["findings"][0]["pointer"],
            "/requestedSchema/properties/address/type"
        );
        assert!(
            j.why()[0].starts_with("E204 (error) at /requestedSchema/properties/address/type: "),
            "{:?}",
            j.why()
        );
    }
}
