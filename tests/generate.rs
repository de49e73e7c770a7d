//! `generate`: Rust types, Rust source and ordinary JSON Schema to an
//! elicitation schema that lints clean under its revision.

#[path = "../examples/rust/forms.rs"]
pub mod forms;

use mcp_elicit::generate::{self, Form, Options, rust};
use mcp_elicit::lint::Linter;
use mcp_elicit::spec::Revision;
use schemars::JsonSchema;
use serde_json::{Value, json};

use crate::support::{read, root};

const FORMS: &str = "examples/rust/forms.rs";

fn forms_source() -> String {
    read(root().join(FORMS))
}

/// The library's schema and the Rust reader's, for one type and revision.
fn both<T: JsonSchema>(
    name: &str,
    rev: Revision,
) -> (Result<Value, String>, Result<Value, String>) {
    let opts = Options::new(rev);
    let lib = generate::generate::<T>(&opts)
        .map(|g| g.schema.to_json())
        .map_err(|r| r.to_string());
    let src = rust::generate(&forms_source(), name, &opts)
        .map(|g| g.schema.to_json())
        .map_err(|e| e.refusal.map_or(e.message, |r| r.to_string()));
    (lib, src)
}

fn assert_lints_clean(schema: &Value, rev: Revision) {
    let text = serde_json::to_string_pretty(schema).unwrap();
    let found = Linter::new(rev).document("-", &text);
    assert!(found.is_empty(), "{rev}: {found:#?}\n{text}");
}

#[path = "fixtures/generate/refused.rs"]
#[allow(dead_code)]
mod refused;

const REFUSED: &str = "tests/fixtures/generate/refused.rs";

/// Every example type, by name, with the revisions it can be generated for.
type Pair = (Result<Value, String>, Result<Value, String>);

type Example = (&'static str, fn(Revision) -> Pair, &'static [Revision]);

fn examples() -> Vec<Example> {
    const NEWER: &[Revision] = &[Revision::V2025_11_25, Revision::V2026_07_28];
    vec![
        ("Booking", |r| both::<forms::Booking>("Booking", r), NEWER),
        (
            "Confirmation",
            |r| both::<forms::Confirmation>("Confirmation", r),
            &Revision::ALL,
        ),
        (
            "Newsletter",
            |r| both::<forms::Newsletter>("Newsletter", r),
            NEWER,
        ),
    ]
}

#[test]
fn library_and_rust_reader_agree_and_lint_clean() {
    for (name, gen_both, ok_revs) in examples() {
        for rev in Revision::ALL {
            let (lib, src) = gen_both(rev);
            assert_eq!(lib, src, "{name} under {rev}: the two paths differ");
            if ok_revs.contains(&rev) {
                let schema = lib.unwrap_or_else(|e| panic!("{name} under {rev}: {e}"));
                assert_lints_clean(&schema, rev);
                let params = json!({"message": "Please fill in", "requestedSchema": schema});
                assert_lints_clean(&params, rev);
            } else {
                assert!(lib.is_err(), "{name} under {rev} should be refused");
            }
        }
    }
}

#[test]
fn booking_maps_every_shape() {
    let (lib, _) = both::<forms::Booking>("Booking", Revision::V2025_11_25);
    let s = lib.unwrap();
    let p = &s["properties"];
    // Integer types: natural bounds folded in, never an int format.
    assert_eq!(
        p["nights"],
        json!({"type": "integer", "title": "Nights", "minimum": 0, "maximum": 65535})
    );
    assert_eq!(p["guests"]["minimum"], 1);
    assert!(p["guests"].get("format").is_none());
    // Option<T>: optional, never a ["T","null"] type.
    assert_eq!(p["notes"]["type"], "string");
    assert!(!s["required"].as_array().unwrap().contains(&json!("notes")));
    // Formats from chrono and url, and from #[schemars(email)].
    assert_eq!(p["checkIn"]["format"], "date");
    assert_eq!(p["website"]["format"], "uri");
    assert_eq!(p["email"]["format"], "email");
    // Unit enum with documented variants: titled options, names renamed.
    assert_eq!(
        p["room"]["oneOf"][2],
        json!({"const": "sea-view-suite", "title": "Suite with a view"})
    );
    assert_eq!(p["breakfast"]["default"], false);
}

