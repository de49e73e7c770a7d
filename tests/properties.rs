//! Properties of the schema model, answer validation and the form, over
//! generated schemas and answers (proptest):
//! - any schema the model can express for a revision serialises to JSON that
//!   lints without findings and parses back equal;
//! - any answer built from a schema's options and bounds validates, by the
//!   typed check and by the JSON Schema check before sending;
//! - the form path, typed into field by field, sends exactly that answer.

use std::collections::VecDeque;
use std::io;

use mcp_elicit::finding::{Findings, Severity};
use mcp_elicit::form::{Answered, Asker, Elicit, FinalCheck, Prompter, Say, ask};
use mcp_elicit::lint::Linter;
use mcp_elicit::schema::string_format::StringFormat;
use mcp_elicit::schema::{
    Choice, MultiSelect, NumberShape, OptionStyle, Property, RequestedSchema, Shape, SingleSelect,
    StringShape, parse_schema,
};
use mcp_elicit::spec::Revision;
use mcp_elicit::validate;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use serde_json::{Map, Number, Value, json};

fn revision() -> impl Strategy<Value = Revision> {
    prop_oneof![
        Just(Revision::V2025_06_18),
        Just(Revision::V2025_11_25),
        Just(Revision::V2026_07_28),
    ]
}

/// Text a person could type: letters, digits, spaces inside, non-ASCII.
fn text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9éß€中][A-Za-z0-9 éß€中.,-]{0,10}[A-Za-z0-9éß€中]?"
}

/// A title or description. Words the sensitive-data advice rule (W601)
/// rightly reports, such as "Aa cvc", are left out: a schema that asks for a
/// card code is valid but not clean, and these properties are about clean
/// schemas.
fn label() -> impl Strategy<Value = Option<String>> {
    prop::option::of(
        "[A-Z][a-z]{1,8}( [a-z]{1,6})?".prop_filter("a word W601 reports", |t| {
            mcp_elicit::rules::sensitive::sensitive_kind(t).is_none()
        }),
    )
}

/// A string that has `format`, for defaults and answers.
fn formatted(format: StringFormat) -> BoxedStrategy<String> {
    match format {
        StringFormat::Email => "[a-z]{1,8}@[a-z]{1,8}\\.(com|org|net)".boxed(),
        StringFormat::Uri => "https://[a-z]{1,8}\\.example/[a-z]{0,8}".boxed(),
        StringFormat::Date => (1970u32..2100, 1u32..13, 1u32..29)
            .prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
            .boxed(),
        StringFormat::DateTime => (1970u32..2100, 1u32..13, 1u32..29, 0u32..24, 0u32..60)
            .prop_map(|(y, m, d, h, mi)| format!("{y:04}-{m:02}-{d:02}T{h:02}:{mi:02}:00Z"))
            .boxed(),
    }
}

fn string_shape(defaults: bool) -> BoxedStrategy<StringShape> {
    let plain = (
        0u64..4,
        4u64..30,
        prop::option::of(text()),
        any::<(bool, bool)>(),
    )
        .prop_map(move |(min, max, default, (has_min, has_max))| {
            // A default must fit the bounds: cut it to `max` characters and
            // drop it when it is still shorter than `min`.
            let default = default
                .filter(|_| defaults)
                .map(|d| d.chars().take(max as usize).collect::<String>())
                .filter(|d| d.chars().count() as u64 >= min && !d.ends_with(' '));
            StringShape {
                min_length: has_min.then_some(min),
                max_length: has_max.then_some(max),
                default,
                ..StringShape::default()
            }
        });
    let with_format = prop_oneof![
        Just(StringFormat::Email),
        Just(StringFormat::Uri),
        Just(StringFormat::Date),
        Just(StringFormat::DateTime)
    ]
    .prop_flat_map(move |f| {
        (Just(f), prop::option::of(formatted(f))).prop_map(move |(f, d)| StringShape {
            format: Some(f),
            default: d.filter(|_| defaults),
            ..StringShape::default()
        })
    });
    prop_oneof![plain, with_format].boxed()
}

