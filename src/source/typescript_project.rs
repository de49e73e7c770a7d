//! The index of a TypeScript or JavaScript project: helpers whose
//! parameter is the schema (or the message, or the whole params) of the
//! elicitation they send, followed to their calls across modules, and
//! schemas (object literals, Zod schemas) given from one module to
//! another. Modules are found as Node and TypeScript find them: relative
//! specifiers (`./x.js` naming `x.ts` too, a folder's `index`), the
//! `paths` of the root `tsconfig.json`, ES `import`/`export` and CommonJS
//! `require`/`exports.x`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tree_sitter::Node as TsNode;

use super::Language;
use super::index::{self, Flavour, Helper, Index, Links, ModeSent, Param};

/// The extensions read, in the order a specifier without one is tried.
const EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "mjs", "cjs", "jsx"];

/// What a module says that matters to the others.
#[derive(Default)]
struct Summary {
    /// Local name -> (specifier, the name imported; `None` for a
    /// namespace, `default` for a default import).
    imports: HashMap<String, (String, Option<String>)>,
    /// Top-level names bound to a value (`const x = ...`, `exports.x = ...`).
    definitions: HashSet<String>,
    /// `export { a as b } from "./x"`: exported name -> (specifier, name).
    reexports: HashMap<String, (String, String)>,
    functions: Vec<Function>,
    /// Elicitations sent (`elicitInput(...)`, `inputRequired.elicit(...)`)
    /// and calls of the helper names asked for.
    calls: Vec<Call>,
}

struct Function {
    name: String,
    params: Vec<String>,
    start: usize,
    end: usize,
}

struct Call {
    name: String,
    on: Option<String>,
    /// The arguments: a bare name, `ns.name`, a literal object's members
    /// given as bare names, or anything else.
    args: Vec<Arg>,
    at: usize,
}

#[derive(Clone)]
enum Arg {
    Name(String),
    Member(String, String),
    /// An object literal: its `message` and `requestedSchema` members, and
    /// whether it holds anything else (a mode, a spread).
    Object {
        message: Option<Box<Arg>>,
        schema: Option<Box<Arg>>,
        rest: bool,
    },
    /// `zodToJsonSchema(x)` / `z.toJSONSchema(x)`.
    Converted(Box<Arg>),
    /// `build()`: what a function called without arguments returns.
    Built(String),
    Other,
}

