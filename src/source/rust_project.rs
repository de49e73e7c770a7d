//! The index of a Rust crate: the types its `elicit::<T>()` calls name from
//! another module (`elicit::<crate::models::Booking>`, `elicit::<Booking>`
//! after `use super::models::Booking;` or `use crate::models::*;`,
//! `elicit::<models::Booking>`), each found in the file that defines it.
//!
//! Rust resolves such a path by the module tree: a module `a::b` is an
//! inline `mod b { .. }` or the file `b.rs` or `b/mod.rs` beside the module
//! that declares it; `crate::` starts at the crate root (`src/lib.rs`,
//! `src/main.rs`, or a binary's own root under `src/bin/`), `self::` at the
//! module written in and `super::` one above it. A module that re-exports
//! the type (`pub use inner::Booking;`, `pub use inner::*;`) is followed a
//! few hops. Only paths inside the crate are resolved: a type of another
//! crate stays a note at the call.
//!
//! What is found is said as the other indexes say it: the defining file
//! lints the struct where it is written, as rmcp's `from_type` renders it;
//! the call names it without a note; naming the call's file (pre-commit)
//! brings in the defining file.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use super::index::{self, Flavour, Index, Links, Texts};

/// How many `pub use` hops are followed to the struct a path names.
const MAX_HOPS: usize = 4;
/// How deep inline modules are read.
const MAX_INLINE: usize = 16;
/// How many tokens a `use` item may have, its groups' included.
const MAX_USE_TOKENS: usize = 2048;

/// The tokens of `tts` and of their groups, counted up to just past
/// [`MAX_USE_TOKENS`].
fn tokens_in(tts: &[TokenTree]) -> usize {
    let mut n = 0;
    let mut stack: Vec<TokenStream> = Vec::new();
    for t in tts {
        n += 1;
        if let TokenTree::Group(g) = t {
            stack.push(g.stream());
        }
    }
    while let Some(s) = stack.pop() {
        for t in s {
            n += 1;
            if n > MAX_USE_TOKENS {
                return n;
            }
            if let TokenTree::Group(g) = t {
                stack.push(g.stream());
            }
        }
    }
    n
}

/// What a file's tokens say about the names it defines and imports, by
/// the inline module they are written in (`[]`: the file's own module).
#[derive(Default)]
struct Summary {
    /// Structs and enums: (inline module, name).
    types: Vec<(Vec<String>, String)>,
    /// Inline modules (`mod a { .. }`), each as its path in the file.
    inline: Vec<Vec<String>>,
    /// `use` declarations, flattened.
    uses: Vec<Use>,
}

/// One name a `use` brings in (or a glob).
#[derive(Debug, Clone)]
struct Use {
    /// The inline module the `use` is written in.
    scope: Vec<String>,
    /// The name it binds; `None` for a glob (`use a::*`).
    name: Option<String>,
    /// The path as written, without the bound name's alias.
    path: Vec<String>,
    /// `pub use` (of any visibility): a re-export others may name.
    public: bool,
}

impl Summary {
    fn of(tokens: TokenStream) -> Summary {
        let mut s = Summary::default();
        s.walk(tokens, &mut Vec::new());
        s
    }

    fn walk(&mut self, tokens: TokenStream, scope: &mut Vec<String>) {
        if scope.len() > MAX_INLINE {
            return;
        }
        super::rust::items_of(tokens, |item| self.item(item, scope));
    }