fn number_shape(defaults: bool) -> impl Strategy<Value = NumberShape> {
    (
        any::<bool>(),
        -1000i64..1000,
        0i64..1000,
        any::<(bool, bool, bool)>(),
        0i64..1000,
    )
        .prop_map(
            move |(integer, min, span, (has_min, has_max, has_default), at)| {
                let max = min + span;
                let n = |v: i64| -> Number {
                    if integer {
                        v.into()
                    } else {
                        Number::from_f64(v as f64 / 4.0).expect("finite")
                    }
                };
                let (lo, hi) = if integer {
                    (min, max)
                } else {
                    (min * 4, max * 4)
                };
                let default = lo + at % (hi - lo + 1);
                NumberShape {
                    integer,
                    minimum: has_min.then(|| n(lo)),
                    maximum: has_max.then(|| n(hi)),
                    default: (defaults && has_default).then(|| n(default)),
                }
            },
        )
}

fn options(titled: bool) -> impl Strategy<Value = Vec<Choice>> {
    prop::collection::btree_set("[a-z][a-z0-9_]{0,6}", 1..6).prop_map(move |values| {
        values
            .into_iter()
            .map(|v| Choice {
                title: titled.then(|| format!("Option {v}")),
                value: v,
            })
            .collect()
    })
}

fn single_select(rev: Revision) -> BoxedStrategy<SingleSelect> {
    let styles: Vec<OptionStyle> = match rev {
        // Titled options are 2025-11-25 on; enumNames is deprecated there.
        Revision::V2025_06_18 => vec![OptionStyle::Untitled, OptionStyle::LegacyNames],
        _ => vec![OptionStyle::Untitled, OptionStyle::Titled],
    };
    (prop::sample::select(styles), any::<bool>())
        .prop_flat_map(move |(style, titled)| {
            let _ = titled;
            let titled = style != OptionStyle::Untitled;
            (
                Just(style),
                options(titled),
                any::<prop::sample::Index>(),
                any::<bool>(),
            )
        })
        .prop_map(move |(style, options, at, has_default)| {
            let default = (has_default && rev != Revision::V2025_06_18)
                .then(|| at.get(&options).value.clone());
            SingleSelect {
                style,
                options,
                default,
            }
        })
        .boxed()
}

fn multi_select() -> impl Strategy<Value = MultiSelect> {
    any::<bool>()
        .prop_flat_map(|titled| {
            (
                Just(titled),
                options(titled),
                any::<(bool, bool, bool)>(),
                any::<u64>(),
                any::<u64>(),
                prop::collection::vec(any::<bool>(), 6),
            )
        })
        .prop_map(
            |(titled, options, (has_min, has_max, has_default), a, b, pick)| {
                let n = options.len() as u64;
                let (min, max) = {
                    let (x, y) = (a % (n + 1), b % (n + 1));
                    (x.min(y), x.max(y).max(1))
                };
                let mut chosen: Vec<String> = options
                    .iter()
                    .zip(&pick)
                    .filter(|(_, p)| **p)
                    .map(|(o, _)| o.value.clone())
                    .collect();
                // Fit the default to the bounds that are in force.
                let lo = if has_min { min } else { 0 };
                let hi = if has_max { max } else { n };
                chosen.truncate(hi as usize);
                for o in &options {
                    if (chosen.len() as u64) >= lo {
                        break;
                    }
                    if !chosen.contains(&o.value) {
                        chosen.push(o.value.clone());
                    }
                }
                let order = |v: &String| options.iter().position(|o| &o.value == v);
                chosen.sort_by_key(order);
                MultiSelect {
                    style: if titled {
                        OptionStyle::Titled
                    } else {
                        OptionStyle::Untitled
                    },
                    options,
                    min_items: has_min.then_some(min),
                    max_items: has_max.then_some(max),
                    default: has_default.then_some(chosen),
                }
            },
        )
}