/// The index of the project at `root`.
pub(crate) fn build(root: &Path) -> Index {
    let Some(files) = index::list(root, EXTENSIONS) else {
        return Index::default();
    };
    let paths = tsconfig_paths(root);
    let mut project = Project {
        root,
        // A module calls another's function only once it imports it
        // (`import`, `require`).
        places: index::Places::default(),
        texts: index::Texts::importing(&files, &["import", "require"]),
        summaries: Default::default(),
        whole: HashMap::new(),
        order: Vec::new(),
        paths,
        modules: Default::default(),
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
    /// Each file read whole, for the definitions another module imports.
    whole: HashMap<PathBuf, Arc<Summary>>,
    /// The names whose calls matter, in the order they were found.
    order: Vec<String>,
    /// `compilerOptions.paths` of the root tsconfig.json, with `baseUrl`
    /// applied: (pattern, targets).
    paths: Vec<(String, Vec<PathBuf>)>,
    /// The file each specifier names, by the folder it is written in
    /// (none for one `paths` maps), each looked up once: the files of a
    /// folder import the same modules, and each call site asks again.
    modules: std::cell::RefCell<HashMap<PathBuf, HashMap<String, Option<PathBuf>>>>,
}

struct Found {
    file: PathBuf,
    helper: Helper,
}

/// Where a helper takes the parts of what it sends.
#[derive(Clone)]
struct Mapping {
    schema: Option<usize>,
    message: Option<usize>,
    /// The whole params.
    params: Option<usize>,
    /// The `mode` the SDK call at the end puts in what is sent.
    mode: ModeSent,
}

impl Project<'_> {
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
            Language::of_path,
            summarize,
        );
    }

    /// The summary of all of `file`, for what it defines.
    fn whole(&mut self, file: &Path) -> Option<Arc<Summary>> {
        if let Some(s) = self.whole.get(file) {
            return Some(s.clone());
        }
        let text = self.texts.text(file)?;
        let language = Language::of_path(file)?;
        let s = Arc::new(summarize(&text, language, None));
        self.whole.insert(file.to_path_buf(), s.clone());
        Some(s)
    }

    fn index(&mut self) -> Index {
        let mut helpers: Vec<(Found, Mapping)> = Vec::new();
        let mut names: HashSet<String> = ["elicitInput", "elicit", "elicitUrl"]
            .iter()
            .map(|s| s.to_string())
            .collect();
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
            let mut now: Vec<(Found, Mapping)> = Vec::new();
            for file in &hits {
                let Some(s) = self.summary(file) else {
                    continue;
                };
                for call in s.calls.iter().filter(|c| names.contains(&c.name)) {
                    let Some(f) = index::innermost(&s.functions, call.at, |f| (f.start, f.end))
                    else {
                        continue;
                    };
                    let Some(inner) = self.mapping(&helpers, file, &s, call) else {
                        continue;
                    };
                    let param = |a: Option<&Arg>| match a {
                        Some(Arg::Name(n)) => f.params.iter().position(|p| p == n),
                        _ => None,
                    };
                    let parts = parts(call, &inner);
                    let params = param(parts.params.as_ref());
                    // A literal of the helper's own that writes more than
                    // the message and the schema (a mode, a spread) sends
                    // what is not read here: its mode is not told.
                    let open = matches!(parts.params, Some(Arg::Object { rest: true, .. }));
                    let mapping = Mapping {
                        schema: param(parts.schema.as_ref()),
                        message: param(parts.message.as_ref()),
                        params,
                        mode: match inner.mode {
                            ModeSent::FormUnlessGiven if open => ModeSent::AsGiven,
                            mode => mode,
                        },
                    };
                    if mapping.schema.is_none() && mapping.params.is_none() {
                        continue;
                    }
                    if helpers
                        .iter()
                        .chain(&now)
                        .any(|(h, _)| h.file == *file && h.helper.name == f.name)
                    {
                        continue;
                    }
                    let text = self.texts.text(file).unwrap_or_else(|| Arc::from(""));
                    let p = |i: Option<usize>| {
                        i.map(|index| Param {
                            index,
                            name: f.params[index].clone(),
                        })
                    };
                    now.push((
                        Found {
                            file: file.clone(),
                            helper: Helper {
                                name: f.name.clone(),
                                schema: p(mapping.schema.or(mapping.params))
                                    .expect("a schema or params parameter"),
                                message: p(mapping.message),
                                // Whether the parameter is the whole params:
                                // told by the flavour's absence of a schema.
                                flavour: if mapping.params.is_some() {
                                    Flavour::Params
                                } else {
                                    Flavour::Schema
                                },
                                mode: mapping.mode,
                                at: self.places.place(self.root, file, &text, f.start),
                            },
                        },
                        mapping,
                    ));
                }
            }
            fresh = now
                .iter()
                .map(|(h, _)| h.helper.name.clone())
                .filter(|n| !names.contains(n))
                .collect();
            names.extend(fresh.iter().cloned());
            self.order.extend(fresh.iter().cloned());
            helpers.extend(now);
        }
        let mut links: HashMap<PathBuf, Links> = HashMap::new();
        for (h, _) in &helpers {
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
                let Some(inner) = self.mapping(&helpers, &file, &s, call) else {
                    continue;
                };
                let helper = self.visible_helper(&helpers, &file, &s, call);
                if let Some((h, _)) = helper {
                    let l = links.entry(file.clone()).or_default();
                    if !l.helpers.contains(&h.helper) {
                        l.helpers.push(h.helper.clone());
                    }
                    if h.file != file {
                        links.entry(h.file.clone()).or_default().depends(&file);
                    }
                }
                let within = index::innermost(&s.functions, call.at, |f| (f.start, f.end));
                let parts = parts(call, &inner);
                let (given, converted) = match parts.schema {
                    Some(Arg::Converted(inner)) => (*inner, true),
                    Some(a) => (a, false),
                    None => continue,
                };
                let (specifier, name, local) = match &given {
                    Arg::Name(n) => {
                        if within.is_some_and(|f| f.params.contains(n)) || s.definitions.contains(n)
                        {
                            continue;
                        }
                        match s.imports.get(n) {
                            Some((m, Some(orig))) => (m.clone(), orig.clone(), n.clone()),
                            _ => continue,
                        }
                    }
                    Arg::Member(ns, n) => match s.imports.get(ns) {
                        Some((m, None)) => (m.clone(), n.clone(), format!("{ns}.{n}")),
                        _ => continue,
                    },
                    // A builder of another module: what it returns is
                    // checked there.
                    Arg::Built(n) if !converted => {
                        if s.definitions.contains(n) {
                            continue;
                        }
                        match s.imports.get(n) {
                            Some((m, Some(orig))) => (m.clone(), orig.clone(), format!("{n}()")),
                            _ => continue,
                        }
                    }
                    _ => continue,
                };
                let Some((def_file, def_name)) = self.definition(&file, &specifier, &name, 0)
                else {
                    continue;
                };
                if def_file == file {
                    continue;
                }
                let text = self.texts.text(&file).unwrap_or_else(|| Arc::from(""));
                let l = links.entry(file.clone()).or_default();
                l.resolve(local);
                l.depends(&def_file);
                if let Some((h, _)) = helper {
                    links.entry(h.file.clone()).or_default().depends(&def_file);
                }
                let flavour = if converted {
                    Flavour::Converted(converter_of(&text, call.at))
                } else {
                    Flavour::Schema
                };
                let d = links.entry(def_file).or_default();
                // Told of the first call that sends it only.
                d.elicited(def_name, flavour, || {
                    (
                        self.places.place(self.root, &file, &text, call.at),
                        Vec::new(),
                    )
                });
            }
        }
        Index::of(links)
    }

    /// How `call` takes what it sends: an API (its first argument is the
    /// params) or a helper it can see.
    fn mapping(
        &self,
        helpers: &[(Found, Mapping)],
        file: &Path,
        s: &Summary,
        call: &Call,
    ) -> Option<Mapping> {
        if let Some((_, m)) = self.visible_helper(helpers, file, s, call) {
            return Some(m.clone());
        }
        Some(Mapping {
            schema: None,
            message: None,
            params: Some(0),
            mode: ModeSent::of_api(&call.name, call.on.as_deref())?,
        })
    }

    fn visible_helper<'h>(
        &self,
        helpers: &'h [(Found, Mapping)],
        file: &Path,
        s: &Summary,
        call: &Call,
    ) -> Option<&'h (Found, Mapping)> {
        helpers.iter().find(|(h, _)| {
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
                Some(on) if on == "this" => h.file == file,
                Some(ns) => s.imports.get(ns).is_some_and(|(m, orig)| {
                    orig.is_none() && self.module_file(file, m).as_deref() == Some(&h.file)
                }),
            }
        })
    }

    /// The file a specifier names from `from`.
    fn module_file(&self, from: &Path, specifier: &str) -> Option<PathBuf> {
        let relative = specifier.starts_with("./") || specifier.starts_with("../");
        let dir = if relative {
            from.parent()?
        } else {
            Path::new("")
        };
        if let Some(found) = self
            .modules
            .borrow()
            .get(dir)
            .and_then(|m| m.get(specifier))
        {
            return found.clone();
        }
        let found = self.find_module(dir, relative, specifier);
        self.modules
            .borrow_mut()
            .entry(dir.to_path_buf())
            .or_default()
            .insert(specifier.to_string(), found.clone());
        found
    }

    /// [`Project::module_file`] looked up: the first of the files the
    /// specifier may name that is one of the project's.
    fn find_module(&self, dir: &Path, relative: bool, specifier: &str) -> Option<PathBuf> {
        let bases: Vec<PathBuf> = if relative {
            vec![dir.join(specifier)]
        } else {
            self.paths
                .iter()
                .filter_map(|(pattern, targets)| {
                    let rest = match pattern.strip_suffix('*') {
                        Some(prefix) => specifier.strip_prefix(prefix)?,
                        None => (specifier == pattern).then_some("")?,
                    };
                    Some(
                        targets
                            .iter()
                            .map(|t| PathBuf::from(t.to_string_lossy().replace('*', rest)))
                            .collect::<Vec<_>>(),
                    )
                })
                .flatten()
                .collect()
        };
        for base in bases {
            let base = index::key_of(&base);
            // `./x.js` written for `x.ts` (TypeScript's ESM convention).
            let stem = base.extension().and_then(|e| e.to_str()).and_then(|e| {
                matches!(e, "js" | "mjs" | "cjs" | "jsx").then(|| base.with_extension(""))
            });
            let written = std::iter::once(base.clone());
            let for_ts = stem
                .into_iter()
                .flat_map(|stem| EXTENSIONS.iter().map(move |ext| stem.with_extension(ext)));
            let added = EXTENSIONS.iter().flat_map(|ext| {
                let mut p = base.clone().into_os_string();
                p.push(".");
                p.push(ext);
                [PathBuf::from(p), base.join(format!("index.{ext}"))]
            });
            if let Some(c) = written
                .chain(for_ts)
                .chain(added)
                .find(|c| self.texts.has(c))
            {
                return Some(c);
            }
        }
        None
    }

    /// The file and name of the definition `name` exported by the module
    /// `specifier` names, through re-exports, to a bounded depth.
    fn definition(
        &mut self,
        from: &Path,
        specifier: &str,
        name: &str,
        depth: usize,
    ) -> Option<(PathBuf, String)> {
        if depth > 4 {
            return None;
        }
        let file = self.module_file(from, specifier)?;
        let s = self.whole(&file)?;
        if s.definitions.contains(name) {
            return Some((file, name.to_string()));
        }
        let (m, orig) = s.reexports.get(name).cloned().or_else(|| {
            s.imports
                .get(name)
                .and_then(|(m, o)| Some((m.clone(), o.clone()?)))
        })?;
        self.definition(&file, &m, &orig, depth + 1)
    }
}

