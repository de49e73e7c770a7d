//! Answering one elicitation: what to ask ([`Elicit`]), the questions a form
//! puts to a person through the small [`Prompter`] trait, and the answer
//! ([`Answered`]). The terminal is only one `Prompter`; tests drive the same
//! logic with a scripted one, and [`script`] answers without asking anyone.
//!
//! Every string a server sent (message, titles, descriptions, option labels,
//! default values) is sanitised here, before any prompter sees it, so no
//! prompter can forget to.

mod check;
pub mod gate;
pub mod host;
mod recording;
pub mod respond;
pub mod script;

pub use check::FinalCheck;
pub use recording::{RecordedResponder, RecordingResponder};

use std::io;

use serde_json::{Map, Number, Value};

use crate::finding::Findings;
use crate::json;
use crate::rules::check_url;
use crate::sanitize;
use crate::schema::{Elicitation, Mode};
use crate::schema::{Property, RequestedSchema, Shape};
use crate::spec::Revision;
use crate::validate;
use respond::{Request, Responder};

/// The three answers an elicitation can get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    Accept,
    Decline,
    Cancel,
}

impl Action {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Cancel => "cancel",
        }
    }

    /// The action of an `ElicitResult` value.
    pub fn of_result(result: &Value) -> Option<Action> {
        match result.get("action")?.as_str()? {
            "accept" => Some(Action::Accept),
            "decline" => Some(Action::Decline),
            "cancel" => Some(Action::Cancel),
            _ => None,
        }
    }
}

/// An answer, before it becomes an `ElicitResult`.
#[derive(Debug, Clone, PartialEq)]
pub enum Answered {
    /// Accept, with the form's content (`None` in URL mode).
    Accept(Option<Map<String, Value>>),
    Decline,
    Cancel,
}

impl Answered {
    pub fn action(&self) -> Action {
        match self {
            Answered::Accept(_) => Action::Accept,
            Answered::Decline => Action::Decline,
            Answered::Cancel => Action::Cancel,
        }
    }

    /// The `ElicitResult` object.
    pub fn to_result(&self) -> Value {
        let mut m = Map::new();
        m.insert("action".into(), self.action().as_str().into());
        if let Answered::Accept(Some(content)) = self {
            m.insert("content".into(), Value::Object(content.clone()));
        }
        Value::Object(m)
    }
}

/// Why an elicitation cannot be put to anyone.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ElicitError {
    #[error("the params are not valid JSON text: {0}")]
    NotJson(String),
    #[error("the params are not elicitation/create params (no form or URL request in them)")]
    NotParams,
    #[error("the form has no usable `requestedSchema`")]
    NoSchema,
    #[error("the URL request has no `url` string")]
    NoUrl,
}

/// One form field: a property with its sanitised texts.
#[derive(Debug, Clone)]
pub struct Field {
    /// The property as the server sent it (values, bounds, options).
    pub prop: Property,
    /// Title, else the property name; sanitised.
    pub label: String,
    /// The description, sanitised.
    pub help: Option<String>,
    pub required: bool,
    /// Option labels for select shapes, sanitised, in option order.
    pub options: Vec<String>,
}

impl Field {
    fn new(prop: &Property, required: bool) -> Field {
        let options = match &prop.shape {
            Shape::SingleSelect(s) => s.options.iter().map(choice_label).collect(),
            Shape::MultiSelect(m) => m.options.iter().map(choice_label).collect(),
            _ => Vec::new(),
        };
        Field {
            prop: prop.clone(),
            label: sanitize::line(prop.label()).into_owned(),
            help: prop
                .description
                .as_deref()
                .map(|d| sanitize::block(d).into_owned()),
            required,
            options,
        }
    }

    /// The prompt: the label, `*` for required fields.
    pub(crate) fn prompt(&self) -> String {
        if self.required {
            format!("{} *", self.label)
        } else {
            self.label.clone()
        }
    }

