//! E112 `form-without-schema`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    FORM_WITHOUT_SCHEMA = "E112" "form-without-schema" Error
        summary: "Form-mode params have no `requestedSchema`."
        why: "`requestedSchema` is required in form mode; a client cannot build a form without it."
        example: fixture!("E112", "json", "2025-11-25");
}
