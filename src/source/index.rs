//! The project around a file, read once per run and shared by every file
//! linted in it: what the other files of the project say about this one.
//!
//! Real servers rarely call `ctx.elicit` where the schema is written. A
//! helper (`confirm_destructive(ctx, message, schema)`) sends what its
//! callers give it, and the models live in a module of their own. The
//! index follows both: a function whose parameter flows into an
//! elicitation is a *helper* (followed through helpers of helpers, to a
//! bounded depth), each call of it is an elicitation of its own, and a
//! model given from another file is linted where it is written, at its
//! class line, as the SDK of the call that sends it renders it.
//!
//! The index is bounded by the project, not by its files times its
//! imports: files are listed once (symbolic links are not followed, so a
//! link loop is read once), a file is parsed only when a cheap byte search
//! finds a name that matters in it, and each file's summary is kept, not
//! its tree.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// How many files of one language a project's index lists at most; beyond
/// it the index is not built (each file is read alone, as before).
pub(crate) const MAX_FILES: usize = 50_000;
/// How many bytes of source a project's index reads at most.
pub(crate) const MAX_BYTES: u64 = 512 << 20;
/// How deep folders are listed.
const MAX_DEPTH: usize = 48;
/// Helpers of helpers are followed this deep.
pub(crate) const MAX_HELPER_DEPTH: usize = 4;

/// What the rest of the project says about one file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Links {
    /// Functions called in this file that send what an argument gives them.
    pub(crate) helpers: Vec<Helper>,
    /// Definitions of this file that another file sends as a schema.
    pub(crate) elicited: Vec<Elicited>,
    /// Names given in this file as a schema that are defined in another
    /// file of the project (checked there).
    pub(crate) resolved: Vec<String>,
    /// Functions of this file whose parameter is the schema they send:
    /// their calls are checked, each at its call site.
    pub(crate) helper_defs: Vec<String>,
    /// Files whose findings depend on this one: the calls of a helper it
    /// defines, the models a call of it sends. When only this file
    /// changed, they are linted again too.
    pub(crate) dependents: Vec<PathBuf>,
    /// Go: package-level vars of this file that another file of the
    /// module may change; their values as written are not followed.
    pub(crate) changed: Vec<String>,
    /// Where each of `resolved`, `elicited` and `dependents` is, by what
    /// tells it apart: each is told once, found without reading them all
    /// (a file may send thousands of models).
    told: HashMap<Told, usize, foldhash::fast::RandomState>,
}

/// What tells one of a [`Links`]' entries apart.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Told {
    Resolved(String),
    Elicited(String, Flavour),
    Dependent(PathBuf),
}

impl Links {
    pub(crate) fn is_empty(&self) -> bool {
        !self.read() && self.dependents.is_empty() && self.changed.is_empty()
    }

    /// Whether the file must be read for what others say of it, though it
    /// names no elicitation itself.
    pub(crate) fn read(&self) -> bool {
        !(self.helpers.is_empty()
            && self.elicited.is_empty()
            && self.resolved.is_empty()
            && self.helper_defs.is_empty())
    }

    /// Tells that the findings of `file` depend on this one (once).
    pub(crate) fn depends(&mut self, file: &Path) {
        let at = self.dependents.len();
        if let Entry::Vacant(v) = self.told.entry(Told::Dependent(file.to_path_buf())) {
            v.insert(at);
            self.dependents.push(file.to_path_buf());
        }
    }

    /// Tells that `name`, given in this file as a schema, is defined in
    /// another file of the project (once).
    pub(crate) fn resolve(&mut self, name: String) {
        let at = self.resolved.len();
        if let Entry::Vacant(v) = self.told.entry(Told::Resolved(name.clone())) {
            v.insert(at);
            self.resolved.push(name);
        }
    }

    /// The definition `name` of this file, sent from elsewhere with
    /// `flavour`: told by `first` (one call's place, and the root keys it
    /// removes) the first time, and as told before after; with whether
    /// this was the first time.
    pub(crate) fn elicited(
        &mut self,
        name: String,
        flavour: Flavour,
        first: impl FnOnce() -> (String, Vec<String>),
    ) -> (&mut Elicited, bool) {
        let at = self.elicited.len();
        match self.told.entry(Told::Elicited(name.clone(), flavour)) {
            Entry::Occupied(o) => (&mut self.elicited[*o.get()], false),
            Entry::Vacant(v) => {
                v.insert(at);
                let (via, cleared) = first();
                self.elicited.push(Elicited {
                    name,
                    flavour,
                    via,
                    cleared,
                });
                (&mut self.elicited[at], true)
            }
        }
    }
}

/// How the SDK call at the end of a chain of helpers renders a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Flavour {
    /// The official Python SDK 2.x (`ctx.elicit(message, schema)`,
    /// `Elicit(message, schema)`).
    Sdk,
    /// The official Python SDK 1.x: its field check, then Pydantic's
    /// `model_json_schema()` as it is.
    Sdk1,
    /// FastMCP's `ctx.elicit(message, response_type)`.
    FastMcp,
    /// TypeScript and Go: the value is the `requestedSchema` as written (in
    /// Go, a `jsonschema.Schema` or mcp-go's map, told apart as written).
    Schema,
    /// TypeScript: the value is the whole params.
    Params,
    /// TypeScript: a Zod schema converted as the `requestedSchema`, by
    /// `z.toJSONSchema` (`true`) or zod-to-json-schema.
    Converted(bool),
    /// Rust: a struct rmcp's `elicit::<T>()` sends as
    /// `ElicitationSchema::from_type::<T>()`.
    Rmcp,
    /// Java (or Kotlin calling the Java SDK): a `Map` Jackson writes as it
    /// is, given as the `requestedSchema`.
    Java,
    /// Kotlin: an `ElicitRequestParams.RequestedSchema(...)` given to
    /// `createElicitation` or the params classes.
    Kotlin,
    /// C#: an `ElicitRequestParams.RequestSchema` given as
    /// `RequestedSchema`.
    CSharp,
}

/// A function whose arguments become an elicitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Helper {
    pub name: String,
    /// Where the schema is given.
    pub schema: Param,
    /// Where the message is given, when the caller gives it.
    pub message: Option<Param>,
    pub flavour: Flavour,
    /// The `mode` the SDK call at the end of the helper puts in what it
    /// sends (TypeScript).
    pub mode: ModeSent,
    /// Where the helper is defined (`path:line`), for what is said of it.
    pub at: String,
}

/// The `mode` an SDK call puts in the params it sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum ModeSent {
    /// The params as they are given.
    #[default]
    AsGiven,
    /// The TypeScript SDK's `elicitInput`: `"form"` when the params give
    /// no mode (from 1.23).
    FormUnlessGiven,
    /// `inputRequired.elicit` and `inputRequired.elicitUrl`: this one,
    /// whatever the params give.
    Always(&'static str),
}

impl ModeSent {
    /// The `mode` the SDK's elicitation API `name`, called on `on`, puts
    /// in the params it sends; `None` for any other call. The SDK's
    /// `elicitInput` (any receiver) adds `"form"` when the params give
    /// none; the 2026-07-28 helpers of the TypeScript SDK v2
    /// (packages/core-internal/src/shared/inputRequired.ts) send
    /// `inputRequired.elicit(params)` as `{...params, mode: "form"}` and
    /// `inputRequired.elicitUrl(params)` as `{...params, mode: "url"}`.
    pub(crate) fn of_api(name: &str, on: Option<&str>) -> Option<ModeSent> {
        let input_required = on.is_some_and(|o| o.ends_with("nputRequired"));
        match name {
            "elicitInput" => Some(ModeSent::FormUnlessGiven),
            "elicit" if input_required => Some(ModeSent::Always("form")),
            "elicitUrl" if input_required => Some(ModeSent::Always("url")),
            _ => None,
        }
    }
}

