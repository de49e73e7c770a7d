//! Host versions: what each version declares when it connects, the bounds
//! a fact holds within, and a host as `--hosts ID@VERSION` selects it (its
//! facts for that version, and the findings its declaration implies).

use std::sync::Mutex;

use super::{ALL, Effect, Evidence, Fact, Host, Status, Trigger};
use crate::rules;

/// A host version: numbers separated by dots (`2.1.260`), compared number
/// by number, so `2.1.76` comes before `2.1.260`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(Vec<u64>);

impl Version {
    /// Reads `2.1.260`; `None` for anything but numbers separated by dots.
    pub fn parse(s: &str) -> Option<Version> {
        let parts: Option<Vec<u64>> = s.trim().split('.').map(|p| p.parse().ok()).collect();
        parts.filter(|p| !p.is_empty()).map(Version)
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(u64::to_string).collect();
        f.write_str(&parts.join("."))
    }
}

/// The versions a fact or a declaration holds for, both bounds included;
/// an open bound is `None`. The text beside it (`versions`) says the same
/// to a person, with what the bounds cannot (a platform, a mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Within {
    pub from: Option<&'static str>,
    pub to: Option<&'static str>,
}

/// Every version the entry describes.
pub const ALWAYS: Within = Within {
    from: None,
    to: None,
};

impl Within {
    /// From `v` on.
    pub const fn from(v: &'static str) -> Within {
        Within {
            from: Some(v),
            to: None,
        }
    }
    /// From `a` to `b`, both included.
    pub const fn between(a: &'static str, b: &'static str) -> Within {
        Within {
            from: Some(a),
            to: Some(b),
        }
    }
    /// `v` alone.
    pub const fn only(v: &'static str) -> Within {
        Within::between(v, v)
    }

    /// Whether `v` is within the bounds.
    pub fn contains(&self, v: &Version) -> bool {
        let after = self
            .from
            .and_then(Version::parse)
            .is_none_or(|from| *v >= from);
        let before = self.to.and_then(Version::parse).is_none_or(|to| *v <= to);
        after && before
    }

    /// The bounds that name a version.
    fn bounds(&self) -> impl Iterator<Item = Version> {
        [self.from, self.to]
            .into_iter()
            .flatten()
            .filter_map(Version::parse)
    }
}

/// A host's `elicitation` capability as a version declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declares {
    /// No `elicitation` key at all.
    Nothing,
    /// This `elicitation` object, as JSON text (`{}`, `{"form": {}}`).
    Capability(&'static str),
    /// Form mode alone, where the evidence does not give the object.
    FormOnly,
}

/// What versions of a host declare when they connect: the `elicitation`
/// capability and the revisions they negotiate, with the evidence (a probe
/// recording, a catalog of probes, source, an issue).
#[derive(Debug, Clone)]
pub struct Declared {
    /// The versions, in words.
    pub versions: &'static str,
    pub within: Within,
    /// The capability; `None` when the evidence does not say.
    pub elicitation: Option<Declares>,
    /// The revisions the host negotiates, newest first; empty when the
    /// evidence does not say.
    pub revisions: &'static [&'static str],
    /// What else the evidence says of the handshake, in words, when it
    /// matters to a server ("sends `initialize` after a successful
    /// `server/discover`").
    pub note: Option<&'static str>,
    pub evidence: &'static [Evidence],
}

impl Declared {
    /// Whether the capability allows URL mode: `{}` (2025-11-25's "form
    /// only") and `{"form": {}}` do not. `None` when the capability is not
    /// known, or declares no elicitation at all.
    pub fn url_mode(&self) -> Option<bool> {
        match self.elicitation? {
            Declares::Nothing => None,
            Declares::FormOnly => Some(false),
            Declares::Capability(json) => {
                let v: serde_json::Value = serde_json::from_str(json).ok()?;
                Some(v.get("url").is_some())
            }
        }
    }

    /// Whether the host negotiates 2026-07-28; `None` when not known.
    pub fn negotiates_2026(&self) -> Option<bool> {
        if self.revisions.is_empty() {
            return None;
        }
        Some(self.revisions.contains(&"2026-07-28"))
    }
}