    /// What the field expects, in words: "required · email · at most 50 characters".
    pub(crate) fn constraints(&self) -> String {
        // A text or number default is pre-filled: Enter sends it as shown.
        let prefilled = matches!(self.prop.shape, Shape::String(_) | Shape::Number(_))
            && self.prop.default_value().is_some();
        let optional = match &self.prop.shape {
            Shape::String(_) | Shape::Number(_) if prefilled => {
                "optional, pre-filled with the default: empty the field to leave it out"
            }
            Shape::String(_) | Shape::Number(_) => "optional, Enter to leave empty",
            Shape::MultiSelect(_) => "optional, check none to leave empty",
            Shape::Boolean { default: Some(_) } => "optional, Enter keeps the default",
            Shape::Boolean { .. } | Shape::SingleSelect(_) => "optional",
        };
        let mut parts: Vec<String> = vec![if self.required {
            "required".into()
        } else {
            optional.into()
        }];
        if prefilled && self.required {
            parts.push("pre-filled with the default".into());
        }
        match &self.prop.shape {
            Shape::String(s) => {
                if let Some(f) = s.format {
                    parts.push(format!("{} (like {})", f.as_str(), f.example()));
                }
                if s.min_length.is_some() || s.max_length.is_some() {
                    parts.push(validate::length_range(s.min_length, s.max_length));
                }
            }
            Shape::Number(n) => {
                parts.push(
                    if n.integer {
                        "a whole number"
                    } else {
                        "a number"
                    }
                    .into(),
                );
                if n.minimum.is_some() || n.maximum.is_some() {
                    parts.push(validate::number_range(
                        n.minimum.as_ref(),
                        n.maximum.as_ref(),
                    ));
                }
            }
            Shape::Boolean { .. } => parts.push("yes or no".into()),
            Shape::SingleSelect(_) => parts.push("one choice".into()),
            Shape::MultiSelect(m) => {
                // The keys are the prompt's to say: a plain terminal and a
                // web page have none of these.
                parts.push(validate::choices_range(m.min_items, m.max_items));
            }
        }
        parts.join(" · ")
    }
}

fn choice_label(c: &crate::schema::Choice) -> String {
    sanitize::line(c.label()).into_owned()
}

/// What one elicitation asks.
#[derive(Debug, Clone)]
pub enum Ask {
    Form {
        schema: RequestedSchema,
        fields: Vec<Field>,
        check: FinalCheck,
    },
    Url(UrlAsk),
}

/// A URL-mode request, ready to show.
#[derive(Debug, Clone)]
pub struct UrlAsk {
    /// The URL exactly as sent, for opening.
    pub url: String,
    /// The URL as shown: sanitised.
    pub shown: String,
    /// The host, set apart (sanitised); `None` when the URL has none.
    pub host: Option<String>,
    /// What is risky about it: plain http, user info, punycode, an IP host.
    pub warnings: Vec<String>,
}

/// One elicitation, parsed and sanitised, ready to be asked.
#[derive(Debug, Clone)]
pub struct Elicit {
    /// The message, sanitised (newlines kept).
    pub message: String,
    pub ask: Ask,
    pub revision: Revision,
}

impl Elicit {
    /// Builds the question from `elicitation/create` params.
    pub fn from_params(params: &Value, revision: Revision) -> Result<Elicit, ElicitError> {
        let node = json::Node::from_value(params).map_err(|e| ElicitError::NotJson(e.message))?;
        let asked = Elicitation::read(&node, "", revision).ok_or(ElicitError::NotParams)?;
        let message = params
            .get("message")
            .and_then(Value::as_str)
            .map(|m| sanitize::block(m).into_owned())
            .unwrap_or_default();
        let ask = match asked.mode {
            Mode::Form => {
                let schema = asked.schema.ok_or(ElicitError::NoSchema)?;
                let fields = schema
                    .properties
                    .iter()
                    .map(|p| Field::new(p, schema.is_required(&p.name)))
                    .collect();
                let raw = params
                    .get("requestedSchema")
                    .cloned()
                    .ok_or(ElicitError::NoSchema)?;
                Ask::Form {
                    schema,
                    fields,
                    check: FinalCheck::new(raw),
                }
            }
            Mode::Url => Ask::Url(url_ask(params)?),
        };
        Ok(Elicit {
            message,
            ask,
            revision,
        })
    }

