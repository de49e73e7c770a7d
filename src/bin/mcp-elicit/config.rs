//! Configuration files, as ruff and typos have them: `mcp-elicit.toml`, or
//! a `[tool.mcp-elicit]` table in `pyproject.toml`, found by walking up
//! from each linted file (the nearest wins; a `pyproject.toml` without the
//! table is passed over).
//!
//! ```toml
//! spec = "2025-11-25"          # the revision to lint under
//! select = ["E", "W601"]        # codes, prefixes or names
//! ignore = ["W310"]
//! exclude = ["vendor/**", "**/*.min.js"]   # globs, from the file's folder
//! schemas = ["elicitations/*.json"]         # bare requestedSchemas, judged as such
//! hosts = ["claude-code"]       # as --hosts
//! ```
//!
//! What the command line says wins: `--spec`, `--select`, `--ignore` and
//! `--hosts` replace the file's values.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use mcp_elicit::lint::Options;
use mcp_elicit::rules::{self, Rule};
use serde::Deserialize;

/// The keys of a configuration.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub spec: Option<String>,
    pub select: Option<Vec<String>>,
    pub ignore: Option<Vec<String>>,
    pub exclude: Option<Vec<String>>,
    /// Globs of JSON files that are requested schemas (or one property's
    /// schema): judged though nothing in them says they are elicitations.
    pub schemas: Option<Vec<String>>,
    pub hosts: Option<Vec<String>>,
}

/// A configuration found on disk.
#[derive(Debug)]
pub struct Found {
    /// The file it was read from, for messages.
    pub path: PathBuf,
    /// The folder `exclude` globs are relative to.
    pub dir: PathBuf,
    pub config: Config,
    exclude: globset::GlobSet,
    schemas: globset::GlobSet,
}

impl Found {
    /// Whether `file` is excluded by this configuration.
    pub fn excludes(&self, file: &Path) -> bool {
        self.matches(&self.exclude, file)
    }

    /// Whether `file` is declared a requested schema (`schemas`).
    pub fn declares_schema(&self, file: &Path) -> bool {
        self.matches(&self.schemas, file)
    }

    fn matches(&self, globs: &globset::GlobSet, file: &Path) -> bool {
        let abs = crate::check::absolute(file);
        abs.strip_prefix(&self.dir)
            .is_ok_and(|rel| globs.is_match(rel))
    }
}

#[derive(Deserialize)]
struct Pyproject {
    tool: Option<Tool>,
}

#[derive(Deserialize)]
struct Tool {
    #[serde(rename = "mcp-elicit")]
    mcp_elicit: Option<Config>,
}

/// The configurations found so far, by folder.
#[derive(Default)]
pub struct Configs {
    by_dir: HashMap<PathBuf, Option<Arc<Found>>>,
    /// The folder of the last file asked for, as named, and its answer:
    /// the files of a folder come together.
    last: Option<(PathBuf, Option<Arc<Found>>)>,
}

impl Configs {
    /// The configuration that applies to `file`, if any.
    pub fn for_file(&mut self, file: &Path) -> Result<Option<Arc<Found>>> {
        let named = mcp_elicit::work::parent(file).filter(|d| !d.as_os_str().is_empty());
        if let (Some(named), Some((last, found))) = (named, &self.last)
            && named == last
        {
            return Ok(found.clone());
        }
        let abs = crate::check::absolute(file);
        let Some(dir) = abs.parent() else {
            return Ok(None);
        };
        let found = self.for_dir(dir)?;
        if let Some(named) = named {
            self.last = Some((named.to_path_buf(), found.clone()));
        }
        Ok(found)
    }

    fn for_dir(&mut self, dir: &Path) -> Result<Option<Arc<Found>>> {
        if let Some(found) = self.by_dir.get(dir) {
            return Ok(found.clone());
        }
        let found = match read_in(dir)? {
            Some(f) => Some(Arc::new(f)),
            None => match dir.parent() {
                Some(parent) => self.for_dir(parent)?,
                None => None,
            },
        };
        self.by_dir.insert(dir.to_path_buf(), found.clone());
        Ok(found)
    }
}

/// The configuration kept in `dir` itself, if any.
fn read_in(dir: &Path) -> Result<Option<Found>> {
    let own = dir.join("mcp-elicit.toml");
    if own.is_file() {
        let text = std::fs::read_to_string(&own)
            .with_context(|| format!("{}: cannot read", own.display()))?;
        let config: Config =
            toml::from_str(&text).map_err(|e| anyhow!("{}", placed(&own, &text, &e)))?;
        return found(own, dir, config).map(Some);
    }
    let py = dir.join("pyproject.toml");
    if py.is_file() {
        let text = std::fs::read_to_string(&py)
            .with_context(|| format!("{}: cannot read", py.display()))?;
        // Only the table is ours; the rest of the file is not checked.
        if !text.contains("mcp-elicit") {
            return Ok(None);
        }
        let doc: Pyproject =
            toml::from_str(&text).map_err(|e| anyhow!("{}", placed(&py, &text, &e)))?;
        if let Some(config) = doc.tool.and_then(|t| t.mcp_elicit) {
            return found(py, dir, config).map(Some);
        }
    }
    Ok(None)
}