    /// One item, from its first token (attributes included) to its `;` or
    /// closing brace.
    fn item(&mut self, tts: Vec<TokenTree>, scope: &mut Vec<String>) {
        // Attributes (`#[..]`) and visibility come first.
        let mut i = 0;
        let mut public = false;
        loop {
            match tts.get(i) {
                Some(TokenTree::Punct(p)) if p.as_char() == '#' => i += 2,
                Some(TokenTree::Ident(id)) if id == "pub" => {
                    public = true;
                    i += 1;
                    if matches!(tts.get(i), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                    {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        let ident = |k: usize| match tts.get(k) {
            Some(TokenTree::Ident(id)) => Some(id.to_string()),
            _ => None,
        };
        match ident(i).as_deref() {
            Some("struct" | "enum") => {
                if let Some(name) = ident(i + 1) {
                    self.types.push((scope.clone(), name));
                }
            }
            Some("mod") => {
                if let (Some(name), Some(TokenTree::Group(g))) = (ident(i + 1), tts.get(i + 2))
                    && g.delimiter() == Delimiter::Brace
                {
                    scope.push(name);
                    self.inline.push(scope.clone());
                    self.walk(g.stream(), scope);
                    scope.pop();
                }
            }
            // syn reads a use tree recursively, a level per `::`: a longer
            // one than any real code writes is not read.
            Some("use") if tokens_in(&tts[i + 1..]) <= MAX_USE_TOKENS => {
                let tree: TokenStream = tts[i + 1..]
                    .iter()
                    .take_while(|t| !matches!(t, TokenTree::Punct(p) if p.as_char() == ';'))
                    .cloned()
                    .collect();
                if let Ok(tree) = syn::parse2::<syn::UseTree>(tree) {
                    flatten(&tree, &mut Vec::new(), &mut |path, name| {
                        self.uses.push(Use {
                            scope: scope.clone(),
                            name,
                            path,
                            public,
                        })
                    });
                }
            }
            _ => {}
        }
    }

    fn defines(&self, scope: &[String], name: &str) -> bool {
        self.types.iter().any(|(s, n)| s == scope && n == name)
    }

    fn has_inline(&self, scope: &[String]) -> bool {
        self.inline.iter().any(|s| s == scope)
    }
}

/// Each name a use tree binds: (the path to it, the name it is bound to;
/// `None` for a glob, whose path is the module's).
fn flatten(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    f: &mut impl FnMut(Vec<String>, Option<String>),
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, f);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                // `use a::{self}` binds `a`.
                if let Some(last) = prefix.last().cloned() {
                    f(prefix.clone(), Some(last));
                }
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                f(path, Some(name));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            let from = r.ident.to_string();
            if from != "self" {
                path.push(from);
            }
            f(path, Some(r.rename.to_string()));
        }
        syn::UseTree::Glob(_) => f(prefix.clone(), None),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten(t, prefix, f);
            }
        }
    }
}

/// A place in the crate's module tree: a file and an inline module in it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    file: PathBuf,
    inline: Vec<String>,
}

/// The crate being indexed: its files' summaries, read when first needed.
struct Crate {
    /// The crate's folder (its `Cargo.toml`'s).
    root: PathBuf,
    /// The library's name as paths write it (`my-crate` as `my_crate`).
    name: Option<String>,
    texts: Texts,
    summaries: HashMap<PathBuf, Option<Arc<Summary>>>,
}

impl Crate {
    fn summary(&mut self, file: &Path) -> Option<Arc<Summary>> {
        if let Some(s) = self.summaries.get(file) {
            return s.clone();
        }
        let s = self.read(file);
        self.summaries.insert(file.to_path_buf(), s.clone());
        s
    }

    fn read(&mut self, file: &Path) -> Option<Arc<Summary>> {
        if !self.texts.has(file) {
            return None;
        }
        let text = self.texts.text(file)?;
        if super::rust::too_deep(&text).is_some() {
            return None;
        }
        let tokens: TokenStream = text.parse().ok()?;
        Some(Arc::new(Summary::of(tokens)))
    }

    /// The crate root a file belongs to, and the folder its child modules
    /// are in: `src/lib.rs` or `src/main.rs` for the files under `src/`
    /// (a binary's own root for those under `src/bin/`); a file of
    /// `examples/`, `tests/` or `benches/` is the root of its own.
    fn root_of(&self, file: &Path) -> Option<PathBuf> {
        let src = self.root.join("src");
        if let Ok(rel) = file.strip_prefix(src.join("bin")) {
            let first = rel.components().next()?;
            let first = src.join("bin").join(first);
            return if first.extension().is_some_and(|e| e == "rs") {
                Some(first)
            } else {
                Some(first.join("main.rs"))
            };
        }
        if file.starts_with(&src) {
            let lib = src.join("lib.rs");
            return Some(if self.texts.has(&lib) {
                lib
            } else {
                src.join("main.rs")
            });
        }
        Some(file.to_path_buf())
    }

    /// The module path of `file` from its crate root (`src/a/b.rs` and
    /// `src/a/b/mod.rs`: `a::b`).
    fn module_of(&self, file: &Path, root: &Path) -> Option<Vec<String>> {
        if file == root {
            return Some(Vec::new());
        }
        let rel = file.strip_prefix(root.parent()?).ok()?;
        let mut path: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let last = path.pop()?;
        let stem = last.strip_suffix(".rs")?;
        if stem != "mod" {
            path.push(stem.to_string());
        }
        Some(path)
    }

