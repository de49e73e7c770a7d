//! Fixes in the terms of the code that made the schema.
//!
//! A rule's message says its fix in JSON terms ("remove it", "use URL
//! mode (`"mode": "url"`)"), which an author cannot follow when a
//! converter or an SDK wrote that JSON. For the findings whose fix differs
//! in the author's code, these functions say it in that code's terms: one
//! function per generator family, each fix checked against the generator
//! it names (the pinned converters run by the tests for Zod, the pinned
//! published source, read, for the others; each says where). The rule's
//! code, place and pointer stay; only the message changes. Pydantic,
//! FastMCP and the C# SDK have their own (`python::in_authors_words`,
//! `csharp::in_authors_words`).
//!
//! [`in_source`] lists the same fixes per rule for `lint --explain`.

use super::{Found, Language};
use crate::finding::Finding;
use crate::json::{Node, NodeValue};
use crate::rules;

/// `f` with its fix said in the terms of the code that made the schema of
/// `found` (a file of `language` whose text is `text`), when that fix
/// differs from the JSON one.
pub(crate) fn in_authors_words(
    found: &Found,
    language: Language,
    text: &str,
    f: Finding,
) -> Finding {
    let f = mode_sent_by_the_sdk(language, text, f);
    match (&found.origin, language) {
        (Some((generator, schema)), _) if generator.starts_with("zod") => {
            zod(generator, schema, &found.params, f)
        }
        (Some((generator, origin)), Language::Rust) => rmcp(generator, origin, f),
        (None, Language::Go) => go(found, text, f),
        (None, Language::Java) => java(text, f),
        (None, Language::Kotlin) => kotlin(text, f),
        _ => f,
    }
}

/// W115 on a `mode` the author did not write: the SDK adds `mode: "form"`
/// to every form request (the TypeScript SDK from 1.23, the Python SDK 2.x
/// and FastMCP, rmcp from 0.15, ...), so "remove it" cannot be done in
/// this code; the finding says who sends it.
fn mode_sent_by_the_sdk(language: Language, text: &str, mut f: Finding) -> Finding {
    let written = text
        .get(f.span.start..f.span.end)
        .is_some_and(|key| key.trim_matches(['"', '\'']) == "mode");
    if f.rule.code != rules::PARAMS_UNKNOWN_KEY.code || f.pointer != "/mode" || written {
        return f;
    }
    let Some(head) = f.message.strip_suffix("; remove it") else {
        return f;
    };
    // Who adds it, as far as it is known (the Python SDK from its 1.23.0
    // wheel on; the Go SDK's `Mode` is never left out; the C# SDK's reads
    // "form" when unset; Java's from 2.x, Kotlin's from 0.11).
    let sdk = match language {
        Language::TypeScript | Language::Tsx => "the TypeScript SDK (1.23 and later)",
        Language::Rust => "rmcp (0.15 and later)",
        Language::Python => "the Python SDK (1.23 and later, and FastMCP through it)",
        Language::Go => "the Go SDK",
        Language::CSharp => "the C# SDK",
        Language::Java => "the Java SDK (2.x)",
        Language::Kotlin => "the Kotlin SDK (0.11 and later)",
    };
    f.message = format!(
        "{head}, and {sdk} adds it to every form request, so this call sends it though it does not write it; only an older SDK leaves it out"
    );
    f
}

/// The property a finding under `/requestedSchema/properties/` is about.
fn property(f: &Finding) -> Option<&str> {
    let rest = f.pointer.strip_prefix("/requestedSchema/properties/")?;
    Some(rest.split('/').next().unwrap_or(rest))
}

/// The key a finding points at, when it is a key of a property.
fn property_key(f: &Finding) -> Option<&str> {
    let rest = f.pointer.strip_prefix("/requestedSchema/properties/")?;
    let mut parts = rest.split('/');
    parts.next()?;
    let key = parts.next()?;
    parts.next().is_none().then_some(key)
}