#[test]
fn multi_select_and_defaults() {
    let (lib, _) = both::<forms::Newsletter>("Newsletter", Revision::V2026_07_28);
    let s = lib.unwrap();
    let p = &s["properties"];
    assert_eq!(
        p["topics"]["items"]["anyOf"][1],
        json!({"const": "security", "title": "Security advisories"})
    );
    assert_eq!(p["topics"]["minItems"], 1);
    assert_eq!(
        p["channels"]["items"],
        json!({"type": "string", "enum": ["email", "sms"]})
    );
    assert_eq!(p["frequency"]["default"], "weekly");
}

#[test]
fn older_revision_refusals_say_what_to_change() {
    let opts = Options::new(Revision::V2025_06_18);
    let e = generate::generate::<forms::Booking>(&opts).unwrap_err();
    assert_eq!(e.field.as_deref(), Some("Booking.room"));
    assert!(e.message.contains("2025-11-25"), "{e}");
    assert!(e.message.contains("remove the titles"), "{e}");
    let e = generate::generate::<forms::Newsletter>(&opts).unwrap_err();
    assert_eq!(e.field.as_deref(), Some("Newsletter.topics"));
    assert!(e.message.contains("no multi-select"), "{e}");
}

fn refusal<T: JsonSchema>(name: &str) -> (generate::Refusal, rust::RustError) {
    let opts = Options::new(Revision::LATEST);
    let lib = generate::generate::<T>(&opts).expect_err(name);
    let src = rust::generate(&read(root().join(REFUSED)), name, &opts).expect_err(name);
    (lib, src)
}

#[test]
fn refusals_name_the_field_and_the_fix() {
    let cases: Vec<(&str, (generate::Refusal, rust::RustError), &str, &str)> = vec![
        (
            "Nested",
            refusal::<refused::Nested>("Nested"),
            "address",
            "flatten",
        ),
        (
            "Mapped",
            refusal::<refused::Mapped>("Mapped"),
            "labels",
            "flat",
        ),
        (
            "Tupled",
            refusal::<refused::Tupled>("Tupled"),
            "point",
            "one field per element",
        ),
        (
            "WithData",
            refusal::<refused::WithData>("WithData"),
            "payment",
            "unit-variant enum",
        ),
        (
            "Numbers",
            refusal::<refused::Numbers>("Numbers"),
            "lucky",
            "Vec<UnitEnum>",
        ),
        (
            "Tree",
            refusal::<refused::Tree>("Tree"),
            "parent",
            "recursive",
        ),
    ];
    for (ty, (lib, src), field, fix) in cases {
        let path = format!("{ty}.{field}");
        assert_eq!(lib.field.as_deref(), Some(path.as_str()), "{lib}");
        assert!(lib.message.contains(fix), "library {ty}: {lib}");
        assert!(
            lib.pointer.starts_with(&format!("/properties/{field}"))
                || lib.pointer.starts_with("/$defs"),
            "{ty}: {}",
            lib.pointer
        );
        assert_eq!(src.field.as_deref(), Some(path.as_str()), "{src}");
        assert!(src.message.contains(fix), "reader {ty}: {src}");
        assert!(src.line > 0, "reader {ty}: no line in {src}");
    }
}

