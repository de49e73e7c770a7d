//! The index of a Go module: the requested schemas given by name from
//! another file of the same package (`RequestedSchema: confirmSchema`,
//! with `var confirmSchema = ...` in `schemas.go`) or from another package
//! of the module (`RequestedSchema: schemas.Booking`, with the module's
//! `internal/schemas` imported). Such a schema is linted where it is
//! written, in the file that declares it.
//!
//! A name is followed only to a package-level `var` or `const` declared
//! once in its package (two files declaring it under build tags are left
//! alone) that no file of the module changes: a name written anywhere but
//! as the value of a literal's element, outside comments, leaves it
//! unknown. Test files, `vendor` and `testdata` are not read, as the Go
//! tool does not build them into the server.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tree_sitter::{Node as TsNode, Tree};

use super::go::{self, Bound};
use super::index::{self, Flavour, Index, Links, word_at};

/// How many package-level vars of one file are looked for in the other
/// files at most.
const MAX_VARS: usize = 256;

/// The index of the module at `root`.
pub(crate) fn build(root: &Path) -> Index {
    let Some(files) = index::list(root, &["go"]) else {
        return Index::default();
    };
    let files: Vec<PathBuf> = files.into_iter().filter(|f| built(root, f)).collect();
    let mut module = Module {
        root,
        path: module_path(root),
        texts: index::Texts::new(&files),
        trees: HashMap::new(),
        changed: HashMap::new(),
        definitions: HashMap::new(),
    };
    let index = module.index();
    if module.texts.too_large() {
        return Index::default();
    }
    index
}

/// Whether the Go tool builds `file` into the module's packages: not a
/// test, not under `vendor`, `testdata`, or a folder it ignores (`.x`,
/// `_x`).
fn built(root: &Path, file: &Path) -> bool {
    let rel = file.strip_prefix(root).unwrap_or(file);
    let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
    !name.ends_with("_test.go")
        && rel.parent().is_none_or(|dir| {
            dir.components().all(|c| {
                let c = c.as_os_str().to_string_lossy();
                !(c == "vendor" || c == "testdata" || c.starts_with('.') || c.starts_with('_'))
            })
        })
}

/// The module path `go.mod` at `root` declares (`module example.com/srv`).
fn module_path(root: &Path) -> Option<String> {
    let text = std::fs::read_to_string(root.join("go.mod")).ok()?;
    text.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("module")?;
        if !rest.starts_with([' ', '\t', '"']) {
            return None;
        }
        let rest = rest.split("//").next()?.trim().trim_matches('"');
        (!rest.is_empty()).then(|| rest.to_string())
    })
}

struct Module<'r> {
    root: &'r Path,
    /// The module path, when `go.mod` names one.
    path: Option<String>,
    texts: index::Texts,
    /// Each file parsed, once.
    trees: HashMap<PathBuf, Option<Arc<Tree>>>,
    /// Whether a declaration (its file and name) may be changed by
    /// another file, once asked.
    changed: HashMap<(PathBuf, String), bool>,
    /// The file that declares a name of a package (its folder, its name
    /// when known), once asked.
    definitions: HashMap<(PathBuf, Option<String>, String), Option<PathBuf>>,
}

/// A requested schema given by name: how it is written and where.
struct Send {
    /// The name as written (`confirmSchema`, `schemas.Booking`).
    written: String,
    /// The package's local name, for a name of another package.
    package: Option<String>,
    name: String,
    at: usize,
}