/// A parameter: its position among the positional arguments a caller
/// writes (`self` not counted) and its name, for keyword arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Param {
    pub index: usize,
    pub name: String,
}

/// A definition sent as a schema from elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Elicited {
    pub name: String,
    pub flavour: Flavour,
    /// One call that sends it (`path:line`).
    pub via: String,
    /// Root keys every call that sends it removes first (rmcp:
    /// `schema.title = None;`).
    pub cleared: Vec<String>,
}

/// A map by path ([`PathKey`]), with a hasher quicker than the standard
/// one (seeded at random, as the standard one is); looked up by a path's
/// bytes (`map.get(path.as_os_str())`).
pub(crate) type PathMap<V> = HashMap<PathKey, V, foldhash::fast::RandomState>;
/// A set of paths, hashed as [`PathMap`] is.
pub(crate) type PathSet = std::collections::HashSet<PathKey, foldhash::fast::RandomState>;

/// A path as the key of a [`PathMap`]: hashed and compared by its bytes.
/// The index names a file one way ([`key_of`]: absolute, without `.` or
/// `..`), so that its names are the same bytes wherever they are made;
/// `Path` hashes and compares part by part, byte by byte, and its hashing
/// was the most of the time spent on paths.
#[derive(Clone, Debug)]
pub(crate) struct PathKey(pub PathBuf);

impl PartialEq for PathKey {
    fn eq(&self, other: &Self) -> bool {
        self.0.as_os_str() == other.0.as_os_str()
    }
}

impl Eq for PathKey {}

impl std::hash::Hash for PathKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.as_os_str().hash(state)
    }
}

impl std::borrow::Borrow<std::ffi::OsStr> for PathKey {
    fn borrow(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

/// The links of every file of a project that has any.
#[derive(Debug, Default)]
pub(crate) struct Index {
    pub files: PathMap<Arc<Links>>,
    /// Files the index read whole and found no name an elicitation is
    /// written with in: unless linked, the linter need not read them
    /// again.
    pub silent: PathSet,
}

impl Index {
    /// The index of the links found, each file that has any kept.
    pub(crate) fn of(links: HashMap<PathBuf, Links>) -> Index {
        Index {
            files: links
                .into_iter()
                .filter(|(_, l)| !l.is_empty())
                // What was told is read from here on, not told again.
                .map(|(k, v)| {
                    let told = Default::default();
                    (PathKey(k), Arc::new(Links { told, ..v }))
                })
                .collect(),
            silent: Default::default(),
        }
    }
}

/// The index of the project at `root` for files of `extensions`, built by
/// `build` the first time it is asked for in this process and shared after
/// (threads asking at once wait for one build).
pub(crate) fn shared(
    root: &Path,
    key: &'static str,
    build: impl FnOnce(&Path) -> Index,
) -> Arc<Index> {
    type Cell = Arc<OnceLock<Arc<Index>>>;
    static CACHE: OnceLock<Mutex<HashMap<(PathBuf, &'static str), Cell>>> = OnceLock::new();
    let cell = {
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        cache.entry((root.to_path_buf(), key)).or_default().clone()
    };
    cell.get_or_init(|| Arc::new(build(root))).clone()
}

/// The files under `root` whose extension is one of `extensions`, without
/// following symbolic links, skipping folders that hold no project code
/// (dependencies, caches, virtual environments, version control). `None`
/// when there are more than [`MAX_FILES`]. (Their size is not asked for
/// here: [`Texts`] stops reading at [`MAX_BYTES`].)
///
/// In the order of their paths ([`crate::work::path_order`]).
///
/// The indexes of one root (a Python and a TypeScript project at the
/// root of one repository) share one listing of its source files of
/// every language, each taking its own; the listings are kept for the
/// run within [`KEPT_LISTED`] files in all.
pub(crate) fn list(root: &Path, extensions: &[&str]) -> Option<Vec<PathBuf>> {
    /// A root's listing, and whether it was counted against the files
    /// kept.
    #[derive(Default)]
    struct Listing {
        files: OnceLock<Option<Vec<PathBuf>>>,
        counted: std::sync::atomic::AtomicBool,
    }
    type Listings = (HashMap<PathBuf, Arc<Listing>>, usize);
    static LISTINGS: OnceLock<Mutex<Listings>> = OnceLock::new();
    let listings = || {
        LISTINGS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    };
    debug_assert!(extensions.iter().all(|e| SOURCE_EXTENSIONS.contains(e)));
    let listing = listings().0.entry(root.to_path_buf()).or_default().clone();
    let all = listing
        .files
        .get_or_init(|| list_of(root, SOURCE_EXTENSIONS, SHARED_FILES));
    if !listing
        .counted
        .swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        let n = all.as_ref().map_or(0, Vec::len);
        let mut listings = listings();
        listings.1 += n;
        if listings.1 > KEPT_LISTED {
            listings.0.remove(root);
            listings.1 -= n;
        }
    }
    let Some(all) = all else {
        // More than a shared listing holds: this language's files alone.
        return list_of(root, extensions, MAX_FILES);
    };
    let files: Vec<PathBuf> = all
        .iter()
        .filter(|f| {
            f.file_name()
                .is_some_and(|n| has_extension(&n.to_string_lossy(), extensions))
        })
        .cloned()
        .collect();
    (files.len() <= MAX_FILES).then_some(files)
}

/// The most files the listings kept for a run hold, all roots together.
const KEPT_LISTED: usize = MAX_FILES;

/// The extensions of every language's index ([`list`] lists them once).
const SOURCE_EXTENSIONS: &[&str] = &[
    "py", "pyi", "ts", "tsx", "mts", "cts", "js", "mjs", "cjs", "jsx", "go", "rs", "java", "kt",
    "kts", "cs",
];

/// The most files a listing shared by the indexes of a root holds.
const SHARED_FILES: usize = 4 * MAX_FILES;

/// Whether the file `name` has one of `extensions` (after its last `.`).
fn has_extension(name: &str, extensions: &[&str]) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(_, x)| extensions.contains(&x))
}

/// [`list`] of one listing: the files of `extensions`, `None` past `most`.
/// Each folder's entries are sorted by name and visited in turn, a
/// folder's files listed before the entry after it. (Sorting the whole
/// list after took more than listing it.)
fn list_of(root: &Path, extensions: &[&str], most: usize) -> Option<Vec<PathBuf>> {
    /// A folder being listed: its name, its entries (name, whether a
    /// folder) not visited yet, and its depth.
    struct Folder {
        dir: PathBuf,
        entries: std::vec::IntoIter<(std::ffi::OsString, bool)>,
        depth: usize,
    }
    let open = |dir: PathBuf, depth: usize| {
        let mut entries: Vec<(std::ffi::OsString, bool)> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let kind = entry.file_type().ok()?;
                let name = entry.file_name();
                let keep = {
                    let name = name.to_string_lossy();
                    if kind.is_dir() {
                        depth < MAX_DEPTH && !skipped_dir(&name)
                    } else {
                        kind.is_file() && has_extension(&name, extensions)
                    }
                };
                keep.then(|| (name, kind.is_dir()))
            })
            .collect();
        entries.sort_unstable_by(|a, b| a.0.as_encoded_bytes().cmp(b.0.as_encoded_bytes()));
        Folder {
            dir,
            entries: entries.into_iter(),
            depth,
        }
    };
    let mut out = Vec::new();
    let mut stack = vec![open(root.to_path_buf(), 0)];
    while let Some(top) = stack.last_mut() {
        let Some((name, is_dir)) = top.entries.next() else {
            stack.pop();
            continue;
        };
        let path = top.dir.join(name);
        if is_dir {
            let depth = top.depth + 1;
            stack.push(open(path, depth));
        } else {
            out.push(path);
            if out.len() > most {
                return None;
            }
        }
    }
    debug_assert!(out.is_sorted_by(|a, b| crate::work::path_order(a, b).is_le()));
    Some(out)
}

