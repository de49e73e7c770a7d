//! The last check before an accept is sent: the content against the
//! request's own `requestedSchema`, by the `jsonschema` crate with formats
//! asserted. It backs up the typed checks of [`crate::validate`] with an
//! independent implementation, so a bug in one cannot send a wrong answer.
//!
//! The check needs the `final-check` feature (on in the command); a library
//! built without it (`default-features = false`) checks answers with the
//! typed checks alone, and [`FinalCheck::check`] finds nothing more.

#[cfg(feature = "final-check")]
use std::sync::{Arc, OnceLock};

use serde_json::{Map, Value};

/// Validates content against one `requestedSchema`.
#[derive(Debug, Clone)]
pub struct FinalCheck {
    #[cfg(feature = "final-check")]
    schema: Value,
    /// Built on the first check and kept for the next (the review step may
    /// check several times); the error says why the schema cannot be used.
    #[cfg(feature = "final-check")]
    validator: Arc<OnceLock<Result<jsonschema::Validator, String>>>,
}

impl FinalCheck {
    pub fn new(schema: Value) -> FinalCheck {
        #[cfg(not(feature = "final-check"))]
        let _ = schema;
        FinalCheck {
            #[cfg(feature = "final-check")]
            schema,
            #[cfg(feature = "final-check")]
            validator: Arc::default(),
        }
    }

    /// Everything wrong with `content`, one message each; empty when valid
    /// (and always without the `final-check` feature).
    #[cfg(not(feature = "final-check"))]
    pub(crate) fn check(&self, content: &Map<String, Value>) -> Vec<String> {
        let _ = content;
        Vec::new()
    }

    /// Everything wrong with `content`, one message each; empty when valid.
    #[cfg(feature = "final-check")]
    pub fn check(&self, content: &Map<String, Value>) -> Vec<String> {
        // `pattern` (an opt-in outside the spec) runs on the linear-time
        // engine: a hostile pattern cannot stall the answer.
        let validator = self.validator.get_or_init(|| {
            jsonschema::options()
                .should_validate_formats(true)
                .with_pattern_options(jsonschema::PatternOptions::regex())
                .build(&self.schema)
                .map_err(|e| e.to_string())
        });
        let validator = match validator {
            Ok(v) => v,
            Err(e) => {
                return vec![format!(
                    "the requested schema cannot be checked ({e}); this answer cannot be accepted, decline or cancel instead"
                )];
            }
        };
        let instance = Value::Object(content.clone());
        validator
            .iter_errors(&instance)
            .map(|e| {
                let at = e.instance_path().to_string();
                if at.is_empty() {
                    format!("the answer does not fit the requested schema: {e}")
                } else {
                    format!("`{}` does not fit the requested schema: {e}", &at[1..])
                }
            })
            .collect()
    }
}

#[cfg(all(test, feature = "final-check"))]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn formats_are_asserted() {
        let c = FinalCheck::new(json!({
            "type": "object",
            "properties": {"mail": {"type": "string", "format": "email"}},
            "required": ["mail"]
        }));
        let bad = json!({"mail": "not an address"});
        let errors = c.check(bad.as_object().unwrap());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].starts_with("`mail` does not fit"), "{errors:?}");
        assert!(c.check(json!({}).as_object().unwrap())[0].contains("required"));
        assert!(
            c.check(json!({"mail": "ada@example.com"}).as_object().unwrap())
                .is_empty()
        );
    }

    #[test]
    fn an_uncompilable_schema_blocks_accept() {
        let c = FinalCheck::new(json!({"type": "object", "properties": {"a": {"type": 7}}}));
        let errors = c.check(&Map::new());
        assert!(errors[0].contains("cannot be checked"), "{errors:?}");
    }
}
