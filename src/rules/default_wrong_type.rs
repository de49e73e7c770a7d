//! E402 `default-wrong-type`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    DEFAULT_WRONG_TYPE = "E402" "default-wrong-type" Error
        summary: "A `default` does not have the property's type."
        why: "A client pre-fills the form with the default and sends it on accept; a value of the wrong type makes the answer invalid."
        example: fixture!("E402", "json", "2026-07-28");
}