/// The head of a W601 message (the property and what it asks for), up to
/// where its JSON fix starts.
fn sensitive_head(f: &Finding) -> Option<&str> {
    if f.rule.code != rules::SENSITIVE_FIELD.code {
        return None;
    }
    f.message.find("in form mode").map(|at| &f.message[..at])
}

/// An E208 message with its "; remove it" replaced by `instead`.
fn unknown_key_instead(f: &Finding, instead: &str) -> Option<String> {
    let at = f.message.find("; remove it")?;
    Some(format!(
        "{}; {instead}{}",
        &f.message[..at],
        &f.message[at + "; remove it".len()..]
    ))
}

/// Zod schemas converted by zod-to-json-schema 3.x (`zodToJsonSchema`) or
/// Zod 4's `z.toJSONSchema`, as zod-to-json-schema 3.24.6 and zod 3.25.76
/// (`zod/v4`) convert them; every fix below was run with them
/// (tests/peers/source_lint.rs).
///
/// - zod-to-json-schema writes `additionalProperties: false` for each
///   `z.object`, from its option `rejectedAdditionalProperties` (default
///   `false`): `{ rejectedAdditionalProperties: undefined }` leaves it out
///   (also for `.strict()`), `{ allowedAdditionalProperties: undefined }`
///   the `true` of `.passthrough()`. Its `removeAdditionalStrategy:
///   "strict"` writes `true` instead, so it is not the fix.
/// - `z.toJSONSchema` writes `additionalProperties: false` for `z.object`
///   only when converting for output (its default `io`); `io: "input"`
///   leaves it out (a `z.strictObject` or `.strict()` keeps it). It writes
///   `pattern` beside `format` for the string formats (`.email()`,
///   `z.iso.date()`, ...); an `override` that deletes it leaves the format.
/// - Both write `$schema`, which no option of zod 3.25.76's `z.toJSONSchema`
///   leaves out (its `target: "openapi-3.0"` is refused); leaving it out of
///   the converted object does.
/// - `.gt(n)`, `.positive()` write `exclusiveMinimum`, `.lt(n)`,
///   `.negative()` `exclusiveMaximum`; `.min(n)`, `.max(n)` write the
///   inclusive `minimum`, `maximum` that elicitation schemas have.
fn zod(generator: &str, schema: &str, params: &Node, mut f: Finding) -> Finding {
    let v4 = generator == "zod-toJSONSchema";
    let convert = if v4 {
        "z.toJSONSchema(schema)"
    } else {
        "zodToJsonSchema(schema)"
    };
    let code = f.rule.code;
    let ptr = f.pointer.as_str();
    if code == rules::SCHEMA_UNKNOWN_KEY.code && ptr == "/requestedSchema/additionalProperties" {
        let value = params
            .get("requestedSchema")
            .and_then(|s| s.get("additionalProperties"))
            .map(|v| &v.value);
        let strict = [
            "strictObject",
            ".strict()",
            ".catchall(",
            ".passthrough()",
            ".loose",
        ]
        .iter()
        .any(|s| schema.contains(s));
        let option = match value {
            _ if v4 && !strict => Some("z.toJSONSchema(schema, { io: \"input\" })"),
            Some(NodeValue::Bool(false)) if !v4 => {
                Some("zodToJsonSchema(schema, { rejectedAdditionalProperties: undefined })")
            }
            Some(NodeValue::Bool(true)) if !v4 => {
                Some("zodToJsonSchema(schema, { allowedAdditionalProperties: undefined })")
            }
            _ => None,
        };
        let made = if v4 {
            "`z.toJSONSchema` writes it for a `z.object` converted for output (its default `io`)"
        } else {
            "zod-to-json-schema writes it for every `z.object`"
        };
        let rest = format!(
            "or leave it out: `const {{ additionalProperties, ...requestedSchema }} = {convert}`"
        );
        f.message = match option {
            Some(option) => format!(
                "`additionalProperties` is not allowed at the root of requestedSchema, and {made}; convert with `{option}`, {rest}"
            ),
            None => format!(
                "`additionalProperties` is not allowed at the root of requestedSchema, and {made}; {rest}"
            ),
        };
    } else if code == rules::SCHEMA_UNKNOWN_KEY.code && ptr == "/requestedSchema/$schema" {
        let who = if v4 {
            "`z.toJSONSchema`"
        } else {
            "zod-to-json-schema"
        };
        f.message = format!(
            "{}, and {who} writes it; leave it out of the converted schema: `const {{ $schema, ...requestedSchema }} = {convert}`",
            f.message.trim_end_matches("; remove it")
        );
    } else if let Some(head) = sensitive_head(&f) {
        let name = property(&f).unwrap_or("it");
        f.message = format!(
            "{head}in form mode, which MUST NOT be used for sensitive data; take `{name}` out of the Zod schema and send the person to your own page with `server.elicitInput({{ mode: \"url\", message, url, elicitationId }})` (URL mode, TypeScript SDK 1.23 or later)"
        );
    } else if code == rules::PROPERTY_UNKNOWN_KEY.code
        && let Some(key) = property_key(&f)
        && let Some(instead) = match key {
            "exclusiveMinimum" => Some(
                "Zod writes it for `.gt(n)` and `.positive()`: write `.min(n)`, which writes `minimum`",
            ),
            "exclusiveMaximum" => Some(
                "Zod writes it for `.lt(n)` and `.negative()`: write `.max(n)`, which writes `maximum`",
            ),
            _ => None,
        }
        && let Some(message) = unknown_key_instead(&f, instead)
    {
        f.message = message;
    } else if code == rules::PATTERN_UNDECLARED.code && v4 {
        f.message = "`pattern` is declared in no revision: the official TypeScript SDK strips it, so clients never check it; `z.toJSONSchema` writes it beside `format` for Zod's string formats, and `z.toJSONSchema(schema, { override: (ctx) => { delete ctx.jsonSchema.pattern } })` leaves it out (the format stays)".to_string();
    }
    f
}

