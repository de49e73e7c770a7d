//! What each MCP host really does with an elicitation, as data: one entry
//! per host in `hosts::data`, each fact with the evidence it rests on and the
//! versions it holds for. The linter's host rules (`W801`-`W814`, reported
//! with `lint --hosts`), the compatibility matrix and `answer --as` all read
//! these entries, so correcting a host is an edit in one place.
//!
//! Facts only describe what a schema can trip. Behaviour that holds for
//! every elicitation a host shows (how it cancels, its time-outs) is kept as
//! [`Note`]s beside the facts, with the same evidence.

mod data;
pub mod judge;
mod version;

pub use data::{ALL, OUT_OF_SPEC};
pub use version::{ALWAYS, Declared, Declares, Version, Within, all, declaration, newest, select};

use crate::rules::Rule;

/// What a person at a host gets for one elicitation, from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Shown as the spec intends.
    Works,
    /// Nothing is established beyond "the host supports form mode".
    Unknown,
    /// Shown, with a caveat (a label, a default or a check is lost).
    Degraded,
    /// Not shown as a form, or answered without the person, or refused.
    Broken,
    /// The host has no elicitation at all (or not this kind of it).
    Unsupported,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Works => "works",
            Status::Unknown => "unknown",
            Status::Degraded => "degraded",
            Status::Broken => "broken",
            Status::Unsupported => "unsupported",
        }
    }
}

/// What kind of evidence a fact rests on, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvidenceKind {
    /// Read in the host's source: `owner/repo path @commit`.
    Code,
    /// Measured by `mcp-elicit probe` in the host: the recording's path in
    /// this repository, then the host and version it probed.
    Probe,
    /// Reproduced by running a library: `package version`.
    Test,
    /// Taken from an issue or pull request: `owner/repo#number`. Inferred,
    /// not verified.
    Issue,
    /// A third-party web page: its address. Weakest.
    Page,
}

impl EvidenceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EvidenceKind::Code => "code",
            EvidenceKind::Probe => "probe",
            EvidenceKind::Test => "test",
            EvidenceKind::Issue => "issue",
            EvidenceKind::Page => "page",
        }
    }
}

/// One piece of evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evidence {
    pub kind: EvidenceKind,
    /// Where it is: repository and path (with a commit), an issue number, a
    /// package and version, or an address.
    pub source: &'static str,
}

impl std::fmt::Display for Evidence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.kind.as_str(), self.source)
    }
}

/// A property shape, as the facts tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    Number,
    Integer,
    /// `enum` without labels.
    UntitledEnum,
    /// `enum` with `enumNames`.
    LegacyNames,
    /// `oneOf` of `{const, title}`.
    TitledSingle,
    /// `items.enum`.
    UntitledMulti,
    /// `items.anyOf` of `{const, title}`.
    TitledMulti,
}

impl ShapeKind {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            ShapeKind::Number => "a number",
            ShapeKind::Integer => "an integer",
            ShapeKind::UntitledEnum => "a single-select (`enum`)",
            ShapeKind::LegacyNames => "a single-select labelled by `enumNames`",
            ShapeKind::TitledSingle => "a titled single-select (`oneOf`)",
            ShapeKind::UntitledMulti => "a multi-select",
            ShapeKind::TitledMulti => "a titled multi-select (`items.anyOf`)",
        }
    }
}

/// What in an elicitation trips a fact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Every elicitation, form or URL.
    Any,
    /// One of these keys at the root of `requestedSchema`.
    RootKeys(&'static [&'static str]),
    /// A property of one of these shapes.
    Shapes(&'static [ShapeKind]),
    /// A property of one of these shapes in a form with other fields.
    ShapesAmongOthers(&'static [ShapeKind]),
    /// A `number` or `integer` property without a `default`.
    NumberWithoutDefault,
    /// A `default` of `false`, `0` or `""`.
    FalsyDefault,
    /// A `default` on a free-text string property.
    StringDefault,
    /// One of these keywords on a property (or its `items`).
    Keywords(&'static [&'static str]),
    /// An `enum` on a `number` or `integer` property (outside the spec).
    NumericEnum,
    /// A form with no properties (approve or decline only).
    EmptyForm,
    /// A property whose `title` differs from its name.
    Retitled,
    /// A URL-mode elicitation.
    UrlMode,
    /// An elicitation carried by an `InputRequiredResult` (2026-07-28).
    InputRequired,
    /// A shape the host's SDK refuses, named by the spec rules that report it.
    Rejected(&'static [&'static Rule]),
}