fn skipped_dir(name: &str) -> bool {
    matches!(
        name,
        "node_modules"
            | "__pycache__"
            | ".git"
            | ".hg"
            | ".svn"
            | ".venv"
            | "venv"
            | ".tox"
            | ".nox"
            | ".mypy_cache"
            | ".pytest_cache"
            | ".ruff_cache"
            | "site-packages"
            | "target"
    )
}

/// [`key_of`], borrowed when `path` is a key already (absolute, names
/// only): no copy is made of it.
pub(crate) fn key_ref(path: &Path) -> std::borrow::Cow<'_, Path> {
    if crate::work::plain_absolute(path) {
        std::borrow::Cow::Borrowed(path)
    } else {
        std::borrow::Cow::Owned(key_of(path))
    }
}

/// `path` made absolute and without `.`/`..`, as the index keys files.
pub(crate) fn key_of(path: &Path) -> PathBuf {
    if path.is_absolute() {
        key_in(None, path)
    } else {
        key_in(std::env::current_dir().ok().as_deref(), path)
    }
}

/// [`key_of`] `path`, a relative one taken from `cwd` (the working
/// directory, asked for once for many names).
pub(crate) fn key_in(cwd: Option<&Path>, path: &Path) -> PathBuf {
    let abs: std::borrow::Cow<Path> = match cwd {
        Some(cwd) if !path.is_absolute() => {
            if let Some(joined) = crate::work::join_plain(cwd, path) {
                return joined;
            }
            cwd.join(path).into()
        }
        _ => path.into(),
    };
    // Most names are normal already: kept as they are, not rebuilt. (The
    // part before the first separator, the root's, is not a name.)
    let normal = {
        let b = abs.as_os_str().as_encoded_bytes();
        match b.iter().position(|&c| c == std::path::MAIN_SEPARATOR as u8) {
            Some(root) => crate::work::plain_names(&b[root + 1..]),
            None => cfg!(unix),
        }
    };
    if normal {
        return abs.into_owned();
    }
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// Where `name` occurs in `text` as a whole word: no identifier character
/// (a letter, a digit, `_`, `$`, or any byte of a non-ASCII character) on
/// either side.
pub(crate) fn word_at<'a>(text: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    let bytes = text.as_bytes();
    text.match_indices(name).map(|(i, _)| i).filter(move |&i| {
        let before = i > 0 && word_byte(bytes[i - 1]);
        let after = bytes.get(i + name.len()).is_some_and(|&b| word_byte(b));
        !before && !after
    })
}

/// A byte of a whole word, as [`word_at`] tells them: an identifier's
/// ASCII byte, or any byte of a non-ASCII character.
pub(crate) fn word_byte(b: u8) -> bool {
    ident_byte(b) || b >= 0x80
}

/// The whole words of `text` (runs of [`word_byte`]s), as byte ranges, in
/// order. A word ends at an ASCII byte or the text's end, so each is a
/// run of whole characters.
fn words(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && !word_byte(bytes[at]) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && word_byte(bytes[at]) {
            at += 1;
        }
        (start < at).then_some((start, at))
    })
}

/// The innermost of `functions` (in the order of their starts, each
/// spanning `span(f)`) that holds the byte `at`: the last that starts at or
/// before it and ends after it, found from where it may be, not by
/// reading them all (a file of thousands of functions has thousands of
/// calls).
pub(crate) fn innermost<F>(
    functions: &[F],
    at: usize,
    span: impl Fn(&F) -> (usize, usize),
) -> Option<&F> {
    debug_assert!(functions.windows(2).all(|p| span(&p[0]).0 <= span(&p[1]).0));
    let starts = functions.partition_point(|f| span(f).0 <= at);
    functions[..starts].iter().rev().find(|f| at < span(f).1)
}

/// Where any of `names` occurs in `text` as a whole word (as [`word_at`]
/// finds each), as byte ranges in no particular order: the text's words
/// read once, whatever the number of names.
pub(crate) fn words_at(text: &str, names: &[&str]) -> Vec<(usize, usize)> {
    // A name that is not one word (none a reader gives) is looked for
    // alone.
    let (one, other): (Vec<&str>, Vec<&str>) = names
        .iter()
        .filter(|n| !n.is_empty())
        .partition(|n| n.bytes().all(word_byte));
    let mut out: Vec<(usize, usize)> = other
        .iter()
        .flat_map(|n| word_at(text, n).map(|i| (i, i + n.len())))
        .collect();
    if one.len() <= FEW_NAMES {
        out.extend(
            one.iter()
                .flat_map(|n| word_at(text, n).map(|i| (i, i + n.len()))),
        );
    } else {
        let one: std::collections::HashSet<&str> = one.into_iter().collect();
        out.extend(words(text).filter(|&(s, e)| one.contains(&text[s..e])));
    }
    out
}

/// How many names a text is searched for one by one; for more, its words
/// are read once and looked up.
pub(crate) const FEW_NAMES: usize = 16;

/// Whether a text holds names, asked one at a time: each of the first
/// [`FEW_NAMES`] by a search of its own, and past them in a set of the
/// text's words built once (a text's words cost more than a few searches,
/// and less than many).
#[derive(Default)]
pub(crate) struct FewThenWords<'t> {
    asked: usize,
    words: Option<std::collections::HashSet<&'t str>>,
}

impl<'t> FewThenWords<'t> {
    /// Whether `name` is held: `search()` says so for the first few names,
    /// and `words()` builds, once, the set that says so of every name.
    pub(crate) fn holds(
        &mut self,
        name: &str,
        search: impl FnOnce() -> bool,
        words: impl FnOnce() -> std::collections::HashSet<&'t str>,
    ) -> bool {
        if self.asked < FEW_NAMES {
            self.asked += 1;
            search()
        } else {
            self.words.get_or_insert_with(words).contains(name)
        }
    }
}

/// The whole words of `text` (as [`word_at`] finds them) that are not
/// within one of `windows` (in order, apart, as a reading's windows are):
/// `word_at(text, name).all(within a window)` is `!contains(name)`, told
/// for any number of names in one reading of the text.
pub(crate) fn words_outside<'a>(
    text: &'a str,
    windows: &[(usize, usize)],
) -> std::collections::HashSet<&'a str> {
    debug_assert!(windows.windows(2).all(|p| p[0].1 <= p[1].0));
    words(text)
        .filter(|&(start, end)| {
            // The last window starting at or before the word holds it, if
            // any.
            let w = windows.partition_point(|&(s, _)| s <= start);
            !(w > 0 && end <= windows[w - 1].1)
        })
        .map(|(start, end)| &text[start..end])
        .collect()
}

/// Names whose calls are looked for, found by a substring search for each
/// name that is not another's start followed by identifier characters
/// (`elicit` finds `elicitInput` too).
pub(crate) struct Names {
    roots: Vec<memchr::memmem::Finder<'static>>,
    names: std::collections::HashSet<Vec<u8>>,
}

/// An ASCII byte of an identifier, as calls are looked for ([`word_at`]
/// counts any byte of a non-ASCII character too).
fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

impl Names {
    /// `None` when there are no names.
    pub(crate) fn new(names: &[String]) -> Option<Names> {
        let mut sorted: Vec<&str> = names
            .iter()
            .map(String::as_str)
            .filter(|n| !n.is_empty())
            .collect();
        sorted.sort_by_key(|n| n.len());
        sorted.dedup();
        let mut roots: Vec<&str> = Vec::new();
        for name in &sorted {
            let covered = roots.iter().any(|r| {
                name.strip_prefix(r)
                    .is_some_and(|rest| rest.bytes().all(ident_byte))
            });
            if !covered {
                roots.push(name);
            }
        }
        if roots.is_empty() {
            return None;
        }
        Some(Names {
            roots: roots
                .iter()
                .map(|r| memchr::memmem::Finder::new(r.as_bytes()).into_owned())
                .collect(),
            names: sorted.iter().map(|n| n.as_bytes().to_vec()).collect(),
        })
    }

