//! What a source file's project says about how it elicits: the SDK it
//! depends on, read from the project's metadata (`pyproject.toml`,
//! `requirements.txt`, or the `METADATA` of an unpacked wheel), found by
//! walking up from the file.
//!
//! A file alone does not always say which SDK its `ctx` comes from: a
//! helper module imports `mcp.types` while the project's tools hand it
//! FastMCP's `Context`, whose `elicit` takes other arguments.

use std::path::Path;

/// What the project around a file depends on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Project {
    /// A Python project that depends on FastMCP and not on the official
    /// SDK (`mcp`) itself: its `Context.elicit` is FastMCP's.
    pub fastmcp: bool,
}

/// How far up from a file its project's metadata is looked for.
const MAX_DEPTH: usize = 32;

impl Project {
    /// The project of a source file, looked for only where it matters: a
    /// Python file that may elicit.
    pub fn of_source(file: &Path, language: super::Language, bytes: &[u8]) -> Project {
        if language == super::Language::Python && super::may_elicit(bytes) {
            Project::of(file)
        } else {
            Project::default()
        }
    }

    /// The project of `file`: the nearest folder above it with Python
    /// metadata, up to the root of its repository.
    pub(crate) fn of(file: &Path) -> Project {
        let abs = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
        for dir in abs.ancestors().skip(1).take(MAX_DEPTH) {
            if let Some(deps) = python_dependencies(dir) {
                let has = |name: &str| deps.iter().any(|d| d == name);
                return Project {
                    fastmcp: has("fastmcp") && !has("mcp"),
                };
            }
            if dir.join(".git").exists() {
                break;
            }
        }
        Project::default()
    }
}

/// The names of the Python distributions `dir`'s metadata requires, when
/// it has any.
fn python_dependencies(dir: &Path) -> Option<Vec<String>> {
    if let Ok(text) = std::fs::read_to_string(dir.join("pyproject.toml")) {
        return Some(pyproject_dependencies(&text));
    }
    if let Ok(text) = std::fs::read_to_string(dir.join("requirements.txt")) {
        return Some(text.lines().filter_map(requirement_name).collect());
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
                    .filter_map(requirement_name)
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
fn pyproject_dependencies(text: &str) -> Vec<String> {
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
                names.extend(requirement_name(quoted));
            }
            if line.contains(']') && !line.ends_with('[') {
                in_array = false;
            }
        } else if in_poetry && let Some((key, _)) = line.split_once('=') {
            names.extend(requirement_name(key.trim().trim_matches('"')));
        }
    }
    names
}

/// The distribution a requirement names, normalised (`FastMCP>=2` is
/// `fastmcp`).
fn requirement_name(req: &str) -> Option<String> {
    let req = req.trim();
    if req.is_empty() || req.starts_with('#') || req.starts_with('-') {
        return None;
    }
    let end = req
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(req.len());
    let name = req[..end].to_ascii_lowercase().replace('_', "-");
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_are_named() {
        assert_eq!(
            requirement_name("FastMCP>=3.2,<4").as_deref(),
            Some("fastmcp")
        );
        assert_eq!(requirement_name(" mcp[cli] ~= 1.9").as_deref(), Some("mcp"));
        assert_eq!(requirement_name("# a comment"), None);
    }

    #[test]
    fn pyproject_dependencies_are_read() {
        let text = "[project]\nname = \"x\"\ndependencies = [\n  \"fastmcp>=3.2.0,<4\",\n  \"pydantic\",\n]\n[project.optional-dependencies]\ndev = [\"mcp\"]\n";
        let deps = pyproject_dependencies(text);
        assert!(deps.contains(&"fastmcp".to_string()), "{deps:?}");
        assert!(deps.contains(&"pydantic".to_string()), "{deps:?}");
        let poetry = "[tool.poetry.dependencies]\npython = \"^3.11\"\nmcp = \"^1.9\"\n";
        assert_eq!(pyproject_dependencies(poetry), vec!["python", "mcp"]);
    }
}
