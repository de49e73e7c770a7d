//! Elicitation schemas from Rust types and from ordinary JSON Schema.
//!
//! Three inputs meet in one converter ([`from_json_schema`]): the JSON
//! Schema schemars derives for a Rust type ([`generate`], [`Form`]), Rust
//! source read without compiling it (`rust`), and JSON Schema written by
//! other tools (Pydantic v2, Zod). The result is the typed
//! [`RequestedSchema`], serialised with its `to_json`; whatever the subset
//! cannot express is refused with the place it is at and what to change.
//!
//! ```
//! use mcp_elicit::generate::{Form, Options};
//! use mcp_elicit::spec::Revision;
//!
//! #[derive(schemars::JsonSchema, serde::Deserialize)]
//! struct Confirm {
//!     /// # Proceed?
//!     proceed: bool,
//! }
//!
//! let form = Form::<Confirm>::new(&Options::new(Revision::LATEST)).unwrap();
//! let params = form.params("Deploy to production?");
//! assert_eq!(params["requestedSchema"]["properties"]["proceed"]["title"], "Proceed?");
//! let answer = serde_json::json!({"proceed": true});
//! assert!(form.decode(answer.as_object().unwrap()).unwrap().proceed);
//! ```

mod convert;
#[cfg(feature = "rust-source")]
pub mod rust;

use std::fmt;
use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::schema::RequestedSchema;
use crate::spec::Revision;
use crate::validate::{Violation, check_content};

/// How to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The revision the schema is for.
    pub revision: Revision,
    /// Keep `pattern` (from `#[schemars(regex)]`). No revision declares it,
    /// so the linter warns (W210) and clients may ignore it: the server must
    /// check the answer itself.
    pub allow_pattern: bool,
}

impl Options {
    pub fn new(revision: Revision) -> Self {
        Options {
            revision,
            allow_pattern: false,
        }
    }
}

/// Something of the input left out of the schema, with where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// JSON pointer into the input JSON Schema.
    pub pointer: String,
    pub message: String,
    /// The keyword left out, when the note is about one.
    pub dropped: Option<Dropped>,
}

/// A keyword of a property that the elicitation subset has no such thing
/// as, left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// The property's name.
    pub property: String,
    /// The keyword (`pattern`, `uniqueItems`, ...).
    pub keyword: String,
}

/// Why a type or schema cannot be an elicitation form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// JSON pointer into the input JSON Schema.
    pub pointer: String,
    /// The property the refusal is about, by its name in the schema.
    pub property: Option<String>,
    /// The Rust field path (`Booking.address`), when the input was a type.
    pub field: Option<String>,
    /// What is wrong and what to change.
    pub message: String,
}

impl Refusal {
    pub(crate) fn at(pointer: &str, property: Option<&str>, message: impl Into<String>) -> Self {
        Refusal {
            pointer: if pointer.is_empty() {
                "/".to_string()
            } else {
                pointer.to_string()
            },
            property: property.map(str::to_string),
            field: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "field `{field}`: {}", self.message),
            None => write!(f, "at {}: {}", self.pointer, self.message),
        }
    }
}

impl std::error::Error for Refusal {}

/// A generated schema and what was left out on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    pub schema: RequestedSchema,
    pub notes: Vec<Note>,
    /// The input's root title and description, which a `requestedSchema`
    /// cannot carry; they suit the request's `message`.
    pub title: Option<String>,
    pub description: Option<String>,
}

/// Converts an ordinary JSON Schema (schemars, Pydantic v2, Zod,
/// zod-to-json-schema) into the elicitation subset.
pub fn from_json_schema(schema: &Value, opts: &Options) -> Result<Generated, Refusal> {
    let generated = convert::convert(schema, opts)?;
    check_product(&generated, opts)?;
    Ok(generated)
}

/// The last word: what is produced must lint without errors, so input whose
/// parts convert one by one but contradict each other (`minimum` above
/// `maximum`, a default outside the bounds) is refused, not handed on.
fn check_product(generated: &Generated, opts: &Options) -> Result<(), Refusal> {
    let checked = params(&generated.schema, "check");
    let Some(error) = crate::rules::check_params_value(&checked, opts.revision)
        .into_iter()
        .find(|f| f.severity() == crate::finding::Severity::Error)
    else {
        return Ok(());
    };
    let pointer = error
        .pointer
        .strip_prefix("/requestedSchema")
        .unwrap_or(&error.pointer);
    let property = property_at(pointer);
    Err(Refusal::at(
        pointer,
        property.as_deref(),
        format!(
            "{} ({} in the converted schema)",
            error.message, error.rule.code
        ),
    ))
}

