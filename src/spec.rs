//! The spec revisions that have elicitation, and everything that differs
//! between them. Code elsewhere asks a `Revision` what it allows instead of
//! comparing dates.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Revision {
    V2025_06_18,
    V2025_11_25,
    V2026_07_28,
}

/// How an elicitation travels from server to client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Carrier {
    /// A server-to-client JSON-RPC request `elicitation/create`.
    ServerRequest,
    /// An entry of an `InputRequiredResult`'s `inputRequests`, answered by a
    /// retry of the original request.
    InputRequired,
}

/// What URL mode looks like in a revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlMode {
    /// No URL mode at all.
    Unsupported,
    /// URL mode with a required `elicitationId`.
    WithElicitationId,
    /// URL mode; `elicitationId` was removed.
    Plain,
}

/// The string formats every revision allows.
pub const FORMATS: [&str; 4] = ["email", "uri", "date", "date-time"];

impl Revision {
    pub const ALL: [Revision; 3] = [
        Revision::V2025_06_18,
        Revision::V2025_11_25,
        Revision::V2026_07_28,
    ];
    pub const LATEST: Revision = Revision::V2026_07_28;

    pub fn as_str(self) -> &'static str {
        match self {
            Revision::V2025_06_18 => "2025-06-18",
            Revision::V2025_11_25 => "2025-11-25",
            Revision::V2026_07_28 => "2026-07-28",
        }
    }

    /// The revision a date names, exactly as files and headers write it.
    pub fn parse(s: &str) -> Option<Revision> {
        Revision::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// A revision date or one of the names a person may type for the newest
    /// one, `latest` and `draft`. Only for what a person types: a
    /// `protocolVersion` or a recording's header is never an alias.
    pub fn parse_alias(s: &str) -> Option<Revision> {
        match s {
            "draft" | "latest" => Some(Revision::LATEST),
            _ => Revision::parse(s),
        }
    }

    /// The revision a `protocolVersion` names, if it has elicitation: the
    /// dates, and `DRAFT-2026-v1`, which the TypeScript SDK sent for
    /// 2026-07-28 before it was dated.
    pub fn from_protocol_version(s: &str) -> Option<Revision> {
        match s {
            "DRAFT-2026-v1" => Some(Revision::V2026_07_28),
            _ => Revision::parse(s),
        }
    }

    pub fn carrier(self) -> Carrier {
        match self {
            Revision::V2026_07_28 => Carrier::InputRequired,
            _ => Carrier::ServerRequest,
        }
    }

    pub fn url_mode(self) -> UrlMode {
        match self {
            Revision::V2025_06_18 => UrlMode::Unsupported,
            Revision::V2025_11_25 => UrlMode::WithElicitationId,
            Revision::V2026_07_28 => UrlMode::Plain,
        }
    }

    /// Whether params may carry `mode`.
    pub fn has_modes(self) -> bool {
        self.url_mode() != UrlMode::Unsupported
    }

    /// Keys of `elicitation/create` params besides the mode-specific ones.
    pub fn params_extra_keys(self) -> &'static [&'static str] {
        match self {
            Revision::V2025_06_18 => &["_meta"],
            Revision::V2025_11_25 => &["_meta", "task"],
            Revision::V2026_07_28 => &["_meta"],
        }
    }

    /// Root `$schema` is declared from 2025-11-25.
    pub fn allows_root_dialect(self) -> bool {
        self >= Revision::V2025_11_25
    }

    /// `default` on string, number, integer and enum properties (booleans
    /// could always have one).
    pub fn allows_non_boolean_defaults(self) -> bool {
        self >= Revision::V2025_11_25
    }

    /// `oneOf` of `{const, title}` single-select.
    pub fn allows_titled_single_select(self) -> bool {
        self >= Revision::V2025_11_25
    }

    /// `type: "array"` multi-select, titled or not.
    pub fn allows_multi_select(self) -> bool {
        self >= Revision::V2025_11_25
    }

    /// `enumNames` is declared but deprecated from 2025-11-25.
    pub fn enum_names_deprecated(self) -> bool {
        self >= Revision::V2025_11_25
    }

    /// Whether the capability has `form`/`url` sub-objects.
    pub fn capability_has_modes(self) -> bool {
        self >= Revision::V2025_11_25
    }
}

impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Revision {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Revision::parse_alias(s).ok_or_else(|| {
            format!("unknown spec revision `{s}`: use 2025-06-18, 2025-11-25, 2026-07-28, latest or draft")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases() {
        assert_eq!(Revision::parse_alias("draft"), Some(Revision::V2026_07_28));
        assert_eq!(Revision::parse_alias("latest"), Some(Revision::LATEST));
        assert_eq!(Revision::parse("2025-03-26"), None);
        for r in Revision::ALL {
            assert_eq!(Revision::parse(r.as_str()), Some(r));
            assert_eq!(Revision::parse_alias(r.as_str()), Some(r));
            assert_eq!(Revision::from_protocol_version(r.as_str()), Some(r));
        }
    }

    #[test]
    fn a_protocol_version_is_never_an_alias() {
        for alias in ["latest", "draft"] {
            assert_eq!(Revision::parse(alias), None);
            assert_eq!(Revision::from_protocol_version(alias), None);
        }
        assert_eq!(
            Revision::from_protocol_version("DRAFT-2026-v1"),
            Some(Revision::V2026_07_28)
        );
    }

    #[test]
    fn what_changes() {
        assert!(!Revision::V2025_06_18.allows_multi_select());
        assert!(Revision::V2025_11_25.enum_names_deprecated());
        assert_eq!(Revision::V2026_07_28.url_mode(), UrlMode::Plain);
        assert_eq!(Revision::V2026_07_28.carrier(), Carrier::InputRequired);
    }
}