/// The newest version the entry names in a bound (of a declaration or a
/// fact), if any.
pub fn newest(host: &Host) -> Option<Version> {
    host.declared
        .iter()
        .map(|d| d.within)
        .chain(host.facts.iter().map(|f| f.within))
        .flat_map(|w| w.bounds().collect::<Vec<_>>())
        .max()
}

/// The declaration that holds for `version` (the newest one that does);
/// without a version, the newest declaration.
pub fn declaration<'h>(host: &'h Host, version: Option<&Version>) -> Option<&'h Declared> {
    match version {
        Some(v) => host.declared.iter().rev().find(|d| d.within.contains(v)),
        None => host.declared.last(),
    }
}

/// Hosts already selected, by `id@version` (or `id`): each is built once
/// per process and kept, so selecting again costs nothing.
static SELECTED: Mutex<Vec<(String, &'static Host)>> = Mutex::new(Vec::new());

/// The host `key` names (an id, short name or full name, ignoring case),
/// at the version after an `@` when there is one, else at the newest
/// version the entry knows: its facts for that version, and the facts its
/// declaration implies (a URL-mode request to a host that declared form
/// only; an `InputRequiredResult` to a host that does not negotiate
/// 2026-07-28), where the entry has no fact of its own for them.
pub fn select(key: &str) -> Result<&'static Host, String> {
    let key = key.trim();
    let (name, version) = match key.split_once('@') {
        Some((n, v)) => {
            let parsed = Version::parse(v).ok_or_else(|| {
                format!(
                    "`{key}`: a host version is numbers separated by dots (`{}@2.1.260`)",
                    n.trim()
                )
            })?;
            (n.trim(), Some(parsed))
        }
        None => (key, None),
    };
    let Some(host) = super::find(name) else {
        return Err(format!(
            "no host `{name}`; known hosts: {}, or all",
            super::ids().join(", ")
        ));
    };
    let cache_key = match &version {
        Some(v) => format!("{}@{v}", host.id),
        None => host.id.to_string(),
    };
    let mut cache = SELECTED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, h)) = cache.iter().find(|(k, _)| *k == cache_key) {
        return Ok(h);
    }
    let built = build(host, version);
    cache.push((cache_key, built));
    Ok(built)
}