    /// Whether `text` calls one of the names: a whole word followed by
    /// `(` (or `)` and `<`: `(0, m.name)(...)`, `name<T>(...)`). `elicit`
    /// in `elicitation` or in a comment's prose is no call.
    pub(crate) fn called_in(&self, text: &[u8]) -> bool {
        self.roots
            .iter()
            .any(|r| self.calls_of(r, text).next().is_some())
    }

    /// The places in `text` where one of the names is called, in order.
    fn calls(&self, text: &[u8]) -> Vec<(usize, usize)> {
        let mut at: Vec<(usize, usize)> = self
            .roots
            .iter()
            .flat_map(|r| self.calls_of(r, text))
            .collect();
        at.sort_unstable();
        at
    }

    fn calls_of<'a>(
        &'a self,
        root: &'a memchr::memmem::Finder<'static>,
        text: &'a [u8],
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        root.find_iter(text).filter_map(move |start| {
            if start > 0 && ident_byte(text[start - 1]) {
                return None;
            }
            let mut end = start + root.needle().len();
            while end < text.len() && ident_byte(text[end]) {
                end += 1;
            }
            if !self.names.contains(&text[start..end]) {
                return None;
            }
            let next = text[end..]
                .iter()
                .copied()
                .find(|b| !b.is_ascii_whitespace());
            matches!(next, Some(b'(' | b')' | b'<')).then_some((start, end))
        })
    }
}

/// Whether `text` calls one of `names`.
pub(crate) fn calls_one_of(text: &str, names: &[String]) -> bool {
    Names::new(names).is_some_and(|n| n.called_in(text.as_bytes()))
}

/// Where a file's summary reads it: the top-level statements that call one
/// of `names` or import (`import`, `from`, `export ... from`, `require(`),
/// as [`super::statement_windows_at`] finds them; `None` for the whole
/// file (small, or nearly all of it).
pub(crate) fn summary_windows(
    text: &str,
    language: super::Language,
    names: &[String],
) -> Option<Vec<(usize, usize)>> {
    const SMALL: usize = 2 << 10;
    if text.len() <= SMALL {
        return None;
    }
    let at = Names::new(names)?.calls(text.as_bytes());
    // The models a Python statement names are read too, as the lint of
    // the file reads them: the lint then takes the tree made here.
    let models = language == super::Language::Python;
    super::windows_with_imports(text, language, at, models)
}

/// The lines of `text` that import (`import`, `from`, indented too; in
/// TypeScript and JavaScript `export ... from` and `require(`), as byte
/// ranges, in order. Only the lines that hold one of those words are
/// looked at, found by a substring search (most of a file's lines hold
/// none).
pub(crate) fn import_lines(
    text: &str,
    language: super::Language,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let python = language == super::Language::Python;
    let bytes = text.as_bytes();
    let words: &[&str] = if python {
        &["import ", "from "]
    } else {
        &["import ", "export ", "require("]
    };
    let mut starts: Vec<usize> = words
        .iter()
        .flat_map(|w| memchr::memmem::find_iter(bytes, w.as_bytes()))
        .map(|at| memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |nl| nl + 1))
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts.into_iter().filter_map(move |start| {
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |p| start + p);
        imports(&text[start..end], python).then_some((start, end))
    })
}

/// Whether `line` imports: in Python `import` or `from` (indented too: an
/// import in a function's body, `def register(mcp):` importing its
/// helpers); in TypeScript and JavaScript `import`, `export ... from` or
/// `require(`.
fn imports(line: &str, python: bool) -> bool {
    if python {
        let line = line.trim_start_matches([' ', '\t']);
        line.starts_with("import ") || line.starts_with("from ")
    } else {
        line.starts_with("import ")
            || (line.starts_with("export ") && line.contains(" from "))
            || line.contains("require(")
    }
}

/// The files of a project and their texts, each read when first needed.
/// A text a search ([`Texts::calling`], [`Texts::containing`]) read and
/// found nothing in is not kept (most files of a project, most of its
/// bytes): it is read again only if a later round looks for more names,
/// which most projects never do, and for the helpers of other files
/// ([`Texts::calling_imported`]) only if it imports at all.
pub(crate) struct Texts {
    /// The files, as keys, sorted.
    pub files: Vec<PathBuf>,
    texts: PathMap<Slot>,
    /// The names [`Texts::calling`] looked for, and the files it found
    /// calling one of them.
    looked_for: std::collections::HashSet<String>,
    found: std::collections::BTreeSet<PathBuf>,
    /// The files read that hold no name an elicitation is written with.
    silent: PathSet,
    /// The bytes of text read so far, and whether a file was left unread
    /// because they would have passed [`MAX_BYTES`].
    bytes: std::sync::atomic::AtomicU64,
    too_large: std::sync::atomic::AtomicBool,
    /// [`MAX_BYTES`], but in tests.
    budget: u64,
    /// The words without one of which a file imports nothing in the
    /// project's language (`import`, `require`); none when its helpers
    /// are not looked for by [`Texts::calling_imported`].
    import_words: &'static [&'static str],
    /// Tells of a file read the first time whether it may hold an
    /// elicitation and whether it holds an import word.
    prefilter: super::Prefilter,
}

/// What [`Texts`] holds of a file read.
enum Slot {
    Kept(Arc<str>),
    /// Read (and counted against [`MAX_BYTES`]), and not kept; whether it
    /// holds one of the project's import words.
    Dropped {
        imports: bool,
    },
    /// Not readable, or past [`MAX_BYTES`].
    Failed,
}

impl Slot {
    fn of(text: Option<Arc<str>>) -> Slot {
        text.map_or(Slot::Failed, Slot::Kept)
    }
}

impl Texts {
    pub(crate) fn new(files: &[PathBuf]) -> Texts {
        let mut files: Vec<PathBuf> = files.iter().map(|f| key_of(f)).collect();
        files.sort_by(|a, b| crate::work::path_order(a, b));
        let n = files.len();
        Texts {
            files,
            texts: PathMap::with_capacity_and_hasher(n, Default::default()),
            looked_for: Default::default(),
            found: Default::default(),
            silent: PathSet::with_capacity_and_hasher(n, Default::default()),
            bytes: Default::default(),
            too_large: Default::default(),
            budget: MAX_BYTES,
            import_words: &[],
            prefilter: super::Prefilter::new(&[]),
        }
    }

