//! The four string formats elicitation allows, checked by their RFCs:
//! email (RFC 5321 addr-spec, dot-atom local part), uri (RFC 3986 absolute
//! URI), date and date-time (RFC 3339).

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum StringFormat {
    #[serde(rename = "email")]
    Email,
    #[serde(rename = "uri")]
    Uri,
    #[serde(rename = "date")]
    Date,
    #[serde(rename = "date-time")]
    DateTime,
}

impl StringFormat {
    pub fn parse(s: &str) -> Option<StringFormat> {
        match s {
            "email" => Some(StringFormat::Email),
            "uri" => Some(StringFormat::Uri),
            "date" => Some(StringFormat::Date),
            "date-time" => Some(StringFormat::DateTime),
            _ => None,
        }
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            StringFormat::Email => "email",
            StringFormat::Uri => "uri",
            StringFormat::Date => "date",
            StringFormat::DateTime => "date-time",
        }
    }

    /// Whether `s` is a valid value of this format.
    pub(crate) fn check(self, s: &str) -> bool {
        match self {
            StringFormat::Email => is_email(s),
            StringFormat::Uri => is_absolute_uri(s),
            StringFormat::Date => is_date(s),
            StringFormat::DateTime => is_date_time(s),
        }
    }

    /// An example value, for messages and prompts.
    pub(crate) fn example(self) -> &'static str {
        match self {
            StringFormat::Email => "ada@example.com",
            StringFormat::Uri => "https://example.com/",
            StringFormat::Date => "2026-07-28",
            StringFormat::DateTime => "2026-07-28T09:30:00Z",
        }
    }
}

fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || !c.is_ascii()
}

pub(crate) fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    if local.is_empty() || local.len() > 64 || domain.is_empty() || domain.len() > 253 {
        return false;
    }
    let local_ok = if local.starts_with('"') && local.ends_with('"') && local.len() >= 2 {
        !local[1..local.len() - 1].contains(['"', '\\'])
    } else {
        local
            .split('.')
            .all(|atom| !atom.is_empty() && atom.chars().all(is_atext))
    };
    if !local_ok {
        return false;
    }
    if let Some(lit) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        let lit = lit.strip_prefix("IPv6:").unwrap_or(lit);
        return lit.parse::<std::net::IpAddr>().is_ok();
    }
    domain.split('.').all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_alphanumeric() || c == '-')
    })
}

pub(crate) fn is_absolute_uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        || !chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    {
        return false;
    }
    // RFC 3986 characters only: no spaces, controls or raw non-ASCII.
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c);
    if !rest.chars().all(allowed) {
        return false;
    }
    // Percent signs start two hex digits.
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            {
                return false;
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    true
}

fn digits(s: &str, n: usize) -> Option<u32> {
    (s.len() == n && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok())?
}

pub(crate) fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (
        digits(&s[0..4], 4),
        digits(&s[5..7], 2),
        digits(&s[8..10], 2),
    ) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

fn is_time(s: &str) -> bool {
    // HH:MM:SS[.frac](Z|+HH:MM|-HH:MM)
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) = (
        digits(&s[0..2], 2),
        digits(&s[3..5], 2),
        digits(&s[6..8], 2),
    ) else {
        return false;
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    let mut rest = &s[8..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    if rest.eq_ignore_ascii_case("z") {
        return true;
    }
    let rb = rest.as_bytes();
    if rb.len() != 6 || !(rb[0] == b'+' || rb[0] == b'-') || rb[3] != b':' {
        return false;
    }
    matches!((digits(&rest[1..3], 2), digits(&rest[4..6], 2)), (Some(oh), Some(om)) if oh <= 23 && om <= 59)
}

pub(crate) fn is_date_time(s: &str) -> bool {
    let Some(sep) = s.find(['T', 't', ' ']) else {
        return false;
    };
    is_date(&s[..sep]) && is_time(&s[sep + 1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert!(is_email("ada@example.com"));
        assert!(is_email("first.last+tag@sub.example.co"));
        assert!(!is_email("ada"));
        assert!(!is_email("ada@"));
        assert!(!is_email("a..b@example.com"));
        assert!(is_absolute_uri("https://example.com/a?b=c#d"));
        assert!(is_absolute_uri("urn:isbn:0451450523"));
        assert!(!is_absolute_uri("/relative"));
        assert!(!is_absolute_uri("https://exa mple.com"));
        assert!(!is_absolute_uri("https://example.com/%zz"));
        assert!(!is_absolute_uri("https://example.com/%"));
        assert!(is_date("2024-02-29"));
        assert!(!is_date("2023-02-29"));
        assert!(!is_date("2023-13-01"));
        assert!(is_date_time("2026-07-28T09:30:00Z"));
        assert!(is_date_time("2026-07-28T09:30:00.123+02:00"));
        assert!(!is_date_time("2026-07-28T25:30:00Z"));
        assert!(!is_date_time("2026-07-28"));
    }
}