/// rmcp's schemas (rmcp 3.11.0, the version this package locks; read, and
/// these fixes compiled and run against it):
/// `ElicitationSchema::from_type::<T>()`, which `Peer::elicit::<T>()`
/// calls, renders `T` with schemars 1.x, whose `into_root_schema_for`
/// inserts the type's name as the root `title` after `T`'s own schema and
/// its `#[schemars(transform = ...)]` ran, so no attribute of `T` removes
/// it; its `description` is `T`'s doc comment. `ElicitationSchema`'s fields
/// `schema`, `title` and `description` are public, and
/// `peer.create_elicitation(ElicitRequestParams::FormElicitationParams {
/// meta, message, requested_schema })` sends a schema as it is.
/// `peer.elicit_url(message, url, elicitation_id)` asks in URL mode. The
/// builder (`ElicitationSchema::builder()`) writes a root title or
/// description only from its `.title(...)` or `.description(...)`.
fn rmcp(generator: &str, origin: &str, mut f: Finding) -> Finding {
    let code = f.rule.code;
    let ptr = f.pointer.as_str();
    let builder = generator == "rmcp";
    let send = "and send it with `peer.create_elicitation(ElicitRequestParams::FormElicitationParams { meta: None, message, requested_schema: schema })`";
    let root_key = ptr
        .strip_prefix("/requestedSchema/")
        .filter(|k| matches!(*k, "title" | "description" | "$schema"));
    if code == rules::SCHEMA_UNKNOWN_KEY.code
        && let Some(key) = root_key
    {
        let field = key.trim_start_matches('$');
        f.message = if builder {
            format!(
                "`{key}` is not allowed at the root of requestedSchema; remove `.{key}(...)` from the `ElicitationSchema::builder()` chain and say it in the elicitation's message"
            )
        } else {
            let head = match key {
                "$schema" => f.message.trim_end_matches("; remove it").to_string(),
                _ => format!("`{key}` is not allowed at the root of requestedSchema"),
            };
            let (made, or) = match key {
                "title" => (
                    format!(
                        "schemars writes the name of `{origin}` there, which no `#[schemars(...)]` attribute removes"
                    ),
                    "",
                ),
                "description" => (
                    format!("schemars writes the doc comment of `{origin}` there"),
                    "make it a `//` comment, or ",
                ),
                _ => ("rmcp writes the draft-07 dialect there".to_string(), ""),
            };
            format!(
                "{head}, and {made}; {or}build the schema with `let mut schema = ElicitationSchema::from_type::<{origin}>()?; schema.{field} = None;` {send}"
            )
        };
    } else if let Some(head) = sensitive_head(&f) {
        let name = property(&f).unwrap_or("it");
        let out_of = if builder {
            "the `ElicitationSchema::builder()` chain".to_string()
        } else {
            format!("`{origin}`")
        };
        f.message = format!(
            "{head}in form mode, which MUST NOT be used for sensitive data; take `{name}` out of {out_of} and send the person to your own page with `peer.elicit_url(message, url, elicitation_id)` (URL mode)"
        );
    }
    f
}