    /// [`Texts::new`] for a project in which a file calls a function of
    /// another only through an import, which holds one of `words`.
    pub(crate) fn importing(files: &[PathBuf], words: &'static [&'static str]) -> Texts {
        Texts {
            import_words: words,
            prefilter: super::Prefilter::new(words),
            ..Texts::new(files)
        }
    }

    /// Whether the project holds more than [`MAX_BYTES`] of source: its
    /// index is not built (each file is read alone).
    pub(crate) fn too_large(&self) -> bool {
        self.too_large.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The text of `file` read from disk, counted against [`MAX_BYTES`]
    /// (`None` past it).
    fn read(&self, file: &Path) -> Option<Arc<str>> {
        self.read_with(file, kept_text)
    }

    /// `f` of the bytes of `file` read from disk, counted against
    /// [`MAX_BYTES`] (`None` past it).
    fn read_with<R>(&self, file: &Path, f: impl FnOnce(&[u8]) -> R) -> Option<R> {
        use std::sync::atomic::Ordering;
        read_bytes(file, |bytes| {
            let len = bytes.len() as u64;
            if self.bytes.fetch_add(len, Ordering::Relaxed) + len > self.budget {
                self.too_large.store(true, Ordering::Relaxed);
                return None;
            }
            Some(f(bytes))
        })?
    }

    /// Whether `file` is one of the project's.
    pub(crate) fn has(&self, file: &Path) -> bool {
        self.files
            .binary_search_by(|f| crate::work::path_order(f, file))
            .is_ok()
    }

    /// The text of `file` (`None` when it cannot be read or is larger than
    /// a source file is read).
    pub(crate) fn text(&mut self, file: &Path) -> Option<Arc<str>> {
        let text = match self.texts.get(file.as_os_str()) {
            Some(Slot::Kept(text)) => return Some(text.clone()),
            Some(Slot::Failed) => return None,
            // Counted when it was first read.
            Some(Slot::Dropped { .. }) => read_text(file),
            None => self.read(file),
        };
        self.texts
            .insert(PathKey(file.to_path_buf()), Slot::of(text.clone()));
        text
    }

    /// The files that call one of `names`.
    pub(crate) fn calling(&mut self, names: &[String]) -> Vec<PathBuf> {
        self.calling_in(names, false)
    }

    /// [`Texts::calling`] for helpers found in the project's files (by
    /// the rounds before): a file no round found calling a name defines
    /// none of them, so it calls one only through an import, and a text
    /// not kept that holds none of the import words is not read again.
    pub(crate) fn calling_imported(&mut self, names: &[String]) -> Vec<PathBuf> {
        self.calling_in(names, true)
    }

    fn calling_in(&mut self, names: &[String], imported: bool) -> Vec<PathBuf> {
        let Some(called) = Names::new(names) else {
            return Vec::new();
        };
        self.looked_for.extend(names.iter().cloned());
        // A text holds a root that names an elicitation only where it names
        // one (what tells a name is read within the root's own bytes).
        let named = called.roots.iter().all(|r| super::may_elicit(r.needle()));
        let hits = self.searched(|t| called.called_in(t), named, true, imported);
        self.found.extend(hits.iter().cloned());
        hits
    }

    /// The files whose text holds one of `needles`; the files that hold
    /// no name an elicitation is written with are told too (as
    /// [`Texts::calling`] tells them).
    pub(crate) fn containing(&mut self, needles: &[&str]) -> Vec<PathBuf> {
        let finders: Vec<memchr::memmem::Finder> = needles
            .iter()
            .map(|n| memchr::memmem::Finder::new(n.as_bytes()))
            .collect();
        let named = needles.iter().all(|n| super::may_elicit(n.as_bytes()));
        self.searched(
            |t| finders.iter().any(|f| f.find(t).is_some()),
            named,
            true,
            false,
        )
    }

    /// The files whose text `hit` tells, each read (the first time, or
    /// again when it was not kept) and searched on all cores (with
    /// `named`, every text `hit` tells names an elicitation, and a text
    /// read the first time that names none is not searched); with
    /// `silent`, the files read the first time that hold no name an
    /// elicitation is written with are told too; with `imported`, a text
    /// not kept is read again only if it holds an import word.
    fn searched(
        &mut self,
        hit: impl Fn(&[u8]) -> bool + Sync,
        named: bool,
        silent: bool,
        imported: bool,
    ) -> Vec<PathBuf> {
        let this = &*self;
        let tell_silent = silent;
        // A project whose import words are not told reads every text.
        let imported = imported && !self.import_words.is_empty();
        let read = crate::work::on_all_cores(&self.files, crate::work::cores(), |_, f| {
            // The bytes as read are searched (the names are ASCII, and a
            // byte that is not UTF-8 is no ASCII letter, as the character
            // that stands for it once read is not); only a text kept is
            // made.
            let look = |bytes: &[u8], new: bool| {
                // A text read the first time is read once for what it may
                // hold; one read again is asked only what `hit` tells.
                let (elicits, imports) = if new {
                    this.prefilter.read(bytes)
                } else {
                    (true, false)
                };
                let silent = tell_silent && !elicits;
                let hit = !(silent && named) && hit(bytes);
                // Told once, of a text not kept, for the later rounds.
                let imports = imports && !hit;
                (hit, silent, hit.then(|| kept_text(bytes)), imports)
            };
            let (read, new) = match this.texts.get(f.as_os_str()) {
                Some(Slot::Kept(t)) => (Some((hit(t.as_bytes()), false, None, false)), false),
                Some(Slot::Failed) => (None, false),
                Some(Slot::Dropped { imports: false }) if imported => (None, false),
                Some(Slot::Dropped { .. }) => (read_bytes(f, |b| look(b, false)), false),
                None => (this.read_with(f, |b| look(b, true)), true),
            };
            let readable = read.is_some();
            let (hit, silent, text, imports) = read.unwrap_or((false, false, None, false));
            // Kept when it calls one of the names (its summary is made
            // next); a text kept before stays.
            let slot = match text {
                Some(t) => Some(Slot::Kept(t)),
                None if new && !readable => Some(Slot::Failed),
                None if new => Some(Slot::Dropped { imports }),
                None => None,
            };
            (slot, hit, silent)
        });
        let mut hits = Vec::new();
        for (f, r) in self.files.iter().zip(read) {
            let Some((slot, hit, silent)) = r else {
                continue;
            };
            if let Some(slot) = slot {
                self.texts.insert(PathKey(f.clone()), slot);
            }
            if silent {
                self.silent.insert(PathKey(f.clone()));
            }
            if hit {
                hits.push(f.clone());
            }
        }
        hits
    }

    /// The files read so far that hold no name an elicitation is written
    /// with.
    pub(crate) fn take_silent(&mut self) -> PathSet {
        std::mem::take(&mut self.silent)
    }

    /// Hands the texts kept (of the files that call what the index looked
    /// for, most of the files that elicit) to the lint that follows
    /// ([`take_text`]), which then does not read them again; within
    /// [`KEPT_TEXTS`] bytes.
    pub(crate) fn keep_for_lint(&mut self) {
        let mut kept = kept_texts();
        for (file, slot) in self.texts.drain() {
            if let Slot::Kept(text) = slot
                && kept.1 + text.len() <= KEPT_TEXTS
            {
                kept.1 += text.len();
                kept.0.insert(file, text);
            }
        }
    }

    /// The files that call one of `names`, which hold every name
    /// [`Texts::calling`] was asked for before: only the names not looked
    /// for yet (helpers the last round found) are looked for, as
    /// [`Texts::calling_imported`] does.
    pub(crate) fn calling_any(&mut self, names: &[String]) -> Vec<PathBuf> {
        let new: Vec<String> = names
            .iter()
            .filter(|n| !self.looked_for.contains(*n))
            .cloned()
            .collect();
        self.calling_imported(&new);
        self.found.iter().cloned().collect()
    }
}

/// The most text kept by the indexes for the lint ([`Texts::keep_for_lint`]).
const KEPT_TEXTS: usize = 4 << 20;

/// The texts the indexes kept for the lint, by file, and their bytes.
fn kept_texts() -> std::sync::MutexGuard<'static, (PathMap<Arc<str>>, usize)> {
    static KEPT: OnceLock<Mutex<(PathMap<Arc<str>>, usize)>> = OnceLock::new();
    KEPT.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The text of `file` as an index read it and kept it for the lint,
/// taken (it is asked for once); `None` when none kept it.
pub(crate) fn take_text(file: &Path) -> Option<Arc<str>> {
    let mut kept = kept_texts();
    if kept.0.is_empty() {
        return None;
    }
    let text = kept.0.remove(key_ref(file).as_os_str())?;
    kept.1 -= text.len();
    Some(text)
}

/// Each file's summary, with how many of the names whose calls matter
/// (the project's `order`) it was made for.
pub(crate) type Summaries<S> = PathMap<(usize, Arc<S>)>;

