//! The index of a Python project: helpers whose parameter is the schema
//! they send, their calls, and models given from one module to another
//! (absolute and relative imports, `import pkg.mod as m` then `m.Model`,
//! and a package's `__init__.py` that re-exports a name).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tree_sitter::Node as TsNode;

use super::index::{self, Flavour, Helper, Index, Links, Param};

/// The calls of the SDKs that send an elicitation whose schema is a type:
/// (name, index of the message, index of the schema) among the positional
/// arguments.
const SDK_CALLS: &[(&str, usize, usize)] = &[
    ("elicit", 0, 1),
    ("elicit_form", 0, 1),
    ("elicit_with_validation", 1, 2),
    ("Elicit", 0, 1),
];

/// What one file says that matters to the others.
#[derive(Default)]
struct Summary {
    /// Local name -> (module as written, the name imported, or `None` for
    /// a module imported whole).
    imports: HashMap<String, (String, Option<String>)>,
    /// Top-level classes, and top-level names bound to a class made at
    /// run time (`type("Name", ...)`, `create_model("Name", ...)`).
    definitions: HashSet<String>,
    /// Every name a class is defined with, at any depth.
    local_classes: HashSet<String>,
    /// Functions defined: name -> positional parameters (`self`/`cls` of a
    /// method left out).
    functions: Vec<Function>,
    /// Calls of the elicitation names asked for.
    calls: Vec<Call>,
    /// Whether the file runs on FastMCP, or on the official SDK 1.x.
    fastmcp: bool,
    sdk1: bool,
}

struct Function {
    name: String,
    params: Vec<String>,
    start: usize,
    end: usize,
}

struct Call {
    /// The name called (the last part of `a.b.name`) and what it is called
    /// on (`self`, a module alias), if anything.
    name: String,
    on: Option<String>,
    positional: Vec<Arg>,
    keyword: Vec<(String, Arg)>,
    at: usize,
}

#[derive(Clone)]
enum Arg {
    /// A bare name.
    Name(String),
    /// `alias.Name`.
    Attribute(String, String),
    Other,
}

impl Call {
    fn arg(&self, name: &str, index: usize) -> Option<&Arg> {
        self.keyword
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, a)| a)
            .or(self.positional.get(index))
    }
}

/// The index of the Python project at `root`.
pub(crate) fn build(root: &Path, fastmcp_project: bool, sdk1_project: bool) -> Index {
    let Some(files) = index::list(root, &["py", "pyi"]) else {
        return Index::default();
    };
    let mut project = Project {
        root,
        // Python calls another module's function only once it imports
        // (`import m`, `from m import f`).
        places: index::Places::default(),
        texts: index::Texts::importing(&files, &["import"]),
        summaries: Default::default(),
        naming: HashMap::new(),
        named: HashMap::new(),
        order: Vec::new(),
        fastmcp_project,
        sdk1_project,
    };
    let mut index = project.index();
    if project.texts.too_large() {
        return Index::default();
    }
    index.silent = project.texts.take_silent();
    project.texts.keep_for_lint();
    index
}

struct Project<'r> {
    root: &'r Path,
    /// The places told (`path:line`), each file's lines counted once.
    places: index::Places,
    texts: index::Texts,
    /// Each file's summary, made once.
    /// Each file's summary, with how many of `order` it was read for.
    summaries: index::Summaries<Summary>,
    /// What each file says of a name another module imports from it (its
    /// definition, or an import of it), read in the statements that name
    /// it.
    naming: HashMap<(PathBuf, String), Arc<Summary>>,
    /// Each file's names read apart so far, and its summary read whole
    /// once more than [`NAMES_READ_APART`] were asked of it.
    named: HashMap<PathBuf, (usize, Option<Arc<Summary>>)>,
    /// The names whose calls matter, in the order they were found.
    order: Vec<String>,
    fastmcp_project: bool,
    sdk1_project: bool,
}

/// How many names another module imports from a file are read in the
/// statements that name each; past them, the file is read whole.
const NAMES_READ_APART: usize = 64;

/// A helper found, with the file that defines it.
struct Found {
    file: PathBuf,
    helper: Helper,
}

