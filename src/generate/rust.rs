//! Rust source to an elicitation schema without compiling it: the named
//! struct is read with `syn` and written as the JSON Schema schemars would
//! derive for it (same doc comment, serde and schemars attribute rules),
//! then converted like any other JSON Schema. Types the reader cannot see
//! (defined in another file, or a `Default` impl it would have to run) are
//! reported with their line and column.

use std::collections::HashMap;
use std::fmt;

use serde_json::{Map, Number, Value, json};
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Fields, GenericArgument, Item, Lit, PathArguments, Type};

use super::{Generated, Options, Refusal, from_json_schema};

/// Why Rust source could not become a schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustError {
    /// 1-based line and column in the source; 0 when the whole file.
    pub line: usize,
    pub column: usize,
    /// The Rust field path, when about one field.
    pub field: Option<String>,
    pub message: String,
    /// Set when the type was read but the schema was refused.
    pub refusal: Option<Box<Refusal>>,
}

impl fmt::Display for RustError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: ", self.line, self.column)?;
        }
        if let Some(field) = &self.field {
            write!(f, "field `{field}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for RustError {}

fn err_at(span: proc_macro2::Span, field: Option<String>, message: impl Into<String>) -> RustError {
    let start = span.start();
    RustError {
        line: start.line,
        column: start.column + 1,
        field,
        message: message.into(),
        refusal: None,
    }
}

/// Reads `source`, finds the struct `type_name` and generates its schema.
pub fn generate(source: &str, type_name: &str, opts: &Options) -> Result<Generated, RustError> {
    let file = syn::parse_file(source).map_err(|e| {
        let mut r = err_at(e.span(), None, format!("not valid Rust: {e}"));
        if r.line == 0 {
            r.line = 1;
            r.column = 1;
        }
        r
    })?;
    let reader = Reader::new(&file);
    let (mut schema, fields) = reader.root(type_name)?;
    super::doc_titles(&mut schema);
    from_json_schema(&schema, opts).map_err(|mut refusal| {
        let (span, field) = match refusal.property.as_deref().and_then(|p| fields.get(p)) {
            Some((ident, span)) => (Some(*span), format!("{type_name}.{ident}")),
            None => (None, type_name.to_string()),
        };
        refusal.field = Some(field.clone());
        let mut e = match span {
            Some(s) => err_at(s, Some(field), refusal.message.clone()),
            None => RustError {
                line: 0,
                column: 0,
                field: Some(field),
                message: refusal.message.clone(),
                refusal: None,
            },
        };
        e.refusal = Some(Box::new(refusal));
        e
    })
}

/// What schemars derives for a struct of a parsed file, for the source
/// linter: the schema (without the root `$schema` and `title` its generator
/// adds), each property's field span by its wire name, and the struct
/// name's span; `None` when the file has no such struct.
#[cfg(feature = "source")]
pub(crate) fn derived(file: &syn::File, name: &str) -> Option<Result<DerivedSchema, RustError>> {
    let reader = Reader::new(file);
    let s = reader.structs.get(name)?;
    let at = s.ident.span();
    Some(reader.root(name).map(|(schema, fields)| DerivedSchema {
        schema,
        fields: fields.into_iter().map(|(k, (_, span))| (k, span)).collect(),
        at,
    }))
}

/// See [`derived`].
#[cfg(feature = "source")]
pub(crate) struct DerivedSchema {
    pub schema: Value,
    pub fields: HashMap<String, proc_macro2::Span>,
    pub at: proc_macro2::Span,
}

/// Every struct and enum of the file, by name.
struct Reader<'f> {
    structs: HashMap<String, &'f syn::ItemStruct>,
    enums: HashMap<String, &'f syn::ItemEnum>,
}

/// The serde and schemars attributes that matter here.
#[derive(Default)]
struct Attrs {
    rename: Option<String>,
    rename_all: Option<String>,
    default: Option<DefaultAttr>,
    skip: bool,
    flatten: bool,
    deny_unknown_fields: bool,
    title: Option<String>,
    description: Option<String>,
    email: bool,
    url: bool,
    length: (Option<Number>, Option<Number>),
    range: (Option<Number>, Option<Number>),
    regex: Option<String>,
    with: Option<Type>,
    /// `extend("key" = value)`: keys set on the schema as they are.
    extend: Vec<(String, Value)>,
    required: bool,
    default_variant: bool,
    /// Any schemars attribute at all (schemars keeps such variants apart).
    schemars: bool,
}

enum DefaultAttr {
    Trait,
    Function(String),
}

fn lit_number(e: &Expr) -> Option<Number> {
    match e {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => i
                .base10_parse::<u64>()
                .ok()
                .map(Number::from)
                .or_else(|| i.base10_parse::<i64>().ok().map(Number::from)),
            Lit::Float(f) => f.base10_parse::<f64>().ok().and_then(Number::from_f64),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
            let n = lit_number(&u.expr)?;
            if let Some(i) = n.as_i64() {
                Some(Number::from(-i))
            } else {
                Number::from_f64(-n.as_f64()?)
            }
        }
        Expr::Group(g) => lit_number(&g.expr),
        Expr::Paren(p) => lit_number(&p.expr),
        _ => None,
    }
}