/// The summaries of `files` for the names of `order`, each made once: one
/// made for fewer names stands while the file calls none of the names
/// found since. Those to make are made on all cores by `summarize` (of a
/// file, its text and the windows that name `order`), so that a round's
/// files are read at once, not one after another; a file that cannot be
/// read has none.
pub(crate) fn summaries_for<S: Send + Sync>(
    texts: &mut Texts,
    summaries: &mut Summaries<S>,
    order: &[String],
    files: &[PathBuf],
    language_of: impl Fn(&Path) -> Option<super::Language>,
    summarize: impl Fn(&str, super::Language, Option<&[(usize, usize)]>) -> S + Sync,
) {
    let n = order.len();
    let mut stale: Vec<(PathBuf, Arc<str>, super::Language)> = Vec::new();
    for file in files {
        let Some(text) = texts.text(file) else {
            continue;
        };
        if let Some((seen, s)) = summaries.get(file.as_os_str()).cloned()
            && (seen == n || !calls_one_of(&text, &order[seen..]))
        {
            summaries.insert(PathKey(file.clone()), (n, s));
            continue;
        }
        if let Some(language) = language_of(file)
            && !stale.iter().any(|(f, ..)| f == file)
        {
            stale.push((file.clone(), text, language));
        }
    }
    let make = |(_, text, language): &(PathBuf, Arc<str>, super::Language)| {
        let windows = summary_windows(text, *language, order);
        summarize(text, *language, windows.as_deref())
    };
    let made = crate::work::on_all_cores(&stale, crate::work::cores(), |_, s| make(s));
    for ((file, ..), s) in stale.into_iter().zip(made) {
        if let Some(s) = s {
            summaries.insert(PathKey(file), (n, Arc::new(s)));
        }
    }
}

/// The text of a source file (`None` when it cannot be read or is larger
/// than a source file is read).
fn read_text(file: &Path) -> Option<Arc<str>> {
    read_bytes(file, kept_text)
}

/// A text to keep, made once at its size (read lossily when it is not
/// UTF-8).
fn kept_text(bytes: &[u8]) -> Arc<str> {
    Arc::from(super::text_of(bytes).as_ref())
}