/// The parts of what `call` sends, through `mapping`.
struct Parts {
    schema: Option<Arg>,
    message: Option<Arg>,
    params: Option<Arg>,
}

fn parts(call: &Call, mapping: &Mapping) -> Parts {
    let at = |i: Option<usize>| i.and_then(|i| call.args.get(i)).cloned();
    let params = at(mapping.params);
    let (mut schema, mut message) = (at(mapping.schema), at(mapping.message));
    if let Some(Arg::Object {
        message: m,
        schema: s,
        ..
    }) = &params
    {
        schema = schema.or(s.as_deref().cloned());
        message = message.or(m.as_deref().cloned());
    }
    Parts {
        schema,
        message,
        params,
    }
}

/// Which converter the call at `at` uses: Zod 4's when `toJSONSchema`
/// is written in it.
fn converter_of(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    let end = rest.find(';').unwrap_or(rest.len()).min(4096);
    rest[..end].contains("toJSONSchema")
}

/// `compilerOptions.paths` of `root/tsconfig.json`, resolved against
/// `baseUrl` (or the root). A tsconfig that is not plain JSON (comments,
/// trailing commas) has its comments and trailing commas dropped first.
fn tsconfig_paths(root: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let Ok(text) = std::fs::read_to_string(root.join("tsconfig.json")) else {
        return Vec::new();
    };
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(&loose_json(&text)) else {
        return Vec::new();
    };
    let options = &doc["compilerOptions"];
    let base = root.join(options["baseUrl"].as_str().unwrap_or("."));
    let Some(paths) = options["paths"].as_object() else {
        return Vec::new();
    };
    paths
        .iter()
        .map(|(pattern, targets)| {
            let targets = targets
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|t| t.as_str())
                        .map(|t| base.join(t))
                        .collect()
                })
                .unwrap_or_default();
            (pattern.clone(), targets)
        })
        .collect()
}