fn shape(rev: Revision) -> BoxedStrategy<Shape> {
    let defaults = rev != Revision::V2025_06_18;
    let mut shapes = vec![
        string_shape(defaults).prop_map(Shape::String).boxed(),
        number_shape(defaults).prop_map(Shape::Number).boxed(),
        prop::option::of(any::<bool>())
            .prop_map(|default| Shape::Boolean { default })
            .boxed(),
        single_select(rev).prop_map(Shape::SingleSelect).boxed(),
    ];
    if rev != Revision::V2025_06_18 {
        shapes.push(multi_select().prop_map(Shape::MultiSelect).boxed());
    }
    prop::strategy::Union::new(shapes).boxed()
}

/// A schema any revision's model can express, with the revision it is for.
fn schema() -> impl Strategy<Value = (Revision, RequestedSchema)> {
    revision().prop_flat_map(|rev| {
        let prop = (label(), label(), shape(rev));
        (
            Just(rev),
            prop::collection::vec(prop, 1..7),
            prop::collection::vec(any::<bool>(), 7),
        )
            .prop_map(|(rev, props, required)| {
                let properties: Vec<Property> = props
                    .into_iter()
                    .enumerate()
                    .map(|(i, (title, description, shape))| Property {
                        name: format!("field_{i}"),
                        title,
                        description,
                        shape,
                    })
                    .collect();
                let required = properties
                    .iter()
                    .zip(&required)
                    .filter(|(_, r)| **r)
                    .map(|(p, _)| p.name.clone())
                    .collect();
                (
                    rev,
                    RequestedSchema {
                        dialect: None,
                        properties,
                        required,
                    },
                )
            })
    })
}

/// One value per property (absent for some optional ones), within the
/// property's options and bounds.
fn content(schema: &RequestedSchema) -> BoxedStrategy<Map<String, Value>> {
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = schema
        .properties
        .iter()
        .map(|p| {
            let name = p.name.clone();
            let value = value(&p.shape);
            // A boolean with a default is a yes/no question in the form,
            // which always has an answer.
            let always = matches!(p.shape, Shape::Boolean { default: Some(_) });
            if schema.is_required(&p.name) || always {
                value.prop_map(move |v| Some((name.clone(), v))).boxed()
            } else {
                prop::option::of(value.prop_map(move |v| (name.clone(), v))).boxed()
            }
        })
        .collect();
    fields
        .prop_map(|fields| fields.into_iter().flatten().collect())
        .boxed()
}

fn value(shape: &Shape) -> BoxedStrategy<Value> {
    match shape.clone() {
        Shape::String(s) => match s.format {
            Some(f) => formatted(f).prop_map(Value::String).boxed(),
            None => {
                let min = s.min_length.unwrap_or(0).max(1) as usize;
                let max = s.max_length.unwrap_or(40) as usize;
                text()
                    .prop_filter_map("fits the length bounds", move |t| {
                        let t: String = t.chars().take(max).collect();
                        let t = t.trim_end().to_string();
                        (t.chars().count() >= min).then_some(Value::String(t))
                    })
                    .boxed()
            }
        },
        Shape::Number(n) => {
            let lo = n.minimum.as_ref().and_then(Number::as_f64).unwrap_or(-1e6);
            let hi = n.maximum.as_ref().and_then(Number::as_f64).unwrap_or(1e6);
            if n.integer {
                (lo as i64..=hi as i64).prop_map(Value::from).boxed()
            } else {
                (0u32..=1000)
                    .prop_map(move |k| {
                        let v = lo + (hi - lo) * f64::from(k) / 1000.0;
                        Value::from(v.clamp(lo, hi))
                    })
                    .boxed()
            }
        }
        Shape::Boolean { .. } => any::<bool>().prop_map(Value::Bool).boxed(),
        Shape::SingleSelect(s) => prop::sample::select(s.options.clone())
            .prop_map(|c| Value::String(c.value))
            .boxed(),
        Shape::MultiSelect(m) => {
            let n = m.options.len();
            let lo = m.min_items.unwrap_or(0).max(1) as usize;
            let hi = m.max_items.map_or(n, |x| x as usize).max(lo);
            prop::sample::subsequence(m.options.clone(), lo..=hi)
                .prop_map(|picked| {
                    Value::Array(picked.into_iter().map(|c| c.value.into()).collect())
                })
                .boxed()
        }
    }
}

