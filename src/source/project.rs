//! What a source file's project says about how it elicits: the SDK it
//! depends on, read from the project's metadata (`pyproject.toml`,
//! `requirements.txt`, or the `METADATA` of an unpacked wheel), found by
//! walking up from the file, and what the project's other files say about
//! it (its [`Links`](super::index::Links): helpers it calls, models it
//! defines that another module sends).
//!
//! A file alone does not always say which SDK its `ctx` comes from: a
//! helper module imports `mcp.types` while the project's tools hand it
//! FastMCP's `Context`, whose `elicit` takes other arguments.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::index::{self, Links};

/// What the project around a file depends on, and what its other files
/// say about it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Project {
    /// A Python project that depends on FastMCP and not on the official
    /// SDK (`mcp`) itself: its `Context.elicit` is FastMCP's.
    pub fastmcp: bool,
    /// A Python project pinned to the official SDK 1.x (`mcp<2`,
    /// `mcp==1.27.1`, `mcp~=1.9`).
    pub sdk1: bool,
    /// What the project's other files say about this one.
    pub(crate) links: Option<Arc<Links>>,
}

/// How far up from a file its project's metadata is looked for.
const MAX_DEPTH: usize = 32;

impl Project {
    /// The project of a source file, looked for only where it matters: a
    /// Python file.
    pub fn of_source(file: &Path, language: super::Language, bytes: &[u8]) -> Project {
        let _ = bytes;
        if language == super::Language::Python {
            Project::of(file)
        } else {
            Project::default()
        }
    }

    /// Whether another file of the project says something about this one.
    pub fn linked(&self) -> bool {
        self.links.as_ref().is_some_and(|l| l.read())
    }

    /// The files of the project whose findings depend on this one (the
    /// calls of a helper it defines, the models a call of it sends): when
    /// only this file changed, they are linted again too.
    pub fn dependents(&self) -> &[PathBuf] {
        self.links.as_ref().map_or(&[], |l| &l.dependents)
    }

    /// The project of `file`: the nearest folder above it with Python
    /// metadata, up to the root of its repository (or that root, when
    /// there is none), and its index.
    pub(crate) fn of(file: &Path) -> Project {
        let abs = index::key_of(file);
        let mut project = Project::default();
        let mut root: Option<PathBuf> = None;
        for dir in abs.ancestors().skip(1).take(MAX_DEPTH) {
            if let Some(deps) = python_dependencies(dir) {
                let has = |name: &str| deps.iter().any(|(d, _)| d == name);
                project.fastmcp = has("fastmcp") && !has("mcp");
                project.sdk1 = deps.iter().any(|(d, spec)| d == "mcp" && below_2(spec));
                root = Some(dir.to_path_buf());
                break;
            }
            if dir.join(".git").exists() {
                root = Some(dir.to_path_buf());
                break;
            }
        }
        if let Some(root) = root {
            let (fastmcp, sdk1) = (project.fastmcp, project.sdk1);
            let index = index::shared(&root, "python", |r| {
                super::python_project::build(r, fastmcp, sdk1)
            });
            project.links = index.files.get(&abs).cloned();
        }
        project
    }
}

/// Whether a requirement's version specifier keeps it below 2.0
/// (`<2`, `==1.27.1`, `~=1.9`, `^1.9`).
fn below_2(spec: &str) -> bool {
    spec.split(',').any(|c| {
        let c = c.trim();
        let v = |p: &str| c.strip_prefix(p).map(str::trim);
        let major = |v: &str| v.split('.').next().and_then(|m| m.parse::<u32>().ok());
        if let Some(v) = v("<=") {
            return major(v).is_some_and(|m| m <= 1);
        }
        if let Some(v) = v("<") {
            return major(v).is_some_and(|m| m <= 2);
        }
        if let Some(v) = v("==").or(v("~=")).or(v("^")).or(v("~")) {
            return v.starts_with("1.") || v == "1";
        }
        false
    })
}