/// JSON with comments and trailing commas (tsconfig's dialect) as JSON.
fn loose_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '/' if chars.peek() == Some(&'/') => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            ',' => {
                let rest: String = chars.clone().take_while(|c| c.is_whitespace()).collect();
                let next = chars.clone().nth(rest.chars().count());
                if !matches!(next, Some('}') | Some(']')) {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

fn summarize(text: &str, language: Language, windows: Option<&[(usize, usize)]>) -> Summary {
    let grammar: tree_sitter::Language = match language {
        Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        _ => tree_sitter_typescript::LANGUAGE_TSX.into(),
    };
    let mut s = Summary::default();
    let mut notes = Vec::new();
    let Some(tree) = super::parse_to_keep(&grammar, text, &mut notes, windows) else {
        return s;
    };
    let src = |n: TsNode| &text[n.byte_range()];
    let unquote = |n: TsNode| {
        let t = src(n);
        t.get(1..t.len().saturating_sub(1)).map(str::to_string)
    };
    super::each_node(tree.root_node(), |n| match n.kind() {
        "import_statement" => {
            let Some(source) = n.child_by_field_name("source").and_then(unquote) else {
                return;
            };
            super::each_node(n, |c| match c.kind() {
                "import_specifier" => {
                    let name = c.child_by_field_name("name").map(src);
                    let alias = c.child_by_field_name("alias").map(src).or(name);
                    if let (Some(name), Some(alias)) = (name, alias) {
                        s.imports
                            .insert(alias.to_string(), (source.clone(), Some(name.to_string())));
                    }
                }
                "namespace_import" => {
                    if let Some(id) = c.named_child(0) {
                        s.imports
                            .insert(src(id).to_string(), (source.clone(), None));
                    }
                }
                "import_clause" => {
                    if let Some(id) = c.named_child(0).filter(|i| i.kind() == "identifier") {
                        s.imports.insert(
                            src(id).to_string(),
                            (source.clone(), Some("default".to_string())),
                        );
                    }
                }
                _ => {}
            });
        }
        "export_statement" => {
            // `export { a as b } from "./x"`.
            if let Some(source) = n.child_by_field_name("source").and_then(unquote) {
                super::each_node(n, |c| {
                    if c.kind() == "export_specifier" {
                        let name = c.child_by_field_name("name").map(src);
                        let alias = c.child_by_field_name("alias").map(src).or(name);
                        if let (Some(name), Some(alias)) = (name, alias) {
                            s.reexports
                                .insert(alias.to_string(), (source.clone(), name.to_string()));
                        }
                    }
                });
            }
        }
        "variable_declarator" => {
            let (Some(name), Some(value)) = (
                n.child_by_field_name("name"),
                n.child_by_field_name("value"),
            ) else {
                return;
            };
            // `const x = require("./m")`, `const { a, b: c } = require("./m")`.
            if let Some(spec) = required(value, text) {
                match name.kind() {
                    "identifier" => {
                        s.imports.insert(src(name).to_string(), (spec, None));
                    }
                    "object_pattern" => super::each_node(name, |p| match p.kind() {
                        "shorthand_property_identifier_pattern" => {
                            s.imports.insert(
                                src(p).to_string(),
                                (spec.clone(), Some(src(p).to_string())),
                            );
                        }
                        "pair_pattern" => {
                            if let (Some(k), Some(v)) =
                                (p.child_by_field_name("key"), p.child_by_field_name("value"))
                            {
                                s.imports.insert(
                                    src(v).to_string(),
                                    (spec.clone(), Some(src(k).to_string())),
                                );
                            }
                        }
                        _ => {}
                    }),
                    _ => {}
                }
                return;
            }
            if name.kind() == "identifier" && top_level(n) {
                s.definitions.insert(src(name).to_string());
            }
            // `const f = (a, b) => ...`: a function by its name.
            if matches!(
                value.kind(),
                "arrow_function" | "function_expression" | "function"
            ) && name.kind() == "identifier"
            {
                s.functions.push(function(src(name), value, text));
            }
        }
        "assignment_expression" => {
            // `exports.x = ...`, `module.exports.x = ...`.
            if let Some(left) = n.child_by_field_name("left")
                && left.kind() == "member_expression"
                && let (Some(o), Some(p)) = (
                    left.child_by_field_name("object"),
                    left.child_by_field_name("property"),
                )
                && matches!(src(o), "exports" | "module.exports")
            {
                s.definitions.insert(src(p).to_string());
            }
        }
        "function_declaration" | "generator_function_declaration" | "method_definition" => {
            if let Some(name) = n.child_by_field_name("name") {
                if n.kind() == "function_declaration" && top_level(n) {
                    s.definitions.insert(src(name).to_string());
                }
                s.functions.push(function(src(name), n, text));
            }
        }
        "call_expression" => {
            let Some(f) = n
                .child_by_field_name("function")
                .map(super::typescript::unwrap_callee)
            else {
                return;
            };
            let (name, on) = match f.kind() {
                "identifier" => (src(f), None),
                "member_expression" => match (
                    f.child_by_field_name("property"),
                    f.child_by_field_name("object"),
                ) {
                    (Some(p), Some(o)) => {
                        // `this.x.y` is called on `this` only when it is
                        // `this.y`.
                        (src(p), Some(src(o).to_string()))
                    }
                    _ => return,
                },
                _ => return,
            };
            let Some(args) = n.child_by_field_name("arguments") else {
                return;
            };
            let mut w = args.walk();
            let list: Vec<Arg> = args
                .named_children(&mut w)
                .filter(|c| c.kind() != "comment")
                .map(|c| arg(c, text))
                .collect();
            s.calls.push(Call {
                name: name.to_string(),
                on,
                args: list,
                at: n.start_byte(),
            });
        }
        _ => {}
    });
    s.functions.sort_by_key(|f| f.start);
    s
}

fn function(name: &str, n: TsNode, text: &str) -> Function {
    let mut params = Vec::new();
    if let Some(ps) = n.child_by_field_name("parameters") {
        let mut w = ps.walk();
        for p in ps.named_children(&mut w) {
            let id = match p.kind() {
                "identifier" => Some(p),
                "required_parameter" | "optional_parameter" => p
                    .child_by_field_name("pattern")
                    .filter(|x| x.kind() == "identifier"),
                "assignment_pattern" => p.child_by_field_name("left"),
                _ => None,
            };
            // A parameter not named (a pattern) keeps its place.
            params.push(
                id.map(|i| text[i.byte_range()].to_string())
                    .unwrap_or_default(),
            );
        }
    } else if let Some(p) = n.child_by_field_name("parameter") {
        params.push(text[p.byte_range()].to_string());
    }
    Function {
        name: name.to_string(),
        params,
        start: n.start_byte(),
        end: n.end_byte(),
    }
}

fn arg(n: TsNode, text: &str) -> Arg {
    let mut n = n;
    while matches!(
        n.kind(),
        "parenthesized_expression"
            | "as_expression"
            | "satisfies_expression"
            | "non_null_expression"
    ) {
        match n.named_child(0) {
            Some(c) => n = c,
            None => return Arg::Other,
        }
    }
    match n.kind() {
        "identifier" | "shorthand_property_identifier" => {
            Arg::Name(text[n.byte_range()].to_string())
        }
        "member_expression" => match (
            n.child_by_field_name("object"),
            n.child_by_field_name("property"),
        ) {
            (Some(o), Some(p)) if o.kind() == "identifier" => Arg::Member(
                text[o.byte_range()].to_string(),
                text[p.byte_range()].to_string(),
            ),
            _ => Arg::Other,
        },
        "object" => {
            let (mut message, mut schema, mut rest) = (None, None, false);
            let mut w = n.walk();
            for c in n.named_children(&mut w) {
                let (key, value) = match c.kind() {
                    "pair" => {
                        match (c.child_by_field_name("key"), c.child_by_field_name("value")) {
                            (Some(k), Some(v)) => {
                                (text[k.byte_range()].trim_matches(['"', '\'']), v)
                            }
                            _ => {
                                rest = true;
                                continue;
                            }
                        }
                    }
                    "shorthand_property_identifier" => (&text[c.byte_range()], c),
                    "comment" => continue,
                    _ => {
                        rest = true;
                        continue;
                    }
                };
                match key {
                    "message" => message = Some(Box::new(arg(value, text))),
                    "requestedSchema" => schema = Some(Box::new(arg(value, text))),
                    _ => rest = true,
                }
            }
            Arg::Object {
                message,
                schema,
                rest,
            }
        }
        "call_expression" => {
            let f = n
                .child_by_field_name("function")
                .map(|f| &text[f.byte_range()]);
            let converter = f.is_some_and(|f| {
                f == "zodToJsonSchema" || f == "toJSONSchema" || f.ends_with(".toJSONSchema")
            });
            let first = n.child_by_field_name("arguments").and_then(|a| {
                let mut w = a.walk();
                a.named_children(&mut w).find(|c| c.kind() != "comment")
            });
            let callee = n.child_by_field_name("function");
            match (converter, first) {
                (true, Some(first)) => Arg::Converted(Box::new(arg(first, text))),
                (false, None) if callee.is_some_and(|c| c.kind() == "identifier") => {
                    Arg::Built(f.unwrap_or_default().to_string())
                }
                _ => Arg::Other,
            }
        }
        _ => Arg::Other,
    }
}

/// The specifier of `require("./m")`.
fn required(n: TsNode, text: &str) -> Option<String> {
    if n.kind() != "call_expression" {
        return None;
    }
    let f = n.child_by_field_name("function")?;
    if &text[f.byte_range()] != "require" {
        return None;
    }
    let a = n.child_by_field_name("arguments")?.named_child(0)?;
    if a.kind() != "string" {
        return None;
    }
    let t = &text[a.byte_range()];
    t.get(1..t.len() - 1).map(str::to_string)
}

fn top_level(n: TsNode) -> bool {
    let mut p = n.parent();
    while let Some(x) = p {
        match x.kind() {
            "program" => return true,
            "statement_block" | "class_body" | "arrow_function" | "function_expression" => {
                return false;
            }
            _ => p = x.parent(),
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsconfig_with_comments_and_trailing_commas_is_read() {
        let text = "{\n  // paths\n  \"compilerOptions\": { /* base */ \"baseUrl\": \".\", \"paths\": { \"@/*\": [\"src/*\",], }, },\n}\n";
        let doc: serde_json::Value = serde_json::from_str(&loose_json(text)).unwrap();
        assert_eq!(doc["compilerOptions"]["paths"]["@/*"][0], "src/*");
        let s = "{\"a\": \"x // not a comment, \"}";
        assert_eq!(loose_json(s), s);
    }
}