/// `host` at `version` (explicit), or at its newest known version.
fn build(host: &'static Host, explicit: Option<Version>) -> &'static Host {
    let at = explicit.clone().or_else(|| newest(host));
    let mut facts: Vec<Fact> = host
        .facts
        .iter()
        .filter(|f| at.as_ref().is_none_or(|v| f.within.contains(v)))
        .cloned()
        .collect();
    let declared = declaration(host, at.as_ref());
    let implied = implied(host, declared, &facts);
    if explicit.is_none() && implied.is_empty() && facts.len() == host.facts.len() {
        return host;
    }
    facts.extend(implied);
    let declared: Vec<Declared> = declared.cloned().into_iter().collect();
    let (short, versions) = match &explicit {
        Some(v) => (leak(format!("{}@{v}", host.short)), leak(v.to_string())),
        None => (host.short, host.versions),
    };
    Box::leak(Box::new(Host {
        short,
        versions,
        declared: Box::leak(declared.into_boxed_slice()),
        facts: Box::leak(facts.into_boxed_slice()),
        ..*host
    }))
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The facts `host`'s declaration at a version (`declared`) implies,
/// where none of its facts for that version (`own`) speaks of the same
/// thing.
fn implied(host: &Host, declared: Option<&Declared>, own: &[Fact]) -> Vec<Fact> {
    let Some(d) = declared else {
        return Vec::new();
    };
    let has_own = |t: Trigger| own.iter().any(|f| f.trigger == t);
    let mut out = Vec::new();
    if host.elicitation && d.url_mode() == Some(false) && !has_own(Trigger::UrlMode) {
        let declares = match d.elicitation {
            Some(Declares::Capability(cap)) => {
                format!("it declares `elicitation: {cap}`, which is form mode only")
            }
            _ => "it declares form mode only".to_string(),
        };
        out.push(Fact {
            id: "url-mode-undeclared",
            effect: Effect::NotShown { sends: None },
            rule: &rules::HOST_URL_MODE_UNDECLARED,
            trigger: Trigger::UrlMode,
            status: Status::Unsupported,
            sees: leak(format!(
                "nothing the spec promises: {declares}, so a URL-mode request to it is outside the spec"
            )),
            fix: Some(
                "check the client's `elicitation.url` capability before sending URL mode, and otherwise give the link in the tool result",
            ),
            evidence: d.evidence,
            versions: d.versions,
            within: d.within,
        });
    }
    if host.elicitation && d.negotiates_2026() == Some(false) && !has_own(Trigger::InputRequired) {
        let how = match d.note {
            Some(n) => format!(" ({n})"),
            None => String::new(),
        };
        out.push(Fact {
            id: "no-2026-07-28",
            effect: Effect::NotShown { sends: None },
            rule: &rules::HOST_INPUT_REQUIRED_UNSUPPORTED,
            trigger: Trigger::InputRequired,
            status: Status::Unsupported,
            sees: leak(format!(
                "nothing: it negotiates {} only{how}, so a server that speaks only 2026-07-28 does not reach it and no InputRequiredResult is answered",
                d.revisions.join(", ")
            )),
            fix: Some(
                "serve 2025-11-25 beside 2026-07-28 and send such clients an `elicitation/create` request, or run the server behind `mcp-elicit proxy`, which bridges the eras",
            ),
            evidence: d.evidence,
            versions: d.versions,
            within: d.within,
        });
    }
    out
}

/// Every host in the table, each at its newest known version.
pub fn all() -> Vec<&'static Host> {
    ALL.iter().map(|h| select(h.id).unwrap_or(h)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_number_by_number() {
        let v = |s| Version::parse(s).unwrap();
        assert!(v("2.1.76") < v("2.1.260"));
        assert!(v("0.148") < v("0.148.1"));
        assert!(Version::parse("2.1.x").is_none());
        assert!(Version::parse("").is_none());
        assert!(Within::between("2.1.176", "2.1.260").contains(&v("2.1.237")));
        assert!(!Within::between("2.1.176", "2.1.260").contains(&v("2.1.273")));
        assert!(Within::from("0.148").contains(&v("1.0")));
        assert!(ALWAYS.contains(&v("9")));
    }

    #[test]
    fn every_bound_in_the_table_is_a_version() {
        for h in ALL {
            let bounds = h
                .declared
                .iter()
                .map(|d| d.within)
                .chain(h.facts.iter().map(|f| f.within));
            for w in bounds {
                for b in [w.from, w.to].into_iter().flatten() {
                    assert!(Version::parse(b).is_some(), "{}: bound `{b}`", h.id);
                }
            }
            for d in h.declared {
                if let Some(Declares::Capability(c)) = d.elicitation {
                    assert!(
                        serde_json::from_str::<serde_json::Value>(c).is_ok_and(|v| v.is_object()),
                        "{}: capability `{c}` is not a JSON object",
                        h.id
                    );
                }
            }
        }
    }

    #[test]
    fn a_version_selects_its_facts_and_its_declaration() {
        let old = select("claude-code@2.1.260").unwrap();
        assert_eq!(old.short, "CC@2.1.260");
        assert!(old.facts.iter().any(|f| f.id == "url-mode-undeclared"));
        assert!(!old.facts.iter().any(|f| f.id == "no-2026-07-28"));
        let newest = select("claude-code").unwrap();
        assert!(newest.facts.iter().any(|f| f.id == "no-2026-07-28"));
        assert!(std::ptr::eq(select("CC").unwrap(), newest), "kept");
        assert!(select("claude-code@two").unwrap_err().contains("numbers"));
        assert!(select("netscape@1.0").unwrap_err().contains("known hosts"));
    }
}