    /// The file and inline module of the module at `path` from `root`.
    fn locate(&mut self, root: &Path, path: &[String]) -> Option<Place> {
        let mut place = Place {
            file: root.to_path_buf(),
            inline: Vec::new(),
        };
        for seg in path {
            let summary = self.summary(&place.file)?;
            let mut inline = place.inline.clone();
            inline.push(seg.clone());
            if summary.has_inline(&inline) {
                place.inline = inline;
                continue;
            }
            // A file module: beside a `mod.rs`/`lib.rs`/`main.rs` (or a
            // crate root), else in the folder named after its file.
            let stem = place.file.file_stem()?.to_string_lossy().into_owned();
            let mut dir = if place.file == root || matches!(stem.as_str(), "mod" | "lib" | "main") {
                place.file.parent()?.to_path_buf()
            } else {
                place.file.parent()?.join(&stem)
            };
            for i in &place.inline {
                dir.push(i);
            }
            let flat = dir.join(format!("{seg}.rs"));
            let nested = dir.join(seg).join("mod.rs");
            let file = if self.texts.has(&flat) {
                flat
            } else if self.texts.has(&nested) {
                nested
            } else {
                return None;
            };
            place = Place {
                file,
                inline: Vec::new(),
            };
        }
        Some(place)
    }

    /// A path written in module `at` (of crate root `root`) made absolute:
    /// `crate::`, `self::`, `super::`, the crate's own name, a name a
    /// `use` of `at` binds, or a child module of `at`.
    fn absolute(
        &mut self,
        at: &[String],
        path: &[String],
        uses: &[Use],
        hops: usize,
    ) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut out: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => at.to_vec(),
            "super" => {
                let mut m = at.to_vec();
                m.pop()?;
                let mut rest = rest;
                while let Some((s, r)) = rest.split_first()
                    && s == "super"
                {
                    m.pop()?;
                    rest = r;
                }
                m.extend(rest.iter().cloned());
                return Some(m);
            }
            n if Some(n) == self.name.as_deref() => Vec::new(),
            n => {
                if hops < MAX_HOPS
                    && let Some(u) = uses.iter().find(|u| u.name.as_deref() == Some(n))
                {
                    let mut m = self.absolute(at, &u.path, &[], hops + 1)?;
                    m.extend(rest.iter().cloned());
                    return Some(m);
                }
                // A child module of `at`.
                let mut m = at.to_vec();
                m.push(n.to_string());
                m
            }
        };
        out.extend(rest.iter().cloned());
        Some(out)
    }

    /// Where the type at absolute `path` is defined, following re-exports
    /// (each module looked in once per name: glob re-exports that cycle,
    /// or fan out, are read once).
    fn definition(
        &mut self,
        root: &Path,
        path: &[String],
        hops: usize,
        seen: &mut HashSet<Vec<String>>,
    ) -> Option<Place> {
        if hops > MAX_HOPS || !seen.insert(path.to_vec()) {
            return None;
        }
        let (name, module) = path.split_last()?;
        let place = self.locate(root, module)?;
        let summary = self.summary(&place.file)?;
        if summary.defines(&place.inline, name) {
            return Some(place);
        }
        let uses: Vec<Use> = summary
            .uses
            .iter()
            .filter(|u| u.public && u.scope == place.inline)
            .cloned()
            .collect();
        for u in &uses {
            let target = match &u.name {
                Some(n) if n == name => u.path.clone(),
                None => {
                    let mut p = u.path.clone();
                    p.push(name.clone());
                    p
                }
                Some(_) => continue,
            };
            let mut at = self.module_of(&place.file, root)?;
            at.extend(place.inline.iter().cloned());
            if let Some(abs) = self.absolute(&at, &target, &uses, hops + 1)
                && let Some(found) = self.definition(root, &abs, hops + 1, seen)
            {
                return Some(found);
            }
        }
        None
    }

    /// Where the type a call in `file` names is defined, when it is a
    /// struct of another file of the crate.
    fn resolve(&mut self, file: &Path, written: &[String]) -> Option<Place> {
        let root = self.root_of(file)?;
        let summary = self.summary(file)?;
        let at = self.module_of(file, &root)?;
        // The uses a call of the file's own module sees (one written in an
        // inline module is not told apart: calls there are rare).
        let uses: Vec<Use> = summary.uses.clone();
        if let [name] = written {
            if let Some(u) = uses.iter().find(|u| u.name.as_deref() == Some(name)) {
                let abs = self.absolute(&at, &u.path, &[], 0)?;
                return self.definition(&root, &abs, 0, &mut HashSet::new());
            }
            // One glob that gives the name (two would be ambiguous).
            let mut found: Option<Place> = None;
            for u in uses.iter().filter(|u| u.name.is_none()) {
                let mut path = u.path.clone();
                path.push(name.clone());
                if let Some(abs) = self.absolute(&at, &path, &uses, 0)
                    && let Some(p) = self.definition(&root, &abs, 0, &mut HashSet::new())
                {
                    if found.as_ref().is_some_and(|f| *f != p) {
                        return None;
                    }
                    found = Some(p);
                }
            }
            return found;
        }
        let abs = self.absolute(&at, written, &uses, 0)?;
        self.definition(&root, &abs, 0, &mut HashSet::new())
    }
}