impl Module<'_> {
    fn index(&mut self) -> Index {
        let mut links: HashMap<PathBuf, Links> = HashMap::new();
        for file in self.texts.files.clone() {
            let Some(text) = self.texts.text(&file) else {
                continue;
            };
            if !text.contains("RequestedSchema") {
                continue;
            }
            let Some(tree) = self.tree(&file) else {
                continue;
            };
            let changed = self.changed_vars(&file, &text, &tree);
            if !changed.is_empty() {
                links.entry(file.clone()).or_default().changed = changed;
            }
            let sends = sends(&text, tree.root_node());
            for send in sends {
                let Some(def) = self.definition(&file, &text, &tree, &send) else {
                    continue;
                };
                if def == file || self.changed_elsewhere(&def, &send.name) {
                    continue;
                }
                let l = links.entry(file.clone()).or_default();
                l.resolve(send.written.clone());
                l.depends(&def);
                let d = links.entry(def).or_default();
                // Told of the first call that sends it only.
                d.elicited(send.name, Flavour::Schema, || {
                    (index::place(self.root, &file, &text, send.at), Vec::new())
                });
            }
        }
        // The files that declare what others send are read too.
        let defs: Vec<PathBuf> = links
            .iter()
            .filter(|(_, l)| !l.elicited.is_empty())
            .map(|(f, _)| f.clone())
            .collect();
        for def in defs {
            let (Some(text), Some(tree)) = (self.texts.text(&def), self.tree(&def)) else {
                continue;
            };
            if text.contains("RequestedSchema") {
                continue;
            }
            let changed = self.changed_vars(&def, &text, &tree);
            if let Some(l) = links.get_mut(&def) {
                l.changed = changed;
            }
        }
        Index::of(links)
    }

    /// The package-level vars of `file` it reads as a literal's element
    /// (what its reading may follow) that another file may change. Past
    /// [`MAX_VARS`] of them, every one is taken as changed.
    fn changed_vars(&mut self, file: &Path, text: &str, tree: &Tree) -> Vec<String> {
        let root = tree.root_node();
        let mut names: Vec<String> = Vec::new();
        let mut w = root.walk();
        for s in root.named_children(&mut w) {
            if s.kind() != "var_declaration" {
                continue;
            }
            super::each_node(s, |n| {
                if n.kind() == "identifier"
                    && n.parent().is_some_and(|p| p.kind() == "var_spec")
                    && go::declaring(text, n)
                {
                    names.push(text[n.byte_range()].to_string());
                }
            });
        }
        names.sort();
        names.dedup();
        let mut read = std::collections::HashSet::new();
        super::each_node(root, |n| {
            if n.kind() == "identifier" && go::element_value(text, n) {
                read.insert(&text[n.byte_range()]);
            }
        });
        names.retain(|n| read.contains(n.as_str()));
        if names.len() > MAX_VARS {
            return names;
        }
        names
            .into_iter()
            .filter(|n| self.changed_elsewhere(file, n))
            .collect()
    }

    fn tree(&mut self, file: &Path) -> Option<Arc<Tree>> {
        if let Some(t) = self.trees.get(file) {
            return t.clone();
        }
        let tree = self.texts.text(file).and_then(|text| {
            let mut parser = tree_sitter::Parser::new();
            let grammar: tree_sitter::Language = tree_sitter_go::LANGUAGE.into();
            parser.set_language(&grammar).ok()?;
            parser.parse(text.as_bytes(), None).map(Arc::new)
        });
        self.trees.insert(file.to_path_buf(), tree.clone());
        tree
    }

    /// The file of the module that declares what `send` names, at the top
    /// of its package, once, with a value it never changes.
    fn definition(&mut self, file: &Path, text: &str, tree: &Tree, send: &Send) -> Option<PathBuf> {
        let (dir, package) = match &send.package {
            None => (
                file.parent()?.to_path_buf(),
                Some(package_name(text, tree.root_node())?),
            ),
            Some(local) => self.imported(text, tree.root_node(), local)?,
        };
        let key = (dir, package, send.name.clone());
        if let Some(known) = self.definitions.get(&key) {
            return known.clone();
        }
        let def = self.declaration(&key.0, key.1.as_deref(), &send.name);
        self.definitions.insert(key, def.clone());
        def
    }

    /// The file of the folder `dir` (of the package `package`, when given)
    /// that declares `name` at its top, when exactly one does, with a
    /// value it never changes.
    fn declaration(&mut self, dir: &Path, package: Option<&str>, name: &str) -> Option<PathBuf> {
        // The files are sorted: a folder's files are one run of them.
        let from = self.texts.files.partition_point(|f| f.as_path() < dir);
        let candidates: Vec<PathBuf> = self.texts.files[from..]
            .iter()
            .take_while(|f| f.starts_with(dir))
            .filter(|f| f.parent() == Some(dir))
            .cloned()
            .collect();
        let mut found = Vec::new();
        for f in candidates {
            let Some(t) = self.texts.text(&f) else {
                continue;
            };
            if word_at(&t, name).next().is_none() {
                continue;
            }
            let Some(tr) = self.tree(&f) else {
                continue;
            };
            let root = tr.root_node();
            if package.is_some() && package_name(&t, root).as_deref() != package {
                continue;
            }
            let mut w = root.walk();
            if root.named_children(&mut w).any(|s| declares(&t, s, name)) {
                found.push((f.clone(), go::package_value(&t, root, name).is_some()));
            }
        }
        match found[..] {
            [(ref f, true)] => Some(f.clone()),
            _ => None,
        }
    }

    /// The folder and package name of the module's package imported in a
    /// file as `local`: by that alias, or without one when its package
    /// clause says `local`.
    fn imported(&self, text: &str, root: TsNode, local: &str) -> Option<(PathBuf, Option<String>)> {
        let module = self.path.as_deref()?;
        let mut specs = Vec::new();
        super::each_node(root, |n| {
            if n.kind() == "import_spec" {
                specs.push(n);
            }
        });
        for spec in specs {
            let Some(path) = spec.child_by_field_name("path") else {
                continue;
            };
            let path = text[path.byte_range()].trim_matches(['"', '`']);
            let rest = if path == module {
                ""
            } else if let Some(r) = path.strip_prefix(module).and_then(|r| r.strip_prefix('/')) {
                r
            } else {
                continue;
            };
            if rest.split('/').any(|c| c.is_empty() || c == "..") && !rest.is_empty() {
                continue;
            }
            let dir = self.root.join(rest);
            match spec.child_by_field_name("name") {
                Some(alias) if &text[alias.byte_range()] == local => return Some((dir, None)),
                Some(_) => {}
                None => {
                    // The package name is its clause's; the last segment of
                    // the path is only what it usually is.
                    if rest.rsplit('/').next() == Some(local)
                        || (rest.is_empty() && module.rsplit('/').next() == Some(local))
                    {
                        return Some((dir, Some(local.to_string())));
                    }
                }
            }
        }
        None
    }

    /// Whether a file of the module other than `def` may change `name`.
    fn changed_elsewhere(&mut self, def: &Path, name: &str) -> bool {
        let key = (def.to_path_buf(), name.to_string());
        if let Some(&known) = self.changed.get(&key) {
            return known;
        }
        let changed = self.changes(def, name);
        self.changed.insert(key, changed);
        changed
    }

    /// Whether a file other than `def` writes `name` (the package's var,
    /// or `pkg.name` in another package) anywhere but as the value of a
    /// literal's element. A file that does not parse is read as text.
    fn changes(&mut self, def: &Path, name: &str) -> bool {
        let package = def.parent();
        for f in self.texts.files.clone() {
            if f == def {
                continue;
            }
            let Some(text) = self.texts.text(&f) else {
                continue;
            };
            if word_at(&text, name).next().is_none() {
                continue;
            }
            let tree = self.tree(&f).filter(|t| !t.root_node().has_error());
            let Some(tree) = tree else {
                if word_at(&text, name).any(|at| !read_only(&text, at, name.len())) {
                    return true;
                }
                continue;
            };
            let same = f.parent() == package;
            let mut hit = false;
            super::each_node(tree.root_node(), |n| {
                if hit {
                    return;
                }
                let named = match n.kind() {
                    // The package's own var, where no local name hides it.
                    "identifier" if same => {
                        &text[n.byte_range()] == name
                            && !go::declaring(&text, n)
                            && matches!(go::bound(&text, n), Bound::Free)
                    }
                    // Any package's `pkg.name`: the one declared is among them.
                    "selector_expression" => {
                        n.child_by_field_name("field")
                            .is_some_and(|f| &text[f.byte_range()] == name)
                            && n.child_by_field_name("operand").is_some_and(|o| {
                                o.kind() == "identifier"
                                    && matches!(go::bound(&text, o), Bound::Free)
                            })
                    }
                    _ => false,
                };
                hit = named && !go::element_value(&text, n);
            });
            if hit {
                return true;
            }
        }
        false
    }
}

