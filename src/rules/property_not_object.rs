//! E201 `property-not-object`. Reported when the model builder
//! (`schema::parse`) cannot build a property that is not an object.

rule! {
    PROPERTY_NOT_OBJECT = "E201" "property-not-object" Error
        summary: "A property schema is not an object."
        why: "Each property is a schema object such as `{\"type\": \"string\"}`."
        example: fixture!("E201", "json", "2026-07-28");
        blocks_form: true;
}

pub fn message(name: &str, got: &str) -> String {
    format!("property `{name}` is {got}; write a schema object such as {{\"type\": \"string\"}}")
}
