//! Rust types for elicitation forms, one per shape. `mcp-elicit generate
//! --rust examples/rust/forms.rs --type Booking` reads this file without
//! compiling it; `mcp_elicit::generate::generate::<Booking>` gives the same
//! schema from the compiled type.

use std::collections::HashSet;

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use url::Url;

/// # Book a room
/// A booking form: text, numbers, a date, a single choice and a default.
#[derive(Debug, JsonSchema, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    /// # Full name
    /// As printed on your passport.
    #[schemars(length(min = 1, max = 80))]
    pub full_name: String,

    /// # Email
    #[schemars(email)]
    pub email: String,

    /// # Guests
    #[schemars(range(min = 1, max = 8))]
    pub guests: u8,

    /// # Check-in
    pub check_in: NaiveDate,

    /// # Nights
    pub nights: u16,

    /// # Room
    pub room: Room,

    /// # Breakfast included
    #[serde(default)]
    pub breakfast: bool,

    /// # Notes
    /// Anything the hotel should know.
    pub notes: Option<String>,

    /// # Your website
    pub website: Option<Url>,
}

#[derive(Debug, JsonSchema, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub enum Room {
    /// Single room
    Single,
    /// Double room
    Double,
    /// Suite with a view
    /// On the top floor, facing the sea.
    SeaViewSuite,
}

/// Confirm the transfer. A plain doc comment's first line is the title.
#[derive(Debug, JsonSchema, Deserialize, Serialize)]
pub struct Confirmation {
    /// I confirm
    pub confirm: bool,
    /// Amount in EUR
    /// Up to 10,000 per transfer.
    #[schemars(range(min = 0.01, max = 10000))]
    pub amount: f64,
    /// Reason
    pub reason: Option<String>,
}

/// # Call me back
#[derive(Debug, JsonSchema, Deserialize, Serialize)]
pub struct Callback {
    /// # When
    /// Any time in the next two weeks.
    #[schemars(extend("format" = "date-time"))]
    pub at: String,

    /// # Phone
    #[schemars(length(min = 6, max = 20), regex(pattern = r"^\+?[0-9 ]+$"))]
    pub phone: String,
}

/// # Ship to
/// A flattened struct adds its fields to the form.
#[derive(Debug, JsonSchema, Deserialize, Serialize)]
pub struct Shipping {
    /// Recipient
    pub recipient: String,

    #[serde(flatten)]
    pub address: Address,
}

#[derive(Debug, JsonSchema, Deserialize, Serialize)]
pub struct Address {
    /// Street and number
    pub street: String,

    /// Postcode
    #[schemars(length(min = 3, max = 10))]
    pub postcode: String,

    /// City
    pub city: String,
}

/// # Newsletter
#[derive(Debug, JsonSchema, Deserialize, Serialize)]
pub struct Newsletter {
    /// # Topics
    /// Pick at least one.
    #[schemars(length(min = 1))]
    pub topics: Vec<Topic>,

    /// # Channels
    pub channels: HashSet<Channel>,

    /// # Frequency
    #[serde(default)]
    pub frequency: Frequency,
}

#[derive(Debug, JsonSchema, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Topic {
    /// Releases
    Releases,
    /// Security advisories
    Security,
    /// Events near you
    Events,
}

#[derive(Debug, JsonSchema, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Channel {
    #[serde(rename = "email")]
    Email,
    #[serde(rename = "sms")]
    Sms,
}

#[derive(Debug, JsonSchema, Deserialize, Serialize, PartialEq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Frequency {
    Daily,
    #[default]
    Weekly,
    Monthly,
}