impl Project<'_> {
    /// The summary of `file`, noting calls of `names`.
    fn summary(&mut self, file: &Path) -> Option<Arc<Summary>> {
        self.summarize(std::slice::from_ref(&file.to_path_buf()));
        self.summaries.get(file.as_os_str()).map(|(_, s)| s.clone())
    }

    /// Makes the summaries of `files` (a round's hits) at once.
    fn summarize(&mut self, files: &[PathBuf]) {
        index::summaries_for(
            &mut self.texts,
            &mut self.summaries,
            &self.order,
            files,
            |_| Some(super::Language::Python),
            |text, _, windows| summarize(text, windows),
        );
    }

    /// The summary of `file` in the statements that name `name` (a whole
    /// word): its definition there, or the import that brings it in, as
    /// the file read whole would say.
    fn naming(&mut self, file: &Path, name: &str) -> Option<Arc<Summary>> {
        let key = (file.to_path_buf(), name.to_string());
        if let Some(s) = self.naming.get(&key) {
            return Some(s.clone());
        }
        // Each name read apart costs a search of the whole text: past a
        // few dozen names of one file (a module of hundreds of models),
        // the file read whole answers for every name, as it would say.
        let (asked, whole) = self.named.entry(file.to_path_buf()).or_default();
        if let Some(s) = whole {
            return Some(s.clone());
        }
        *asked += 1;
        if *asked > NAMES_READ_APART {
            let s = Arc::new(summarize(&self.texts.text(file)?, None));
            self.named
                .insert(file.to_path_buf(), (NAMES_READ_APART, Some(s.clone())));
            return Some(s);
        }
        let text = self.texts.text(file)?;
        let at: Vec<(usize, usize)> = index::word_at(&text, name)
            .map(|i| (i, i + name.len()))
            .collect();
        let s = if at.is_empty() {
            Arc::new(Summary::default())
        } else {
            let windows =
                super::statement_windows_at(&text, super::Language::Python, at.into_iter(), false);
            Arc::new(summarize(&text, windows.as_deref()))
        };
        self.naming.insert(key, s.clone());
        Some(s)
    }

    fn index(&mut self) -> Index {
        // Helpers, round by round: a function that gives its parameter as
        // the schema of a call of an elicitation name (the SDK's, then the
        // helpers found in the round before).
        let mut helpers: Vec<Found> = Vec::new();
        let mut names: HashSet<String> = SDK_CALLS.iter().map(|(n, ..)| n.to_string()).collect();
        let mut fresh: Vec<String> = names.iter().cloned().collect();
        self.order = fresh.clone();
        for round in 0..index::MAX_HELPER_DEPTH {
            if fresh.is_empty() {
                break;
            }
            // The SDK's names, then the helpers the round before found.
            let hits = if round == 0 {
                self.texts.calling(&fresh)
            } else {
                self.texts.calling_imported(&fresh)
            };
            self.summarize(&hits);
            let mut found_now = Vec::new();
            for file in &hits {
                let Some(s) = self.summary(file) else {
                    continue;
                };
                for call in s.calls.iter().filter(|c| names.contains(&c.name)) {
                    let Some(f) = index::innermost(&s.functions, call.at, |f| (f.start, f.end))
                    else {
                        continue;
                    };
                    let Some((schema_at, message_at, flavour)) =
                        self.mapping(&helpers, file, &s, call)
                    else {
                        continue;
                    };
                    let param = |a: Option<&Arg>| match a {
                        Some(Arg::Name(n)) => f.params.iter().position(|p| p == n).map(|i| Param {
                            index: i,
                            name: n.clone(),
                        }),
                        _ => None,
                    };
                    let Some(schema) = param(call.arg(&schema_at.name, schema_at.index)) else {
                        continue;
                    };
                    let message = message_at.and_then(|m| param(call.arg(&m.name, m.index)));
                    if helpers
                        .iter()
                        .chain(&found_now)
                        .any(|h: &Found| h.file == *file && h.helper.name == f.name)
                    {
                        continue;
                    }
                    let text = self.texts.text(file).unwrap_or_else(|| Arc::from(""));
                    found_now.push(Found {
                        file: file.clone(),
                        helper: Helper {
                            name: f.name.clone(),
                            schema,
                            message,
                            flavour,
                            mode: index::ModeSent::AsGiven,
                            at: self.places.place(self.root, file, &text, f.start),
                        },
                    });
                }
            }
            fresh = found_now
                .iter()
                .map(|h| h.helper.name.clone())
                .filter(|n| !names.contains(n))
                .collect();
            names.extend(fresh.iter().cloned());
            self.order.extend(fresh.iter().cloned());
            helpers.extend(found_now);
        }
        // The calls: every call of an SDK name or of a helper it can see,
        // with a schema given by name from another module.
        let mut links: HashMap<PathBuf, Links> = HashMap::new();
        for h in &helpers {
            links
                .entry(h.file.clone())
                .or_default()
                .helper_defs
                .push(h.helper.name.clone());
        }
        let all: Vec<String> = names.iter().cloned().collect();
        let hits = self.texts.calling_any(&all);
        self.summarize(&hits);
        for file in hits {
            let Some(s) = self.summary(&file) else {
                continue;
            };
            for call in s.calls.iter().filter(|c| names.contains(&c.name)) {
                let Some((schema_at, _, flavour)) = self.mapping(&helpers, &file, &s, call) else {
                    continue;
                };
                let helper = self.visible_helper(&helpers, &file, &s, call);
                if let Some(h) = helper {
                    let l = links.entry(file.clone()).or_default();
                    if !l.helpers.contains(&h.helper) {
                        l.helpers.push(h.helper.clone());
                    }
                    if h.file != file {
                        links.entry(h.file.clone()).or_default().depends(&file);
                    }
                }
                let within = index::innermost(&s.functions, call.at, |f| (f.start, f.end));
                let given = call.arg(&schema_at.name, schema_at.index).cloned();
                let (module, name) = match given {
                    Some(Arg::Name(n)) => {
                        if within.is_some_and(|f| f.params.contains(&n))
                            || s.local_classes.contains(&n)
                        {
                            continue;
                        }
                        match s.imports.get(&n) {
                            Some((m, Some(orig))) => (m.clone(), orig.clone()),
                            _ => continue,
                        }
                    }
                    Some(Arg::Attribute(alias, n)) => match s.imports.get(&alias) {
                        Some((m, None)) => (m.clone(), n),
                        Some((m, Some(sub))) => (format!("{m}.{sub}"), n),
                        None => continue,
                    },
                    _ => continue,
                };
                let Some((def_file, def_name)) = self.definition(&file, &module, &name, 0) else {
                    continue;
                };
                if def_file == file {
                    continue;
                }
                let local = match call.arg(&schema_at.name, schema_at.index) {
                    Some(Arg::Name(n)) => n.clone(),
                    Some(Arg::Attribute(a, n)) => format!("{a}.{n}"),
                    _ => continue,
                };
                let l = links.entry(file.clone()).or_default();
                l.resolve(local);
                l.depends(&def_file);
                if let Some(h) = helper {
                    links.entry(h.file.clone()).or_default().depends(&def_file);
                }
                let d = links.entry(def_file).or_default();
                // Told of the first call that sends it only.
                d.elicited(def_name, flavour, || {
                    let text = self.texts.text(&file).unwrap_or_else(|| Arc::from(""));
                    let via = self.places.place(self.root, &file, &text, call.at);
                    (via, Vec::new())
                });
            }
        }
        Index::of(links)
    }

    /// Where `call` (an SDK call, or a call of a helper the file can see)
    /// takes its schema and its message, and how the schema is rendered.
    fn mapping(
        &self,
        helpers: &[Found],
        file: &Path,
        s: &Summary,
        call: &Call,
    ) -> Option<(Param, Option<Param>, Flavour)> {
        if let Some(h) = self.visible_helper(helpers, file, s, call) {
            return Some((
                h.helper.schema.clone(),
                h.helper.message.clone(),
                h.helper.flavour,
            ));
        }
        let &(_, message, schema) = SDK_CALLS.iter().find(|(n, ..)| *n == call.name)?;
        if call.name == "Elicit" && call.on.is_some() {
            return None;
        }
        if call.name != "Elicit" && call.on.is_none() {
            // `elicit(...)` alone is no SDK's method.
            return None;
        }
        let message = Param {
            index: message,
            name: "message".into(),
        };
        let (keyword, flavour) = if call.keyword.iter().any(|(k, _)| k == "response_type") {
            ("response_type", Flavour::FastMcp)
        } else if call.keyword.iter().any(|(k, _)| k == "schema") || call.name == "Elicit" {
            ("schema", self.sdk(s))
        } else if s.fastmcp || self.fastmcp_project {
            ("response_type", Flavour::FastMcp)
        } else {
            ("schema", self.sdk(s))
        };
        Some((
            Param {
                index: schema,
                name: keyword.into(),
            },
            Some(message),
            flavour,
        ))
    }

    fn sdk(&self, s: &Summary) -> Flavour {
        if s.sdk1 || self.sdk1_project {
            Flavour::Sdk1
        } else {
            Flavour::Sdk
        }
    }

    /// The helper `call` calls, when the file can see it: defined in the
    /// file (called bare, or on `self`/`cls`), imported by name from the
    /// module that defines it, or called on that module's alias.
    fn visible_helper<'h>(
        &self,
        helpers: &'h [Found],
        file: &Path,
        s: &Summary,
        call: &Call,
    ) -> Option<&'h Found> {
        helpers.iter().find(|h| {
            if h.helper.name != call.name {
                return false;
            }
            match &call.on {
                None => {
                    (h.file == file && !s.imports.contains_key(&call.name))
                        || s.imports.get(&call.name).is_some_and(|(m, orig)| {
                            orig.as_deref() == Some(&call.name)
                                && self.module_file(file, m).as_deref() == Some(&h.file)
                        })
                }
                Some(on) if on == "self" || on == "cls" => h.file == file,
                Some(alias) => s.imports.get(alias).is_some_and(|(m, orig)| {
                    let m = match orig {
                        Some(sub) => format!("{m}.{sub}"),
                        None => m.clone(),
                    };
                    self.module_file(file, &m).as_deref() == Some(&h.file)
                }),
            }
        })
    }

    /// The file of the module `module` (`pkg.mod`, `.mod`, `..pkg`)
    /// imported from `from`: `mod.py`, or `mod/__init__.py`, under the
    /// project root, its `src/`, or the importing file's package for a
    /// relative import.
    fn module_file(&self, from: &Path, module: &str) -> Option<PathBuf> {
        let dots = module.bytes().take_while(|&b| b == b'.').count();
        let rest = &module[dots..];
        let bases: Vec<PathBuf> = if dots > 0 {
            let mut base = from.parent()?.to_path_buf();
            for _ in 1..dots {
                base = base.parent()?.to_path_buf();
            }
            vec![base]
        } else {
            let root = index::key_of(self.root);
            let mut v = vec![root.join("src"), root.clone()];
            // A package in a folder of its own (`server/pkg/...`): the
            // folder above the importing file's top package.
            let first = rest.split('.').next().unwrap_or("");
            for a in from.ancestors().skip(1) {
                if a.file_name().is_some_and(|n| n == first) {
                    if let Some(p) = a.parent() {
                        v.push(p.to_path_buf());
                    }
                    break;
                }
                if a == root {
                    break;
                }
            }
            v
        };
        for base in bases {
            let mut p = base;
            for part in rest.split('.').filter(|p| !p.is_empty()) {
                p.push(part);
            }
            for candidate in [p.with_extension("py"), p.join("__init__.py")] {
                let k = index::key_of(&candidate);
                if self.texts.has(&k) {
                    return Some(k);
                }
            }
        }
        None
    }

    /// The file and name of the definition `name` of `module`, seen from
    /// `from`, through re-exports (`from .models import X` in a package's
    /// `__init__.py`), to a bounded depth.
    fn definition(
        &mut self,
        from: &Path,
        module: &str,
        name: &str,
        depth: usize,
    ) -> Option<(PathBuf, String)> {
        if depth > 4 {
            return None;
        }
        let file = self.module_file(from, module)?;
        let s = self.naming(&file, name)?;
        if s.definitions.contains(name) {
            return Some((file, name.to_string()));
        }
        let (m, orig) = s.imports.get(name)?.clone();
        let orig = orig?;
        self.definition(&file, &m, &orig, depth + 1)
    }
}

