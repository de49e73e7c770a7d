//! E402 `default-wrong-type`. Reported when the model builder
//! (`schema::parse`) cannot build a default of the wrong JSON type.

rule! {
    DEFAULT_WRONG_TYPE = "E402" "default-wrong-type" Error
        summary: "A `default` does not have the property's type."
        why: "A client pre-fills the form with the default and sends it on accept; a value of the wrong type makes the answer invalid."
        example: fixture!("E402", "json", "2026-07-28");
}

use crate::schema::parse::DefaultOf;

/// A default of property `name` (a `of`) that is `got`.
pub(crate) fn unbuilt(name: &str, of: DefaultOf, got: &str) -> String {
    let (what, fix) = match of {
        DefaultOf::String => (format!("string property `{name}`"), "write a string"),
        DefaultOf::Number { integer } => {
            let ty = if integer { "integer" } else { "number" };
            (format!("{ty} property `{name}`"), "write a number")
        }
        DefaultOf::Boolean => (format!("boolean property `{name}`"), "write true or false"),
        DefaultOf::Select => (format!("select `{name}`"), "write one of its option values"),
        DefaultOf::MultiSelect => (
            format!("multi-select `{name}`"),
            "write an array of option values",
        ),
    };
    format!("`default` of {what} is {got}; {fix}")
}