    /// Checks accepted content: the typed checks every form and script
    /// uses, then the `jsonschema` check against the request's own schema.
    /// Empty means the content may be sent.
    pub(crate) fn final_check(&self, content: &Map<String, Value>) -> Vec<String> {
        let Ask::Form { schema, check, .. } = &self.ask else {
            return Vec::new();
        };
        let typed: Vec<String> = validate::check_content(schema, content, self.revision)
            .into_iter()
            .map(|v| v.message)
            .collect();
        if !typed.is_empty() {
            return typed;
        }
        check.check(content)
    }
}

fn url_ask(params: &Value) -> Result<UrlAsk, ElicitError> {
    let url = params
        .get("url")
        .and_then(Value::as_str)
        .ok_or(ElicitError::NoUrl)?;
    let mut findings = Findings::default();
    check_url(url, json::Span::new(0, 0), "/url", &mut findings);
    let host = url::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(|h| sanitize::line(h).into_owned()));
    // Worded for the person about to open the page, not for the server's
    // author (lint says it to them): each rule that has words for the
    // person says them.
    let warnings = findings
        .items
        .iter()
        .map(|f| match f.rule.for_person {
            Some(words) => words(url),
            None => sanitize::line(&f.message).into_owned(),
        })
        .collect();
    Ok(UrlAsk {
        url: url.to_string(),
        shown: sanitize::line(url).into_owned(),
        host,
        warnings,
    })
}

/// What a prompter shows besides questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Say {
    /// Who asks, under which revision.
    Heading,
    /// The server's message.
    Message,
    /// A field's description and constraints.
    Help,
    /// A lint warning or a risk (URL mode).
    Warning,
    /// Why an entered value was not taken; the question follows again.
    Error,
    /// The answers as they will be sent.
    Review,
}

/// The questions a form asks. A terminal implements it with real widgets;
/// tests implement it with a list of replies. `Ok(None)` from a question
/// means the person cancelled (Esc, Ctrl-C); `Err` is a broken terminal.
/// Every text handed over is already sanitised.
pub trait Prompter {
    /// Shows text that is not a question.
    fn say(&mut self, kind: Say, text: &str) -> io::Result<()>;
    /// A line of text, pre-filled with `initial`.
    fn text(&mut self, prompt: &str, initial: &str) -> io::Result<Option<String>>;
    /// Yes or no; `default` is taken on Enter (none: Enter does nothing).
    fn confirm(&mut self, prompt: &str, default: Option<bool>) -> io::Result<Option<bool>>;
    /// One of `items`, starting on `default`.
    fn select(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> io::Result<Option<usize>>;
    /// Any of `items`, starting with `checked` checked.
    fn multi_select(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
    ) -> io::Result<Option<Vec<usize>>>;
    /// Opens a URL in the browser; called only after the person agreed.
    fn open_url(&mut self, url: &str) -> io::Result<()>;
    /// Like [`Prompter::text`], with `check` saying why a line cannot be
    /// taken (a message for the person), and `live` saying, as each key is
    /// typed, what is cheap to know of the line so far (a length against
    /// its bound, a number outside its range). A prompter that can keeps
    /// the person on the line, never showing a refused value as accepted,
    /// and shows the live hint beside the text.
    fn text_checked(
        &mut self,
        prompt: &str,
        initial: &str,
        check: &dyn Fn(&str) -> Result<(), String>,
        live: &dyn Fn(&str) -> Option<String>,
    ) -> io::Result<Option<String>> {
        let _ = (check, live);
        self.text(prompt, initial)
    }
    /// Like [`Prompter::multi_select`], with at most `max` ticks: a
    /// prompter that can refuses a tick beyond it as it is pressed.
    fn multi_select_at_most(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
        max: Option<usize>,
    ) -> io::Result<Option<Vec<usize>>> {
        let _ = max;
        self.multi_select(prompt, items, checked)
    }
    /// Whether the last question that came back `None` was left for the
    /// previous one (a key for it, where the prompter has one) rather than
    /// with Esc. The terminal form has none: its review's "Edit a field"
    /// goes back to any field.
    fn went_back(&mut self) -> bool {
        false
    }
}

/// The review step's choices, in menu order.
pub(crate) const REVIEW_CHOICES: [&str; 4] = ["Submit", "Edit a field", "Decline", "Cancel"];
/// URL mode's choices, in menu order.
pub(crate) const URL_CHOICES: [&str; 4] = [
    "Open it in the browser",
    "Done: accept",
    "Decline",
    "Cancel",
];
/// The choices for a request no form can be built from, in menu order.
pub(crate) const REFUSED_CHOICES: [&str; 3] =
    ["Refuse it as invalid (-32602)", "Decline", "Cancel"];
/// The extra item that leaves an optional select or boolean unanswered.
pub(crate) const NO_ANSWER: &str = "(no answer)";

/// What a field question came back with.
enum Got {
    Value(Option<Value>),
    /// Back to the previous field (see [`Prompter::went_back`]).
    Back,
    /// Esc: leave the form.
    Cancel,
}

/// `None` from a question: back to the previous one, or Esc.
fn left(p: &mut dyn Prompter) -> Got {
    if p.went_back() {
        Got::Back
    } else {
        Got::Cancel
    }
}

/// Who asks, for the heading.
#[derive(Debug, Clone, Default)]
pub struct Asker<'a> {
    pub server: Option<&'a str>,
    /// The `inputRequests` key, when there are several questions.
    pub key: Option<&'a str>,
    /// Which question of the call this is.
    pub position: Option<respond::Position>,
}

