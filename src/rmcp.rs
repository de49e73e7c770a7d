//! A bridge to [rmcp](https://docs.rs/rmcp), the official Rust SDK (feature
//! `rmcp`).
//!
//! rmcp's `peer.elicit::<T>()` builds the schema with schemars and decodes
//! the answer with serde alone: content outside the schema's bounds
//! (`guests: 40` where the form says at most 12), a string too long, or an
//! option that was never offered reaches `T` unchecked. A [`Form`] sends
//! the schema this crate generates and lints, and decodes rmcp's
//! [`ElicitResult`] with the same checks `lint` applies to answers:
//!
//! ```
//! use mcp_elicit::generate::{Answer, Form, Options};
//! use mcp_elicit::spec::Revision;
//! use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
//!
//! #[derive(schemars::JsonSchema, serde::Deserialize)]
//! struct Booking {
//!     /// # Guests
//!     #[schemars(range(min = 1, max = 12))]
//!     guests: u8,
//! }
//!
//! let form = Form::<Booking>::new(&Options::new(Revision::V2025_11_25))?;
//! // What a server hands to `peer.create_elicitation(...)`:
//! let params = ElicitRequestParams::FormElicitationParams {
//!     meta: None,
//!     message: "Book a table".into(),
//!     requested_schema: form.rmcp_schema()?,
//! };
//! # let _ = params;
//! // What comes back: rmcp would hand `guests: 40` to the type.
//! let mut result = ElicitResult::new(ElicitationAction::Accept);
//! result.content = Some(serde_json::json!({"guests": 40}));
//! assert!(form.decode_rmcp(&result).is_err());
//! result.content = Some(serde_json::json!({"guests": 4}));
//! assert!(matches!(form.decode_rmcp(&result)?, Answer::Accepted(Booking { guests: 4 })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rmcp::model::{ElicitResult, ElicitationSchema};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::generate::{Answer, DecodeError, Form};

impl<T: JsonSchema + DeserializeOwned> Form<T> {
    /// The form's `requestedSchema` as rmcp's [`ElicitationSchema`], for
    /// `ElicitRequestParams::FormElicitationParams`.
    pub fn rmcp_schema(&self) -> Result<ElicitationSchema, serde_json::Error> {
        match self.requested_schema() {
            Value::Object(object) => ElicitationSchema::from_json_schema(object),
            _ => unreachable!("a requested schema is always an object"),
        }
    }

    /// Decodes rmcp's [`ElicitResult`] into `T`, checking the content
    /// against the schema first (bounds, lengths, formats, options).
    pub fn decode_rmcp(&self, result: &ElicitResult) -> Result<Answer<T>, DecodeError> {
        self.decode_result(&serde_json::to_value(result)?)
    }
}

#[cfg(test)]
mod tests {
    use rmcp::model::ElicitationAction;

    use super::*;
    use crate::generate::Options;
    use crate::spec::Revision;

    #[derive(Debug, JsonSchema, serde::Deserialize, PartialEq)]
    struct Booking {
        /// # Guests
        #[schemars(range(min = 1, max = 12))]
        guests: u8,
        /// # Name
        #[schemars(length(max = 20))]
        name: String,
    }

    fn result(content: Value) -> ElicitResult {
        let mut r = ElicitResult::new(ElicitationAction::Accept);
        r.content = Some(content);
        r
    }

    #[test]
    fn the_schema_is_the_one_the_linter_passed() {
        let form = Form::<Booking>::new(&Options::new(Revision::V2025_11_25)).unwrap();
        let schema = form.rmcp_schema().unwrap();
        assert_eq!(
            serde_json::to_value(&schema).unwrap(),
            form.requested_schema()
        );
    }

    #[test]
    fn answers_outside_the_schema_are_refused_where_rmcp_takes_them() {
        let form = Form::<Booking>::new(&Options::new(Revision::V2025_11_25)).unwrap();
        let wrong = result(serde_json::json!({"guests": 40, "name": "Ada"}));
        // What rmcp's `elicit::<T>()` does with the content: serde alone.
        let rmcp_way: Booking = serde_json::from_value(wrong.content.clone().unwrap()).unwrap();
        assert_eq!(rmcp_way.guests, 40);
        let e = form.decode_rmcp(&wrong).unwrap_err();
        assert!(e.to_string().contains("`guests` is 40"), "{e}");
        let long = result(serde_json::json!({"guests": 2, "name": "x".repeat(21)}));
        assert!(form.decode_rmcp(&long).is_err());

        let right = result(serde_json::json!({"guests": 4, "name": "Ada"}));
        assert_eq!(
            form.decode_rmcp(&right).unwrap(),
            Answer::Accepted(Booking {
                guests: 4,
                name: "Ada".into()
            })
        );
        let declined = ElicitResult::new(ElicitationAction::Decline);
        assert_eq!(form.decode_rmcp(&declined).unwrap(), Answer::Declined);
    }
}