#[test]
fn decoder_checks_then_deserialises() {
    let form = Form::<forms::Booking>::new(&Options::new(Revision::LATEST)).unwrap();
    let ok = json!({
        "fullName": "Ada Lovelace", "email": "ada@example.com", "guests": 2,
        "checkIn": "2026-07-28", "nights": 3, "room": "sea-view-suite"
    });
    let b = form.decode(ok.as_object().unwrap()).unwrap();
    assert_eq!(b.room, forms::Room::SeaViewSuite);
    assert!(!b.breakfast);
    let bad = json!({
        "fullName": "Ada", "email": "not an email", "guests": 20,
        "checkIn": "2026-07-28", "nights": 3, "room": "attic"
    });
    let e = form.decode(bad.as_object().unwrap()).unwrap_err();
    let generate::DecodeError::Invalid(v) = &e else {
        panic!("{e}")
    };
    let fields: Vec<_> = v.iter().filter_map(|v| v.field.as_deref()).collect();
    assert_eq!(fields, ["email", "guests", "room"], "{e}");
}

#[test]
fn pattern_only_with_opt_in_and_then_the_linter_warns() {
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Code {
        #[schemars(regex(pattern = r"^[A-Z]{3}$"))]
        code: String,
    }
    let plain = generate::generate::<Code>(&Options::new(Revision::LATEST)).unwrap();
    assert!(
        plain.schema.to_json()["properties"]["code"]
            .get("pattern")
            .is_none()
    );
    assert!(
        plain.notes.iter().any(|n| n.message.contains("W210")),
        "{:?}",
        plain.notes
    );
    // The note says which keyword went, for a program to name its option.
    assert!(
        plain.notes.iter().any(|n| n.dropped
            == Some(generate::Dropped {
                property: "code".into(),
                keyword: "pattern".into(),
            })),
        "{:?}",
        plain.notes
    );
    let opts = Options {
        allow_pattern: true,
        ..Options::new(Revision::LATEST)
    };
    let kept = generate::generate::<Code>(&opts).unwrap().schema.to_json();
    assert_eq!(kept["properties"]["code"]["pattern"], "^[A-Z]{3}$");
    let found = Linter::new(Revision::LATEST).document("-", &kept.to_string());
    let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["W210"]);
}

#[test]
fn plain_doc_comment_first_line_is_the_title() {
    let (lib, _) = both::<forms::Confirmation>("Confirmation", Revision::V2025_06_18);
    let p = &lib.unwrap()["properties"];
    assert_eq!(
        p["confirm"],
        json!({"type": "boolean", "title": "I confirm"})
    );
    assert_eq!(p["amount"]["title"], "Amount in EUR");
    assert_eq!(p["amount"]["description"], "Up to 10,000 per transfer.");
    assert_eq!(p["amount"]["minimum"], 0.01);
}

fn convert(schema: Value, rev: Revision) -> Result<generate::Generated, generate::Refusal> {
    generate::from_json_schema(&schema, &Options::new(rev))
}

#[test]
fn json_schema_unions_refs_and_bounds() {
    let g = convert(
        json!({
            "type": "object",
            "definitions": {"Size": {"enum": ["s", "m", null], "title": "Size"}},
            "properties": {
                "nick": {"type": ["string", "null"], "format": "uuid"},
                "count": {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10},
                "ratio": {"type": "number", "exclusiveMaximum": 1},
                "size": {"allOf": [{"$ref": "#/definitions/Size"}], "description": "Pick one"},
                "plan": {"oneOf": [{"const": "free"}, {"const": "pro", "title": "Pro plan"}]}
            },
            "required": ["nick", "count", "ratio", "size", "plan"]
        }),
        Revision::V2025_11_25,
    )
    .unwrap();
    let s = g.schema.to_json();
    let p = &s["properties"];
    assert_eq!(p["nick"], json!({"type": "string"}));
    assert_eq!(
        p["count"],
        json!({"type": "integer", "minimum": 1, "maximum": 9})
    );
    assert_eq!(p["ratio"], json!({"type": "number"}));
    assert_eq!(
        p["size"],
        json!({"type": "string", "title": "Size", "description": "Pick one", "enum": ["s", "m"]})
    );
    assert_eq!(
        p["plan"]["oneOf"],
        json!([{"const": "free", "title": "free"}, {"const": "pro", "title": "Pro plan"}])
    );
    assert_eq!(s["required"], json!(["count", "ratio", "plan"]));
    let notes: Vec<(&str, &str)> = g
        .notes
        .iter()
        .map(|n| (n.pointer.as_str(), n.message.as_str()))
        .collect();
    let has = |ptr: &str, text: &str| notes.iter().any(|(p, m)| *p == ptr && m.contains(text));
    assert!(
        has("/properties/nick/format", "format `uuid` dropped"),
        "{notes:#?}"
    );
    assert!(
        has("/properties/nick", "becomes an optional property"),
        "{notes:#?}"
    );
    assert!(
        has("/properties/size", "becomes an optional property"),
        "{notes:#?}"
    );
    assert!(
        has(
            "/properties/ratio/exclusiveMaximum",
            "only inclusive bounds"
        ),
        "{notes:#?}"
    );
    lint_clean_model(&g, Revision::V2025_11_25);
    // The same titled options are refused where the revision has none.
    let e = convert(
        json!({"type": "object", "properties": {"plan": {"oneOf": [{"const": "pro", "title": "Pro"}]}}}),
        Revision::V2025_06_18,
    )
    .unwrap_err();
    assert_eq!(e.pointer, "/properties/plan");
    assert!(e.message.contains("remove the titles"), "{e}");
}

