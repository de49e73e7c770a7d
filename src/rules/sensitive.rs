//! Recognises fields that ask for sensitive data, from a property's name or
//! title. Descriptions are not read: "do not give us your PIN" is advice,
//! not a request.

/// Splits `apiKey`, `api_key`, `API-Key` and `Api key` into lowercase words.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Every word the checks below look for contains one of these (lowercase)
/// fragments, grouped by first letter; most names contain none, so they are
/// rejected in one pass without allocating.
fn fragments(first: u8) -> &'static [&'static [u8]] {
    match first {
        b'p' => &[b"pass", b"pwd", b"pin"],
        b'k' => &[b"key"],
        b's' => &[b"secret", b"ssn", b"security"],
        b't' => &[b"token"],
        b'c' => &[b"card", b"ccn", b"cvv", b"cvc"],
        _ => &[],
    }
}

fn may_be_sensitive(text: &str) -> bool {
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if !b.is_ascii() {
            return true;
        }
        for f in fragments(b.to_ascii_lowercase()) {
            if bytes.len() - i >= f.len() && bytes[i..i + f.len()].eq_ignore_ascii_case(f) {
                return true;
            }
        }
    }
    false
}

/// What sensitive thing a field name or title asks for, if any.
pub fn sensitive_kind(text: &str) -> Option<&'static str> {
    if !may_be_sensitive(text) {
        return None;
    }
    let w = words(text);
    let has = |x: &str| w.iter().any(|v| v == x);
    let pair = |a: &str, b: &str| w.windows(2).any(|p| p[0] == a && p[1] == b);
    let counting = has("max") || has("count") || has("limit") || has("budget") || has("usage");
    if has("password") || has("passwd") || has("pwd") || has("passcode") {
        return Some("a password");
    }
    if has("passphrase") {
        return Some("a passphrase");
    }
    if has("apikey") || pair("api", "key") || pair("api", "token") {
        return Some("an API key");
    }
    if pair("private", "key") || has("privatekey") {
        return Some("a private key");
    }
    if pair("access", "key") || pair("secret", "key") || has("secret") || has("secrets") {
        return Some("a secret");
    }
    if (has("token") || has("tokens") || has("accesstoken")) && !counting {
        return Some("a token");
    }
    if pair("card", "number") || pair("credit", "card") || has("creditcard") || has("ccn") {
        return Some("a payment card number");
    }
    if has("cvv") || has("cvc") || has("cvv2") || pair("security", "code") {
        return Some("a card security code (CVV)");
    }
    if has("ssn") || pair("social", "security") {
        return Some("a social security number");
    }
    if has("pin") {
        return Some("a PIN");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::sensitive_kind;

    #[test]
    fn flags_secrets_by_name_or_title() {
        for s in [
            "password",
            "userPassword",
            "API key",
            "api_key",
            "apiKey",
            "githubToken",
            "client_secret",
            "private-key",
            "cardNumber",
            "CVV",
            "ssn",
            "PIN",
            "Passphrase",
        ] {
            assert!(sensitive_kind(s).is_some(), "{s}");
        }
        for s in [
            "username",
            "email",
            "max_tokens",
            "token_count",
            "Favorite Integer",
            "pinned",
            "spinner",
            "keyboard",
            "description",
            "opinion",
        ] {
            assert!(sensitive_kind(s).is_none(), "{s}");
        }
    }
}
