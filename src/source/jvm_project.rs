//! The index of a Java, Kotlin or C# project: the constants of another
//! class (or, in Kotlin, the top-level `val`s of another file) that its
//! elicitations give as the schema, each found where it is written.
//!
//! A call of the official SDKs that gives `Schemas.CONFIRM` as its schema
//! names a class the file does not bind. The class is found as the
//! compiler finds it, among the declarations of the project: in the
//! caller's own package (C#: its namespace or one enclosing it), in the
//! package of a single-type import (`import com.example.Schemas;`,
//! Kotlin's `import com.example.Schemas as S`, C#'s `using S =
//! Example.Schemas;`), or in one imported whole (`import com.example.*;`,
//! C#'s `using Example;`). The constant is a `static final` field (Java,
//! an interface's field), a `val` of an `object` or of a class's
//! `companion object` or at the top of a Kotlin file, a `static
//! readonly` field or a static get-only property with a value (C#). A
//! Kotlin call may give a top-level `val` of its package by its bare
//! name, or one it imports; a Java or C# call, a constant its file
//! imports statically (`import static com.example.Schemas.CONFIRM;`,
//! `import static com.example.Schemas.*;`, `using static
//! Example.Schemas;`).
//!
//! Anything not certain stays unknown, with the note the call had: a
//! class or constant declared more than once (a partial class, the same
//! name in two source sets), a name the calling file declares itself (a
//! local, a parameter, a nested class), a path of more than two names, a
//! file larger than a file is read whole. A constant found is linted
//! where it is written, as the call's SDK sends it (its message and mode
//! are the caller's, unknown there), unless its own class changes it
//! after building it (a note there says so); the call names it without a
//! note; naming the call's file (pre-commit) brings in the defining file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::Language;
use super::index::{self, Flavour, Index, Links, Texts};
use super::jvm_summary::{Summary, grammar, segments, summarize};

/// The project being indexed: its files, their summaries read when first
/// needed.
struct Project {
    language: Language,
    texts: Texts,
    summaries: HashMap<PathBuf, Option<Arc<Summary<()>>>>,
    /// The files holding a word, by word.
    holding: HashMap<String, Vec<PathBuf>>,
}

impl Project {
    /// The summary of `file`, read once (`None` when it cannot be read or
    /// is larger than a file is read whole).
    fn summary(&mut self, file: &Path) -> Option<Arc<Summary<()>>> {
        if let Some(s) = self.summaries.get(file) {
            return s.clone();
        }
        let s = self.read(file).map(Arc::new);
        self.summaries.insert(file.to_path_buf(), s.clone());
        s
    }