/// The heading line: "weather-server asks (MCP 2026-07-28)".
pub(crate) fn heading(asker: &Asker<'_>, revision: Revision) -> String {
    let who = match asker.server {
        Some(s) => format!("`{}`", sanitize::line(s)),
        None => "The server".into(),
    };
    let key = asker
        .key
        .map(|k| format!(" [{}]", sanitize::line(k)))
        .unwrap_or_default();
    let place = asker
        .position
        .and_then(|p| p.words())
        .map(|w| format!("{w}, "))
        .unwrap_or_default();
    format!("{who} asks{key} ({place}MCP {revision})")
}

/// Puts one elicitation to a person and returns their answer.
pub fn ask(elicit: &Elicit, asker: &Asker<'_>, p: &mut dyn Prompter) -> io::Result<Answered> {
    p.say(Say::Heading, &heading(asker, elicit.revision))?;
    ask_after_heading(elicit, p, &[])
}

/// The question, once the heading (and any lint notes) are shown. `given`:
/// values a script already gave, by field (see [`script::prefill`]).
fn ask_after_heading(
    elicit: &Elicit,
    p: &mut dyn Prompter,
    given: &[Option<Value>],
) -> io::Result<Answered> {
    p.say(Say::Message, &elicit.message)?;
    match &elicit.ask {
        Ask::Url(u) => ask_url(u, p),
        Ask::Form { fields, .. } => ask_form(elicit, fields, p, given),
    }
}

fn ask_url(u: &UrlAsk, p: &mut dyn Prompter) -> io::Result<Answered> {
    let host = u.host.as_deref().unwrap_or("(no host)");
    p.say(Say::Review, &format!("URL:  {}\nHost: {host}", u.shown))?;
    for w in &u.warnings {
        p.say(Say::Warning, w)?;
    }
    let items: Vec<String> = URL_CHOICES.iter().map(|s| s.to_string()).collect();
    let mut default = 0;
    loop {
        match p.select("Open this page?", &items, default)? {
            None | Some(3) => return Ok(Answered::Cancel),
            Some(0) => match p.open_url(&u.url) {
                Ok(()) => default = 1,
                // The cursor stays off "Done: accept": nothing was opened.
                Err(e) => {
                    p.say(
                        Say::Error,
                        &format!(
                            "could not open a browser ({e}); copy the URL above into one, then choose Done: accept"
                        ),
                    )?;
                    default = 0;
                }
            },
            Some(1) => return Ok(Answered::Accept(None)),
            Some(_) => return Ok(Answered::Decline),
        }
    }
}