/// `f` of the bytes of `file` (`None` when it cannot be read or is larger
/// than a source file is read). Each thread reads into a buffer of its
/// own, kept from one file to the next: a text is allocated only when it
/// is kept, once, at its size (reading into a fresh buffer, then copying
/// it, made the allocator give memory back and ask for it again at every
/// file).
fn read_bytes<R>(file: &Path, f: impl FnOnce(&[u8]) -> R) -> Option<R> {
    use std::io::Read;
    thread_local! {
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with_borrow_mut(|buffer| {
        buffer.clear();
        let read = std::fs::File::open(file)
            .and_then(|f| f.take(super::MAX_SOURCE as u64 + 1).read_to_end(buffer));
        let text = match read {
            Ok(_) if buffer.len() <= super::MAX_SOURCE => Some(f(buffer)),
            _ => None,
        };
        // A large file's room is not kept for the rest of the run.
        if buffer.capacity() > KEPT_BUFFER {
            *buffer = Vec::new();
        }
        text
    })
}

/// The most room a reading thread keeps between files.
const KEPT_BUFFER: usize = 1 << 20;

/// [`place`] for the many places of a project's files an index tells:
/// each file's line breaks found once, each place's line found from them.
#[derive(Default)]
pub(crate) struct Places {
    newlines: HashMap<PathBuf, Vec<usize>>,
}

impl Places {
    /// [`place`] of `offset` in `text`, the text of `path` (the same
    /// text each time it is asked of).
    pub(crate) fn place(&mut self, root: &Path, path: &Path, text: &str, offset: usize) -> String {
        let newlines = self
            .newlines
            .entry(path.to_path_buf())
            .or_insert_with(|| memchr::memchr_iter(b'\n', text.as_bytes()).collect());
        let line = newlines.partition_point(|&n| n < offset.min(text.len())) + 1;
        at_line(root, path, line)
    }
}

/// `path:line`, the path shown from `root`, for what is said of a place.
pub(crate) fn at_line(root: &Path, path: &Path, line: usize) -> String {
    let shown = path.strip_prefix(root).unwrap_or(path);
    format!("{}:{line}", shown.display())
}

/// `path:line` of a byte offset in `text`, for what is said of a place.
pub(crate) fn place(root: &Path, path: &Path, text: &str, offset: usize) -> String {
    let line = text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1;
    at_line(root, path, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The import lines found by searching for the import words are those
    /// a reading of every line finds: lines that hold an import word
    /// elsewhere than at their start, several words on one line, the last
    /// line without a line break, CRLF.
    #[test]
    fn import_lines_are_every_line_that_imports() {
        fn every_line(text: &str, python: bool) -> Vec<(usize, usize)> {
            let mut out = Vec::new();
            let mut start = 0;
            for line in text.split('\n') {
                let end = start + line.len();
                if imports(line, python) {
                    out.push((start, end));
                }
                start = end + 1;
            }
            out
        }
        let python = "import os\nx = 'import y'\n  from a import b\r\ndef f():\n\tfrom .m import n\nfrom_x = 1\nimport z";
        let script = "import a from 'a';\nconst b = require('b'); import c\nexport { d } from './d'\nexport const e = 1; // import f\n  import g from 'g'\nx(require(\n'h'))\nimport ";
        for (text, language) in [
            (python, super::super::Language::Python),
            (script, super::super::Language::TypeScript),
        ] {
            let want = every_line(text, language == super::super::Language::Python);
            assert!(want.len() >= 4, "{want:?}");
            assert_eq!(
                import_lines(text, language).collect::<Vec<_>>(),
                want,
                "{text}"
            );
        }
    }

    #[test]
    fn places_are_the_lines_place_counts() {
        let text = "a\nbc\r\n\nd\re\n";
        let root = Path::new("/p");
        let file = Path::new("/p/m.py");
        let mut places = Places::default();
        for offset in 0..=text.len() + 2 {
            assert_eq!(
                places.place(root, file, text, offset),
                place(root, file, text, offset),
                "{offset}"
            );
        }
    }

    #[test]
    fn innermost_is_the_last_function_by_start_that_holds_the_place() {
        // Nested and side by side, as a file's functions are: (start, end).
        let functions = [
            (0, 50),
            (5, 20),
            (8, 12),
            (20, 30),
            (31, 49),
            (60, 70),
            (70, 80),
        ];
        for at in 0..90 {
            let want = functions.iter().rev().find(|f| f.0 <= at && at < f.1);
            assert_eq!(super::innermost(&functions, at, |f| *f), want, "at {at}");
        }
        assert_eq!(super::innermost(&[] as &[(usize, usize)], 3, |f| *f), None);
    }

    #[test]
    fn links_tell_each_entry_once_and_keep_the_first_telling() {
        let mut links = Links::default();
        for i in 0..3 {
            links.resolve("Model".into());
            links.resolve(format!("Other{i}"));
            links.depends(Path::new("a.py"));
            let (e, first) = links.elicited("Form".into(), Flavour::Schema, || {
                (format!("caller.py:{i}"), vec![format!("title{i}")])
            });
            assert_eq!(first, i == 0);
            e.cleared.push("kept".into());
        }
        // Another flavour is another entry.
        links.elicited("Form".into(), Flavour::Rmcp, || {
            ("r.rs:1".into(), Vec::new())
        });
        assert_eq!(links.resolved, ["Model", "Other0", "Other1", "Other2"]);
        assert_eq!(links.dependents, [PathBuf::from("a.py")]);
        let told: Vec<(&str, Flavour, &str, usize)> = links
            .elicited
            .iter()
            .map(|e| (e.name.as_str(), e.flavour, e.via.as_str(), e.cleared.len()))
            .collect();
        assert_eq!(
            told,
            [
                ("Form", Flavour::Schema, "caller.py:0", 4),
                ("Form", Flavour::Rmcp, "r.rs:1", 0)
            ]
        );
    }

    #[test]
    fn few_then_words_searches_the_first_few_names_then_builds_the_words_once() {
        let mut held = super::FewThenWords::default();
        let (mut searches, mut builds) = (0, 0);
        for i in 0..super::FEW_NAMES + 5 {
            let name = if i % 2 == 0 { "yes" } else { "no" };
            let answer = held.holds(
                name,
                || {
                    searches += 1;
                    name == "yes"
                },
                || {
                    builds += 1;
                    std::collections::HashSet::from(["yes"])
                },
            );
            assert_eq!(answer, name == "yes", "name {i}");
        }
        assert_eq!((searches, builds), (super::FEW_NAMES, 1));
    }

    #[test]
    fn words_at_are_where_word_at_finds_each_name() {
        let text =
            "x = Model\nclass Model(Base):\n    é_x: int = $y.é_x\nModelx = Model\nab ab_c a.b";
        // Few names, each searched for, and more than a few, the words
        // read once: the names asked last first, so that every one is
        // asked among more than a few.
        let fillers: Vec<String> = (0..super::FEW_NAMES).map(|i| format!("n{i}")).collect();
        let mut names = vec![
            "x", "Model", "é_x", "$y", "y", "ab", "c", "a.b", "", "nothing",
        ];
        names.extend(fillers.iter().map(String::as_str));
        for n in 0..=names.len() {
            let asked: Vec<&str> = names[..n].iter().rev().copied().collect();
            let asked = &asked[..];
            let mut got = super::words_at(text, asked);
            got.sort_unstable();
            let mut want: Vec<(usize, usize)> = asked
                .iter()
                .filter(|n| !n.is_empty())
                .flat_map(|n| super::word_at(text, n).map(|i| (i, i + n.len())))
                .collect();
            want.sort_unstable();
            assert_eq!(got, want, "{asked:?}");
        }
    }

    #[test]
    fn words_outside_are_the_words_not_all_within_a_window() {
        let text = "x = Model\nclass Model(Base):\n    é_x: int = $y\nModelx = Model\nab ab_c";
        let names = [
            "x", "Model", "Base", "é_x", "int", "$y", "y", "Modelx", "ab", "ab_c", "c",
        ];
        let cut = |t: &str| {
            let mut at: Vec<usize> = t.char_indices().map(|(i, _)| i).collect();
            at.push(t.len());
            at
        };
        let places = cut(text);
        // Every window of one or two spans the text's character
        // boundaries make (every fourth, to keep it quick).
        let ends: Vec<usize> = places
            .iter()
            .copied()
            .step_by(4)
            .chain([text.len()])
            .collect();
        let mut windowings: Vec<Vec<(usize, usize)>> = vec![vec![]];
        for (i, &a) in ends.iter().enumerate() {
            for (j, &b) in ends.iter().enumerate().skip(i + 1) {
                windowings.push(vec![(a, b)]);
                for &c in &ends[j..] {
                    for &d in ends.iter().filter(|&&d| d > c) {
                        windowings.push(vec![(a, b), (c, d)]);
                    }
                }
            }
        }
        for w in &windowings {
            let outside = super::words_outside(text, w);
            for name in names {
                let all_within = super::word_at(text, name)
                    .all(|at| w.iter().any(|&(s, e)| s <= at && at + name.len() <= e));
                assert_eq!(!outside.contains(name), all_within, "{name:?} in {w:?}");
            }
        }
    }

    #[test]
    fn listing_skips_dependencies_and_does_not_follow_links() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("pkg/node_modules/x")).unwrap();
        std::fs::write(root.join("pkg/a.py"), "").unwrap();
        std::fs::write(root.join("pkg/node_modules/x/b.py"), "").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(root, root.join("pkg/loop")).unwrap();
        let files = list(root, &["py"]).unwrap();
        assert_eq!(files, vec![root.join("pkg/a.py")]);
    }

    /// A folder holding the (empty) files `names`, folders made as needed.
    fn folder_of(names: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
        }
        dir
    }

    #[test]
    fn listing_is_in_the_order_of_paths() {
        // Names that sort otherwise as whole strings ('-' and '.' before
        // '/') and as parts.
        let dir = folder_of(&[
            "a/x.py",
            "a-b/x.py",
            "a.py",
            "a0.py",
            "b/c/d.py",
            "b/c.py",
            "b/c-d.py",
            "Z.py",
            "é.py",
            "e.py",
            "a/b/c/d/e.py",
            "a/b.py",
        ]);
        let root = dir.path();
        let files = list(root, &["py"]).unwrap();
        let mut sorted = files.clone();
        sorted.sort();
        assert_eq!(files, sorted);
        assert_eq!(files.len(), 12);
    }

    /// A text an index kept is handed to the lint once: taken, then gone.
    #[test]
    fn a_kept_text_is_taken_by_the_lint_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = key_of(&dir.path().join("m.py"));
        std::fs::write(&file, "await ctx.elicit('m', M)\n").unwrap();
        let mut texts = Texts::new(std::slice::from_ref(&file));
        assert_eq!(texts.calling(&["elicit".to_string()]), vec![file.clone()]);
        texts.keep_for_lint();
        assert_eq!(
            take_text(&file).as_deref(),
            Some("await ctx.elicit('m', M)\n")
        );
        assert_eq!(take_text(&file), None);
    }

    /// One listing of a root serves each language's index: each takes the
    /// files a listing of its own extensions finds, no more, none less,
    /// in the same order.
    #[test]
    fn a_shared_listing_gives_each_language_its_own_files() {
        let dir = folder_of(&[
            "app.py",
            "types.pyi",
            "web/index.ts",
            "web/view.tsx",
            "web/old.js",
            "web/.ts",
            "web/x.d.ts",
            "web/node_modules/dep/index.js",
            "cmd/main.go",
            "src/lib.rs",
            "App.java",
            "App.kt",
            "build.gradle.kts",
            "Program.cs",
            "README.md",
            "data.json",
            "UPPER.PY",
            "__pycache__/app.py",
        ]);
        let root = dir.path();
        let languages: [&[&str]; 6] = [
            &["py", "pyi"],
            &["ts", "tsx", "mts", "cts", "js", "mjs", "cjs", "jsx"],
            &["go"],
            &["rs"],
            &["java"],
            &["kt", "kts"],
        ];
        for extensions in languages.iter().chain([&["cs"][..]].iter()) {
            let own = list_of(root, extensions, MAX_FILES).unwrap();
            assert!(!own.is_empty(), "{extensions:?}");
            assert_eq!(list(root, extensions).unwrap(), own, "{extensions:?}");
        }
        // Python: `app.py` and `types.pyi`, not `UPPER.PY` nor a cache's.
        assert_eq!(list(root, &["py", "pyi"]).unwrap().len(), 2);
    }

    #[test]
    fn summaries_read_the_statements_that_import_or_call() {
        let filler: String = (0..200)
            .map(|i| format!("def f{i}(x):\n    return x\n\n"))
            .collect();
        let text = format!(
            "from app.ask import ask\n\n{filler}async def t(ctx):\n    return await ask(ctx, \"m\", M)\n\n{filler}"
        );
        let names = vec!["ask".to_string()];
        let windows = summary_windows(&text, super::super::Language::Python, &names).unwrap();
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(read.len(), 2, "{read:?}");
        assert!(read[0].starts_with("from app.ask import ask"), "{read:?}");
        assert!(read[1].starts_with("async def t(ctx):"), "{read:?}");
        // `ask` in prose or as part of a word is no call.
        assert!(!calls_one_of("task = 1  # ask me", &names));
        assert!(calls_one_of("x = ask (1)", &names));
        // A name that starts another is found with it, each whole.
        let names = vec!["elicit".to_string(), "elicitInput".to_string()];
        assert!(calls_one_of("server.elicitInput({})", &names));
        assert!(calls_one_of("ctx.elicit(m)", &names));
        assert!(!calls_one_of(
            "elicitation(x); elicitInputs(y); my_elicit(z)",
            &names
        ));
        assert!(calls_one_of("(0, m.elicitInput)(p)", &names));
    }

    #[test]
    fn reading_stops_past_the_byte_bound() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<PathBuf> = (0..4)
            .map(|i| {
                let f = dir.path().join(format!("m{i}.py"));
                std::fs::write(&f, format!("ask{i}(x)\n")).unwrap();
                f
            })
            .collect();
        let names = vec!["ask0".to_string(), "ask3".to_string()];
        let mut texts = Texts::new(&files);
        assert_eq!(texts.calling(&names).len(), 2);
        assert!(!texts.too_large());
        // Two of the four files' 9 bytes fit in 20 (which two, the cores
        // decide): the rest are not read, and the project is too large to
        // index.
        let mut texts = Texts::new(&files);
        texts.budget = 20;
        texts.calling(&names);
        assert!(texts.too_large());
        let read = files.iter().filter(|f| {
            texts
                .texts
                .get(f.as_os_str())
                .is_some_and(|t| !matches!(t, Slot::Failed))
        });
        assert_eq!(read.count(), 2);
        let mut texts = Texts::new(&files);
        texts.budget = 20;
        assert!(texts.text(&files[0]).is_some());
        assert!(texts.text(&files[1]).is_some());
        assert!(texts.text(&files[2]).is_none());
        assert!(texts.too_large());
    }

    #[test]
    fn text_that_is_not_utf8_is_searched_and_kept_as_read_lossily() {
        let dir = tempfile::tempdir().unwrap();
        let called = dir.path().join("a.py");
        let not = dir.path().join("b.py");
        std::fs::write(&called, b"x = '\xff\xfe'\n\xffask(ctx, M)\n").unwrap();
        std::fs::write(&not, b"\xffask\xff(ctx)\n# elicit\xe9 nothing\n").unwrap();
        let names = vec!["ask".to_string()];
        let mut texts = Texts::new(&[called.clone(), not.clone()]);
        assert_eq!(texts.calling(&names), vec![called.clone()]);
        // The file calling is kept, read lossily; the other is not kept.
        // It names an elicitation (`elicit`, before a byte that is not
        // UTF-8), as it would once read: only the first is silent.
        assert!(matches!(
            texts.texts.get(called.as_os_str()),
            Some(Slot::Kept(_))
        ));
        assert!(matches!(
            texts.texts.get(not.as_os_str()),
            Some(Slot::Dropped { .. })
        ));
        assert_eq!(
            texts.text(&called).as_deref(),
            Some("x = '\u{fffd}\u{fffd}'\n\u{fffd}ask(ctx, M)\n")
        );
        assert_eq!(
            texts
                .take_silent()
                .into_iter()
                .map(|k| k.0)
                .collect::<Vec<_>>(),
            vec![called]
        );
    }

    #[test]
    fn a_text_read_first_that_names_no_elicitation_is_searched_only_when_a_hit_may_not_name_one() {
        let dir = tempfile::tempdir().unwrap();
        let names = dir.path().join("a.py");
        let none = dir.path().join("b.py");
        std::fs::write(&names, "ctx.elicit('m', M)").unwrap();
        std::fs::write(&none, "ask_user(ctx)").unwrap();
        for named in [true, false] {
            let mut texts = Texts::new(&[names.clone(), none.clone()]);
            let searched = std::sync::atomic::AtomicUsize::new(0);
            let hits = texts.searched(
                |t| {
                    searched.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    t.starts_with(b"ask")
                },
                named,
                true,
                false,
            );
            // With `named`, the silent text is not searched, and so is no
            // hit (as the search here, which does not name one, would say).
            let want = if named { vec![] } else { vec![none.clone()] };
            assert_eq!(hits, want, "named: {named}");
            assert_eq!(searched.into_inner(), if named { 1 } else { 2 });
            assert_eq!(
                texts
                    .take_silent()
                    .into_iter()
                    .map(|k| k.0)
                    .collect::<Vec<_>>(),
                std::slice::from_ref(&none)
            );
        }
        // The SDKs' names each name an elicitation.
        let sdk = Names::new(&["elicit".into(), "elicitInput".into(), "Elicit".into()]).unwrap();
        assert!(
            sdk.roots
                .iter()
                .all(|r| super::super::may_elicit(r.needle()))
        );
    }

    /// `dir/name`, written with `text`.
    fn written(dir: &Path, name: &str, text: &str) -> PathBuf {
        let f = dir.join(name);
        std::fs::write(&f, text).unwrap();
        f
    }

    #[test]
    fn containing_tells_the_files_that_name_no_elicitation() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, text: &str| written(dir.path(), name, text);
        let sends = file("a.rs", "peer.elicit::<Form>(\"m\")");
        let names = file("b.rs", "fn elicit_form() {}");
        let none = file("c.rs", "fn main() {}");
        let mut texts = Texts::new(&[sends.clone(), names.clone(), none.clone()]);
        assert_eq!(texts.containing(&["elicit::<"]), vec![sends]);
        // Only a file that names no elicitation is told: its lint has
        // nothing to read, and a file that names one is read again.
        assert_eq!(
            texts
                .take_silent()
                .into_iter()
                .map(|k| k.0)
                .collect::<Vec<_>>(),
            vec![none]
        );
    }

    #[test]
    fn helpers_are_looked_for_only_in_texts_that_import() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, text: &str| written(dir.path(), name, text);
        let helper = file(
            "ask.py",
            "async def ask(ctx, m, s):\n    return await ctx.elicit(m, schema=s)\n",
        );
        let imports = file(
            "a.py",
            "from ask import ask\n\n\nasync def a(ctx):\n    await ask(ctx, 'm', M)\n",
        );
        let importing_late = file(
            "b.py",
            "def b(ctx):\n    import ask\n    return ask.ask(ctx, 'm', M)\n",
        );
        let bare = file("c.py", "def c(ctx):\n    return ask(ctx, 'm', M)\n");
        let files = [
            helper.clone(),
            imports.clone(),
            importing_late.clone(),
            bare.clone(),
        ];
        let sdk = vec!["elicit".to_string()];
        let helpers = vec!["ask".to_string()];
        for (words, found) in [
            // A file that holds no import word calls no other file's
            // function: it is not read again. (The helper's file is kept,
            // and its `def ask(` reads as a call.)
            (
                &["import"][..],
                vec![imports.clone(), helper.clone(), importing_late.clone()],
            ),
            // Without import words, every text not kept is read again.
            (
                &[][..],
                vec![
                    imports.clone(),
                    helper.clone(),
                    importing_late.clone(),
                    bare.clone(),
                ],
            ),
        ] {
            let mut texts = Texts::importing(&files, words);
            assert_eq!(texts.calling(&sdk), vec![helper.clone()]);
            assert_eq!(texts.calling_imported(&helpers), found);
            // Its text is still there for what asks for it.
            assert!(texts.text(&bare).is_some());
        }
        // The first round reads every file, import words or not.
        let mut texts = Texts::importing(&files, &["import"]);
        assert_eq!(
            texts.calling(&helpers),
            vec![imports, helper, importing_late, bare]
        );
    }

    #[test]
    fn keys_are_absolute_and_normal() {
        let k = key_of(Path::new("/a/b/../c/./d.py"));
        assert_eq!(k, PathBuf::from("/a/c/d.py"));
        for (path, key) in [
            ("/a/b/c.py", "/a/b/c.py"),
            ("/a//b/./c.py", "/a/b/c.py"),
            ("/a/b/", "/a/b"),
            ("/a/b/.", "/a/b"),
            ("/a/b/..", "/a"),
            ("/", "/"),
        ] {
            assert_eq!(key_of(Path::new(path)), PathBuf::from(key), "{path}");
        }
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(key_of(Path::new("x/./y.py")), cwd.join("x/y.py"));
        assert_eq!(key_of(Path::new("x.py")), cwd.join("x.py"));
        // The working directory given once for many names.
        let base = Some(Path::new("/w/d"));
        assert_eq!(
            key_in(base, Path::new("./x/../y.py")),
            Path::new("/w/d/y.py")
        );
        assert_eq!(key_in(base, Path::new("/a/./b.py")), Path::new("/a/b.py"));
        assert_eq!(key_in(None, Path::new("/a/b.py")), Path::new("/a/b.py"));
    }
}