    /// Parses `file` and summarizes it.
    fn read(&mut self, file: &Path) -> Option<Summary<()>> {
        let text = self.texts.text(file)?;
        if text.len() > super::PARSED_WHOLE {
            return None;
        }
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar(self.language)).ok()?;
        let tree = parser.parse(text.as_bytes(), None)?;
        Some(summarize(self.language, tree.root_node(), &text).owned())
    }

    /// The files whose text holds `word` as a whole word, looked for once
    /// per word.
    fn holding(&mut self, word: &str) -> Vec<PathBuf> {
        if let Some(files) = self.holding.get(word) {
            return files.clone();
        }
        let files: Vec<PathBuf> = self
            .texts
            .files
            .clone()
            .into_iter()
            .filter(|f| self.texts.text(f).is_some_and(|t| has_word(&t, word)))
            .collect();
        self.holding.insert(word.to_string(), files.clone());
        files
    }

    /// The file that declares the constant `written` names in `caller`,
    /// and its name there (`Class.member`, or a Kotlin top-level
    /// `member`), when exactly one declaration fits.
    fn resolve(&mut self, caller: &Path, written: &str) -> Option<(PathBuf, String)> {
        let segs = segments(written)?;
        // A Kotlin top-level `val`.
        let bare = self.language == Language::Kotlin && segs.len() == 1;
        if segs.len() > 2 {
            return None;
        }
        let s = self.summary(caller)?;
        let first = segs[0].as_str();
        if s.declared.iter().any(|d| d == first) || s.nested.iter().any(|d| d == first) {
            return None;
        }
        let mut wanted = if segs.len() == 1 && !bare {
            static_candidates(&s, first)
        } else {
            candidates(self.language, &s, first)
        };
        wanted.sort();
        wanted.dedup();
        let member = segs.last()?.as_str();
        let mut hits: Vec<(PathBuf, String)> = Vec::new();
        let mut files: Vec<PathBuf> = Vec::new();
        for (_, name) in &wanted {
            files.extend(self.holding(name));
        }
        files.sort();
        files.dedup();
        for file in files {
            let Some(d) = self.summary(&file) else {
                continue;
            };
            let at = |ns: &String, n: &String| wanted.iter().any(|w| w.0 == *ns && w.1 == *n);
            if bare {
                for c in &d.constants {
                    if c.class.is_empty() && c.member == member && at(&c.ns, &c.member) {
                        hits.push((file.clone(), c.member.clone()));
                    }
                }
                continue;
            }
            for (ns, class) in &d.types {
                if !at(ns, class) {
                    continue;
                }
                // The defining file finds it by class and member alone.
                let found = d
                    .constants
                    .iter()
                    .filter(|c| c.class == *class && c.member == member);
                hits.push((file.clone(), format!("{class}.{member}")));
                if found.map(|c| &c.ns).ne([ns]) {
                    // Declared, but not as one constant: unknown.
                    hits.push((file.clone(), String::new()));
                }
            }
        }
        match hits.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        }
    }
}

/// Where the first name of a path written in the file of `s` may be
/// declared: (package or namespace, the type's or top-level constant's
/// declared name). A single-type import or an alias that binds it is all;
/// otherwise the file's own package (C#: its namespaces and those around
/// them) and the packages it imports whole.
fn candidates(language: Language, s: &Summary<()>, first: &str) -> Vec<(String, String)> {
    let mut wanted: Vec<(String, String)> = Vec::new();
    for p in &s.packages {
        let mut ns = p.as_str();
        loop {
            wanted.push((ns.to_string(), first.to_string()));
            if language != Language::CSharp {
                break;
            }
            match ns.rsplit_once('.') {
                Some((outer, _)) => ns = outer,
                None if !ns.is_empty() => ns = "",
                None => break,
            }
        }
    }
    let single: Vec<(String, String)> = s
        .imports
        .iter()
        .filter(|i| {
            !i.members
                && !i.star
                && i.alias.as_deref().or(i.path.last().map(|l| l.as_str())) == Some(first)
        })
        .filter_map(|i| {
            let (last, ns) = i.path.split_last()?;
            Some((ns.join("."), last.clone()))
        })
        .collect();
    if single.is_empty() {
        for i in s.imports.iter().filter(|i| i.star && !i.members) {
            wanted.push((i.path.join("."), first.to_string()));
        }
    } else {
        // A single-type import (or an alias) hides the package's own.
        wanted = single;
    }
    wanted
}

/// The types whose static members the file of `s` imports that may
/// declare `member`: (package or namespace, type name). A single static
/// import of it is all; otherwise the types imported whole.
fn static_candidates(s: &Summary<()>, member: &str) -> Vec<(String, String)> {
    let type_of = |path: &[String]| {
        let (class, ns) = path.split_last()?;
        Some((ns.join("."), class.clone()))
    };
    let single: Vec<(String, String)> = s
        .imports
        .iter()
        .filter(|i| i.members && !i.star && i.path.last().is_some_and(|l| l == member))
        .filter_map(|i| type_of(&i.path[..i.path.len() - 1]))
        .collect();
    if !single.is_empty() {
        return single;
    }
    s.imports
        .iter()
        .filter(|i| i.members && i.star)
        .filter_map(|i| type_of(&i.path))
        .collect()
}

/// Whether `word` occurs in `text` as a whole word.
fn has_word(text: &str, word: &str) -> bool {
    index::word_at(text, word).next().is_some()
}