/// The fields one after another, then the review. A prompter's "back"
/// (see [`Prompter::went_back`]) goes to the previous field; Esc goes back one level:
/// from "Which field?" to the review, and from the form itself out of it,
/// once the person agrees to discard what they answered (with no answers,
/// at once).
///
/// Fields `given` a value (by a script) are answered already: only the
/// others are asked, and the review shows all.
fn ask_form(
    elicit: &Elicit,
    fields: &[Field],
    p: &mut dyn Prompter,
    given: &[Option<Value>],
) -> io::Result<Answered> {
    let n = fields.len();
    let mut values: Vec<Option<Value>> = (0..n).map(|i| given.get(i).cloned().flatten()).collect();
    let mut answered: Vec<bool> = values.iter().map(Option::is_some).collect();
    // The next field at or after `i` the script did not answer, or `n` for
    // the review.
    let scripted: Vec<bool> = answered.clone();
    let open = |i: usize| (i..n).find(|&j| !scripted[j]).unwrap_or(n);
    if !given.is_empty() {
        let left = answered.iter().filter(|a| !**a).count();
        p.say(
            Say::Help,
            &format!(
                "{} of {n} fields answered from the command line; {left} left to answer",
                n - left
            ),
        )?;
    }
    // The field asked, or `n` for the review; `editing`: a field chosen in
    // the review returns to it once answered.
    let mut at = open(0);
    let mut editing = false;
    loop {
        if at < n {
            let current = if answered[at] {
                values[at].clone()
            } else {
                fields[at].prop.default_value()
            };
            match ask_field(&fields[at], current.as_ref(), (at, n), elicit.revision, p)? {
                Got::Value(v) => {
                    values[at] = v;
                    answered[at] = true;
                    at = if editing { n } else { open(at + 1) };
                }
                Got::Back => at = at.saturating_sub(1),
                Got::Cancel => {
                    if discard(&answered, &values, p)? {
                        return Ok(Answered::Cancel);
                    }
                }
            }
            continue;
        }
        editing = false;
        let content = content_of(fields, &values);
        p.say(Say::Review, &review_text(&content))?;
        let items: Vec<String> = REVIEW_CHOICES.iter().map(|s| s.to_string()).collect();
        match p.select("Send this answer?", &items, 0)? {
            Some(0) => {
                let problems = elicit.final_check(&content);
                if problems.is_empty() {
                    return Ok(Answered::Accept(Some(content)));
                }
                for e in problems {
                    p.say(Say::Error, &sanitize::line(&e))?;
                }
            }
            Some(1) => {
                if fields.is_empty() {
                    p.say(Say::Error, "this form has no fields to edit")?;
                    continue;
                }
                let labels: Vec<String> = fields
                    .iter()
                    .zip(&values)
                    .map(|(f, v)| format!("{}: {}", f.label, shown_value(v.as_ref())))
                    .collect();
                // Esc (or a prompter's "back") here is back to the review.
                if let Some(i) = p.select("Which field?", &labels, 0)? {
                    at = i;
                    editing = true;
                }
            }
            Some(2) => return Ok(Answered::Decline),
            Some(_) => return Ok(Answered::Cancel),
            None => match left(p) {
                Got::Back if n > 0 => at = n - 1,
                _ => {
                    if discard(&answered, &values, p)? {
                        return Ok(Answered::Cancel);
                    }
                }
            },
        }
    }
}

/// Esc on the form: with answers given, asks whether to discard them
/// (`true`: leave the form); with none, leaves at once.
fn discard(answered: &[bool], values: &[Option<Value>], p: &mut dyn Prompter) -> io::Result<bool> {
    let given = answered
        .iter()
        .zip(values)
        .filter(|(a, v)| **a && v.is_some())
        .count();
    if given == 0 {
        p.say(Say::Help, "(cancelled)")?;
        return Ok(true);
    }
    let s = if given == 1 { "" } else { "s" };
    let sure = p.confirm(
        &format!("Discard {given} answer{s} and cancel the form?"),
        Some(false),
    )?;
    if sure == Some(true) {
        p.say(Say::Help, "(cancelled)")?;
        return Ok(true);
    }
    Ok(false)
}

