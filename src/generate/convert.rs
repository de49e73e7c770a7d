//! Ordinary JSON Schema (as schemars, Pydantic v2 and Zod emit it) to the
//! typed [`RequestedSchema`] model: local `$ref`s are resolved, nullable
//! unions collapse into optional properties, `oneOf`/`anyOf` of `const`
//! become titled options, annotations the subset lacks are dropped with a
//! note, and everything else is refused with its pointer and a fix.

use serde_json::{Map, Number, Value};

use super::{Generated, Note, Options, Refusal};
use crate::json::pointer_push;
use crate::schema::string_format::StringFormat;
use crate::schema::{
    Choice, MultiSelect, NumberShape, OptionStyle, Property, RequestedSchema, Shape, SingleSelect,
    StringShape,
};
use crate::validate::check_value;

/// Converts a JSON Schema document whose root is an object schema.
pub fn convert(root: &Value, opts: &Options) -> Result<Generated, Refusal> {
    let mut cx = Cx {
        root,
        opts,
        notes: Vec::new(),
    };
    let mut chain = Vec::new();
    let (mut m, ptr) = cx.resolve(root, String::new(), &mut chain, None)?;
    chain.push("#".to_string());
    let title = take_text(&mut m, "title");
    let description = take_text(&mut m, "description");
    if let Some(t) = &title {
        cx.note(&ptr, format!("root title `{t}` dropped: a requestedSchema has no title; say it in the request's `message`"));
    }
    if description.is_some() {
        cx.note(
            &ptr,
            "root description dropped: a requestedSchema has no description; say it in the request's `message`",
        );
    }
    match m.shift_remove("type") {
        Some(Value::String(t)) if t == "object" => {}
        None if m.contains_key("properties") => {}
        other => {
            return Err(Refusal::at(
                &ptr,
                None,
                format!(
                    "the root is {}, not an object: an elicitation asks for the fields of one struct; wrap it in a struct with named fields",
                    other.as_ref().map_or_else(|| describe_schema(&m), kind)
                ),
            ));
        }
    }
    let props = match m.shift_remove("properties") {
        Some(Value::Object(p)) => p,
        None => Map::new(),
        Some(other) => {
            return Err(Refusal::at(
                &pointer_push(&ptr, "properties"),
                None,
                format!(
                    "`properties` is {}; it must be an object of property schemas",
                    kind(&other)
                ),
            ));
        }
    };
    let mut required: Vec<String> = match m.shift_remove("required") {
        Some(Value::Array(r)) => r
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    for key in ["$schema", "$defs", "definitions", "$id"] {
        m.shift_remove(key);
    }
    for (k, _) in m {
        cx.note(
            &pointer_push(&ptr, &k),
            format!("`{k}` dropped: the elicitation subset has no such keyword at the root"),
        );
    }
    let props_ptr = pointer_push(&ptr, "properties");
    let mut schema = RequestedSchema::default();
    for (name, node) in &props {
        let p = pointer_push(&props_ptr, name);
        let (prop, nullable) = cx.property(name, node, &p, &mut chain)?;
        if nullable && required.iter().any(|r| r == name) {
            required.retain(|r| r != name);
            cx.note(
                &p,
                format!("`{name}` accepts null, so it becomes an optional property"),
            );
        }
        schema.properties.push(prop);
    }
    required.retain(|r| {
        let known = props.contains_key(r);
        if !known {
            cx.notes.push(Note {
                pointer: pointer_push(&ptr, "required"),
                message: format!("required name `{r}` has no property; dropped"),
                dropped: None,
            });
        }
        known
    });
    schema.required = required;
    Ok(Generated {
        schema,
        notes: cx.notes,
        title,
        description,
    })
}

struct Cx<'a> {
    root: &'a Value,
    opts: &'a Options,
    notes: Vec<Note>,
}

/// The natural bounds of the integer formats schemars writes.
fn integer_bounds(format: &str) -> Option<(Number, Option<Number>)> {
    let (min, max): (Number, Option<Number>) = match format {
        "int8" => (i8::MIN.into(), Some(i8::MAX.into())),
        "int16" => (i16::MIN.into(), Some(i16::MAX.into())),
        "int32" => (i32::MIN.into(), Some(i32::MAX.into())),
        "int64" | "int" => (i64::MIN.into(), Some(i64::MAX.into())),
        "uint8" => (0.into(), Some(u8::MAX.into())),
        "uint16" => (0.into(), Some(u16::MAX.into())),
        "uint32" => (0.into(), Some(u32::MAX.into())),
        "uint64" | "uint" => (0.into(), Some(u64::MAX.into())),
        "uint128" => (0.into(), None),
        _ => return None,
    };
    Some((min, max))
}

fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(_) => "a number".into(),
        Value::String(s) => format!("`{s}`"),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

fn describe_schema(m: &Map<String, Value>) -> String {
    if m.contains_key("oneOf") || m.contains_key("anyOf") {
        "a union (`oneOf`/`anyOf`)".into()
    } else if m.contains_key("enum") {
        "an enum".into()
    } else {
        "a schema without `type`".into()
    }
}

fn take_text(m: &mut Map<String, Value>, key: &str) -> Option<String> {
    match m.shift_remove(key) {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

fn is_null_schema(v: &Value) -> bool {
    match v {
        Value::Object(o) => {
            o.get("type").and_then(Value::as_str) == Some("null")
                || o.get("const").is_some_and(Value::is_null)
                || o.get("enum")
                    .and_then(Value::as_array)
                    .is_some_and(|e| e.len() == 1 && e[0].is_null())
        }
        _ => false,
    }
}

impl Cx<'_> {
    fn note(&mut self, pointer: &str, message: impl Into<String>) {
        self.notes.push(Note {
            pointer: pointer.to_string(),
            message: message.into(),
            dropped: None,
        });
    }

    /// Follows `$ref` (and single-member `allOf`) until a plain schema is
    /// reached; sibling keywords override the target's. Returns the merged
    /// schema and the pointer of the innermost target.
    fn resolve(
        &self,
        node: &Value,
        ptr: String,
        chain: &mut Vec<String>,
        prop: Option<&str>,
    ) -> Result<(Map<String, Value>, String), Refusal> {
        let Some(obj) = node.as_object() else {
            return Err(Refusal::at(
                &ptr,
                prop,
                format!(
                    "the schema is {}, which accepts {}; give the field a concrete type",
                    kind(node),
                    if node == &Value::Bool(false) {
                        "nothing"
                    } else {
                        "any value"
                    }
                ),
            ));
        };
        let mut m = obj.clone();
        loop {
            let target = if let Some(r) = m.shift_remove("$ref") {
                let Some(r) = r.as_str().map(str::to_string) else {
                    return Err(Refusal::at(&ptr, prop, "`$ref` is not a string"));
                };
                r
            } else if matches!(m.get("allOf"), Some(Value::Array(a)) if a.len() == 1) {
                let Some(Value::Array(mut a)) = m.shift_remove("allOf") else {
                    unreachable!("checked above")
                };
                let inner = a.remove(0);
                let Value::Object(inner) = inner else {
                    return Err(Refusal::at(
                        &pointer_push(&ptr, "allOf"),
                        prop,
                        "`allOf` holds a non-object schema; give the field a concrete type",
                    ));
                };
                let mut merged = inner;
                for (k, v) in m {
                    merged.insert(k, v);
                }
                m = merged;
                continue;
            } else {
                break;
            };
            if chain[..].contains(&target) || (target == "#" && !chain.is_empty()) {
                let named = target.rsplit('/').next().unwrap_or(&target);
                let whom = if named == "#" {
                    "the root type".to_string()
                } else {
                    format!("`{named}`, a type it is part of")
                };
                return Err(Refusal::at(
                    &ptr,
                    prop,
                    format!(
                        "`$ref: {target}` refers back to {whom}: a recursive type cannot be a flat form; replace the field with a plain value such as an id string"
                    ),
                ));
            }
            let found = match target.strip_prefix('#') {
                Some("") => Some(self.root),
                Some(p) if p.starts_with('/') => self.root.pointer(p),
                _ => None,
            };
            let Some(found) = found else {
                return Err(Refusal::at(
                    &ptr,
                    prop,
                    format!(
                        "`$ref: {target}` is not a local definition of this document; only `#/$defs/...` and `#/definitions/...` references are resolved"
                    ),
                ));
            };
            let Some(found) = found.as_object() else {
                return Err(Refusal::at(
                    &ptr,
                    prop,
                    format!("`$ref: {target}` points at {}, not a schema", kind(found)),
                ));
            };
            chain.push(target.clone());
            let mut merged = found.clone();
            for (k, v) in m {
                merged.insert(k, v);
            }
            m = merged;
        }
        // The refs followed here stay on the chain while this schema's
        // children are converted; the caller truncates it.
        Ok((m, ptr))
    }

    /// Converts one property; the flag says whether it accepted null.
    fn property(
        &mut self,
        name: &str,
        node: &Value,
        ptr: &str,
        chain: &mut Vec<String>,
    ) -> Result<(Property, bool), Refusal> {
        let depth = chain.len();
        let r = self.property_inner(name, node, ptr, chain);
        chain.truncate(depth);
        r
    }

    fn property_inner(
        &mut self,
        name: &str,
        node: &Value,
        ptr: &str,
        chain: &mut Vec<String>,
    ) -> Result<(Property, bool), Refusal> {
        let (mut m, mut ptr) = self.resolve(node, ptr.to_string(), chain, Some(name))?;
        let prop = Some(name);
        let mut nullable = false;

        // `type: [X, "null"]`
        if let Some(Value::Array(types)) = m.get("type") {
            let rest: Vec<Value> = types
                .iter()
                .filter(|t| t.as_str() != Some("null"))
                .cloned()
                .collect();
            nullable = rest.len() < types.len();
            match rest.len() {
                1 => {
                    m.insert("type".into(), rest[0].clone());
                }
                _ => {
                    return Err(Refusal::at(
                        &pointer_push(&ptr, "type"),
                        prop,
                        format!(
                            "`{name}` may be any of {}: a form field has one type; split it into one field per type or choose one",
                            serde_json::to_string(&rest).unwrap_or_default()
                        ),
                    ));
                }
            }
        }
        // `anyOf`/`oneOf: [X, {type: null}]`
        for key in ["anyOf", "oneOf"] {
            let Some(Value::Array(members)) = m.get(key) else {
                continue;
            };
            // A member is null itself or a `$ref` to a null schema.
            let is_null = |v: &Value| {
                is_null_schema(v)
                    || v.get("$ref").and_then(Value::as_str).is_some_and(|r| {
                        r.strip_prefix('#')
                            .and_then(|p| self.root.pointer(p))
                            .is_some_and(is_null_schema)
                    })
            };
            let rest: Vec<(usize, Value)> = members
                .iter()
                .enumerate()
                .filter(|(_, v)| !is_null(v))
                .map(|(i, v)| (i, v.clone()))
                .collect();
            if rest.len() == members.len() {
                continue;
            }
            nullable = true;
            if rest.len() == 1 {
                let (i, inner) = rest.into_iter().next().expect("one member");
                m.shift_remove(key);
                let inner_ptr = pointer_push(&pointer_push(&ptr, key), &i.to_string());
                let (inner, inner_ptr) = self.resolve(&inner, inner_ptr, chain, prop)?;
                let mut merged = inner;
                for (k, v) in std::mem::take(&mut m) {
                    merged.insert(k, v);
                }
                m = merged;
                ptr = inner_ptr;
            } else {
                m.insert(
                    key.into(),
                    Value::Array(rest.into_iter().map(|(_, v)| v).collect()),
                );
            }
            break;
        }
        if let Some(Value::Array(e)) = m.get_mut("enum")
            && e.iter().any(Value::is_null)
        {
            e.retain(|v| !v.is_null());
            nullable = true;
        }
        if m.get("default").is_some_and(Value::is_null) {
            m.shift_remove("default");
        }

        let title = take_text(&mut m, "title");
        let description = take_text(&mut m, "description");
        let shape = self.shape(name, &mut m, &ptr, chain)?;
        for (k, _) in m {
            if k == "$defs" || k == "definitions" {
                continue;
            }
            let why = match k.as_str() {
                "pattern" => " (no revision declares `pattern`; `Options::allow_pattern` keeps it, and the linter then warns W210)".to_string(),
                "uniqueItems" => " (a multi-select answer never repeats a choice)".to_string(),
                _ => String::new(),
            };
            self.notes.push(Note {
                pointer: pointer_push(&ptr, &k),
                message: format!(
                    "`{name}`: `{k}` dropped: the elicitation subset has no such keyword{why}"
                ),
                dropped: Some(super::Dropped {
                    property: name.to_string(),
                    keyword: k,
                }),
            });
        }
        let prop = Property {
            name: name.to_string(),
            title,
            description,
            shape,
        };
        // The default must be an answer the property itself accepts.
        if let Some(d) = prop.default_value()
            && let Err(v) = check_value(&prop, &d, self.opts.revision)
        {
            return Err(Refusal::at(
                &pointer_push(&ptr, "default"),
                Some(name),
                format!(
                    "the default {d} breaks the field's own rules ({}); change the default or the bounds",
                    v.message
                ),
            ));
        }
        Ok((prop, nullable))
    }

    fn shape(
        &mut self,
        name: &str,
        m: &mut Map<String, Value>,
        ptr: &str,
        chain: &mut Vec<String>,
    ) -> Result<Shape, Refusal> {
        let prop = Some(name);
        let ty = match m.get("type") {
            Some(Value::String(t)) => Some(t.clone()),
            None => None,
            Some(other) => {
                return Err(Refusal::at(
                    &pointer_push(ptr, "type"),
                    prop,
                    format!("`type` is {}; write one type name", kind(other)),
                ));
            }
        };
        let nested = |what: &str| {
            Refusal::at(
                ptr,
                prop,
                format!(
                    "`{name}` is {what}; an elicitation form is flat (strings, numbers, booleans and choices): move its fields into the top-level type (`#[serde(flatten)]` in Rust) or ask for them in a second elicitation"
                ),
            )
        };
        if m.contains_key("properties") {
            return Err(nested("a nested object (a struct)"));
        }
        if ty.as_deref() == Some("object")
            || m.contains_key("additionalProperties")
            || m.contains_key("patternProperties")
        {
            return Err(nested("an object (a map or a struct)"));
        }
        let has_options = m.contains_key("enum")
            || m.contains_key("const")
            || m.contains_key("oneOf")
            || m.contains_key("anyOf");
        match ty.as_deref() {
            Some("array") => self.multi(name, m, ptr, chain).map(Shape::MultiSelect),
            _ if has_options && matches!(ty.as_deref(), None | Some("string")) => {
                m.shift_remove("type");
                self.single(name, m, ptr, chain).map(Shape::SingleSelect)
            }
            Some("string") => self.string(name, m, ptr).map(Shape::String),
            Some("integer") | Some("number") => self.number(name, m, ptr).map(Shape::Number),
            Some("boolean") => {
                m.shift_remove("type");
                let default =
                    self.take_default(m, name, ptr, "boolean", "true or false", |v| v.as_bool())?;
                Ok(Shape::Boolean { default })
            }
            Some("null") => Err(Refusal::at(
                ptr,
                prop,
                format!("`{name}` only accepts null; remove the field"),
            )),
            Some(other) if has_options => Err(Refusal::at(
                ptr,
                prop,
                format!(
                    "`{name}` has choices of type `{other}`; options are strings: use a unit-variant enum or string values"
                ),
            )),
            Some(other) => Err(Refusal::at(
                &pointer_push(ptr, "type"),
                prop,
                format!("`{name}` has type `{other}`, which no form field has"),
            )),
            None => Err(Refusal::at(
                ptr,
                prop,
                format!(
                    "`{name}` accepts any JSON value (no `type`); give it a concrete type such as String, a number, bool or a unit-variant enum"
                ),
            )),
        }
    }

    /// Takes `default`: `extract` gives the value when it fits; anything but
    /// a boolean default needs a revision that allows it.
    fn take_default<T>(
        &self,
        m: &mut Map<String, Value>,
        name: &str,
        ptr: &str,
        what: &str,
        expected: &str,
        extract: impl FnOnce(Value) -> Option<T>,
    ) -> Result<Option<T>, Refusal> {
        let Some(v) = m.shift_remove("default") else {
            return Ok(None);
        };
        let at = pointer_push(ptr, "default");
        let shown = serde_json::to_string(&v).unwrap_or_default();
        let Some(t) = extract(v) else {
            return Err(Refusal::at(
                &at,
                Some(name),
                format!("the default {shown} of {what} `{name}` does not fit it; use {expected}"),
            ));
        };
        if what != "boolean" && !self.opts.revision.allows_non_boolean_defaults() {
            return Err(Refusal::at(
                &at,
                Some(name),
                format!(
                    "{} does not allow a default on {what} `{name}` (only booleans): remove the default (`#[serde(default)]` in Rust) or generate for 2025-11-25 or later",
                    self.opts.revision
                ),
            ));
        }
        Ok(Some(t))
    }

    fn string(
        &mut self,
        name: &str,
        m: &mut Map<String, Value>,
        ptr: &str,
    ) -> Result<StringShape, Refusal> {
        m.shift_remove("type");
        let mut s = StringShape {
            min_length: count(m, "minLength", name, ptr)?,
            max_length: count(m, "maxLength", name, ptr)?,
            ..StringShape::default()
        };
        if let Some(f) = m.shift_remove("format") {
            match f.as_str().and_then(StringFormat::parse) {
                Some(f) => s.format = Some(f),
                None => self.note(
                    &pointer_push(ptr, "format"),
                    format!(
                        "`{name}`: format {} dropped: only email, uri, date and date-time exist in elicitation",
                        kind(&f)
                    ),
                ),
            }
        }
        if self.opts.allow_pattern
            && let Some(p) = m.shift_remove("pattern")
        {
            match p {
                Value::String(p) => s.pattern = Some(p),
                other => {
                    return Err(Refusal::at(
                        &pointer_push(ptr, "pattern"),
                        Some(name),
                        format!(
                            "`pattern` is {}; write a regular expression string",
                            kind(&other)
                        ),
                    ));
                }
            }
        }
        s.default = self.take_default(m, name, ptr, "string", "a string", |v| match v {
            Value::String(d) => Some(d),
            _ => None,
        })?;
        Ok(s)
    }

    fn number(
        &mut self,
        name: &str,
        m: &mut Map<String, Value>,
        ptr: &str,
    ) -> Result<NumberShape, Refusal> {
        let integer = m
            .shift_remove("type")
            .and_then(|t| t.as_str().map(str::to_string))
            == Some("integer".into());
        let mut n = NumberShape {
            integer,
            ..NumberShape::default()
        };
        let num = |m: &mut Map<String, Value>, key: &str| -> Result<Option<Number>, Refusal> {
            match m.shift_remove(key) {
                None => Ok(None),
                Some(Value::Number(v)) => Ok(Some(v)),
                Some(other) => Err(Refusal::at(
                    &pointer_push(ptr, key),
                    Some(name),
                    format!("`{key}` is {}; write a number", kind(&other)),
                )),
            }
        };
        n.minimum = num(m, "minimum")?;
        n.maximum = num(m, "maximum")?;
        let ex_min = num(m, "exclusiveMinimum")?;
        let ex_max = num(m, "exclusiveMaximum")?;
        for (key, ex, lower) in [
            ("exclusiveMinimum", ex_min, true),
            ("exclusiveMaximum", ex_max, false),
        ] {
            let Some(ex) = ex else { continue };
            let slot = if lower {
                &mut n.minimum
            } else {
                &mut n.maximum
            };
            let stepped = if integer {
                ex.as_i64()
                    .and_then(|v| {
                        if lower {
                            v.checked_add(1)
                        } else {
                            v.checked_sub(1)
                        }
                    })
                    .map(Number::from)
            } else {
                None
            };
            match stepped {
                Some(v) => {
                    let tighter = slot.as_ref().is_none_or(|s| {
                        let (a, b) = (v.as_f64().unwrap_or(0.0), s.as_f64().unwrap_or(0.0));
                        if lower { a > b } else { a < b }
                    });
                    if tighter {
                        *slot = Some(v);
                    }
                }
                None => self.note(
                    &pointer_push(ptr, key),
                    format!(
                        "`{name}`: `{key}` dropped: elicitation has only inclusive bounds; check the bound on the server"
                    ),
                ),
            }
        }
        if let Some(f) = m.shift_remove("format") {
            let f = f.as_str().unwrap_or_default().to_string();
            match integer_bounds(&f) {
                Some((min, max)) if integer => {
                    n.minimum.get_or_insert(min);
                    if let Some(max) = max {
                        n.maximum.get_or_insert(max);
                    }
                }
                _ if matches!(f.as_str(), "float" | "double") => {}
                _ => self.note(
                    &pointer_push(ptr, "format"),
                    format!(
                        "`{name}`: format `{f}` dropped: numbers have no format in elicitation"
                    ),
                ),
            }
        }
        n.default = self.take_default(m, name, ptr, "number", "a number", |v| match v {
            Value::Number(d) => Some(d),
            _ => None,
        })?;
        Ok(n)
    }

    /// The options of `enum`, `const` or `oneOf`/`anyOf` of constants.
    fn options(
        &mut self,
        name: &str,
        m: &mut Map<String, Value>,
        ptr: &str,
        chain: &mut Vec<String>,
    ) -> Result<Vec<Choice>, Refusal> {
        let prop = Some(name);
        let mut options = Vec::new();
        let not_string = |p: &str, v: &Value| {
            Refusal::at(
                p,
                prop,
                format!(
                    "option {} of `{name}` is not a string; choices are strings: use a unit-variant enum or string values",
                    kind(v)
                ),
            )
        };
        if let Some(e) = m.shift_remove("enum") {
            let p = pointer_push(ptr, "enum");
            let Value::Array(e) = e else {
                return Err(Refusal::at(&p, prop, "`enum` is not an array"));
            };
            for (i, v) in e.iter().enumerate() {
                match v {
                    Value::String(s) => options.push(Choice {
                        value: s.clone(),
                        title: None,
                    }),
                    other => return Err(not_string(&pointer_push(&p, &i.to_string()), other)),
                }
            }
        } else if let Some(c) = m.shift_remove("const") {
            match c {
                Value::String(s) => options.push(Choice {
                    value: s,
                    title: None,
                }),
                other => return Err(not_string(&pointer_push(ptr, "const"), &other)),
            }
        } else {
            let key = if m.contains_key("oneOf") {
                "oneOf"
            } else {
                "anyOf"
            };
            let p = pointer_push(ptr, key);
            let Some(Value::Array(members)) = m.shift_remove(key) else {
                return Err(Refusal::at(&p, prop, format!("`{key}` is not an array")));
            };
            for (i, member) in members.iter().enumerate() {
                let mp = pointer_push(&p, &i.to_string());
                let depth = chain.len();
                let (mut mm, mp) = self.resolve(member, mp, chain, prop)?;
                chain.truncate(depth);
                if !matches!(mm.get("type"), None | Some(Value::String(_)))
                    || mm
                        .get("type")
                        .and_then(Value::as_str)
                        .is_some_and(|t| t != "string")
                    || !(mm.contains_key("const") || mm.contains_key("enum"))
                {
                    return Err(Refusal::at(
                        &mp,
                        prop,
                        format!(
                            "`{name}` is a union whose member {i} is not a constant string (an enum with data, or a mix of types); use a unit-variant enum, or a separate field for the data"
                        ),
                    ));
                }
                mm.shift_remove("type");
                let title = take_text(&mut mm, "title");
                let description = take_text(&mut mm, "description");
                let mut chosen = self.options(name, &mut mm, &mp, chain)?;
                // A variant's doc comment is its label: the title, else the
                // description's first line (a label is one line).
                let label = title.or_else(|| {
                    description
                        .as_deref()
                        .and_then(|d| d.lines().next())
                        .map(|l| l.trim().to_string())
                });
                if let Some(t) = label
                    && let [only] = chosen.as_mut_slice()
                {
                    only.title = Some(t);
                }
                for (k, _) in mm {
                    self.note(
                        &pointer_push(&mp, &k),
                        format!("`{name}`: `{k}` on an option dropped: options carry only a value and a title"),
                    );
                }
                options.extend(chosen);
            }
        }
        if options.is_empty() {
            return Err(Refusal::at(
                ptr,
                prop,
                format!("`{name}` has no options; give the enum at least one variant"),
            ));
        }
        let mut seen = std::collections::HashSet::with_capacity(options.len());
        if let Some(twice) = options.iter().find(|c| !seen.insert(c.value.as_str())) {
            return Err(Refusal::at(
                ptr,
                prop,
                format!(
                    "`{name}` lists the option `{}` twice; a form shows each option once: list it once",
                    twice.value
                ),
            ));
        }
        Ok(options)
    }

    fn style(&self, name: &str, ptr: &str, options: &[Choice]) -> Result<OptionStyle, Refusal> {
        if options.iter().all(|c| c.title.is_none()) {
            return Ok(OptionStyle::Untitled);
        }
        if self.opts.revision.allows_titled_single_select() {
            return Ok(OptionStyle::Titled);
        }
        Err(Refusal::at(
            ptr,
            Some(name),
            format!(
                "{} has no titled options, and the options of `{name}` have titles (variant doc comments or `#[schemars(title)]`): remove the titles so the values are shown, or generate for 2025-11-25 or later",
                self.opts.revision
            ),
        ))
    }

    fn single(
        &mut self,
        name: &str,
        m: &mut Map<String, Value>,
        ptr: &str,
        chain: &mut Vec<String>,
    ) -> Result<SingleSelect, Refusal> {
        let options = self.options(name, m, ptr, chain)?;
        let style = self.style(name, ptr, &options)?;
        let default =
            self.take_default(m, name, ptr, "choice", "one of its options", |v| match v {
                Value::String(d) if options.iter().any(|c| c.value == d) => Some(d),
                _ => None,
            })?;
        Ok(SingleSelect {
            style,
            options,
            default,
        })
    }

    fn multi(
        &mut self,
        name: &str,
        m: &mut Map<String, Value>,
        ptr: &str,
        chain: &mut Vec<String>,
    ) -> Result<MultiSelect, Refusal> {
        let prop = Some(name);
        m.shift_remove("type");
        if m.contains_key("prefixItems") || matches!(m.get("items"), Some(Value::Array(_))) {
            return Err(Refusal::at(
                ptr,
                prop,
                format!("`{name}` is a tuple; a form has no tuples: use one field per element"),
            ));
        }
        let Some(items) = m.shift_remove("items") else {
            return Err(Refusal::at(
                ptr,
                prop,
                format!(
                    "`{name}` is an array of anything; only arrays of unit-enum choices (multi-select) exist: use Vec<UnitEnum>"
                ),
            ));
        };
        let ip = pointer_push(ptr, "items");
        let depth = chain.len();
        let (mut im, ip) = self.resolve(&items, ip, chain, prop)?;
        let is_choice = im
            .get("type")
            .and_then(Value::as_str)
            .is_none_or(|t| t == "string")
            && (im.contains_key("enum")
                || im.contains_key("const")
                || im.contains_key("oneOf")
                || im.contains_key("anyOf"));
        if !is_choice {
            chain.truncate(depth);
            let what = match im.get("type").and_then(Value::as_str) {
                Some("object") => "objects".to_string(),
                Some("array") => "arrays".to_string(),
                Some(t) => format!("{t}s"),
                None => describe_schema(&im),
            };
            return Err(Refusal::at(
                &ip,
                prop,
                format!(
                    "`{name}` is an array of {what}; the only arrays in a form are multi-selects of unit-enum choices: use Vec<UnitEnum>, or one string field"
                ),
            ));
        }
        if !self.opts.revision.allows_multi_select() {
            chain.truncate(depth);
            return Err(Refusal::at(
                ptr,
                prop,
                format!(
                    "{} has no multi-select, and `{name}` is a list of choices: make it a single choice, or generate for 2025-11-25 or later",
                    self.opts.revision
                ),
            ));
        }
        im.shift_remove("type");
        im.shift_remove("title");
        im.shift_remove("description");
        let options = self.options(name, &mut im, &ip, chain)?;
        chain.truncate(depth);
        for (k, _) in im {
            self.note(
                &pointer_push(&ip, &k),
                format!("`{name}`: `{k}` on the items dropped"),
            );
        }
        let style = self.style(name, ptr, &options)?;
        let min_items = count(m, "minItems", name, ptr)?;
        let max_items = count(m, "maxItems", name, ptr)?;
        let default = self.take_default(
            m,
            name,
            ptr,
            "multi-select",
            "an array of its options",
            |v| {
                let Value::Array(d) = v else { return None };
                d.into_iter()
                    .map(|v| match v {
                        Value::String(s) if options.iter().any(|c| c.value == s) => Some(s),
                        _ => None,
                    })
                    .collect()
            },
        )?;
        if m.get("uniqueItems") == Some(&Value::Bool(true)) {
            m.shift_remove("uniqueItems");
        }
        Ok(MultiSelect {
            style,
            options,
            min_items,
            max_items,
            default,
        })
    }
}

fn count(
    m: &mut Map<String, Value>,
    key: &str,
    name: &str,
    ptr: &str,
) -> Result<Option<u64>, Refusal> {
    match m.shift_remove(key) {
        None => Ok(None),
        Some(Value::Number(n)) if n.as_u64().is_some() => Ok(n.as_u64()),
        Some(other) => Err(Refusal::at(
            &pointer_push(ptr, key),
            Some(name),
            format!(
                "`{key}` is {}; write a whole number of zero or more",
                kind(&other)
            ),
        )),
    }
}