/// The property a JSON pointer into a requested schema is in, by name.
fn property_at(pointer: &str) -> Option<String> {
    let rest = pointer.strip_prefix("/properties/")?;
    Some(crate::json::pointer_token(
        rest.split('/').next().unwrap_or(rest),
    ))
}

/// The schema for a Rust type, from the JSON Schema schemars derives for it.
pub fn generate<T: JsonSchema>(opts: &Options) -> Result<Generated, Refusal> {
    let mut schema = schemars::schema_for!(T).to_value();
    doc_titles(&mut schema);
    from_json_schema(&schema, opts).map_err(|mut r| {
        let ty = T::schema_name();
        r.field = Some(match &r.property {
            Some(p) => format!("{ty}.{p}"),
            None => ty.into_owned(),
        });
        r
    })
}

/// Panics, naming the field and the rule, unless `T` makes an elicitation
/// form that lints without errors or warnings under `revision`: for a
/// server's own `cargo test`, so a change to the type that no client can
/// show fails there rather than at a person's screen.
///
/// ```
/// use mcp_elicit::spec::Revision;
///
/// /// A table booking.
/// #[derive(schemars::JsonSchema)]
/// struct Booking {
///     /// # Guests
///     #[schemars(range(min = 1, max = 12))]
///     guests: u8,
///     /// # Terrace
///     terrace: bool,
/// }
///
/// mcp_elicit::assert_elicitable::<Booking>(Revision::V2025_11_25);
/// ```
///
/// A nested struct cannot be a form field:
///
/// ```should_panic
/// # use mcp_elicit::spec::Revision;
/// #[derive(schemars::JsonSchema)]
/// struct Address { street: String }
/// #[derive(schemars::JsonSchema)]
/// struct Order { address: Address }
///
/// mcp_elicit::assert_elicitable::<Order>(Revision::V2025_11_25);
/// ```
#[track_caller]
pub fn assert_elicitable<T: JsonSchema>(revision: Revision) {
    if let Err(problems) = elicitable::<T>(revision) {
        panic!(
            "`{}` is not a form every client can show in {revision}:\n{}",
            T::schema_name(),
            problems.join("\n")
        );
    }
}

/// What [`assert_elicitable`] checks, as a list of problems, one line
/// each, naming the field and the rule.
pub fn elicitable<T: JsonSchema>(revision: Revision) -> Result<Generated, Vec<String>> {
    let generated = generate::<T>(&Options::new(revision)).map_err(|r| vec![format!("  {r}")])?;
    let message = generated
        .title
        .clone()
        .unwrap_or_else(|| format!("Please fill in {}", T::schema_name()));
    let problems: Vec<String> =
        crate::rules::check_params_value(&params(&generated.schema, &message), revision)
            .into_iter()
            .filter(|f| f.severity() != crate::finding::Severity::Note)
            .map(|f| {
                let field = f
                    .pointer
                    .strip_prefix("/requestedSchema")
                    .and_then(property_at)
                    .map(|name| format!("field `{}.{name}`", T::schema_name()))
                    .unwrap_or_else(|| format!("`{}`", T::schema_name()));
                format!(
                    "  {field}: {} {} [{}]: {}",
                    f.severity(),
                    f.rule.code,
                    f.rule.name,
                    f.message
                )
            })
            .collect();
    if problems.is_empty() {
        Ok(generated)
    } else {
        Err(problems)
    }
}

/// Titles from Rust doc comments. schemars makes a `# Heading` first line
/// the title and the rest the description, and a doc without a heading all
/// description; a form needs labels, so for a field with a description but
/// no title the first line becomes the title and the rest the description.
pub(crate) fn doc_titles(schema: &mut Value) {
    let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for prop in props.values_mut() {
        let Some(p) = prop.as_object_mut() else {
            continue;
        };
        if p.contains_key("title") {
            continue;
        }
        let Some(Value::String(d)) = p.get("description") else {
            continue;
        };
        let (first, rest) = d.split_once('\n').unwrap_or((d, ""));
        let (first, rest) = (first.trim().to_string(), rest.trim().to_string());
        p.insert("title".into(), first.into());
        if rest.is_empty() {
            p.shift_remove("description");
        } else {
            p.insert("description".into(), rest.into());
        }
    }
}

/// `elicitation/create` params asking for `schema` with `message`.
pub fn params(schema: &RequestedSchema, message: &str) -> Value {
    json!({ "message": message, "requestedSchema": schema.to_json() })
}

/// A form for `T`: the schema to send and a typed decoder for the answer.
#[derive(Debug, Clone)]
pub struct Form<T> {
    generated: Generated,
    revision: Revision,
    marker: PhantomData<fn() -> T>,
}