pub(crate) fn content_of(fields: &[Field], values: &[Option<Value>]) -> Map<String, Value> {
    fields
        .iter()
        .zip(values)
        .filter_map(|(f, v)| v.clone().map(|v| (f.prop.name.clone(), v)))
        .collect()
}

/// The content as it will be sent, pretty-printed and made safe to show:
/// still JSON, with what could drive the terminal as `\uXXXX` escapes.
pub(crate) fn review_text(content: &Map<String, Value>) -> String {
    let json = serde_json::to_string_pretty(content).unwrap_or_default();
    format!("Answer to send:\n{}", sanitize::json(&json))
}

fn shown_value(v: Option<&Value>) -> String {
    match v {
        None => "(empty)".into(),
        Some(v) => sanitize::json(&v.to_string()).into_owned(),
    }
}

/// Asks one field (number `at` of `of`) until it has a valid value, is left
/// empty (optional fields), or the person goes back or leaves. `current`
/// pre-fills the question.
fn ask_field(
    f: &Field,
    current: Option<&Value>,
    (at, of): (usize, usize),
    rev: Revision,
    p: &mut dyn Prompter,
) -> io::Result<Got> {
    let mut help = f.constraints();
    if of > 1 {
        help = format!("field {} of {of} · {help}", at + 1);
    }
    if let Some(d) = &f.help {
        help = format!("{d}\n{help}");
    }
    p.say(Say::Help, &help)?;
    let prompt = f.prompt();
    match &f.prop.shape {
        Shape::String(_) | Shape::Number(_) => {
            // A default comes from the server: pre-filled text is shown, so
            // it is made safe like any other server string (and what is shown
            // is what is sent).
            let mut initial = match current {
                Some(Value::String(s)) => sanitize::line(s).into_owned(),
                Some(v) => v.to_string(),
                None => String::new(),
            };
            let check = |t: &str| typed_value(f, t, rev).map(|_| ());
            let live = |t: &str| live_hint(f, t);
            loop {
                let Some(typed) = p.text_checked(&prompt, &initial, &check, &live)? else {
                    return Ok(left(p));
                };
                match typed_value(f, &typed, rev) {
                    Ok(v) => return Ok(Got::Value(v)),
                    Err(e) => {
                        p.say(Say::Error, &e)?;
                        initial = typed;
                    }
                }
            }
        }
        Shape::Boolean { .. } => {
            let current = current.and_then(Value::as_bool);
            if f.required || current.is_some() {
                Ok(match p.confirm(&prompt, current)? {
                    Some(b) => Got::Value(Some(Value::Bool(b))),
                    None => left(p),
                })
            } else {
                let items = vec!["Yes".to_string(), "No".to_string(), NO_ANSWER.to_string()];
                Ok(match p.select(&prompt, &items, 2)? {
                    Some(0) => Got::Value(Some(Value::Bool(true))),
                    Some(1) => Got::Value(Some(Value::Bool(false))),
                    Some(_) => Got::Value(None),
                    None => left(p),
                })
            }
        }
        Shape::SingleSelect(s) => {
            let mut items = f.options.clone();
            if !f.required {
                items.push(NO_ANSWER.into());
            }
            let at = current
                .and_then(Value::as_str)
                .and_then(|c| s.options.iter().position(|o| o.value == c));
            let default = at.unwrap_or(if f.required { 0 } else { s.options.len() });
            Ok(match p.select(&prompt, &items, default)? {
                Some(i) if i < s.options.len() => {
                    Got::Value(Some(Value::String(s.options[i].value.clone())))
                }
                Some(_) => Got::Value(None),
                None => left(p),
            })
        }
        Shape::MultiSelect(m) => {
            let chosen: Vec<&str> = current
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let mut checked: Vec<bool> = m
                .options
                .iter()
                .map(|o| chosen.contains(&o.value.as_str()))
                .collect();
            loop {
                let Some(picked) = p.multi_select_at_most(
                    &prompt,
                    &f.options,
                    &checked,
                    m.max_items.map(|n| n as usize),
                )?
                else {
                    return Ok(left(p));
                };
                if picked.is_empty() && !f.required {
                    return Ok(Got::Value(None));
                }
                let value = Value::Array(
                    picked
                        .iter()
                        .filter_map(|&i| m.options.get(i))
                        .map(|o| Value::String(o.value.clone()))
                        .collect(),
                );
                match validate::check_value(&f.prop, &value, rev) {
                    Ok(()) => return Ok(Got::Value(Some(value))),
                    Err(e) => {
                        p.say(Say::Error, &for_a_person(f, &e.message))?;
                        checked = (0..m.options.len()).map(|i| picked.contains(&i)).collect();
                    }
                }
            }
        }
    }
}

