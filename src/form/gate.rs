//! Lint strictly, show liberally: which of a request's findings keep a form
//! from being shown.
//!
//! The linter keeps every severity: a server author wants to hear that a
//! root `title` is in no revision. A person answering, though, can fill in
//! a form whose root carries a title (Pydantic, FastMCP and schemars all put
//! the model's name there), and the TypeScript SDK client, VS Code and the
//! MCP Inspector show such forms. So `answer` and `call` show every finding
//! and then the form, and refuse (`-32602`) only what no form can stand for:
//! the rules that say they block a form (`blocking`), or a property the form model could not take.
//! `--strict` refuses on any error, as the strictest clients do.

use serde_json::Value;

use super::{Ask, Elicit};
use crate::finding::{Finding, Severity};
use crate::json::pointer_push;
use crate::rules::Rule;
use crate::spec::Revision;

/// Whether a finding of `rule` keeps a form from being shown: the rule
/// says so in its file (`blocks_form`). Such rules leave nothing a form (or
/// a URL prompt) can ask: no params, no schema, a root that is not an
/// object, no `properties`, a property that is not a flat field (an object,
/// an array of objects, a `$ref`, no type or a type no field has), a mode
/// that does not exist in the revision, a URL that cannot be opened safely.
pub(crate) fn blocks_form(rule: &Rule) -> bool {
    rule.blocks_form
}

/// The rules whose findings keep a form from being shown, by code.
#[cfg(test)]
fn blocking() -> impl Iterator<Item = &'static Rule> {
    crate::rules::ALL.iter().copied().filter(|r| r.blocks_form)
}

/// A finding as one plain line for a person, `E122 (error) at
/// /params/requestedSchema/title: message`, made safe to print.
pub(crate) fn note(f: &Finding) -> String {
    let at = if f.pointer.is_empty() {
        "/"
    } else {
        &f.pointer
    };
    format!(
        "{} ({}) at {}: {}",
        f.rule.code,
        f.rule.severity,
        crate::sanitize::line(at),
        crate::sanitize::line(&f.message)
    )
}

/// What to do with one elicitation request, given its findings.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Verdict {
    /// Show the form (or URL prompt); the findings are shown with it.
    Show,
    /// Refuse with `-32602` carrying these findings; the person may still
    /// decline or cancel.
    Refuse(Vec<Finding>),
}

/// Whether `pointer` is `prefix` or inside it.
pub(crate) fn within(pointer: &str, prefix: &str) -> bool {
    pointer
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Judges the elicitation whose params are `params`, found at `prefix` (a
/// JSON pointer, empty for the whole text) of a text whose findings are
/// `findings`.
pub(crate) fn judge(
    findings: &[Finding],
    prefix: &str,
    params: &Value,
    rev: Revision,
    strict: bool,
) -> Verdict {
    let mine = || {
        findings
            .iter()
            .filter(|f| f.rule.severity == Severity::Error && within(&f.pointer, prefix))
    };
    let blocking: Vec<Finding> = mine()
        .filter(|f| strict || blocks_form(f.rule))
        .cloned()
        .collect();
    if !blocking.is_empty() {
        return Verdict::Refuse(blocking);
    }
    // What the form model could not take is refused, whatever the rule: a
    // form that silently leaves a field out would send an answer the server
    // did not ask for.
    let whole = || Verdict::Refuse(mine().cloned().collect());
    let Ok(elicit) = Elicit::from_params(params, rev) else {
        return whole();
    };
    if let Ask::Form { fields, .. } = &elicit.ask {
        let asked = params
            .get("requestedSchema")
            .and_then(|s| s.get("properties"))
            .and_then(Value::as_object);
        if let Some(asked) = asked {
            let missing: Vec<&String> = asked
                .keys()
                .filter(|k| !fields.iter().any(|f| &f.prop.name == *k))
                .collect();
            if !missing.is_empty() {
                let at: Vec<String> = missing
                    .iter()
                    .map(|k| {
                        pointer_push(&format!("{prefix}/requestedSchema/properties"), k.as_str())
                    })
                    .collect();
                let about: Vec<Finding> = mine()
                    .filter(|f| at.iter().any(|p| within(&f.pointer, p)))
                    .cloned()
                    .collect();
                return if about.is_empty() {
                    whole()
                } else {
                    Verdict::Refuse(about)
                };
            }
        }
    }
    Verdict::Show
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::{self, Conversation, Options};
    use serde_json::json;

    fn verdict(params: Value, strict: bool) -> Verdict {
        let rev = Revision::V2025_11_25;
        let findings = lint::lint_value(
            &params,
            &Options::for_revision(rev),
            &mut Conversation::default(),
        );
        judge(&findings, "", &params, rev, strict)
    }

    fn codes(v: &Verdict) -> Vec<&'static str> {
        match v {
            Verdict::Show => vec![],
            Verdict::Refuse(f) => f.iter().map(|f| f.rule.code).collect(),
        }
    }

    #[test]
    fn a_root_title_is_shown_and_refused_only_when_strict() {
        let p = json!({"message": "Name?", "requestedSchema": {
            "type": "object", "title": "Untidy", "description": "Left as Pydantic makes it",
            "properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]}});
        assert_eq!(verdict(p.clone(), false), Verdict::Show);
        assert_eq!(codes(&verdict(p, true)), vec!["E122", "E122"]);
    }

    #[test]
    fn a_nested_object_or_an_array_of_objects_is_refused() {
        let p = json!({"message": "Where?", "requestedSchema": {"type": "object", "properties": {
            "address": {"type": "object", "properties": {"city": {"type": "string"}}}}}});
        assert_eq!(codes(&verdict(p, false)), vec!["E204"]);
        let p = json!({"message": "Who?", "requestedSchema": {"type": "object", "properties": {
            "people": {"type": "array", "items": {"type": "object"}}}}});
        assert_eq!(codes(&verdict(p, false)), vec!["E206"]);
    }

    #[test]
    fn a_missing_properties_or_a_root_that_is_no_object_is_refused() {
        let p = json!({"message": "?", "requestedSchema": {"type": "object"}});
        assert_eq!(codes(&verdict(p, false)), vec!["E121"]);
        let p = json!({"message": "?", "requestedSchema": {"type": "string", "properties": {}}});
        assert_eq!(codes(&verdict(p, false)), vec!["E120"]);
    }

    #[test]
    fn a_wrong_default_is_shown_without_it_and_refused_when_strict() {
        let p = json!({"message": "Age?", "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string"}, "age": {"type": "integer", "default": "30"}}}});
        assert_eq!(verdict(p.clone(), false), Verdict::Show);
        assert_eq!(codes(&verdict(p, true)), vec!["E402"]);
    }

    #[test]
    fn every_blocking_rule_is_an_error() {
        for r in blocking() {
            assert_eq!(r.severity, Severity::Error, "{}", r.code);
        }
    }

    #[test]
    fn the_blocking_rules_are_those_that_leave_nothing_to_ask() {
        let codes: Vec<&str> = blocking().map(|r| r.code).collect();
        assert_eq!(
            codes,
            [
                "E001", "E003", "E110", "E112", "E113", "E114", "E120", "E121", "E201", "E202",
                "E203", "E204", "E205", "E206", "E501", "E502", "E503"
            ]
        );
    }
}