/// The official Go SDK's `jsonschema.Schema` literals (google/jsonschema-go,
/// whose `Schema` fields are the keys' names with a capital: `Title`,
/// `ExclusiveMinimum`, `Pattern`) and mcp-go's params, whose schema is a
/// `map[string]any` written with the JSON keys (its JSON fixes stand).
/// URL mode: go-sdk v1.7.0 `mcp/protocol.go` `ElicitParams` sends
/// `"mode": "url"` when its `URL` or `ElicitationID` is set; mcp-go's
/// `ElicitationParams` has `Mode: mcp.ElicitationModeURL`, `URL` and
/// `ElicitationID` (both read).
fn go(found: &Found, text: &str, mut f: Finding) -> Finding {
    let call = text.get(found.at.start..found.at.end).unwrap_or("");
    if let Some(head) = sensitive_head(&f) {
        let name = property(&f).unwrap_or("it");
        let how = if call.contains("ElicitParams") {
            "`ss.Elicit(ctx, &mcp.ElicitParams{Message: ..., URL: ..., ElicitationID: ...})`, which the SDK sends in URL mode"
        } else if call.contains("ElicitationParams") {
            "`mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: ..., URL: ..., ElicitationID: ...}`"
        } else {
            return f;
        };
        f.message = format!(
            "{head}in form mode, which MUST NOT be used for sensitive data; take `{name}` out of the schema's properties and send the person to your own page with {how}"
        );
        return f;
    }
    // A key written as a field of a `jsonschema.Schema` literal (`Title:`),
    // not as a map's string key (`"title":`).
    let written = text.get(f.span.start..f.span.end).unwrap_or("");
    let field: String = written
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !field.starts_with(|c: char| c.is_ascii_uppercase()) {
        return f;
    }
    let code = f.rule.code;
    if code == rules::SCHEMA_UNKNOWN_KEY.code
        && let Some(key) = f.pointer.strip_prefix("/requestedSchema/")
    {
        let say = if matches!(key, "title" | "description") {
            " and say it in the params' `Message`"
        } else {
            ""
        };
        let head = if say.is_empty() {
            f.message
                .find("; the root has only")
                .map_or(f.message.as_str(), |at| &f.message[..at])
                .trim_end_matches("; remove it")
                .to_string()
        } else {
            format!("`{key}` is not allowed at the root of requestedSchema")
        };
        f.message = format!("{head}; remove the `{field}` field of the `jsonschema.Schema`{say}");
    } else if code == rules::PROPERTY_UNKNOWN_KEY.code
        && property_key(&f).is_some()
        && let Some(message) = unknown_key_instead(
            &f,
            &format!("remove the `{field}` field of its `jsonschema.Schema`"),
        )
    {
        f.message = message;
    }
    f
}