/// What a fact does to the form the person gets, for `answer --as`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The form is unchanged; the fact is a caveat to say.
    Caveat,
    /// The person is not asked. `sends` is the `ElicitResult` the host sends
    /// anyway, or `None` when it answers with an error or not at all.
    NotShown { sends: Option<&'static str> },
    /// The whole form becomes an approve-or-decline dialog whose accept
    /// sends empty content.
    ApprovalOnly,
    /// A URL request becomes a form with no fields.
    UrlAsEmptyForm,
    /// The field is not drawn.
    DropField,
    /// The field becomes free text: its options are not offered.
    FreeText,
    /// Options are labelled by their values; titles are not shown.
    RawValues,
    /// The field is labelled by its property name; `title` is not shown.
    NameAsLabel,
    /// The default is neither shown nor sent.
    DropDefault,
    /// A number without a default starts at its `minimum`, or 0.
    PrefillMinimum,
    /// The keyword is not checked.
    DropKeyword,
}

/// One thing a host does with a schema that trips it.
#[derive(Debug, Clone)]
pub struct Fact {
    /// Unique within the host, kebab-case: names the fixture pair.
    pub id: &'static str,
    /// What it does to the form, for `answer --as`.
    pub effect: Effect,
    /// The host rule it is reported under.
    pub rule: &'static Rule,
    pub trigger: Trigger,
    pub status: Status,
    /// What the person there sees, in one sentence that holds wherever the
    /// fact trips; the finding names the place (the field, the keyword).
    pub sees: &'static str,
    /// How to write the elicitation so it works there, when there is a way.
    pub fix: Option<&'static str>,
    pub evidence: &'static [Evidence],
    /// The versions the fact holds for.
    pub versions: &'static str,
    /// The same, as bounds: what `--hosts ID@VERSION` selects by.
    pub within: Within,
}

/// Behaviour that holds for every elicitation a host shows.
#[derive(Debug)]
pub struct Note {
    pub text: &'static str,
    pub evidence: &'static [Evidence],
    pub versions: &'static str,
}

/// How a host can show a form to `answer --as`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostKind {
    /// An application a person uses.
    App,
    /// A library other hosts are built on: its facts are inherited.
    Sdk,
}

/// One host.
#[derive(Debug)]
pub struct Host {
    /// What `--hosts` and `--as` take, kebab-case.
    pub id: &'static str,
    /// A short column heading for the matrix.
    pub short: &'static str,
    pub name: &'static str,
    pub kind: HostKind,
    /// Whether the host handles `elicitation/create` at all.
    pub elicitation: bool,
    /// Whether field-level behaviour is established; when not, a clean
    /// elicitation is "unknown" there rather than "works".
    pub known: bool,
    /// The versions the entry describes.
    pub versions: &'static str,
    /// Evidence for the entry as a whole (support, or its absence).
    pub evidence: &'static [Evidence],
    /// What versions of the host declare when they connect, oldest first.
    pub declared: &'static [Declared],
    pub facts: &'static [Fact],
    pub notes: &'static [Note],
}

/// Finds a host by id, short name or full name, ignoring case.
pub fn find(key: &str) -> Option<&'static Host> {
    let key = key.trim();
    ALL.iter().copied().find(|h| {
        h.id.eq_ignore_ascii_case(key)
            || h.short.eq_ignore_ascii_case(key)
            || h.name.eq_ignore_ascii_case(key)
    })
}

/// Reads a `--hosts` list: hosts separated by commas (`codex`,
/// `claude-code@2.1.260`: see [`select`]), or `all` (each at its newest
/// known version). Unknown names are an error naming them and the known
/// ids.
pub fn parse_list(list: &[String]) -> Result<Vec<&'static Host>, String> {
    let mut out: Vec<&'static Host> = Vec::new();
    let mut add = |h: &'static Host| {
        if !out.iter().any(|o| o.id == h.id && o.short == h.short) {
            out.push(h);
        }
    };
    for name in list.iter().flat_map(|s| s.split(',')) {
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        if name.eq_ignore_ascii_case("all") {
            all().into_iter().for_each(&mut add);
            continue;
        }
        add(select(name)?);
    }
    // Matrix columns follow the table's order, whatever the list's, and a
    // host's versions go oldest first.
    out.sort_by_key(|h| {
        (
            ALL.iter().position(|a| a.id == h.id),
            h.short.split_once('@').and_then(|(_, v)| Version::parse(v)),
        )
    });
    Ok(out)
}