fn lint_clean_model(g: &generate::Generated, rev: Revision) {
    assert_lints_clean(&g.schema.to_json(), rev);
}

#[test]
fn json_schema_refusals_carry_the_pointer() {
    let cases = [
        (
            json!({"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}),
            "/properties/a",
            "only `#/$defs/...`",
        ),
        (
            json!({"type": "object", "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}},
                   "properties": {"a": {"$ref": "#/$defs/A"}}}),
            "/properties/a",
            "refers back to `A`",
        ),
        (json!({"enum": ["a", "b"]}), "/", "wrap it in a struct"),
        (
            json!({"type": "object", "properties": {"n": {"type": "integer", "default": "three"}}}),
            "/properties/n/default",
            "use a number",
        ),
        (
            json!({"type": "object", "properties": {"c": {"enum": ["a", "b"], "default": "z"}}}),
            "/properties/c/default",
            "one of its options",
        ),
        (
            json!({"type": "object", "properties": {"code": {"type": "string", "minLength": 4, "default": ""}}}),
            "/properties/code/default",
            "change the default or the bounds",
        ),
        (
            json!({"type": "object", "properties": {"v": {"type": ["string", "integer"]}}}),
            "/properties/v/type",
            "one field per type",
        ),
        (
            json!({"type": "object", "properties": {"x": {}}}),
            "/properties/x",
            "give it a concrete type",
        ),
    ];
    for (schema, pointer, fix) in cases {
        let e = convert(schema.clone(), Revision::LATEST).unwrap_err();
        assert_eq!(e.pointer, pointer, "{schema}: {e}");
        assert!(e.message.contains(fix), "{schema}: {e}");
    }
}

#[test]
fn flattened_fields_join_the_form() {
    let (lib, _) = both::<forms::Shipping>("Shipping", Revision::V2025_06_18);
    let s = lib.unwrap();
    let names: Vec<&String> = s["properties"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["recipient", "street", "postcode", "city"]);
    assert_eq!(
        s["required"],
        json!(["recipient", "street", "postcode", "city"])
    );
    assert_eq!(s["properties"]["postcode"]["maxLength"], 10);
}

#[path = "fixtures/generate/renames.rs"]
#[allow(dead_code)]
mod renames;

#[test]
fn rename_rules_and_defaults_read_as_schemars_does() {
    let src = read(root().join("tests/fixtures/generate/renames.rs"));
    let opts = Options::new(Revision::LATEST);
    let check = |name: &str, lib: Result<generate::Generated, generate::Refusal>| {
        let lib = lib
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .schema
            .to_json();
        let src = rust::generate(&src, name, &opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .schema
            .to_json();
        assert_eq!(lib, src, "{name}");
        assert_lints_clean(&lib, Revision::LATEST);
    };
    check(
        "FieldsLowercase",
        generate::generate::<renames::FieldsLowercase>(&opts),
    );
    check(
        "FieldsUppercase",
        generate::generate::<renames::FieldsUppercase>(&opts),
    );
    check(
        "FieldsPascalcase",
        generate::generate::<renames::FieldsPascalcase>(&opts),
    );
    check(
        "FieldsCamelcase",
        generate::generate::<renames::FieldsCamelcase>(&opts),
    );
    check(
        "FieldsSnakeCase",
        generate::generate::<renames::FieldsSnakeCase>(&opts),
    );
    check(
        "FieldsScreamingSnakeCase",
        generate::generate::<renames::FieldsScreamingSnakeCase>(&opts),
    );
    check(
        "FieldsKebabCase",
        generate::generate::<renames::FieldsKebabCase>(&opts),
    );
    check(
        "FieldsScreamingKebabCase",
        generate::generate::<renames::FieldsScreamingKebabCase>(&opts),
    );
    check(
        "AllDefaults",
        generate::generate::<renames::AllDefaults>(&opts),
    );
}

#[test]
fn whole_results_decode_by_action() {
    use generate::{Answer, DecodeError};
    let form = Form::<forms::Confirmation>::new(&Options::new(Revision::V2025_06_18)).unwrap();
    let accepted = form
        .decode_result(&json!({"action": "accept", "content": {"confirm": true, "amount": 120.5}}))
        .unwrap();
    let Answer::Accepted(c) = accepted else {
        panic!("{accepted:?}")
    };
    assert!(c.confirm);
    assert_eq!(c.amount, 120.5);
    assert_eq!(c.reason, None);
    assert!(matches!(
        form.decode_result(&json!({"action": "decline"})),
        Ok(Answer::Declined)
    ));
    assert!(matches!(
        form.decode_result(&json!({"action": "cancel"})),
        Ok(Answer::Cancelled)
    ));
    let too_much = form
        .decode_result(&json!({"action": "accept", "content": {"confirm": true, "amount": 20000}}));
    assert!(
        matches!(&too_much, Err(DecodeError::Invalid(v)) if v[0].field.as_deref() == Some("amount")),
        "{too_much:?}"
    );
    let missing = form.decode_result(&json!({"action": "accept"}));
    assert!(
        matches!(&missing, Err(DecodeError::Invalid(v)) if v.len() == 2),
        "{missing:?}"
    );
    assert!(matches!(
        form.decode_result(&json!({"action": "ok"})),
        Err(DecodeError::NotAResult(_))
    ));
}

#[test]
fn an_option_listed_twice_is_refused() {
    for options in [
        json!({"enum": ["double", "double", "suite"]}),
        json!({"oneOf": [{"const": "double"}, {"const": "suite"}, {"const": "double", "title": "Again"}]}),
    ] {
        let mut room = options;
        room["type"] = json!("string");
        let schema = json!({"type": "object", "properties": {"room": room}});
        let r = convert(schema, Revision::LATEST).unwrap_err();
        assert_eq!(r.pointer, "/properties/room");
        assert!(r.message.contains("lists the option `double` twice"), "{r}");
    }
}

#[test]
fn parts_that_contradict_each_other_are_refused() {
    let cases = [
        (
            json!({"guests": {"type": "integer", "minimum": 5, "maximum": 2}}),
            "/properties/guests/minimum",
            "E406",
        ),
        (
            json!({"name": {"type": "string", "minLength": 9, "maxLength": 3}}),
            "/properties/name/minLength",
            "E406",
        ),
    ];
    for (props, pointer, code) in cases {
        let schema = json!({"type": "object", "properties": props});
        let r = convert(schema, Revision::LATEST).unwrap_err();
        assert_eq!(r.pointer, pointer, "{r}");
        assert!(r.message.contains(code), "{r}");
    }
}
