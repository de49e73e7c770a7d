//! The module graph holds its shape: no import circle between the
//! library's top-level modules, nor between the direct submodules of one,
//! and none of the arrows that point up (the model knows no rules, the form
//! and generation no linter, the recording format no form).
//!
//! Read from the source: every `crate::x` (also in `use crate::{x, y}` and
//! `$crate::x`) names top-level module `x`, every `super::x` in a
//! submodule's file names its sibling `x`. Comments and a file's test
//! module (last in its file, as clippy asks) do not count. The binary and
//! `lib.rs` are glue, outside the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Module -> the modules it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// Arrows that must not exist, whatever else changes: `(from, to, why)`.
const NEVER: &[(&str, &str, &str)] = &[
    ("schema", "rules", "the model knows no rules"),
    ("schema", "lint", "the model knows no linter"),
    ("schema", "form", "the model knows no form"),
    ("json", "rules", "the model knows no rules"),
    ("json", "lint", "the model knows no linter"),
    ("json", "form", "the model knows no form"),
    ("spec", "rules", "the model knows no rules"),
    ("spec", "lint", "the model knows no linter"),
    ("spec", "form", "the model knows no form"),
    ("schema", "finding", "the model knows no findings"),
    ("json", "finding", "the model knows no findings"),
    ("spec", "finding", "the model knows no findings"),
    ("document", "rules", "the model knows no rules"),
    ("document", "lint", "the model knows no linter"),
    ("document", "finding", "the model knows no findings"),
    ("form", "lint", "the form does not import the linter"),
    ("generate", "lint", "generation does not import the linter"),
    ("session", "form", "the recording format knows no responder"),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// A file's code: no comments, no test module.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let text = text
        .find("#[cfg(test)]\nmod ")
        .map_or(&text[..], |i| &text[..i]);
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first identifier of each path after `prefix` (`crate::`, `super::`),
/// each of a `{...}` group's paths included.
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        if code[..i].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut at_start = true;
            let mut word = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 && is_ident(c) {
                    if at_start {
                        word.push(c);
                    }
                } else {
                    if !word.is_empty() {
                        out.insert(std::mem::take(&mut word));
                        at_start = false;
                    }
                    if depth == 0 && c == ',' {
                        at_start = true;
                    } else if !c.is_whitespace() {
                        at_start = false;
                    }
                }
            }
        } else {
            let word: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            out.insert(word);
        }
    }
    out
}

/// The name of a module's file or directory.
fn module_name(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// The top-level modules and what each names.
fn top_level() -> Graph {
    let root = src();
    let modules: BTreeSet<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| module_name(&p))
        .filter(|m| m != "lib" && m != "bin")
        .collect();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in all {
        let rel = file.strip_prefix(&root).unwrap();
        let top = module_name(Path::new(rel.components().next().unwrap().as_os_str()));
        if !modules.contains(&top) {
            continue;
        }
        for named in named_after(&code(&file), "crate::") {
            if named != top && modules.contains(&named) {
                graph.get_mut(&top).unwrap().insert(named);
            }
        }
    }
    graph
}

/// The direct submodules of the directory module `dir` and what each names
/// of its siblings.
fn submodules(dir: &Path) -> Graph {
    let parent = module_name(dir);
    let modules: BTreeSet<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| module_name(&p))
        .filter(|m| m != "mod")
        .collect();
    let mut all = Vec::new();
    files(dir, &mut all);
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in all {
        let rel = file.strip_prefix(dir).unwrap();
        let me = module_name(Path::new(rel.components().next().unwrap().as_os_str()));
        if !modules.contains(&me) {
            continue;
        }
        let code = code(&file);
        let mut named = named_after(&code, &format!("crate::{parent}::"));
        // `super::` in a file one level down names a sibling.
        if rel.components().count() == 1 {
            named.extend(named_after(&code, "super::"));
        }
        for n in named {
            if n != me && modules.contains(&n) {
                graph.get_mut(&me).unwrap().insert(n);
            }
        }
    }
    graph
}

/// A circle in `graph`, as the path that closes it.
fn circle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|n| n == node) {
            let mut found = path[i..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(graph, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(graph, n, &mut Vec::new(), &mut done))
}

#[test]
fn the_top_level_modules_import_in_no_circle() {
    let graph = top_level();
    assert!(graph.len() > 10 && graph["lint"].contains("rules"));
    if let Some(found) = circle(&graph) {
        panic!("import circle: {}", found.join(" -> "));
    }
}

#[test]
fn the_submodules_of_each_module_import_in_no_circle() {
    let mut dirs: Vec<PathBuf> = fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.ends_with("bin"))
        .collect();
    dirs.sort();
    for dir in dirs {
        if let Some(found) = circle(&submodules(&dir)) {
            panic!(
                "import circle in {}: {}",
                module_name(&dir),
                found.join(" -> ")
            );
        }
    }
}

#[test]
fn no_arrow_points_up() {
    let graph = top_level();
    let wrong: Vec<String> = NEVER
        .iter()
        .filter(|(from, to, _)| graph.get(*from).is_some_and(|n| n.contains(*to)))
        .map(|(from, to, why)| format!("{from} -> {to}: {why}"))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn paths_are_read_in_groups_and_alone() {
    let named = named_after(
        "use crate::{a, b::{c, d}, e as f};\nlet x = $crate::g::h; foo_crate::i;",
        "crate::",
    );
    let names: Vec<&str> = named.iter().map(String::as_str).collect();
    assert_eq!(names, ["a", "b", "e", "g"]);
}

#[test]
fn a_circle_is_found_and_named() {
    let mut graph = Graph::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(circle(&graph).unwrap(), ["a", "b", "c", "a"]);
    graph.get_mut("c").unwrap().clear();
    assert_eq!(circle(&graph), None);
}

#[test]
fn no_subcommand_of_the_command_imports_another() {
    let bin = src().join("bin/mcp-elicit");
    let mut wrong = Vec::new();
    let mut seen = 0;
    for entry in fs::read_dir(&bin).unwrap() {
        let path = entry.unwrap().path();
        let name = module_name(&path);
        if !name.ends_with("_cmd") {
            continue;
        }
        seen += 1;
        for other in named_after(&code(&path), "crate::") {
            if other.ends_with("_cmd") && other != name {
                wrong.push(format!("{name} -> {other}"));
            }
        }
    }
    assert!(seen > 5, "the subcommands are files named *_cmd.rs");
    assert!(
        wrong.is_empty(),
        "a subcommand imports another (move what they share into a module of its own): {}",
        wrong.join(", ")
    );
}