/// Every host id, in table order.
pub fn ids() -> Vec<&'static str> {
    ALL.iter().map(|h| h.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_and_fact_ids_are_unique_and_kebab_case() {
        let mut ids = HashSet::new();
        let mut shorts = HashSet::new();
        for h in ALL {
            assert!(ids.insert(h.id), "duplicate host {}", h.id);
            assert!(shorts.insert(h.short), "duplicate short name {}", h.short);
            let mut facts = HashSet::new();
            for f in h.facts {
                assert!(facts.insert(f.id), "{}: duplicate fact {}", h.id, f.id);
                assert!(
                    f.id.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                    "{}.{}",
                    h.id,
                    f.id
                );
            }
        }
    }

    #[test]
    fn a_host_without_elicitation_has_one_fact_for_every_elicitation() {
        for h in ALL.iter().filter(|h| !h.elicitation) {
            assert_eq!(h.facts.len(), 1, "{}", h.id);
            assert_eq!(h.facts[0].trigger, Trigger::Any, "{}", h.id);
            assert_eq!(h.facts[0].status, Status::Unsupported, "{}", h.id);
        }
    }

    /// Evidence is where a reader can check the fact: a repository and a
    /// path (code), a repository and an issue number (issue), a package and
    /// its version (test), or an address (page).
    fn well_formed(e: &Evidence) -> bool {
        let repo = |s: &str| {
            s.split_once('/').is_some_and(|(o, r)| {
                !o.is_empty() && !r.is_empty() && !o.contains(' ') && !r.starts_with(' ')
            })
        };
        match e.kind {
            EvidenceKind::Code => e
                .source
                .split_once(' ')
                .is_some_and(|(r, path)| repo(r) && !path.trim().is_empty()),
            EvidenceKind::Issue => e.source.split_whitespace().next().is_some_and(|r| {
                r.split_once('#').is_some_and(|(repo_part, n)| {
                    repo(repo_part) && !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
                })
            }),
            EvidenceKind::Test => e.source.split_whitespace().any(|w| {
                let w = w.trim_end_matches([',', ':', ')']);
                w.contains('.')
                    && w.split('.')
                        .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
            }),
            EvidenceKind::Page => e.source.starts_with("https://"),
            EvidenceKind::Probe => e.source.split_whitespace().next().is_some_and(|path| {
                path.starts_with("examples/probe/")
                    && std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join(path)
                        .is_file()
            }),
        }
    }

    #[test]
    fn every_fact_and_note_names_its_evidence_and_versions() {
        let mut problems = Vec::new();
        for h in ALL {
            let mut all: Vec<(String, &[Evidence], &str)> =
                vec![(h.id.to_string(), h.evidence, h.versions)];
            all.extend(
                h.facts
                    .iter()
                    .map(|f| (format!("{}.{}", h.id, f.id), f.evidence, f.versions)),
            );
            all.extend(
                h.notes
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (format!("{} note {}", h.id, i + 1), n.evidence, n.versions)),
            );
            all.extend(h.declared.iter().enumerate().map(|(i, d)| {
                (
                    format!("{} declaration {}", h.id, i + 1),
                    d.evidence,
                    d.versions,
                )
            }));
            for (what, evidence, versions) in all {
                if evidence.is_empty() {
                    problems.push(format!("{what}: no evidence"));
                }
                if versions.trim().is_empty() {
                    problems.push(format!("{what}: no version range"));
                }
                for e in evidence {
                    if !well_formed(e) {
                        problems.push(format!("{what}: evidence `{e}` names no source"));
                    }
                }
            }
            for f in h.facts {
                if f.sees.trim().is_empty() {
                    problems.push(format!(
                        "{}.{}: does not say what the person sees",
                        h.id, f.id
                    ));
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn lists_parse_in_table_order() {
        let got = parse_list(&["vscode,codex".into()]).unwrap();
        assert_eq!(
            got.iter().map(|h| h.id).collect::<Vec<_>>(),
            ["codex", "vscode"]
        );
        assert_eq!(parse_list(&["all".into()]).unwrap().len(), ALL.len());
        assert!(
            parse_list(&["netscape".into()])
                .unwrap_err()
                .contains("codex")
        );
    }
}