/// Whether the occurrence of a name at `at` (`len` bytes) only reads it as
/// a literal's element value (`Key: name,`, `Key: pkg.name}`, `&name`), or
/// is in a line comment.
fn read_only(text: &str, at: usize, len: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    if text[line_start..at].contains("//") {
        return true;
    }
    let bytes = text.as_bytes();
    let mut i = at;
    // A package's name before it: `pkg.name`.
    if i > 0 && bytes[i - 1] == b'.' {
        i -= 1;
        while i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
            i -= 1;
        }
    }
    if i > 0 && bytes[i - 1] == b'&' {
        i -= 1;
    }
    let before = text[..i].trim_end_matches([' ', '\t']);
    let after = text[at + len..].trim_start_matches([' ', '\t']);
    before.ends_with(':')
        && !before.ends_with("::")
        && (after.is_empty()
            || after.starts_with([',', '}', '\n', '\r'])
            || after.starts_with("//"))
}

/// The package clause's name of a file.
fn package_name(text: &str, root: TsNode) -> Option<String> {
    let mut w = root.walk();
    let clause = root
        .named_children(&mut w)
        .find(|c| c.kind() == "package_clause")?;
    let name = clause.named_child(0)?;
    Some(text[name.byte_range()].to_string())
}

/// Whether the top-level statement `s` declares `name` (a `var`, `const`,
/// `func` or `type`).
fn declares(text: &str, s: TsNode, name: &str) -> bool {
    if !matches!(
        s.kind(),
        "var_declaration" | "const_declaration" | "function_declaration" | "type_declaration"
    ) {
        return false;
    }
    let mut hit = false;
    super::each_node(s, |n| {
        if matches!(n.kind(), "identifier" | "type_identifier")
            && &text[n.byte_range()] == name
            && n.parent().is_some_and(|p| {
                matches!(
                    p.kind(),
                    "var_spec" | "const_spec" | "function_declaration" | "type_spec" | "type_alias"
                ) && p
                    .children_by_field_name("name", &mut p.walk())
                    .any(|c| c.id() == n.id())
            })
        {
            hit = true;
        }
    });
    hit
}