fn literal_json(e: &Expr) -> Option<Value> {
    match e {
        Expr::Lit(l) => match &l.lit {
            Lit::Str(s) => Some(Value::String(s.value())),
            Lit::Bool(b) => Some(Value::Bool(b.value)),
            _ => lit_number(e).map(Value::Number),
        },
        Expr::Path(p) if p.path.is_ident("null") => Some(Value::Null),
        _ => lit_number(e).map(Value::Number),
    }
}

fn doc(attrs: &[Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| a.meta.require_name_value().ok())
        .filter_map(|nv| match &nv.value {
            Expr::Lit(l) => match &l.lit {
                Lit::Str(s) => {
                    let v = s.value();
                    Some(v.strip_prefix(' ').map(str::to_string).unwrap_or(v))
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// schemars' rule: a first line starting with `#` is the title, the rest is
/// the description; otherwise the whole text is the description.
fn title_and_description(doc: &str) -> (String, String) {
    let doc = doc.trim();
    if doc.starts_with('#') {
        let (first, rest) = doc.split_once('\n').unwrap_or((doc, ""));
        (
            first.trim_start_matches('#').trim().to_string(),
            rest.trim().to_string(),
        )
    } else {
        (String::new(), doc.to_string())
    }
}

fn parse_attrs(attrs: &[Attribute]) -> syn::Result<Attrs> {
    let mut a = Attrs::default();
    for attr in attrs {
        if attr.path().is_ident("default") {
            a.default_variant = true;
            continue;
        }
        let serde = attr.path().is_ident("serde");
        let schemars = attr.path().is_ident("schemars");
        if !serde && !schemars {
            continue;
        }
        if schemars {
            a.schemars = true;
        }
        attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default();
            let string = |meta: &syn::meta::ParseNestedMeta| -> syn::Result<String> {
                Ok(meta.value()?.parse::<syn::LitStr>()?.value())
            };
            match key.as_str() {
                "rename" if meta.input.peek(syn::Token![=]) => a.rename = Some(string(&meta)?),
                "rename_all" if meta.input.peek(syn::Token![=]) => {
                    a.rename_all = Some(string(&meta)?)
                }
                "default" if serde => {
                    a.default = Some(if meta.input.peek(syn::Token![=]) {
                        DefaultAttr::Function(string(&meta)?)
                    } else {
                        DefaultAttr::Trait
                    })
                }
                "skip" | "skip_deserializing" => a.skip = true,
                "flatten" => a.flatten = true,
                "deny_unknown_fields" => a.deny_unknown_fields = true,
                "title" => a.title = Some(string(&meta)?),
                "description" => a.description = Some(string(&meta)?),
                "email" => a.email = true,
                "url" => a.url = true,
                "required" => a.required = true,
                "with" => {
                    let s = string(&meta)?;
                    a.with = Some(syn::parse_str::<Type>(&s)?);
                }
                "length" | "range" => {
                    let mut bounds = (None, None);
                    meta.parse_nested_meta(|inner| {
                        let e: Expr = inner.value()?.parse()?;
                        let n = lit_number(&e)
                            .ok_or_else(|| inner.error("write the bound as a number literal"))?;
                        if inner.path.is_ident("min") {
                            bounds.0 = Some(n);
                        } else if inner.path.is_ident("max") {
                            bounds.1 = Some(n);
                        } else if inner.path.is_ident("equal") {
                            bounds = (Some(n.clone()), Some(n));
                        }
                        Ok(())
                    })?;
                    if key == "length" {
                        a.length = bounds;
                    } else {
                        a.range = bounds;
                    }
                }
                "extend" => {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    while !content.is_empty() {
                        let key: syn::LitStr = content.parse()?;
                        content.parse::<syn::Token![=]>()?;
                        let value: Expr = content.parse()?;
                        let json = literal_json(&value).ok_or_else(|| {
                            syn::Error::new(
                                value.span(),
                                "`extend` values are read as literals (a string, number, true, false or null)",
                            )
                        })?;
                        a.extend.push((key.value(), json));
                        if !content.is_empty() {
                            content.parse::<syn::Token![,]>()?;
                        }
                    }
                }
                "regex" => {
                    meta.parse_nested_meta(|inner| {
                        if inner.path.is_ident("pattern") {
                            a.regex = Some(string(&inner)?);
                        }
                        Ok(())
                    })?;
                }
                _ => {
                    // Skip a value or a nested list we do not read.
                    if meta.input.peek(syn::Token![=]) {
                        let _: Expr = meta.value()?.parse()?;
                    } else if meta.input.peek(syn::token::Paren) {
                        let content;
                        syn::parenthesized!(content in meta.input);
                        let _: proc_macro2::TokenStream = content.parse()?;
                    }
                }
            }
            Ok(())
        })?;
    }
    Ok(a)
}

fn to_syn_err(e: syn::Error, field: Option<String>) -> RustError {
    err_at(e.span(), field, format!("cannot read the attribute: {e}"))
}

/// serde's `rename_all` for a field (snake_case ident).
fn rename_field(rule: &str, field: &str) -> Option<String> {
    let pascal = || {
        let mut out = String::new();
        let mut cap = true;
        for ch in field.chars() {
            if ch == '_' {
                cap = true;
            } else if cap {
                out.push(ch.to_ascii_uppercase());
                cap = false;
            } else {
                out.push(ch);
            }
        }
        out
    };
    Some(match rule {
        "lowercase" | "snake_case" => field.to_string(),
        "UPPERCASE" | "SCREAMING_SNAKE_CASE" => field.to_ascii_uppercase(),
        "PascalCase" => pascal(),
        "camelCase" => {
            let p = pascal();
            let mut c = p.chars();
            c.next()
                .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
                .unwrap_or_default()
        }
        "kebab-case" => field.replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => field.to_ascii_uppercase().replace('_', "-"),
        _ => return None,
    })
}

/// serde's `rename_all` for a variant (PascalCase ident).
fn rename_variant(rule: &str, variant: &str) -> Option<String> {
    let snake = || {
        let mut out = String::new();
        for (i, ch) in variant.char_indices() {
            if i > 0 && ch.is_uppercase() {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        }
        out
    };
    Some(match rule {
        "PascalCase" => variant.to_string(),
        "lowercase" => variant.to_ascii_lowercase(),
        "UPPERCASE" => variant.to_ascii_uppercase(),
        "camelCase" => {
            let mut c = variant.chars();
            c.next()
                .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
                .unwrap_or_default()
        }
        "snake_case" => snake(),
        "SCREAMING_SNAKE_CASE" => snake().to_ascii_uppercase(),
        "kebab-case" => snake().replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => snake().to_ascii_uppercase().replace('_', "-"),
        _ => return None,
    })
}

fn unraw(ident: &syn::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

fn put_meta(m: &mut Map<String, Value>, attrs: &Attrs, docs: Option<String>) {
    let (mut title, mut description) = docs
        .as_deref()
        .map(title_and_description)
        .unwrap_or_default();
    if let Some(t) = &attrs.title {
        title = t.clone();
    }
    if let Some(d) = &attrs.description {
        description = d.clone();
    }
    if !title.is_empty() {
        m.insert("title".into(), title.into());
    }
    if !description.is_empty() {
        m.insert("description".into(), description.into());
    }
}

/// The last segment of a type path and its type arguments.
fn path_parts(ty: &Type) -> Option<(String, Vec<&Type>, String)> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    let args = match &last.arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let full = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::");
    Some((last.ident.to_string(), args, full))
}

type FieldSpans = HashMap<String, (String, proc_macro2::Span)>;

impl<'f> Reader<'f> {
    fn new(file: &'f syn::File) -> Self {
        let mut r = Reader {
            structs: HashMap::new(),
            enums: HashMap::new(),
        };
        fn walk<'f>(items: &'f [Item], r: &mut Reader<'f>) {
            for item in items {
                match item {
                    Item::Struct(s) => {
                        r.structs.insert(s.ident.to_string(), s);
                    }
                    Item::Enum(e) => {
                        r.enums.insert(e.ident.to_string(), e);
                    }
                    Item::Mod(m) => {
                        if let Some((_, items)) = &m.content {
                            walk(items, r);
                        }
                    }
                    _ => {}
                }
            }
        }
        walk(&file.items, &mut r);
        r
    }

    fn root(&self, name: &str) -> Result<(Value, FieldSpans), RustError> {
        let Some(s) = self.structs.get(name) else {
            let mut known: Vec<&String> = self.structs.keys().collect();
            known.sort();
            return Err(RustError {
                line: 0,
                column: 0,
                field: None,
                message: if self.enums.contains_key(name) {
                    format!("`{name}` is an enum; a form is made from a struct with named fields")
                } else if known.is_empty() {
                    format!("no struct `{name}` in this file (it has no structs)")
                } else if let Some(near) =
                    crate::nearest::nearest(name, known.iter().map(|k| k.as_str()))
                {
                    format!("no struct `{name}` in this file; did you mean `{near}`?")
                } else {
                    format!(
                        "no struct `{name}` in this file; it has {}",
                        known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
                refusal: None,
            });
        };
        let attrs = parse_attrs(&s.attrs).map_err(|e| to_syn_err(e, None))?;
        let mut m = Map::new();
        put_meta(&mut m, &attrs, doc(&s.attrs));
        m.insert("type".into(), "object".into());
        let mut props = Map::new();
        let mut required = Vec::new();
        let mut spans = FieldSpans::new();
        self.fields(s, name, &mut props, &mut required, &mut spans, &[name])?;
        m.insert("properties".into(), Value::Object(props));
        if attrs.deny_unknown_fields {
            m.insert("additionalProperties".into(), false.into());
        }
        m.insert(
            "required".into(),
            required.into_iter().map(Value::String).collect(),
        );
        Ok((Value::Object(m), spans))
    }

    fn fields(
        &self,
        s: &syn::ItemStruct,
        root: &str,
        props: &mut Map<String, Value>,
        required: &mut Vec<String>,
        spans: &mut FieldSpans,
        stack: &[&str],
    ) -> Result<(), RustError> {
        let sattrs = parse_attrs(&s.attrs).map_err(|e| to_syn_err(e, None))?;
        let Fields::Named(named) = &s.fields else {
            return Err(err_at(
                s.ident.span(),
                None,
                format!(
                    "`{}` has no named fields; a form is made from a struct with named fields",
                    s.ident
                ),
            ));
        };
        let derives_default = s.attrs.iter().any(|a| {
            a.path().is_ident("derive") && {
                let mut found = false;
                let _ = a.parse_nested_meta(|m| {
                    found |= m.path.is_ident("Default");
                    Ok(())
                });
                found
            }
        });
        for f in &named.named {
            let ident = f.ident.as_ref().expect("named field");
            let rust = format!("{root}.{}", unraw(ident));
            let fa = parse_attrs(&f.attrs).map_err(|e| to_syn_err(e, Some(rust.clone())))?;
            if fa.skip {
                continue;
            }
            if fa.flatten {
                let inner = path_parts(&f.ty)
                    .and_then(|(n, _, _)| self.structs.get(&n).copied())
                    .ok_or_else(|| {
                        err_at(
                            f.ty.span(),
                            Some(rust.clone()),
                            "`#[serde(flatten)]` on a type not defined as a struct in this file; define it here or use the library path",
                        )
                    })?;
                self.fields(inner, root, props, required, spans, stack)?;
                continue;
            }
            let name = fa.rename.clone().unwrap_or_else(|| {
                let raw = unraw(ident);
                sattrs
                    .rename_all
                    .as_deref()
                    .and_then(|r| rename_field(r, &raw))
                    .unwrap_or(raw)
            });
            spans.insert(name.clone(), (unraw(ident), ident.span()));
            let ty = fa.with.as_ref().unwrap_or(&f.ty);
            let (mut schema, optional) = self
                .field_type(ty, &fa, stack)
                .map_err(|(span, msg)| err_at(span, Some(rust.clone()), msg))?;
            // The field's own title and description win over its type's.
            let mut m = Map::new();
            put_meta(&mut m, &fa, doc(&f.attrs));
            for (k, v) in std::mem::take(&mut schema) {
                m.entry(k).or_insert(v);
            }
            for (k, v) in &fa.extend {
                m.insert(k.clone(), v.clone());
            }
            let has_default = match &fa.default {
                Some(DefaultAttr::Trait) => {
                    let d = self
                        .default_of(&f.ty)
                        .map_err(|msg| err_at(f.ty.span(), Some(rust.clone()), msg))?;
                    if let Some(d) = d {
                        m.insert("default".into(), d);
                    }
                    true
                }
                Some(DefaultAttr::Function(path)) => {
                    return Err(err_at(
                        ident.span(),
                        Some(rust),
                        format!(
                            "`#[serde(default = \"{path}\")]` needs the function's result, which cannot be read without compiling: generate with the library (`mcp_elicit::generate::generate::<T>`), or use `#[serde(default)]`"
                        ),
                    ));
                }
                None => match &sattrs.default {
                    Some(DefaultAttr::Trait) if derives_default => {
                        if let Some(d) = self
                            .default_of(&f.ty)
                            .map_err(|msg| err_at(f.ty.span(), Some(rust.clone()), msg))?
                        {
                            m.insert("default".into(), d);
                        }
                        true
                    }
                    Some(_) => {
                        return Err(err_at(
                            s.ident.span(),
                            Some(rust),
                            "`#[serde(default)]` on the struct takes defaults from its `Default` impl, which cannot be read without compiling: derive `Default`, put `#[serde(default)]` on the fields, or generate with the library",
                        ));
                    }
                    None => false,
                },
            };
            if (!optional && !has_default) || fa.required {
                required.push(name.clone());
            }
            props.insert(name, Value::Object(m));
        }
        Ok(())
    }

    /// The value `Default::default()` gives for a type, as JSON.
    fn default_of(&self, ty: &Type) -> Result<Option<Value>, String> {
        let Some((last, _, _)) = path_parts(ty) else {
            return Err("the default of this type cannot be read without compiling".into());
        };
        Ok(Some(match last.as_str() {
            "bool" => false.into(),
            "String" => "".into(),
            "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
                0.into()
            }
            "f32" | "f64" => json!(0.0),
            "Option" => return Ok(None),
            "Vec" | "HashSet" | "BTreeSet" => json!([]),
            other => {
                let Some(e) = self.enums.get(other) else {
                    return Err(format!(
                        "the `Default` of `{other}` cannot be read without compiling: generate with the library, or drop `#[serde(default)]`"
                    ));
                };
                let ea = parse_attrs(&e.attrs).map_err(|e| e.to_string())?;
                let v = e
                    .variants
                    .iter()
                    .find(|v| v.attrs.iter().any(|a| a.path().is_ident("default")))
                    .ok_or_else(|| {
                        format!(
                            "`{other}` has no `#[default]` variant; mark one, or drop `#[serde(default)]`"
                        )
                    })?;
                Value::String(variant_name(v, &ea).map_err(|e| e.to_string())?)
            }
        }))
    }

    /// The JSON Schema of a field's type, and whether the field is optional.
    fn field_type(
        &self,
        ty: &Type,
        fa: &Attrs,
        stack: &[&str],
    ) -> Result<(Map<String, Value>, bool), (proc_macro2::Span, String)> {
        if let Some((last, args, _)) = path_parts(ty)
            && last == "Option"
            && args.len() == 1
        {
            let inner = self.schema_of(args[0], fa, stack)?;
            let mut m = Map::new();
            m.insert(
                "anyOf".into(),
                json!([Value::Object(inner), {"type": "null"}]),
            );
            return Ok((m, true));
        }
        Ok((self.schema_of(ty, fa, stack)?, false))
    }

    fn schema_of(
        &self,
        ty: &Type,
        fa: &Attrs,
        stack: &[&str],
    ) -> Result<Map<String, Value>, (proc_macro2::Span, String)> {
        let span = ty.span();
        let obj = |v: Value| match v {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        let mut m = match ty {
            Type::Reference(r) => return self.schema_of(&r.elem, fa, stack),
            Type::Paren(p) => return self.schema_of(&p.elem, fa, stack),
            Type::Group(g) => return self.schema_of(&g.elem, fa, stack),
            Type::Tuple(t) if t.elems.is_empty() => obj(json!({"type": "null"})),
            Type::Tuple(t) => {
                let n = t.elems.len();
                obj(json!({"type": "array", "prefixItems": [], "minItems": n, "maxItems": n}))
            }
            Type::Array(_) | Type::Slice(_) => {
                let elem = match ty {
                    Type::Array(a) => &a.elem,
                    Type::Slice(s) => &s.elem,
                    _ => unreachable!("matched above"),
                };
                let items = self.schema_of(elem, &Attrs::default(), stack)?;
                obj(json!({"type": "array", "items": items}))
            }
            Type::Path(_) => {
                let (last, args, full) = path_parts(ty).expect("a path type");
                let ranged = |fmt: &str, min: Value, max: Value| {
                    obj(json!({"type": "integer", "format": fmt, "minimum": min, "maximum": max}))
                };
                match last.as_str() {
                    "String" | "str" | "PathBuf" | "Path" => obj(json!({"type": "string"})),
                    "char" => obj(json!({"type": "string", "minLength": 1, "maxLength": 1})),
                    "bool" => obj(json!({"type": "boolean"})),
                    "f32" => obj(json!({"type": "number", "format": "float"})),
                    "f64" => obj(json!({"type": "number", "format": "double"})),
                    "i8" => ranged("int8", i8::MIN.into(), i8::MAX.into()),
                    "i16" => ranged("int16", i16::MIN.into(), i16::MAX.into()),
                    "u8" => ranged("uint8", 0.into(), u8::MAX.into()),
                    "u16" => ranged("uint16", 0.into(), u16::MAX.into()),
                    "i32" => obj(json!({"type": "integer", "format": "int32"})),
                    "i64" => obj(json!({"type": "integer", "format": "int64"})),
                    "i128" => obj(json!({"type": "integer", "format": "int128"})),
                    "isize" => obj(json!({"type": "integer", "format": "int"})),
                    "u32" => obj(json!({"type": "integer", "format": "uint32", "minimum": 0})),
                    "u64" => obj(json!({"type": "integer", "format": "uint64", "minimum": 0})),
                    "u128" => obj(json!({"type": "integer", "format": "uint128", "minimum": 0})),
                    "usize" => obj(json!({"type": "integer", "format": "uint", "minimum": 0})),
                    "NaiveDate" | "Date" => obj(json!({"type": "string", "format": "date"})),
                    // jiff's civil (zone-less) date-time, as schemars writes it.
                    "DateTime" if full.contains("civil") => {
                        obj(json!({"type": "string", "format": "partial-date-time"}))
                    }
                    "DateTime" | "OffsetDateTime" | "UtcDateTime" | "Timestamp" => {
                        obj(json!({"type": "string", "format": "date-time"}))
                    }
                    "NaiveDateTime" | "PrimitiveDateTime" => {
                        obj(json!({"type": "string", "format": "partial-date-time"}))
                    }
                    "NaiveTime" | "Time" => {
                        obj(json!({"type": "string", "format": "partial-time"}))
                    }
                    "Url" => obj(json!({"type": "string", "format": "uri"})),
                    "Uuid" => obj(json!({"type": "string", "format": "uuid"})),
                    // Any JSON value: no `type`, which the converter refuses.
                    "Value" if full.contains("serde_json") || full == "Value" => {
                        return Ok(Map::new());
                    }
                    "Box" | "Rc" | "Arc" | "Cow" if args.len() == 1 => {
                        return self.schema_of(args[0], fa, stack);
                    }
                    "Option" if args.len() == 1 => {
                        let inner = self.schema_of(args[0], fa, stack)?;
                        return Ok(obj(json!({"anyOf": [inner, {"type": "null"}]})));
                    }
                    "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "IndexSet" if args.len() == 1 => {
                        let items = self.schema_of(args[0], &Attrs::default(), stack)?;
                        let mut a = obj(json!({"type": "array"}));
                        if last.ends_with("Set") {
                            a.insert("uniqueItems".into(), true.into());
                        }
                        a.insert("items".into(), Value::Object(items));
                        a
                    }
                    "HashMap" | "BTreeMap" | "IndexMap" => {
                        obj(json!({"type": "object", "additionalProperties": {}}))
                    }
                    other => {
                        if stack.contains(&other) {
                            obj(json!({"$ref": "#"}))
                        } else if let Some(e) = self.enums.get(other) {
                            self.enum_schema(e).map_err(|e| (e.span(), e.to_string()))?
                        } else if self.structs.contains_key(other) {
                            obj(json!({"type": "object", "properties": {}}))
                        } else {
                            // A path longer than any real one is cut short.
                            let full = if full.chars().count() > 80 {
                                format!("{}...", full.chars().take(77).collect::<String>())
                            } else {
                                full
                            };
                            return Err((
                                span,
                                format!(
                                    "type `{full}` is not defined in this file and is not one the reader knows (String, bool, integers, floats, Option, Vec, HashSet, chrono and time dates, url::Url); define it here, or generate with the library"
                                ),
                            ));
                        }
                    }
                }
            }
            _ => {
                return Err((
                    span,
                    "this kind of type cannot be a form field; use String, a number, bool or a unit-variant enum".to_string(),
                ));
            }
        };
        self.apply_validation(&mut m, fa);
        Ok(m)
    }

    fn apply_validation(&self, m: &mut Map<String, Value>, fa: &Attrs) {
        if fa.email {
            m.insert("format".into(), "email".into());
        }
        if fa.url {
            m.insert("format".into(), "uri".into());
        }
        if let Some(r) = &fa.regex {
            m.insert("pattern".into(), r.as_str().into());
        }
        let array = m.get("type").and_then(Value::as_str) == Some("array");
        let (lo, hi) = if array {
            ("minItems", "maxItems")
        } else {
            ("minLength", "maxLength")
        };
        if let Some(v) = &fa.length.0 {
            m.insert(lo.into(), Value::Number(v.clone()));
        }
        if let Some(v) = &fa.length.1 {
            m.insert(hi.into(), Value::Number(v.clone()));
        }
        if let Some(v) = &fa.range.0 {
            m.insert("minimum".into(), Value::Number(v.clone()));
        }
        if let Some(v) = &fa.range.1 {
            m.insert("maximum".into(), Value::Number(v.clone()));
        }
    }

    /// A unit enum as schemars writes it: plain variants together in one
    /// `enum` first, then each documented variant as a `const`.
    fn enum_schema(&self, e: &syn::ItemEnum) -> syn::Result<Map<String, Value>> {
        let ea = parse_attrs(&e.attrs)?;
        let mut plain = Vec::new();
        let mut documented = Vec::new();
        for v in &e.variants {
            let va = parse_attrs(&v.attrs)?;
            if va.skip {
                continue;
            }
            let name = variant_name(v, &ea)?;
            if !matches!(v.fields, Fields::Unit) {
                documented.push(json!({
                    "type": "object",
                    "properties": {name.clone(): {}},
                    "required": [name],
                }));
                continue;
            }
            let d = doc(&v.attrs);
            if d.is_none() && !va.schemars {
                plain.push(Value::String(name));
            } else {
                let mut m = Map::new();
                put_meta(&mut m, &va, d);
                m.insert("type".into(), "string".into());
                m.insert("const".into(), name.into());
                documented.push(Value::Object(m));
            }
        }
        let mut m = Map::new();
        put_meta(&mut m, &ea, doc(&e.attrs));
        if documented.is_empty() {
            m.insert("type".into(), "string".into());
            m.insert("enum".into(), Value::Array(plain));
        } else {
            let mut members = Vec::new();
            if !plain.is_empty() {
                members.push(json!({"type": "string", "enum": plain}));
            }
            members.extend(documented);
            m.insert("oneOf".into(), Value::Array(members));
        }
        Ok(m)
    }
}

fn variant_name(v: &syn::Variant, enum_attrs: &Attrs) -> syn::Result<String> {
    let va = parse_attrs(&v.attrs)?;
    Ok(va.rename.unwrap_or_else(|| {
        let raw = unraw(&v.ident);
        enum_attrs
            .rename_all
            .as_deref()
            .and_then(|r| rename_variant(r, &raw))
            .unwrap_or(raw)
    }))
}