/// The index of the crate at `root`.
pub(crate) fn build(root: &Path) -> Index {
    let Some(files) = index::list(root, &["rs"]) else {
        return Index::default();
    };
    let name = std::fs::read_to_string(root.join("Cargo.toml"))
        .ok()
        .and_then(|t| package_name(&t));
    let mut krate = Crate {
        root: index::key_of(root),
        name,
        texts: Texts::new(&files),
        summaries: HashMap::new(),
    };
    let mut links: HashMap<PathBuf, Links> = HashMap::new();
    // Every file read and searched on all cores; only those that send a
    // type are kept and read here.
    let files = krate
        .texts
        .containing(&["elicit::<", "elicit_with_timeout::<", "from_type::<"]);
    for file in files {
        let Some(text) = krate.texts.text(&file) else {
            continue;
        };
        if super::rust::too_deep(&text).is_some() {
            continue;
        }
        let Ok(tokens) = text.parse::<TokenStream>() else {
            continue;
        };
        let mut types = Vec::new();
        super::rust::typed_calls(tokens.clone(), &mut types);
        if types.is_empty() {
            continue;
        }
        // The file's summary, from the tokens already read.
        let summary = Arc::new(Summary::of(tokens));
        krate
            .summaries
            .insert(file.clone(), Some(Arc::clone(&summary)));
        for super::rust::TypedCall {
            ty: written,
            line,
            cleared,
        } in types
        {
            if written.iter().any(String::is_empty) {
                continue;
            }
            // A struct of the file itself is read there.
            let name = written.last().cloned().unwrap_or_default();
            if summary.types.iter().any(|(_, n)| *n == name)
                && written.iter().rev().skip(1).all(|s| {
                    s == "self"
                        || s == "crate"
                        || summary.inline.iter().any(|i| i.last() == Some(s))
                })
            {
                continue;
            }
            let Some(place) = krate.resolve(&file, &written) else {
                continue;
            };
            if place.file == file {
                continue;
            }
            let def = links.entry(place.file.clone()).or_default();
            let (e, first) = def.elicited(name.clone(), Flavour::Rmcp, || {
                let via = index::at_line(&krate.root, &file, line);
                (via, cleared.iter().map(|k| k.to_string()).collect())
            });
            if !first {
                // Sent by another call too: a key is left out only if every
                // call leaves it out.
                e.cleared.retain(|k| cleared.contains(&k.as_str()));
            }
            let caller = links.entry(file.clone()).or_default();
            caller.resolve(written.join("::"));
            caller.depends(&place.file);
        }
    }
    if krate.texts.too_large() {
        return Index::default();
    }
    // The files that name no elicitation are linted without being read
    // again.
    let mut index = Index::of(links);
    index.silent = krate.texts.take_silent();
    index
}

/// The `[package] name` of a `Cargo.toml`, as a path writes it.
fn package_name(toml: &str) -> Option<String> {
    let mut in_package = false;
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if in_package
            && let Some(v) = line.strip_prefix("name")
            && let Some(v) = v.trim_start().strip_prefix('=')
        {
            let v = v.trim().trim_matches('"');
            return Some(v.replace('-', "_"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(text: &str) -> Summary {
        Summary::of(text.parse().unwrap())
    }

    #[test]
    fn uses_are_flattened() {
        let s = summary(
            "use crate::models::{Booking as B, self, inner::*};\npub use super::x::Y;\nmod m { use a::b::C; pub struct D; }",
        );
        let got: Vec<(Vec<String>, Option<String>, String, bool)> = s
            .uses
            .iter()
            .map(|u| (u.scope.clone(), u.name.clone(), u.path.join("::"), u.public))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    vec![],
                    Some("B".into()),
                    "crate::models::Booking".into(),
                    false
                ),
                (vec![], Some("models".into()), "crate::models".into(), false),
                (vec![], None, "crate::models::inner".into(), false),
                (vec![], Some("Y".into()), "super::x::Y".into(), true),
                (vec!["m".into()], Some("C".into()), "a::b::C".into(), false),
            ]
        );
        assert!(s.defines(&["m".to_string()], "D"));
        assert!(s.has_inline(&["m".to_string()]));
    }

    #[test]
    fn package_names_are_read() {
        let toml = "[workspace]\nname = \"no\"\n[package]\nname = \"my-server\"\n";
        assert_eq!(package_name(toml).as_deref(), Some("my_server"));
    }
}