/// The requested schemas of a file given by a name it does not declare:
/// the `RequestedSchema` of each params literal, as a name (`schema`) or a
/// package's name (`schemas.Booking`), with or without `&`.
fn sends(text: &str, root: TsNode) -> Vec<Send> {
    let mut out = Vec::new();
    super::each_node(root, |k| {
        if k.kind() != "keyed_element" {
            return;
        }
        let (Some(key), Some(value)) = (k.named_child(0), k.named_child(1)) else {
            return;
        };
        if text[key.byte_range()].trim() != "RequestedSchema" {
            return;
        }
        let mut v = value.named_child(0).unwrap_or(value);
        if v.kind() == "unary_expression"
            && text[v.byte_range()].starts_with('&')
            && let Some(o) = v.child_by_field_name("operand")
        {
            v = o;
        }
        let written = text[v.byte_range()].to_string();
        let at = k.start_byte();
        match v.kind() {
            "identifier" if matches!(go::bound(text, v), Bound::Free) => out.push(Send {
                name: written.clone(),
                written,
                package: None,
                at,
            }),
            "selector_expression" => {
                let (Some(o), Some(f)) = (
                    v.child_by_field_name("operand"),
                    v.child_by_field_name("field"),
                ) else {
                    return;
                };
                if o.kind() == "identifier" && matches!(go::bound(text, o), Bound::Free) {
                    out.push(Send {
                        name: text[f.byte_range()].to_string(),
                        written,
                        package: Some(text[o.byte_range()].to_string()),
                        at,
                    });
                }
            }
            _ => {}
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_element_values_are_read_only() {
        let text = "p := P{RequestedSchema: schemas.Booking,\n}\nschemas.Booking.Title = \"x\"\nf(&Booking)\n// Booking is here\n";
        let at: Vec<bool> = word_at(text, "Booking")
            .map(|i| read_only(text, i, 7))
            .collect();
        assert_eq!(at, [true, false, false, true]);
        // A word that only holds the name is not it.
        assert_eq!(word_at("Bookings xBooking", "Booking").count(), 0);
    }

    #[test]
    fn the_module_path_is_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("go.mod"),
            "// c\nmodule \"example.com/srv\" // x\n\ngo 1.23\n",
        )
        .unwrap();
        assert_eq!(module_path(dir.path()).as_deref(), Some("example.com/srv"));
        let root = dir.path();
        assert!(built(root, &root.join("internal/a.go")));
        assert!(!built(root, &root.join("a_test.go")));
        assert!(!built(root, &root.join("vendor/x/a.go")));
        assert!(!built(root, &root.join("x/testdata/a.go")));
    }
}