/// `path:line:col: message` for a TOML error.
fn placed(path: &Path, text: &str, e: &toml::de::Error) -> String {
    let at = e.span().map_or(0, |s| s.start).min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("{}:{line}:{column}: {}", path.display(), e.message().trim())
}

fn found(path: PathBuf, dir: &Path, config: Config) -> Result<Found> {
    let exclude = globs(&path, "exclude", config.exclude.as_deref())?;
    let schemas = globs(&path, "schemas", config.schemas.as_deref())?;
    if let Some(spec) = &config.spec
        && crate::cli::parse_revision(spec).is_err()
    {
        bail!(
            "{}: spec = \"{spec}\" is not a revision: use 2025-06-18, 2025-11-25, 2026-07-28, latest or draft",
            path.display()
        );
    }
    Ok(Found {
        path,
        dir: dir.to_path_buf(),
        config,
        exclude,
        schemas,
    })
}

/// The globs of one key of the configuration at `path`.
fn globs(path: &Path, key: &str, patterns: Option<&[String]>) -> Result<globset::GlobSet> {
    let mut builder = globset::GlobSetBuilder::new();
    for pattern in patterns.unwrap_or_default() {
        let glob = globset::Glob::new(pattern)
            .map_err(|e| anyhow!("{}: {key} `{pattern}`: {e}", path.display()))?;
        builder.add(glob);
    }
    builder
        .build()
        .map_err(|e| anyhow!("{}: {key}: {e}", path.display()))
}

pub fn resolve_rules(names: &[String], flag: &str) -> Result<HashSet<&'static str>> {
    let mut set = HashSet::new();
    for n in names {
        let n = n.trim();
        if n.is_empty() {
            continue;
        }
        match rules::find(n) {
            Some(r) => {
                set.insert(r.code);
            }
            None => {
                // A prefix like `E2` selects a whole theme.
                let matched: Vec<&Rule> = rules::ALL
                    .iter()
                    .copied()
                    .filter(|r| r.code.starts_with(&n.to_ascii_uppercase()))
                    .collect();
                if matched.is_empty() || n.len() < 2 {
                    let hint = did_you_mean(n);
                    if hint.is_empty() {
                        bail!(
                            "{flag}: no rule `{n}`; use a code (E124), a code prefix (E2) or a name (required-unknown-property); `mcp-elicit lint --list-rules` lists them"
                        );
                    }
                    bail!(
                        "{flag}: no rule `{n}`{hint}; `mcp-elicit lint --list-rules` lists every code and name"
                    );
                }
                set.extend(matched.iter().map(|r| r.code));
            }
        }
    }
    Ok(set)
}

/// " (did you mean `name`, E124?)" for a misspelt rule name, else nothing.
pub fn did_you_mean(key: &str) -> String {
    rules::nearest(key)
        .map(|r| format!(" (did you mean `{}`, {}?)", r.name, r.code))
        .unwrap_or_default()
}

/// The rules a command that serves or answers requests judges by:
/// `--select`/`--ignore` as given, else what the configuration nearest to
/// `near` (a file or folder) says.
pub fn chosen_rules(select: &[String], ignore: &[String], near: &Path) -> Result<Options> {
    let mut opts = Options {
        select: resolve_rules(select, "--select")?,
        ignore: resolve_rules(ignore, "--ignore")?,
        ..Options::default()
    };
    let abs = std::path::absolute(near).unwrap_or_else(|_| near.to_path_buf());
    let dir = if abs.is_dir() {
        abs
    } else {
        abs.parent().map(Path::to_path_buf).unwrap_or(abs)
    };
    let Some(found) = Configs::default().for_dir(&dir)? else {
        return Ok(opts);
    };
    let at = found.path.display();
    if select.is_empty()
        && let Some(list) = &found.config.select
    {
        opts.select = resolve_rules(list, "select").map_err(|e| anyhow!("{at}: {e}"))?;
    }
    if ignore.is_empty()
        && let Some(list) = &found.config.ignore
    {
        opts.ignore = resolve_rules(list, "ignore").map_err(|e| anyhow!("{at}: {e}"))?;
    }
    Ok(opts)
}

/// The rules `answer`, `call` and `proxy` show findings of (and, with
/// `--strict`, refuse on): their `--select`/`--ignore`, else the
/// configuration nearest to `near`.
pub fn script_rules(
    script: &crate::cli::ScriptArgs,
    near: &Path,
) -> Result<mcp_elicit::lint::flight::RuleChoice> {
    Ok((&chosen_rules(&script.select, &script.ignore, near)?).into())
}