/// What is cheap to say of a line while it is typed: its length against the
/// field's bounds ("3/20 characters", "23/20 characters: 3 too many"), or a
/// number outside the field's range. Nothing for what can only be judged
/// once the line is whole (a format, a half-typed number).
pub(crate) fn live_hint(f: &Field, typed: &str) -> Option<String> {
    match &f.prop.shape {
        Shape::String(s) => {
            let n = typed.chars().count() as u64;
            let plural = |k: u64| if k == 1 { "character" } else { "characters" };
            match (s.min_length, s.max_length) {
                (_, Some(max)) if n > max => {
                    Some(format!("{n}/{max} {}: {} too many", plural(max), n - max))
                }
                (Some(min), _) if n > 0 && n < min => {
                    Some(format!("{n} of at least {min} {}", plural(min)))
                }
                (_, Some(max)) => Some(format!("{n}/{max} {}", plural(max))),
                _ => None,
            }
        }
        Shape::Number(n) => {
            let x: f64 = typed.trim().parse().ok()?;
            if let Some(max) = n.maximum.as_ref().and_then(|m| m.as_f64())
                && x > max
            {
                return Some(format!("more than the maximum, {}", n.maximum.as_ref()?));
            }
            if let Some(min) = n.minimum.as_ref().and_then(|m| m.as_f64())
                && x < min
            {
                return Some(format!("less than the minimum, {}", n.minimum.as_ref()?));
            }
            None
        }
        _ => None,
    }
}

/// Turns typed text into the field's value: `None` for an empty optional
/// field; an error message (safe to show) when it is not acceptable.
pub(crate) fn typed_value(f: &Field, typed: &str, rev: Revision) -> Result<Option<Value>, String> {
    let value = match &f.prop.shape {
        Shape::Number(n) => {
            let t = typed.trim();
            if t.is_empty() {
                return empty(f);
            }
            let number = parse_number(t, n.integer);
            if n.integer && number.as_ref().is_some_and(|n| !n.is_i64() && !n.is_u64()) {
                return Err(format!(
                    "{} takes a whole number, like 42; `{}` has a fraction",
                    f.label,
                    sanitize::line(t)
                ));
            }
            Value::Number(number.ok_or_else(|| {
                format!(
                    "`{}` is not {}; type digits like {}",
                    sanitize::line(t),
                    if n.integer {
                        "a whole number"
                    } else {
                        "a number"
                    },
                    if n.integer { "42" } else { "4.2" }
                )
            })?)
        }
        _ => {
            if typed.is_empty() {
                return empty(f);
            }
            Value::String(typed.to_string())
        }
    };
    validate::check_value(&f.prop, &value, rev).map_err(|e| for_a_person(f, &e.message))?;
    Ok(Some(value))
}