fn schema_and_content() -> impl Strategy<Value = (Revision, RequestedSchema, Map<String, Value>)> {
    schema().prop_flat_map(|(rev, s)| {
        let c = content(&s);
        (Just(rev), Just(s), c)
    })
}

fn params(schema: &RequestedSchema) -> Value {
    json!({"message": "Tell us", "requestedSchema": schema.to_json()})
}

/// Errors and warnings the linter finds (notes are advice on good forms,
/// such as not defaulting a required confirmation to yes).
fn problems(text: &str, rev: Revision) -> Vec<String> {
    Linter::new(rev)
        .document("-", text)
        .into_iter()
        .filter(|d| d.severity >= Severity::Warning)
        .map(|d| format!("{}:{} {} {}", d.line, d.column, d.code, d.message))
        .collect()
}

proptest! {
    // A failing case is kept in tests/properties.proptest-regressions and
    // tried first on every later run.
    #![proptest_config(Config {
        cases: 400,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..Config::default()
    })]

    #[test]
    fn a_schema_of_the_model_lints_clean_and_parses_back_equal((rev, schema) in schema()) {
        let text = serde_json::to_string_pretty(&params(&schema)).unwrap();
        let findings = problems(&text, rev);
        prop_assert!(findings.is_empty(), "{rev}: {text}\n{findings:#?}");

        let json = schema.to_json().to_string();
        let node = mcp_elicit::json::parse(&json).unwrap();
        let mut out = Findings::default();
        let back = parse_schema(&node, "/requestedSchema", rev, &mut out);
        let problems: Vec<_> = out.items.iter().filter(|f| f.rule.severity >= Severity::Warning).collect();
        prop_assert!(problems.is_empty(), "{problems:?}");
        prop_assert_eq!(back, Some(schema));
    }

    #[test]
    fn an_answer_from_the_options_and_bounds_validates(
        (rev, schema, content) in schema_and_content()
    ) {
        let typed = validate::check_content(&schema, &content, rev);
        prop_assert!(typed.is_empty(), "{}\n{content:?}\n{typed:#?}", schema.to_json());
        let full = FinalCheck::new(schema.to_json()).check(&content);
        prop_assert!(full.is_empty(), "{}\n{content:?}\n{full:#?}", schema.to_json());
        let result = json!({"action": "accept", "content": content}).to_string();
        let request = json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create",
            "params": params(&schema)});
        let response = json!({"jsonrpc": "2.0", "id": 1, "result": serde_json::from_str::<Value>(&result).unwrap()});
        let session = format!("{request}\n{response}\n");
        let findings = problems(&session, rev);
        prop_assert!(findings.is_empty(), "{session}\n{findings:#?}");
    }

    #[test]
    fn the_form_sends_what_was_typed((rev, schema, content) in schema_and_content()) {
        let elicit = Elicit::from_params(&params(&schema), rev).expect("a valid request");
        let mut typist = Typist::new(&schema, &content);
        let answer = ask(&elicit, &Asker::default(), &mut typist).expect("no terminal error");
        prop_assert!(typist.errors.is_empty(), "the form refused: {:?}", typist.errors);
        prop_assert_eq!(answer, Answered::Accept(Some(content)));
    }
}