/// Why an answer's `content` could not become a `T`.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// The content breaks the schema (the same checks as `answer` and `lint`).
    #[error("the answer does not fit the schema: {}", join(.0))]
    Invalid(Vec<Violation>),
    /// The content fits the schema but not the type (a custom `Deserialize`).
    #[error("the answer fits the schema but not the type: {0}")]
    Type(#[from] serde_json::Error),
    /// Not an `ElicitResult`: no `action` of accept, decline or cancel, or
    /// `content` that is not an object.
    #[error("not an elicitation result: {0}")]
    NotAResult(String),
}

/// What the person did with the form.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<T> {
    Accepted(T),
    Declined,
    Cancelled,
}

fn join(v: &[Violation]) -> String {
    v.iter()
        .map(|v| v.message.as_str())
        .collect::<Vec<_>>()
        .join("; ")
}

impl<T: JsonSchema + DeserializeOwned> Form<T> {
    pub fn new(opts: &Options) -> Result<Self, Refusal> {
        Ok(Form {
            generated: generate::<T>(opts)?,
            revision: opts.revision,
            marker: PhantomData,
        })
    }

    pub fn schema(&self) -> &RequestedSchema {
        &self.generated.schema
    }

    /// What was left out of the type's JSON Schema.
    pub fn notes(&self) -> &[Note] {
        &self.generated.notes
    }

    /// The `requestedSchema` to send.
    pub fn requested_schema(&self) -> Value {
        self.generated.schema.to_json()
    }

    /// `elicitation/create` params with `message`.
    pub fn params(&self, message: &str) -> Value {
        params(&self.generated.schema, message)
    }

    /// Checks an accepted answer's `content` against the schema, then
    /// deserialises it into `T`.
    pub fn decode(&self, content: &Map<String, Value>) -> Result<T, DecodeError> {
        let violations = check_content(&self.generated.schema, content, self.revision);
        if !violations.is_empty() {
            return Err(DecodeError::Invalid(violations));
        }
        Ok(serde_json::from_value(Value::Object(content.clone()))?)
    }

    /// Decodes a whole `ElicitResult` (`{"action": ..., "content": ...}`).
    pub fn decode_result(&self, result: &Value) -> Result<Answer<T>, DecodeError> {
        let action = result.get("action").and_then(Value::as_str);
        match action {
            Some("accept") => match result.get("content") {
                Some(Value::Object(content)) => self.decode(content).map(Answer::Accepted),
                None => self.decode(&Map::new()).map(Answer::Accepted),
                Some(_) => Err(DecodeError::NotAResult("`content` is not an object".into())),
            },
            Some("decline") => Ok(Answer::Declined),
            Some("cancel") => Ok(Answer::Cancelled),
            _ => Err(DecodeError::NotAResult(
                "`action` is not accept, decline or cancel".into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Findings;
    use crate::json::Node;
    use serde_json::json;

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Login {
        /// # User name
        user: String,
        /// # Password
        password: String,
    }

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Party {
        /// # Guests
        #[schemars(range(min = 1, max = 12))]
        guests: u8,
    }

    #[test]
    fn elicitable_names_the_field_and_the_rule() {
        let problems = elicitable::<Login>(Revision::V2025_11_25).unwrap_err();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("  field `Login.password`: warning W601 [sensitive-field]: "),
            "{problems:?}"
        );
        assert!(elicitable::<Party>(Revision::V2025_11_25).is_ok());
    }

    #[test]
    #[should_panic(
        expected = "`Login` is not a form every client can show in 2025-06-18:\n  field `Login.password`: warning W601"
    )]
    fn assert_elicitable_panics_with_the_problems() {
        crate::assert_elicitable::<Login>(Revision::V2025_06_18);
    }

    /// What `generate` produces reads back as the same model, `pattern`
    /// included when [`Options::allow_pattern`] keeps it.
    #[test]
    fn generated_schemas_read_back_as_the_same_model() {
        let input = json!({"type": "object", "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{3}$", "minLength": 3},
            "count": {"type": "integer", "minimum": 1, "maximum": 9, "default": 2},
            "pick": {"type": "string", "enum": ["a", "b"]}
        }, "required": ["code"]});
        for allow_pattern in [false, true] {
            let opts = Options {
                allow_pattern,
                ..Options::new(Revision::V2025_11_25)
            };
            let generated = from_json_schema(&input, &opts).unwrap();
            let node = Node::from_value(&generated.schema.to_json()).unwrap();
            let mut findings = Findings::default();
            let back =
                crate::schema::parse_schema(&node, "", opts.revision, &mut findings).unwrap();
            assert_eq!(back, generated.schema, "allow_pattern: {allow_pattern}");
            let pattern = match &back.property("code").unwrap().shape {
                crate::schema::Shape::String(s) => s.pattern.clone(),
                other => panic!("{other:?}"),
            };
            assert_eq!(pattern.is_some(), allow_pattern);
        }
    }
}