/// A check's message (written for scripts, naming the JSON key) as a
/// person reads it: the field's label instead of the key, counts in plain
/// words; made safe to show.
fn for_a_person(f: &Field, message: &str) -> String {
    let key = format!("`{}`", f.prop.name);
    let text = message
        .replace(&key, &f.label)
        .replace(" has 1 characters;", " has 1 character;")
        .replace(" has 1 choices;", " has 1 choice;")
        .replace(
            "; the schema asks for an integer",
            "; it takes a whole number",
        )
        .replace("; the schema asks for a number", "; it takes a number")
        .replace("; the schema asks for a string", "; it takes text");
    sanitize::line(&text).into_owned()
}

fn empty(f: &Field) -> Result<Option<Value>, String> {
    if f.required {
        Err(format!("{} is required; type a value", f.label))
    } else {
        Ok(None)
    }
}

/// A JSON number from text: integers stay integers; an integer field takes
/// `30.0` as `30`.
pub(crate) fn parse_number(text: &str, integer: bool) -> Option<Number> {
    let n: Number = serde_json::from_str(text).ok()?;
    if !integer || n.is_i64() || n.is_u64() {
        return Some(n);
    }
    let f = n.as_f64()?;
    if f.fract() == 0.0 && f.abs() < 9.0e15 {
        Some(Number::from(f as i64))
    } else {
        Some(n)
    }
}

/// Answers elicitations by putting them to a person through a [`Prompter`].
pub struct FormResponder<P> {
    pub prompter: P,
}

impl<P: Prompter> FormResponder<P> {
    /// Like [`Responder::respond`], with the values a script gave (see
    /// [`script::prefill`]) answered already: only the rest is asked.
    pub fn respond_with(
        &mut self,
        request: &Request<'_>,
        given: &[Option<Value>],
    ) -> Result<Value, respond::Error> {
        let elicit = Elicit::from_params(request.params, request.revision)?;
        let asker = Asker {
            server: request.server,
            key: request.key,
            position: request.position,
        };
        let p = &mut self.prompter;
        p.say(Say::Heading, &heading(&asker, elicit.revision))?;
        for n in request.notes {
            p.say(Say::Warning, &sanitize::line(n))?;
        }
        if let Some(d) = request.deadline {
            p.say(Say::Warning, &d.line())?;
        }
        Ok(ask_after_heading(&elicit, p, given)?.to_result())
    }
}

impl<P: Prompter> Responder for FormResponder<P> {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, respond::Error> {
        self.respond_with(request, &[])
    }

    fn refused(
        &mut self,
        request: &Request<'_>,
        why: &[String],
    ) -> Result<Option<Value>, respond::Error> {
        let asker = Asker {
            server: request.server,
            key: request.key,
            position: request.position,
        };
        let p = &mut self.prompter;
        p.say(Say::Heading, &heading(&asker, request.revision))?;
        if let Some(m) = request.params.get("message").and_then(Value::as_str) {
            p.say(Say::Message, &sanitize::block(m))?;
        }
        for n in why {
            p.say(Say::Error, &sanitize::line(n))?;
        }
        let items: Vec<String> = REFUSED_CHOICES.iter().map(|s| s.to_string()).collect();
        Ok(
            match p.select("No form can be built from this request.", &items, 0)? {
                Some(0) => None,
                Some(1) => Some(Answered::Decline.to_result()),
                _ => Some(Answered::Cancel.to_result()),
            },
        )
    }
}

/// Answers every elicitation with the same action (`--action`).
pub struct FixedResponder(pub Action);

impl Responder for FixedResponder {
    fn respond(&mut self, _request: &Request<'_>) -> Result<Value, respond::Error> {
        Ok(match self.0 {
            Action::Accept => return Err(respond::Error::AcceptNeedsAnswers),
            Action::Decline => Answered::Decline,
            Action::Cancel => Answered::Cancel,
        }
        .to_result())
    }

    /// Decline and cancel need no form: they are given for a refused
    /// request too.
    fn refused(
        &mut self,
        request: &Request<'_>,
        _why: &[String],
    ) -> Result<Option<Value>, respond::Error> {
        Ok(match self.0 {
            Action::Accept => None,
            _ => Some(self.respond(request)?),
        })
    }
}