/// The official Java SDK (read at v1.1.4 and v2.0.1, as `java.rs` reads
/// it): 1.x's `ElicitRequest` has no URL mode; 2.x sends
/// `new ElicitUrlRequest(message, url, elicitationId, meta)` in it. A file
/// that names `ElicitFormRequest` or `ElicitUrlRequest` is on 2.x, one that
/// writes `new ElicitRequest(` on 1.x.
fn java(text: &str, mut f: Finding) -> Finding {
    let Some(head) = sensitive_head(&f) else {
        return f;
    };
    let name = property(&f).unwrap_or("it");
    let two = text.contains("ElicitFormRequest") || text.contains("ElicitUrlRequest");
    let url =
        "`exchange.createElicitation(new ElicitUrlRequest(message, url, elicitationId, null))`";
    f.message = if two {
        format!(
            "{head}in form mode, which MUST NOT be used for sensitive data; take `{name}` out of the schema's map and send the person to your own page with {url} (URL mode)"
        )
    } else if text.contains("new ElicitRequest(") || text.contains("new McpSchema.ElicitRequest(") {
        format!(
            "{head}in form mode, which MUST NOT be used for sensitive data; the Java SDK 1.x's `ElicitRequest` asks in form mode only: take `{name}` out of the schema's map and, on the SDK 2.x, send the person to your own page with {url} (URL mode)"
        )
    } else {
        return f;
    };
    f
}