/// The names an SDK call is written with, by language: a file holding
/// none of them gives no schema.
fn needles(language: Language) -> &'static [&'static str] {
    match language {
        Language::Kotlin => &["createElicitation", "ElicitRequest"],
        Language::CSharp => &["ElicitRequestParams"],
        _ => &["ElicitRequest", "ElicitFormRequest"],
    }
}

/// The extensions of a language's files.
fn extensions(language: Language) -> &'static [&'static str] {
    match language {
        Language::Kotlin => &["kt", "kts"],
        Language::CSharp => &["cs"],
        _ => &["java"],
    }
}

/// The names a file's calls give as their schema that the file does not
/// bind, with how the call sends the value and where it is written.
fn schema_names(language: Language, text: &str) -> Vec<(String, Flavour, usize)> {
    match language {
        Language::Kotlin => super::kotlin::schema_names(text),
        Language::CSharp => super::csharp::schema_names(text)
            .into_iter()
            .map(|(n, at)| (n, Flavour::CSharp, at))
            .collect(),
        _ => super::java::schema_names(text)
            .into_iter()
            .map(|(n, at)| (n, Flavour::Java, at))
            .collect(),
    }
}

/// The index of the `language` files of the project at `root`.
pub(crate) fn build(root: &Path, language: Language) -> Index {
    let Some(files) = index::list(root, extensions(language)) else {
        return Index::default();
    };
    let mut project = Project {
        language,
        texts: Texts::new(&files),
        summaries: HashMap::new(),
        holding: HashMap::new(),
    };
    let root = index::key_of(root);
    let mut links: HashMap<PathBuf, Links> = HashMap::new();
    let files = project.texts.files.clone();
    for file in files {
        let Some(text) = project.texts.text(&file) else {
            continue;
        };
        if !needles(language).iter().any(|n| text.contains(n)) {
            continue;
        }
        for (written, flavour, at) in schema_names(language, &text) {
            let Some((defining, name)) = project.resolve(&file, &written) else {
                continue;
            };
            let def = links.entry(defining.clone()).or_default();
            def.elicited(name, flavour, || {
                (index::place(&root, &file, &text, at), Vec::new())
            });
            let caller = links.entry(file.clone()).or_default();
            caller.resolve(written);
            if defining != file {
                caller.depends(&defining);
            }
        }
    }
    if project.texts.too_large() {
        return Index::default();
    }
    Index::of(links)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(language: Language, text: &str) -> Summary<()> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar(language)).unwrap();
        let tree = parser.parse(text, None).unwrap();
        summarize(language, tree.root_node(), text).owned()
    }

    fn at(ns: &str, name: &str) -> (String, String) {
        (ns.to_string(), name.to_string())
    }

    #[test]
    fn a_single_type_import_hides_the_package_and_namespaces_nest() {
        let s = summary(
            Language::Java,
            "package a;\nimport b.Schemas;\nimport c.*;\nclass T {}\n",
        );
        assert_eq!(
            candidates(Language::Java, &s, "Schemas"),
            [at("b", "Schemas")]
        );
        assert_eq!(
            candidates(Language::Java, &s, "Forms"),
            [at("a", "Forms"), at("c", "Forms")]
        );
        let s = summary(
            Language::CSharp,
            "using C;\nusing S = D.Schemas;\nnamespace A.B;\nclass T {}\n",
        );
        assert_eq!(
            candidates(Language::CSharp, &s, "Forms"),
            [
                at("A.B", "Forms"),
                at("A", "Forms"),
                at("", "Forms"),
                at("C", "Forms")
            ]
        );
        assert_eq!(candidates(Language::CSharp, &s, "S"), [at("D", "Schemas")]);
    }

    #[test]
    fn words_are_whole() {
        assert!(has_word("a Schemas.X", "Schemas"));
        assert!(!has_word("MySchemas.X", "Schemas"));
        assert!(!has_word("Schemas_2", "Schemas"));
    }
}