/// The summary of a file's text: its imports, definitions, functions, and
/// the calls of `names`.
fn summarize(text: &str, windows: Option<&[(usize, usize)]>) -> Summary {
    let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
    let mut notes = Vec::new();
    let mut s = Summary {
        fastmcp: text.contains("from fastmcp") || text.contains("import fastmcp"),
        ..Summary::default()
    };
    s.sdk1 = !s.fastmcp && text.contains("mcp.server.fastmcp");
    let Some(mut tree) = super::parse_to_keep(&grammar, text, &mut notes, windows) else {
        return s;
    };
    // Windows the layout of the text misled (a string's lines taken for
    // statements): the whole file.
    if windows.is_some() && tree.root_node().has_error() {
        let Some(whole) = super::parse_to_keep(&grammar, text, &mut notes, None) else {
            return s;
        };
        tree = whole;
    }
    let src = |n: TsNode| &text[n.byte_range()];
    super::each_node(tree.root_node(), |n| match n.kind() {
        "import_from_statement" => {
            let Some(module) = n.child_by_field_name("module_name") else {
                return;
            };
            let module: String = src(module).split_whitespace().collect();
            let mut w = n.walk();
            for name in n.children_by_field_name("name", &mut w) {
                let (orig, local) = match name.kind() {
                    "aliased_import" => (
                        name.child_by_field_name("name").map(src),
                        name.child_by_field_name("alias").map(src),
                    ),
                    _ => (Some(src(name)), Some(src(name))),
                };
                if let (Some(orig), Some(local)) = (orig, local) {
                    s.imports
                        .insert(local.to_string(), (module.clone(), Some(orig.to_string())));
                }
            }
        }
        "import_statement" => {
            let mut w = n.walk();
            for name in n.children_by_field_name("name", &mut w) {
                match name.kind() {
                    "aliased_import" => {
                        if let (Some(m), Some(a)) = (
                            name.child_by_field_name("name"),
                            name.child_by_field_name("alias"),
                        ) {
                            s.imports
                                .insert(src(a).to_string(), (src(m).to_string(), None));
                        }
                    }
                    _ => {
                        // `import pkg.mod` binds `pkg`; `pkg.mod.X` is
                        // written in full, read as an attribute of `pkg`.
                        let m = src(name);
                        s.imports.insert(m.to_string(), (m.to_string(), None));
                    }
                }
            }
        }
        "class_definition" => {
            if let Some(name) = n.child_by_field_name("name") {
                s.local_classes.insert(src(name).to_string());
                if top_level(n) {
                    s.definitions.insert(src(name).to_string());
                }
            }
        }
        "assignment" => {
            if let (Some(left), Some(right)) = (
                n.child_by_field_name("left"),
                n.child_by_field_name("right"),
            ) && left.kind() == "identifier"
                && right.kind() == "call"
                && right.child_by_field_name("function").is_some_and(|f| {
                    matches!(src(f).rsplit('.').next(), Some("type" | "create_model"))
                })
            {
                s.local_classes.insert(src(left).to_string());
                if top_level(n) {
                    s.definitions.insert(src(left).to_string());
                }
            }
        }
        "function_definition" => {
            let (Some(name), Some(params)) = (
                n.child_by_field_name("name"),
                n.child_by_field_name("parameters"),
            ) else {
                return;
            };
            let method = n
                .parent()
                .and_then(|b| b.parent())
                .is_some_and(|c| c.kind() == "class_definition");
            let mut list = Vec::new();
            let mut w = params.walk();
            for p in params.named_children(&mut w) {
                let id = match p.kind() {
                    "identifier" => Some(p),
                    "typed_parameter" => p.named_child(0).filter(|c| c.kind() == "identifier"),
                    "default_parameter" | "typed_default_parameter" => {
                        p.child_by_field_name("name")
                    }
                    // `*` ends the positional parameters.
                    "keyword_separator" | "list_splat_pattern" | "dictionary_splat_pattern" => {
                        break;
                    }
                    _ => None,
                };
                if let Some(id) = id {
                    list.push(src(id).to_string());
                }
            }
            if method && list.first().is_some_and(|p| p == "self" || p == "cls") {
                list.remove(0);
            }
            s.functions.push(Function {
                name: src(name).to_string(),
                params: list,
                start: n.start_byte(),
                end: n.end_byte(),
            });
        }
        "call" => {
            let Some(f) = n.child_by_field_name("function") else {
                return;
            };
            let (name, on) = match f.kind() {
                "identifier" => (src(f), None),
                "attribute" => {
                    let Some(a) = f.child_by_field_name("attribute") else {
                        return;
                    };
                    let on = f.child_by_field_name("object").map(|o| src(o).to_string());
                    (src(a), on)
                }
                _ => return,
            };
            let Some(args) = n.child_by_field_name("arguments") else {
                return;
            };
            let arg = |v: TsNode| match v.kind() {
                "identifier" => Arg::Name(src(v).to_string()),
                "attribute" => match (
                    v.child_by_field_name("object"),
                    v.child_by_field_name("attribute"),
                ) {
                    (Some(o), Some(a)) => Arg::Attribute(src(o).to_string(), src(a).to_string()),
                    _ => Arg::Other,
                },
                _ => Arg::Other,
            };
            let mut call = Call {
                name: name.to_string(),
                on,
                positional: Vec::new(),
                keyword: Vec::new(),
                at: n.start_byte(),
            };
            let mut w = args.walk();
            for a in args.named_children(&mut w) {
                match a.kind() {
                    "keyword_argument" => {
                        if let (Some(k), Some(v)) = (
                            a.child_by_field_name("name"),
                            a.child_by_field_name("value"),
                        ) {
                            call.keyword.push((src(k).to_string(), arg(v)));
                        }
                    }
                    "comment" => {}
                    _ => call.positional.push(arg(a)),
                }
            }
            s.calls.push(call);
        }
        _ => {}
    });
    // Functions are looked up innermost first: sorted by start.
    s.functions.sort_by_key(|f| f.start);
    s
}

/// Whether a definition is at the top of its module (not in a function or
/// a class).
fn top_level(n: TsNode) -> bool {
    let mut p = n.parent();
    while let Some(x) = p {
        match x.kind() {
            "module" => return true,
            "function_definition" | "class_definition" => return false,
            _ => p = x.parent(),
        }
    }
    true
}