/// The official Kotlin SDK (read at 0.10.0, 0.11.0 and 0.14.0 in
/// modelcontextprotocol/kotlin-sdk): `createElicitation(message,
/// elicitationId, url)` on a `ServerSession` or `ClientConnection` asks in
/// URL mode from 0.11 on (0.10 has no URL mode), the same versions whose
/// properties are typed classes; `LegacyTitledEnumSchema` is deprecated
/// for `TitledSingleSelectEnumSchema(oneOf = listOf(EnumOption(const,
/// title)))`. Which one a finding is about follows from its line: a typed
/// property (`"plan" to StringSchema(...)`, `enumNames = ...`) or one of
/// 0.10's JSON objects (`put(...)`, `putJsonObject(...)`). The Java SDK's
/// builder called from Kotlin keeps its JSON fixes.
fn kotlin(text: &str, mut f: Finding) -> Finding {
    if text.contains("McpSchema") {
        return f;
    }
    let start = text[..f.span.start.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = text[f.span.start.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| f.span.start + i);
    let line = &text[start..end];
    let json =
        line.contains("put(") || line.contains("putJsonObject(") || line.contains("JsonPrimitive");
    let typed = !json && (line.contains("Schema(") || line.contains(" = "));
    if let Some(head) = sensitive_head(&f) {
        let name = property(&f).unwrap_or("it");
        let url = "`createElicitation(message, elicitationId, url)`";
        f.message = if typed {
            format!(
                "{head}in form mode, which MUST NOT be used for sensitive data; take `{name}` out of the RequestedSchema's properties and send the person to your own page with {url} (URL mode)"
            )
        } else if json {
            format!(
                "{head}in form mode, which MUST NOT be used for sensitive data; the Kotlin SDK 0.10 asks in form mode only: take `{name}` out of the RequestedSchema's properties and, from 0.11, send the person to your own page with {url} (URL mode)"
            )
        } else {
            return f;
        };
    } else if f.rule.code == rules::ENUM_NAMES_DEPRECATED.code
        && typed
        && line.contains("enumNames")
    {
        f.message = "`enumNames` is deprecated since 2025-11-25 and will be removed, and so is the Kotlin SDK's `LegacyTitledEnumSchema`; write `TitledSingleSelectEnumSchema(oneOf = listOf(EnumOption(const = value, title = label), ...))` instead".to_string();
    }
    f
}

/// For `lint --explain CODE`: the fix of the rule `code` in each generator's
/// terms, when it differs from the JSON one (the generator, the fix).
pub fn in_source(code: &str) -> &'static [(&'static str, &'static str)] {
    match code {
        "E122" => &[
            (
                "zod-to-json-schema",
                "`additionalProperties: false` comes from every `z.object`: `zodToJsonSchema(schema, { rejectedAdditionalProperties: undefined })`, or `const { additionalProperties, $schema, ...requestedSchema } = zodToJsonSchema(schema)` (the `$schema` it writes is allowed from 2025-11-25 only)",
            ),
            (
                "Zod 4 z.toJSONSchema",
                "`z.toJSONSchema(schema, { io: \"input\" })` writes no `additionalProperties` for a `z.object`; `$schema` is left out by `const { $schema, ...requestedSchema } = z.toJSONSchema(schema, { io: \"input\" })`",
            ),
            (
                "rmcp (schemars)",
                "`elicit::<T>()` sends `T`'s name as `title` and its doc comment as `description`: `let mut schema = ElicitationSchema::from_type::<T>()?; schema.title = None;` and send it with `peer.create_elicitation(...)`; the builder writes them only from `.title(...)` and `.description(...)`",
            ),
            (
                "Go SDK",
                "remove the `Title` or `Description` field of the `jsonschema.Schema` and say it in `Message`",
            ),
            (
                "Python (Pydantic)",
                "the class name is the `title` and the docstring the `description`: `model_config = ConfigDict(json_schema_extra=lambda s: s.pop(\"title\", None))`",
            ),
        ],
        "W115" => &[(
            "TypeScript SDK, Python SDK 2.x, FastMCP, rmcp",
            "a `mode: \"form\"` the call does not write is the SDK's (the TypeScript SDK's `elicitInput` from 1.23, rmcp from 0.15): it is sent whatever the call writes, and only an older SDK leaves it out",
        )],
        "E208" => &[
            (
                "Zod",
                "`.gt(n)`/`.positive()` write `exclusiveMinimum` and `.lt(n)`/`.negative()` `exclusiveMaximum`: write `.min(n)`/`.max(n)`",
            ),
            (
                "Go SDK",
                "remove the `jsonschema.Schema` field of that key (`ExclusiveMinimum`, `ExclusiveMaximum`, ...)",
            ),
        ],
        "W310" => &[(
            "Kotlin SDK",
            "`TitledSingleSelectEnumSchema(oneOf = listOf(EnumOption(const = value, title = label), ...))` instead of `LegacyTitledEnumSchema`",
        )],
        "W210" => &[(
            "Zod 4 z.toJSONSchema",
            "`pattern` comes with the string formats: `z.toJSONSchema(schema, { override: (ctx) => { delete ctx.jsonSchema.pattern } })`",
        )],
        "W601" => &[
            (
                "Zod (TypeScript SDK)",
                "take the property out of the Zod schema and call `server.elicitInput({ mode: \"url\", message, url, elicitationId })` (TypeScript SDK 1.23 or later)",
            ),
            (
                "rmcp",
                "take the field out of the type or builder and call `peer.elicit_url(message, url, elicitation_id)`",
            ),
            (
                "Go SDK",
                "`ss.Elicit(ctx, &mcp.ElicitParams{Message: ..., URL: ..., ElicitationID: ...})` (mcp-go: `Mode: mcp.ElicitationModeURL`)",
            ),
            (
                "Java SDK",
                "2.x: `exchange.createElicitation(new ElicitUrlRequest(message, url, elicitationId, null))`; 1.x has no URL mode",
            ),
            (
                "Kotlin SDK",
                "from 0.11: `createElicitation(message, elicitationId, url)`; 0.10 has no URL mode",
            ),
            (
                "Python (Pydantic, FastMCP)",
                "take the field out of the model and call `ctx.elicit_url(message, url, elicitation_id)` (FastMCP: `ctx.session.elicit_url`)",
            ),
            (
                "C# SDK",
                "`ElicitAsync(new ElicitRequestParams { Mode = \"url\", Url = ... })`",
            ),
        ],
        _ => &[],
    }
}