/// The names of the Python distributions `dir`'s metadata requires, when
/// it has any.
fn python_dependencies(dir: &Path) -> Option<Vec<(String, String)>> {
    if let Ok(text) = std::fs::read_to_string(dir.join("pyproject.toml")) {
        return Some(pyproject_dependencies(&text));
    }
    if let Ok(text) = std::fs::read_to_string(dir.join("requirements.txt")) {
        return Some(text.lines().filter_map(requirement).collect());
    }
    // An unpacked wheel: `NAME-VERSION.dist-info/METADATA` beside the code.
    let entries = std::fs::read_dir(dir).ok()?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name.to_str().is_some_and(|n| n.ends_with(".dist-info"))
            && let Ok(text) = std::fs::read_to_string(entry.path().join("METADATA"))
        {
            return Some(
                text.lines()
                    .filter_map(|l| l.strip_prefix("Requires-Dist:"))
                    // Extras (`; extra == "dev"`) are not what it runs on.
                    .filter(|r| !r.contains("extra =="))
                    .filter_map(requirement)
                    .collect(),
            );
        }
    }
    None
}

/// The requirements of a `pyproject.toml`: the strings of its
/// `dependencies` arrays (PEP 621) and the keys of Poetry's dependency
/// tables. Read as text: only the names matter, and the rest of the file
/// is not ours to judge.
fn pyproject_dependencies(text: &str) -> Vec<(String, String)> {
    let mut names = Vec::new();
    let mut in_array = false;
    let mut in_poetry = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') && !in_array {
            in_poetry = line.starts_with("[tool.poetry") && line.contains("dependencies");
            continue;
        }
        if !in_array && line.starts_with("dependencies") && line.contains('[') {
            in_array = true;
        }
        if in_array {
            for quoted in line.split(['"', '\'']).skip(1).step_by(2) {
                names.extend(requirement(quoted));
            }
            if line.contains(']') && !line.ends_with('[') {
                in_array = false;
            }
        } else if in_poetry && let Some((key, value)) = line.split_once('=') {
            let spec = value.trim().trim_matches(['"', '\'']);
            if let Some((name, _)) = requirement(key.trim().trim_matches('"')) {
                names.push((name, spec.to_string()));
            }
        }
    }
    names
}

/// The distribution a requirement names, normalised (`FastMCP>=2` is
/// `fastmcp`), and its version specifier (`>=2`).
fn requirement(req: &str) -> Option<(String, String)> {
    let req = req.trim();
    if req.is_empty() || req.starts_with('#') || req.starts_with('-') {
        return None;
    }
    let end = req
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(req.len());
    let name = req[..end].to_ascii_lowercase().replace('_', "-");
    let mut spec = req[end..].trim_start();
    if spec.starts_with('[') {
        spec = spec.split_once(']').map_or("", |(_, r)| r);
    }
    let spec = spec
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .trim_matches(['(', ')']);
    (!name.is_empty()).then(|| (name, spec.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(req: &str) -> Option<String> {
        requirement(req).map(|(n, _)| n)
    }

    #[test]
    fn requirements_are_named() {
        assert_eq!(name("FastMCP>=3.2,<4").as_deref(), Some("fastmcp"));
        assert_eq!(name(" mcp[cli] ~= 1.9").as_deref(), Some("mcp"));
        assert_eq!(name("# a comment"), None);
    }

    #[test]
    fn pins_below_2_are_told() {
        let pinned = |req: &str| requirement(req).is_some_and(|(_, spec)| below_2(&spec));
        assert!(pinned("mcp[cli]>=1.9,<2"));
        assert!(pinned("mcp==1.27.1"));
        assert!(pinned("mcp ~= 1.9"));
        assert!(pinned("mcp (<2.0,>=1.10)"));
        assert!(pinned("mcp<=1.30; python_version >= '3.10'"));
        assert!(!pinned("mcp>=1.9"));
        assert!(!pinned("mcp>=2"));
        assert!(!pinned("mcp<3"));
        assert!(!pinned("mcp"));
    }

    #[test]
    fn pyproject_dependencies_are_read() {
        let text = "[project]\nname = \"x\"\ndependencies = [\n  \"fastmcp>=3.2.0,<4\",\n  \"pydantic\",\n]\n[project.optional-dependencies]\ndev = [\"mcp\"]\n";
        let deps: Vec<String> = pyproject_dependencies(text)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert!(deps.contains(&"fastmcp".to_string()), "{deps:?}");
        assert!(deps.contains(&"pydantic".to_string()), "{deps:?}");
        let poetry = "[tool.poetry.dependencies]\npython = \"^3.11\"\nmcp = \"^1.9\"\n";
        assert_eq!(
            pyproject_dependencies(poetry),
            vec![
                ("python".into(), "^3.11".into()),
                ("mcp".into(), "^1.9".into())
            ]
        );
    }
}