/// A person typing a given answer into the form: each value as they would
/// enter it (text, a yes/no, an option picked, options checked), then
/// Submit.
struct Typist {
    replies: VecDeque<Reply>,
    errors: Vec<String>,
}

#[derive(Debug)]
enum Reply {
    Text(String),
    Confirm(bool),
    Select(usize),
    Multi(Vec<usize>),
}

impl Typist {
    fn new(schema: &RequestedSchema, content: &Map<String, Value>) -> Typist {
        let mut replies = VecDeque::new();
        for p in &schema.properties {
            let v = content.get(&p.name);
            let required = schema.is_required(&p.name);
            replies.push_back(match (&p.shape, v) {
                (Shape::String(_), Some(Value::String(s))) => Reply::Text(s.clone()),
                (Shape::Number(_), Some(n)) => Reply::Text(n.to_string()),
                (Shape::String(_) | Shape::Number(_), None) => Reply::Text(String::new()),
                (Shape::Boolean { default }, v) => {
                    let b = v.and_then(Value::as_bool);
                    if required || default.is_some() {
                        Reply::Confirm(b.expect("a required boolean has a value"))
                    } else {
                        Reply::Select(match b {
                            Some(true) => 0,
                            Some(false) => 1,
                            None => 2,
                        })
                    }
                }
                (Shape::SingleSelect(s), v) => Reply::Select(
                    v.and_then(Value::as_str)
                        .and_then(|c| s.options.iter().position(|o| o.value == c))
                        .unwrap_or(s.options.len()),
                ),
                (Shape::MultiSelect(m), v) => Reply::Multi(
                    v.and_then(Value::as_array)
                        .map(|a| {
                            a.iter()
                                .filter_map(|x| {
                                    m.options
                                        .iter()
                                        .position(|o| Some(o.value.as_str()) == x.as_str())
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                ),
                (shape, v) => panic!("no way to type {v:?} into {shape:?}"),
            });
        }
        replies.push_back(Reply::Select(0)); // Submit
        Typist {
            replies,
            errors: Vec::new(),
        }
    }

    fn next(&mut self, prompt: &str) -> Reply {
        self.replies.pop_front().unwrap_or_else(|| {
            panic!(
                "asked `{prompt}` after the last reply; errors: {:?}",
                self.errors
            )
        })
    }
}

impl Prompter for Typist {
    fn say(&mut self, kind: Say, text: &str) -> io::Result<()> {
        if kind == Say::Error {
            self.errors.push(text.to_string());
        }
        Ok(())
    }
    fn text(&mut self, prompt: &str, _initial: &str) -> io::Result<Option<String>> {
        match self.next(prompt) {
            Reply::Text(t) => Ok(Some(t)),
            r => panic!("`{prompt}` is a text field, got {r:?}"),
        }
    }
    fn confirm(&mut self, prompt: &str, _default: Option<bool>) -> io::Result<Option<bool>> {
        match self.next(prompt) {
            Reply::Confirm(b) => Ok(Some(b)),
            r => panic!("`{prompt}` is a yes/no question, got {r:?}"),
        }
    }
    fn select(
        &mut self,
        prompt: &str,
        items: &[String],
        _default: usize,
    ) -> io::Result<Option<usize>> {
        match self.next(prompt) {
            Reply::Select(i) if i < items.len() => Ok(Some(i)),
            r => panic!("`{prompt}` is a select of {items:?}, got {r:?}"),
        }
    }
    fn multi_select(
        &mut self,
        prompt: &str,
        _items: &[String],
        _checked: &[bool],
    ) -> io::Result<Option<Vec<usize>>> {
        match self.next(prompt) {
            Reply::Multi(v) => Ok(Some(v)),
            r => panic!("`{prompt}` is a multi-select, got {r:?}"),
        }
    }
    fn open_url(&mut self, url: &str) -> io::Result<()> {
        panic!("a form does not open {url}")
    }
}
