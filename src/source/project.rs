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
    /// The versions of the official Python SDK (`mcp`) a Python project
    /// may run with, as its lock file (`uv.lock`, `poetry.lock`,
    /// `pdm.lock`) or else its requirement says (`mcp==1.20.0`,
    /// `mcp>=1.9,<1.23`, `mcp~=1.22.0`), FastMCP's included; `None` when
    /// neither says (read as the newest).
    pub python_sdk: Option<Versions>,
    /// The majors of FastMCP the project's requirement allows, when it
    /// names FastMCP (`fastmcp==3.2.0`: 3 to 3; `fastmcp>=2.10`: 2 to
    /// any).
    pub fastmcp_majors: Option<Majors>,
    /// The versions of rmcp a Rust crate may build with, as its
    /// `Cargo.lock` or its requirement in `Cargo.toml` says; `None` when
    /// neither says (read as the newest).
    pub rmcp: Option<Versions>,
    /// The versions of the TypeScript SDK a TypeScript or JavaScript
    /// project may run with, as its lock file (`package-lock.json`,
    /// `pnpm-lock.yaml`, `yarn.lock`) or its `package.json` requirement
    /// says (`@modelcontextprotocol/sdk`, or the 2.x
    /// `@modelcontextprotocol/server`); `None` when neither says (read as
    /// the newest).
    pub typescript_sdk: Option<Versions>,
    /// What the project's other files say about this one.
    pub(crate) links: Option<Arc<Links>>,
    /// The project's index read this file and found no name an
    /// elicitation is written with in it.
    pub(crate) silent: bool,
}

/// The majors of a distribution a requirement allows: from `lowest` up
/// to `highest` (`None`: no upper bound).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Majors {
    pub lowest: u32,
    pub highest: Option<u32>,
}

impl Majors {
    /// Whether every version allowed is below `major`.0.
    pub fn below(self, major: u32) -> bool {
        self.highest.is_some_and(|h| h < major)
    }

    /// Whether every version allowed is `major`.0 or later.
    pub fn from(self, major: u32) -> bool {
        self.lowest >= major
    }
}

/// The versions a requirement allows, by major and minor: from `lowest`
/// up to, not including, `below` (`None`: no upper bound).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versions {
    pub lowest: (u32, u32),
    pub below: Option<(u32, u32)>,
}

impl Versions {
    /// Whether every version allowed is `v` or later (`Some(true)`), none
    /// is (`Some(false)`), or some are (`None`).
    pub fn from(self, v: (u32, u32)) -> Option<bool> {
        if self.lowest >= v {
            Some(true)
        } else if self.below.is_some_and(|b| b <= v) {
            Some(false)
        } else {
            None
        }
    }

    /// Exactly the minor version `v` (what a lock file installs).
    pub fn exactly(v: (u32, u32)) -> Versions {
        Versions {
            lowest: v,
            below: Some((v.0, v.1 + 1)),
        }
    }

    /// Whether `versions` may be `v` or later: some version they allow
    /// is, or nothing says (read as the newest).
    pub(crate) fn may_be_from(versions: Option<Versions>, v: (u32, u32)) -> bool {
        versions.and_then(|r| r.from(v)) != Some(false)
    }
}

/// How far up from a file its project's metadata is looked for.
const MAX_DEPTH: usize = 32;

/// The projects [`Project::dependents_of`] told, by file: the same run's
/// [`Project::of_source`] finds them there.
static RESOLVED: std::sync::OnceLock<index::PathMap<Project>> = std::sync::OnceLock::new();

impl Project {
    /// Starts building the index of the project of `file`, a source file a
    /// walk just met, unless it is started already: on one of a few
    /// threads of their own (one per core), while the walk goes on. The
    /// lookups after the walk ([`Project::dependents_of`]) wait for the
    /// indexes started, and build the others. The project is looked up
    /// once per folder and language on each thread, as they would be
    /// after the walk.
    pub fn start_index(file: &Path) {
        use std::collections::HashSet;
        type Queue = std::sync::Mutex<(
            std::collections::VecDeque<(PathBuf, super::Language)>,
            usize,
        )>;
        static STARTED: std::sync::OnceLock<std::sync::Mutex<HashSet<(PathBuf, &'static str)>>> =
            std::sync::OnceLock::new();
        static QUEUE: Queue = std::sync::Mutex::new((std::collections::VecDeque::new(), 0));
        thread_local! {
            static SEEN: std::cell::RefCell<crate::work::InFolder<&'static str, ()>> =
                std::cell::RefCell::new(Default::default());
        }
        let Some(language) = super::Language::of_path(file) else {
            return;
        };
        let Some(dir) = crate::work::parent(file) else {
            return;
        };
        let mut new = false;
        SEEN.with_borrow_mut(|seen| {
            seen.get(dir, language.index(), || new = true);
        });
        if !new {
            return;
        }
        let abs = index::key_ref(file);
        let Some(root) = Self::root_of(&abs, language) else {
            return;
        };
        let first = STARTED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((root, language.index()));
        if !first {
            return;
        }
        let lock = || QUEUE.lock().unwrap_or_else(|e| e.into_inner());
        let spawn = {
            let mut queue = lock();
            queue.0.push_back((abs.into_owned(), language));
            let spawn = queue.1 < crate::work::cores();
            queue.1 += usize::from(spawn);
            spawn
        };
        if spawn {
            let build = move || {
                loop {
                    let next = {
                        let mut queue = lock();
                        let next = queue.0.pop_front();
                        queue.1 -= usize::from(next.is_none());
                        next
                    };
                    let Some((file, language)) = next else { return };
                    // Built and kept for the run (a panic leaves it to be
                    // built by the lookups after the walk).
                    let _ = std::panic::catch_unwind(|| Self::of_folder(&file, language));
                }
            };
            if std::thread::Builder::new().spawn(build).is_err() {
                lock().1 -= 1;
            }
        }
    }

    /// Whether this run's projects, told already ([`Project::dependents_of`]),
    /// say that their index read `file` (an absolute name) and found
    /// nothing to lint in it: no name an elicitation is written with, and
    /// nothing another file says of it.
    pub fn passed_over(file: &Path) -> bool {
        RESOLVED
            .get()
            .and_then(|r| r.get(index::key_ref(file).as_os_str()))
            .is_some_and(Project::nothing_to_lint)
    }

    /// The project of a source file: its SDK pins (Python) and what the
    /// project's other files say of it (Python, TypeScript and JavaScript,
    /// Rust, Go, Java, Kotlin, C#).
    pub fn of_source(file: &Path, language: super::Language) -> Project {
        let abs = index::key_of(file);
        if let Some(known) = RESOLVED.get().and_then(|r| r.get(abs.as_os_str())) {
            return known.clone();
        }
        let (project, index) = Self::of_folder(&abs, language);
        project.of_file(&abs, index.as_deref())
    }

    /// What the project of the source file `abs` (its key) says of every
    /// file of its folder (its metadata, the SDK it uses), and its index:
    /// the same for all the files of a folder.
    fn of_folder(abs: &Path, language: super::Language) -> (Project, Option<Arc<index::Index>>) {
        if language == super::Language::Python {
            return Project::of(abs);
        }
        let mut project = Project::default();
        let mut index = None;
        if let Some(root) = Self::index_root(abs, language)
            && let Some((_, _, build)) = rule(language)
        {
            index = Some(index::shared(&root, language.index(), build));
        }
        match language {
            super::Language::Rust => project.rmcp = rmcp_versions(abs),
            super::Language::TypeScript | super::Language::Tsx => {
                project.typescript_sdk = typescript_sdk_versions(abs);
            }
            _ => {}
        }
        (project, index)
    }

    /// This project as the file `abs` of it: with what the project's
    /// other files say of it, in `index`.
    fn of_file(mut self, abs: &Path, index: Option<&index::Index>) -> Project {
        if let Some(index) = index {
            self.links = index.files.get(abs.as_os_str()).cloned();
            self.silent = index.silent.contains(abs.as_os_str());
        }
        self
    }

    /// Builds the indexes of the projects of `files` on all cores, each
    /// once, the projects that hold the most of `files` first: the
    /// [`Project::of_source`] calls that follow find them built. Asked for
    /// file by file instead, the files of one project wait in turn for its
    /// index while the other cores are idle.
    pub fn prepare(files: &[PathBuf]) {
        type Projects = std::collections::HashMap<(PathBuf, &'static str), (usize, usize)>;
        // A run's projects: (root, index kind), and (files, first file).
        type Met = Vec<((PathBuf, &'static str), (usize, usize))>;
        let languages: Vec<_> = files.iter().map(|f| super::Language::of_path(f)).collect();
        // The roots are looked up on all cores (a few file checks for each
        // folder not met yet), in runs of files; the files of a folder
        // come together, and its root is looked up once in a run. A run
        // meets a few projects: they are kept in a list, their roots told
        // apart by their bytes.
        let found = crate::work::on_runs(files.len(), |run| {
            let mut projects = Met::new();
            let mut roots = crate::work::InFolder::default();
            for i in run {
                let Some(language) = languages[i] else {
                    continue;
                };
                let abs = index::key_ref(&files[i]);
                let Some(dir) = crate::work::parent(&abs) else {
                    continue;
                };
                let root = roots.get(dir, language.index(), || Self::root_of(&abs, language));
                if let Some(root) = root {
                    let kind = language.index();
                    match projects
                        .iter_mut()
                        .find(|((r, k), _)| *k == kind && r.as_os_str() == root.as_os_str())
                    {
                        Some((_, (n, _))) => *n += 1,
                        None => projects.push(((root.clone(), kind), (1, i))),
                    }
                }
            }
            projects
        });
        // Each project with its files counted and its first file, as one
        // pass over the files in order would have found them.
        let mut projects = Projects::default();
        for (key, (n, i)) in found.into_iter().filter_map(|(_, p)| p).flatten() {
            let entry = projects.entry(key).or_insert((0, i));
            entry.0 += n;
            entry.1 = entry.1.min(i);
        }
        let mut first: Vec<(usize, usize)> = projects.into_values().collect();
        first.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        crate::work::on_all_cores(&first, crate::work::cores(), |_, &(_, i)| {
            if let Some(language) = languages[i] {
                Project::of_source(&files[i], language);
            }
        });
    }

    /// Each of `files` by its absolute name, as the indexes name files,
    /// with its [`dependents`](Project::dependents): the projects' indexes
    /// are built first ([`Project::prepare`]), then looked up, all on all
    /// cores. A file mcp-elicit reads no source of has none.
    pub fn dependents_of(files: &[PathBuf]) -> Vec<(PathBuf, Vec<PathBuf>)> {
        // Each name made absolute once, the working directory asked once.
        let cwd = std::env::current_dir().ok();
        let keys: Vec<PathBuf> = files
            .iter()
            .map(|f| index::key_in(cwd.as_deref(), f))
            .collect();
        Project::prepare(&keys);
        // Looked up on all cores, in runs of files: the files of a folder
        // come together, and share all but what is said of each.
        let projects: Vec<Option<Project>> = crate::work::on_runs(keys.len(), |run| {
            let mut folders = crate::work::InFolder::default();
            keys[run]
                .iter()
                .map(|k| {
                    let language = super::Language::of_path(k)?;
                    let Some(dir) = crate::work::parent(k) else {
                        return Some(Project::of_source(k, language));
                    };
                    let (project, index) =
                        folders.get(dir, language, || Self::of_folder(k, language));
                    Some(project.clone().of_file(k, index.as_deref()))
                })
                .collect::<Vec<_>>()
        })
        .into_iter()
        // A run whose thread panicked has none, file by file.
        .flat_map(|(run, found)| found.unwrap_or_else(|| vec![None; run.len()]))
        .collect();
        let found: Vec<(PathBuf, Vec<PathBuf>)> = keys
            .iter()
            .zip(&projects)
            .map(|(k, p)| {
                let project = p.as_ref();
                (
                    k.clone(),
                    project.map_or_else(Vec::new, |p| p.dependents().to_vec()),
                )
            })
            .collect();
        // Kept for the run: the linting that follows asks for the same
        // files' projects, each told here already.
        let mut resolved = index::PathMap::with_capacity_and_hasher(keys.len(), Default::default());
        resolved.extend(
            keys.into_iter()
                .zip(projects)
                .filter_map(|(k, p)| Some((index::PathKey(k), p?))),
        );
        let _ = RESOLVED.set(resolved);
        found
    }

    /// The root of the project whose index holds `abs` (an absolute file
    /// name, the key of a file of `language`), for any language: Python's
    /// by its metadata ([`Project::python_root`]), the others' by their
    /// rule ([`Project::index_root`]).
    fn root_of(abs: &Path, language: super::Language) -> Option<PathBuf> {
        match language {
            super::Language::Python => Self::python_root(crate::work::parent(abs)?).1,
            _ => Self::index_root(abs, language),
        }
    }

    /// Whether the project's index read this file and found nothing to
    /// lint in it: no name an elicitation is written with, and nothing
    /// another file says of it.
    pub(crate) fn nothing_to_lint(&self) -> bool {
        self.silent && !self.linked()
    }

    /// The root of the project whose index holds `abs` (an absolute file
    /// name): the nearest folder above it that its language's rule
    /// accepts, or else (for the languages that allow it) the root of its
    /// repository; looked up once per folder and language in a run.
    fn index_root(abs: &Path, language: super::Language) -> Option<PathBuf> {
        let dir = crate::work::parent(abs)?;
        let key = language.index();
        let (is_root, or_repository, _) = rule(language)?;
        static CACHE: std::sync::OnceLock<Folders<(PathBuf, &'static str), Option<PathBuf>>> =
            std::sync::OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let decide = |dir: &Path| {
            let repository = dir.join(".git").exists();
            if is_root(dir) || (or_repository && repository) {
                Some(Some(dir.to_path_buf()))
            } else {
                // No project above the root of a repository.
                repository.then_some(None)
            }
        };
        nearest(dir, cache, |d| (d.to_path_buf(), key), decide, None)
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

    /// The project of the Python file `abs` (its key, [`index::key_of`]):
    /// the nearest folder above it with Python metadata, up to the root of
    /// its repository (or that root, when there is none), and its index.
    fn of(abs: &Path) -> (Project, Option<Arc<index::Index>>) {
        let Some(dir) = crate::work::parent(abs) else {
            return (Project::default(), None);
        };
        let (project, root) = Self::python_root(dir);
        let index = root.map(|root| {
            let (fastmcp, sdk1) = (project.fastmcp, project.sdk1);
            index::shared(&root, super::Language::Python.index(), |r| {
                super::python_project::build(r, fastmcp, sdk1)
            })
        });
        (project, index)
    }

    /// The Python project of the files of `dir` (without links) and its
    /// root, looked up once per folder in a run.
    fn python_root(dir: &Path) -> (Project, Option<PathBuf>) {
        type Cache = Folders<PathBuf, (Project, Option<PathBuf>)>;
        static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let decide = |dir: &Path| {
            if let Some(deps) = python_dependencies(dir) {
                let has = |name: &str| deps.iter().any(|(d, _)| d == name);
                let project = Project {
                    fastmcp: has("fastmcp") && !has("mcp"),
                    sdk1: deps
                        .iter()
                        .any(|(d, spec)| d == "mcp" && majors(spec).below(2)),
                    fastmcp_majors: deps
                        .iter()
                        .find(|(d, _)| d == "fastmcp")
                        .map(|(_, spec)| majors(spec)),
                    python_sdk: python_lock(dir).or_else(|| {
                        deps.iter()
                            .find(|(d, _)| d == "mcp")
                            .map(|(_, spec)| specifier_minors(spec))
                    }),
                    ..Project::default()
                };
                return Some((project, Some(dir.to_path_buf())));
            }
            dir.join(".git")
                .exists()
                .then(|| (Project::default(), Some(dir.to_path_buf())))
        };
        nearest(
            dir,
            cache,
            Path::to_path_buf,
            decide,
            (Project::default(), None),
        )
    }
}

/// What was found for each folder in a run, by [`nearest`].
type Folders<K, T> = std::sync::Mutex<std::collections::HashMap<K, T, foldhash::fast::RandomState>>;

/// What `decide` says of `dir` or of the nearest folder above it (up to
/// [`MAX_DEPTH`] folders up) that it says something of, or else `none`;
/// each folder is asked once per run, kept in `cache` under `key` of it.
/// The files of a tree share their folders: a folder's answer is kept for
/// every folder below it on the way up, so no folder is read twice.
fn nearest<K: std::hash::Hash + Eq, T: Clone>(
    dir: &Path,
    cache: &Folders<K, T>,
    key: impl Fn(&Path) -> K,
    decide: impl Fn(&Path) -> Option<T>,
    none: T,
) -> T {
    let lock = || cache.lock().unwrap_or_else(|e| e.into_inner());
    let mut on_the_way = Vec::new();
    let mut found = None;
    for dir in dir.ancestors().take(MAX_DEPTH) {
        let k = key(dir);
        if let Some(hit) = lock().get(&k) {
            found = Some(hit.clone());
            break;
        }
        on_the_way.push(k);
        if let Some(answer) = decide(dir) {
            found = Some(answer);
            break;
        }
    }
    let found = found.unwrap_or(none);
    let mut cache = lock();
    for k in on_the_way {
        cache.insert(k, found.clone());
    }
    found
}

/// How the project of a file of `language` (other than Python) is found
/// and indexed: whether a folder is its root; whether the root of the
/// repository is one when no folder above the file is; how its index is
/// built.
///
/// - TypeScript and JavaScript: `package.json` or `tsconfig.json`, or the
///   repository.
/// - Rust: `Cargo.toml` (its crate), within its repository.
/// - Go: `go.mod` (its module), or the repository.
/// - Java and Kotlin: `pom.xml`, `build.gradle(.kts)` or
///   `settings.gradle(.kts)`, or the repository.
/// - C#: a `*.csproj` or `*.sln`, or the repository.
type Rule = (fn(&Path) -> bool, bool, fn(&Path) -> index::Index);

fn rule(language: super::Language) -> Option<Rule> {
    use super::Language::*;
    fn has(dir: &Path, names: &[&str]) -> bool {
        names.iter().any(|f| dir.join(f).is_file())
    }
    Some(match language {
        // Python's projects are found by their metadata (`Project::of`).
        Python => return None,
        TypeScript | Tsx => (
            |d| has(d, &["package.json", "tsconfig.json"]),
            true,
            super::typescript_project::build,
        ),
        Rust => (
            |d| has(d, &["Cargo.toml"]),
            false,
            super::rust_project::build,
        ),
        Go => (|d| has(d, &["go.mod"]), true, super::go_project::build),
        Java | Kotlin => (
            |d| {
                has(
                    d,
                    &[
                        "pom.xml",
                        "build.gradle",
                        "build.gradle.kts",
                        "settings.gradle",
                        "settings.gradle.kts",
                    ],
                )
            },
            true,
            if language == Java {
                |r| super::jvm_project::build(r, Java)
            } else {
                |r| super::jvm_project::build(r, Kotlin)
            },
        ),
        CSharp => (
            |d| {
                std::fs::read_dir(d).is_ok_and(|entries| {
                    entries.flatten().any(|e| {
                        let name = e.file_name();
                        let name = name.to_string_lossy();
                        name.ends_with(".csproj") || name.ends_with(".sln")
                    })
                })
            },
            true,
            |r| super::jvm_project::build(r, CSharp),
        ),
    })
}

/// The majors a requirement's version specifier allows (as
/// [`specifier_minors`] reads it): `mcp<2` allows 0 to 1, `fastmcp==3.2.0`
/// 3 to 3, `fastmcp>=2.10` 2 and up. Poetry's `^0.x` is not read here:
/// it allows one minor, not one major.
fn majors(spec: &str) -> Majors {
    let read: Vec<&str> = spec
        .split(',')
        .filter(|c| !c.trim().starts_with("^0"))
        .collect();
    let v = specifier_minors(&read.join(","));
    Majors {
        lowest: v.lowest.0,
        // Below 4.0 is 3 at most; below 4.1, 4.
        highest: v.below.and_then(|(major, minor)| {
            if minor > 0 {
                Some(major)
            } else {
                major.checked_sub(1)
            }
        }),
    }
}

/// The minor versions a Python requirement's version specifier allows:
/// PEP 440's `==1.22.0`, `===`, `==1.22.*`, `~=1.22.0`, `~=1.9`, `>=`,
/// `>`, `<1.23`, `<=1.22.3`, and Poetry's `^1.22`, `~1.22` and bare
/// versions (`1.22.0`: that one). `!=` and what is not read allow any.
fn specifier_minors(spec: &str) -> Versions {
    let mut lowest = (0, 0);
    let mut below: Option<(u32, u32)> = None;
    for c in spec.split(',') {
        let c = c.trim();
        let at = c.find(|ch: char| ch.is_ascii_digit()).unwrap_or(c.len());
        let (op, v) = (c[..at].trim(), c[at..].trim());
        if v.contains('!') {
            // An epoch (`1!2.0`): not read.
            continue;
        }
        let wild = v.ends_with(".*");
        // The numbers of the release, up to a pre-release, post-release
        // or local part (`1.23rc1` is 1, 23, and more than them).
        let mut parts: Vec<u32> = Vec::new();
        let mut suffixed = false;
        for (i, p) in v.trim_end_matches(".*").split('.').enumerate() {
            let digits = p.len() - p.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits == 0 || digits < p.len() {
                // A major that is not a number is not read.
                if i > 0
                    && let Ok(n) = p[..digits].parse()
                {
                    parts.push(n);
                }
                suffixed = true;
                break;
            }
            let Ok(n) = p.parse() else { break };
            parts.push(n);
        }
        let (major, minor) = match parts.as_slice() {
            [] => continue,
            [major] => (*major, 0),
            [major, minor, ..] => (*major, *minor),
        };
        let minor_given = parts.len() >= 2;
        // From `from` (if given) up to before `to`.
        let (from, to) = match op {
            "==" | "===" | "" if wild && !minor_given => (Some((major, 0)), Some((major + 1, 0))),
            "==" | "===" | "" => (Some((major, minor)), Some((major, minor + 1))),
            "~=" if parts.len() >= 3 => (Some((major, minor)), Some((major, minor + 1))),
            "~=" => (Some((major, minor)), Some((major + 1, 0))),
            "~" if minor_given => (Some((major, minor)), Some((major, minor + 1))),
            "~" => (Some((major, 0)), Some((major + 1, 0))),
            "^" if major == 0 && minor_given => (Some((0, minor)), Some((0, minor + 1))),
            "^" => (Some((major, minor)), Some((major + 1, 0))),
            ">=" | ">" => (Some((major, minor)), None),
            // `<0` allows nothing: not read.
            "<" if !suffixed && parts.iter().all(|&p| p == 0) => (None, None),
            // `<1.23` and `<1.23.0` stop before 1.23; `<1.23.1` (or a
            // suffixed `<1.23.0rc1`) lets 1.23 in.
            "<" if !suffixed && parts[1..].iter().skip(1).all(|&p| p == 0) => {
                (None, Some((major, minor)))
            }
            "<" | "<=" => (None, Some((major, minor + 1))),
            _ => (None, None),
        };
        if let Some(from) = from {
            lowest = lowest.max(from);
        }
        if let Some(to) = to {
            below = Some(below.map_or(to, |b| b.min(to)));
        }
    }
    Versions { lowest, below }
}

/// The version of the official Python SDK (`mcp`) the lock file in `dir`
/// installs (`uv.lock`, `poetry.lock`, `pdm.lock`), when one does.
fn python_lock(dir: &Path) -> Option<Versions> {
    ["uv.lock", "poetry.lock", "pdm.lock"]
        .iter()
        .find_map(|name| {
            let lock = std::fs::read_to_string(dir.join(name)).ok()?;
            locked_version(&lock, "mcp").map(Versions::exactly)
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

/// The versions of rmcp the crate around `abs` may build with: the one
/// its `Cargo.lock` (beside it or at its workspace's root) resolves, or else what
/// its `Cargo.toml`'s requirement allows. Looked up once per crate in a
/// run.
fn rmcp_versions(abs: &Path) -> Option<Versions> {
    let crate_root = Project::index_root(abs, super::Language::Rust)?;
    static CACHE: std::sync::OnceLock<Folders<PathBuf, Option<Versions>>> =
        std::sync::OnceLock::new();
    once_per_root(&CACHE, crate_root, |crate_root| {
        // The lock file of the crate's own folder, or of its workspace's root
        // (the nearest `Cargo.toml` with a `[workspace]` table, within the
        // repository): another project's lock file further up says nothing of
        // this crate.
        let mut workspace = None;
        for dir in crate_root.ancestors().take(MAX_DEPTH) {
            if let Ok(toml) = std::fs::read_to_string(dir.join("Cargo.toml"))
                && toml.lines().any(|l| l.trim() == "[workspace]")
            {
                workspace = Some((dir.to_path_buf(), toml));
                break;
            }
            if dir.join(".git").exists() {
                break;
            }
        }
        let locked = |dir: &Path| {
            let lock = std::fs::read_to_string(dir.join("Cargo.lock")).ok()?;
            Some(locked_version(&lock, "rmcp").map(Versions::exactly))
        };
        let mut found = locked(crate_root)
            .or_else(|| workspace.as_ref().and_then(|(root, _)| locked(root)))
            .flatten();
        if found.is_none()
            && let Ok(toml) = std::fs::read_to_string(crate_root.join("Cargo.toml"))
        {
            let requirement = match rmcp_requirement(&toml, false) {
                Some(Requirement::Workspace) => workspace
                    .as_ref()
                    .and_then(|(_, toml)| rmcp_requirement(toml, true)),
                r => r,
            };
            if let Some(Requirement::Version(r)) = requirement {
                found = cargo_requirement(&r);
            }
        }
        found
    })
}

/// What `compute` finds for the project at `root` (or the file at it),
/// computed once per run and kept in `cache`.
fn once_per_root<T: Clone>(
    cache: &std::sync::OnceLock<Folders<PathBuf, T>>,
    root: PathBuf,
    compute: impl FnOnce(&Path) -> T,
) -> T {
    let cache = cache.get_or_init(Default::default);
    if let Some(known) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&root) {
        return known.clone();
    }
    let found = compute(&root);
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(root, found.clone());
    found
}

/// The versions of the TypeScript SDK the package around `abs` may run
/// with: the one its lock file installs (`package-lock.json`,
/// `pnpm-lock.yaml` or `yarn.lock`, beside its `package.json`), or else
/// what its `package.json` requires (`@modelcontextprotocol/sdk`; the 2.x
/// packages, `@modelcontextprotocol/server`, are 2.0 or later). Looked up
/// once per package in a run.
fn typescript_sdk_versions(abs: &Path) -> Option<Versions> {
    let root = Project::index_root(abs, super::Language::TypeScript)?;
    static CACHE: std::sync::OnceLock<Folders<PathBuf, Option<Versions>>> =
        std::sync::OnceLock::new();
    once_per_root(&CACHE, root, |root| {
        const SDK: &str = "@modelcontextprotocol/sdk";
        let read = |name: &str| std::fs::read_to_string(root.join(name)).ok();
        let installed = read("package-lock.json")
            .and_then(|lock| {
                json_string_after(&lock, &format!("\"node_modules/{SDK}\""), "\"version\"")
            })
            .or_else(|| read("pnpm-lock.yaml").and_then(|lock| pnpm_locked(&lock, SDK)))
            .or_else(|| read("yarn.lock").and_then(|lock| yarn_locked(&lock, SDK)))
            .or_else(|| workspace_locked(root, SDK))
            .and_then(|v| major_minor(&v).map(Versions::exactly));
        installed.or_else(|| {
            let manifest = read("package.json")?;
            let manifest: serde_json::Value = serde_json::from_str(&manifest).ok()?;
            let required = |name: &str| {
                ["dependencies", "devDependencies", "peerDependencies"]
                    .iter()
                    .find_map(|table| manifest.get(table)?.get(name)?.as_str())
            };
            match required(SDK) {
                Some(req) => npm_requirement(req),
                None => required("@modelcontextprotocol/server").map(|_| Versions {
                    lowest: (2, 0),
                    below: None,
                }),
            }
        })
    })
}

/// The version of `package` the lock file of the workspace `root` (a
/// package's folder) is a member of installs for it: the nearest folder
/// above it, within its repository, whose lock file names it as a member.
/// npm's `package-lock.json` (the member's own entry; the package as Node
/// resolves it from there, its own `node_modules` first, then each folder's
/// above it), pnpm's `pnpm-lock.yaml` (the member's importer) and
/// `yarn.lock` (a `workspace:` entry, or, for Yarn 1, the `workspaces` of
/// the `package.json` beside it; the one version the lock installs). A
/// lock the package is a member of decides, whatever it says.
fn workspace_locked(root: &Path, package: &str) -> Option<String> {
    if root.join(".git").exists() {
        return None;
    }
    for dir in root.ancestors().skip(1).take(MAX_DEPTH) {
        let rel: Vec<_> = root
            .strip_prefix(dir)
            .ok()?
            .components()
            .map(|c| c.as_os_str().to_str())
            .collect::<Option<_>>()?;
        let rel = rel.join("/");
        let read = |name: &str| read_cached(&dir.join(name));
        let member = read("package-lock.json")
            // Parsed (once) only when it names the package's folder.
            .filter(|lock| lock.contains(&format!("\"{rel}\"")))
            .and_then(|lock| {
                type Parsed = Folders<PathBuf, Option<Arc<serde_json::Value>>>;
                static PARSED: std::sync::OnceLock<Parsed> = std::sync::OnceLock::new();
                let value = once_per_root(&PARSED, dir.join("package-lock.json"), |_| {
                    serde_json::from_str(&lock).ok().map(Arc::new)
                })?;
                npm_member_locked(&value, &rel, package)
            })
            .or_else(|| {
                read("pnpm-lock.yaml").and_then(|lock| pnpm_member_locked(&lock, &rel, package))
            })
            .or_else(|| {
                let lock = read("yarn.lock")?;
                let declared = || {
                    let manifest = read("package.json")?;
                    let manifest: serde_json::Value = serde_json::from_str(&manifest).ok()?;
                    let globs = manifest.get("workspaces")?;
                    let globs = globs.get("packages").unwrap_or(globs).as_array()?;
                    Some(globs.iter().filter_map(|g| g.as_str()).any(|g| {
                        let g = g.trim_start_matches("./").trim_end_matches('/');
                        g == rel
                            || g.strip_suffix("/**").is_some_and(|p| {
                                rel.strip_prefix(p).is_some_and(|r| r.starts_with('/'))
                            })
                            || g.strip_suffix("/*").is_some_and(|p| {
                                rel.strip_prefix(p)
                                    .and_then(|r| r.strip_prefix('/'))
                                    .is_some_and(|r| !r.is_empty() && !r.contains('/'))
                            })
                    }))
                };
                let listed = lock
                    .lines()
                    .any(|l| !l.starts_with(' ') && l.contains(&format!("@workspace:{rel}\"")));
                (listed || declared() == Some(true)).then(|| yarn_locked(&lock, package))
            });
        if let Some(found) = member {
            return found;
        }
        if dir.join(".git").exists() {
            break;
        }
    }
    None
}

/// The text of a workspace's file, read once in a run: the members of a
/// workspace share its lock file and its `package.json`.
fn read_cached(path: &Path) -> Option<Arc<str>> {
    static READ: std::sync::OnceLock<Folders<PathBuf, Option<Arc<str>>>> =
        std::sync::OnceLock::new();
    once_per_root(&READ, path.to_path_buf(), |path| {
        std::fs::read_to_string(path).ok().map(Arc::from)
    })
}

/// The version of `package` an npm `package-lock.json` (lock files 2 and
/// 3) installs for its member at `rel` (`None` when `rel` is no member of
/// it): the entry Node finds from the member's folder, `rel/node_modules/…`
/// first, then each folder's above it, up to the workspace's own
/// `node_modules`.
fn npm_member_locked(lock: &serde_json::Value, rel: &str, package: &str) -> Option<Option<String>> {
    let packages = lock.get("packages")?.as_object()?;
    if rel.is_empty() || !packages.contains_key(rel) {
        return None;
    }
    let mut folder = Some(rel);
    loop {
        let prefix = folder.map_or(String::new(), |f| format!("{f}/"));
        if let Some(entry) = packages.get(&format!("{prefix}node_modules/{package}")) {
            return Some(
                entry
                    .get("version")
                    .and_then(|v| v.as_str())
                    .map(str::to_string),
            );
        }
        folder = match folder {
            Some(f) => f.rsplit_once('/').map(|(up, _)| up),
            None => return Some(None),
        };
    }
}

/// The version of `package` a `pnpm-lock.yaml` installs for its importer
/// (workspace member) `rel` (`None` when it has no such importer): its
/// `version:` under the package's key (lock files 6 and later), or the
/// version written beside the key (5); its peers' suffix left out, and a
/// `link:` to another member no version.
fn pnpm_member_locked(lock: &str, rel: &str, package: &str) -> Option<Option<String>> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let key = |l: &str| {
        let (k, v) = l.trim().split_once(':')?;
        Some((
            k.trim_matches(['\'', '"']).to_string(),
            v.trim().to_string(),
        ))
    };
    let mut lines = lock
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .skip_while(|l| *l != "importers:")
        .skip(1)
        .filter(|l| !l.trim().is_empty());
    // The importer's lines: those below its key, indented further.
    lines
        .by_ref()
        .take_while(|l| indent(l) >= 2)
        .find(|l| indent(l) == 2 && key(l).is_some_and(|(k, v)| k == rel && v.is_empty()))?;
    let block: Vec<&str> = lines.take_while(|l| indent(l) > 2).collect();
    let version = |v: &str| {
        // The peers written after it: `(zod@3.25.76)`, or `_zod@3.23.8` (5).
        let v = v
            .split(['(', '_'])
            .next()
            .unwrap_or("")
            .trim_matches(['\'', '"']);
        v.starts_with(|c: char| c.is_ascii_digit())
            .then(|| v.to_string())
    };
    let top = block.first().map_or(0, |l| indent(l));
    let mut section = String::new();
    for (i, line) in block.iter().enumerate() {
        let Some((k, v)) = key(line) else { continue };
        if indent(line) == top {
            section = k;
            continue;
        }
        // Not `specifiers:` (lock files 5), which holds the requirement.
        if k != package
            || !matches!(
                section.as_str(),
                "dependencies" | "devDependencies" | "optionalDependencies"
            )
        {
            continue;
        }
        if !v.is_empty() {
            return Some(version(&v));
        }
        let depth = indent(line);
        return Some(
            block[i + 1..]
                .iter()
                .take_while(|l| indent(l) > depth)
                .find_map(|l| key(l).filter(|(k, _)| k == "version"))
                .and_then(|(_, v)| version(&v)),
        );
    }
    Some(None)
}

/// The string value of `key` in the object right after `after` in a JSON
/// text, before any other object closes (a lock file read without parsing
/// all of it; npm writes `version` first in a package's entry).
fn json_string_after(text: &str, after: &str, key: &str) -> Option<String> {
    let rest = &text[text.find(after)? + after.len()..];
    let rest = &rest[..rest.find('}').unwrap_or(rest.len())];
    let rest = &rest[rest.find(key)? + key.len()..];
    let rest = rest
        .trim_start()
        .strip_prefix(':')?
        .trim_start()
        .strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

/// The version of `package` a `pnpm-lock.yaml` installs, when it installs
/// one (several, in a workspace, decide nothing): its entries
/// `'@scope/name@1.2.3':` (lock files 9), `/@scope/name@1.2.3:` (6) and
/// `/@scope/name/1.2.3:` (5), a peer suffix such as `(zod@3.25.76)` left
/// out.
fn pnpm_locked(lock: &str, package: &str) -> Option<String> {
    the_one(lock.lines().filter_map(|line| {
        let key = line.trim_start().trim_start_matches(['\'', '/']);
        let rest = key.strip_prefix(package)?.strip_prefix(['@', '/'])?;
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '+'))
            .unwrap_or(rest.len());
        let (version, after) = rest.split_at(end);
        // An entry's key: the version, then its peers, a quote or the colon.
        (version.starts_with(|c: char| c.is_ascii_digit()) && after.starts_with(['(', '\'', ':']))
            .then_some(version)
    }))
}

/// The version of `package` a `yarn.lock` installs, when it installs one:
/// the `version` of the entries whose header names it
/// (`"@scope/name@^1.2.0", "@scope/name@~1.2.3":` then `  version
/// "1.2.3"` in Yarn 1, `  version: 1.2.3` from Yarn 2); several decide
/// nothing.
fn yarn_locked(lock: &str, package: &str) -> Option<String> {
    let mut ours = false;
    the_one(lock.lines().filter_map(|line| {
        if !line.starts_with(' ') {
            ours = line
                .trim_end()
                .trim_end_matches(':')
                .split(", ")
                .any(|spec| {
                    spec.trim_matches('"')
                        .strip_prefix(package)
                        .is_some_and(|r| r.starts_with('@'))
                });
            return None;
        }
        let version = line.trim_start().strip_prefix("version")?;
        ours.then(|| version.trim_start_matches(':').trim().trim_matches('"'))
    }))
}

/// The version a lock file installs, when all its entries of a package
/// name the same one; none, or several (a workspace), decide nothing.
fn the_one<'a>(mut versions: impl Iterator<Item = &'a str>) -> Option<String> {
    let first = versions.next()?;
    versions.all(|v| v == first).then(|| first.to_string())
}

/// The versions an npm requirement allows (`1.22.0` exactly, `^1.17.0`,
/// `~1.22.0`, `>=1.23.0`); `None` for a tag, an alias, a path, a wildcard
/// or a range of several comparisons.
fn npm_requirement(req: &str) -> Option<Versions> {
    let req = req.trim();
    if req.contains(['x', 'X', '*', ':', '/', '|', ' ', '<']) {
        return None;
    }
    // A bare version is that version (Cargo would read it as `^`).
    if req.starts_with(|c: char| c.is_ascii_digit()) {
        return cargo_requirement(&format!("={req}"));
    }
    cargo_requirement(req)
}

/// The version of the package `name` a lock file of `[[package]]`
/// tables with `name` and then `version` (`Cargo.lock`; `uv.lock`,
/// `poetry.lock` and `pdm.lock` in Python) resolves, when it resolves
/// one.
fn locked_version(lock: &str, name: &str) -> Option<(u32, u32)> {
    let named = format!("name = \"{name}\"");
    let mut versions = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == named
            && let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
        {
            versions.push(major_minor(v.trim_matches('"'))?);
        }
    }
    versions.sort_unstable();
    versions.dedup();
    match versions.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// How a `Cargo.toml` requires rmcp.
#[derive(Debug, PartialEq, Eq)]
enum Requirement {
    /// A version requirement (`0.16`, `^3.2`).
    Version(String),
    /// The workspace's (`workspace = true`).
    Workspace,
}

/// rmcp's requirement in a `Cargo.toml`, in a dependencies table:
/// `rmcp = "0.16"`, `rmcp = { version = "^3.2", .. }`, `rmcp.version =
/// ".."`, or `version = ".."` under `[dependencies.rmcp]`; or the
/// workspace's, in any of these forms (`rmcp = { workspace = true }`).
/// With `workspace`, the `[workspace.dependencies]` table is read, and
/// only it.
fn rmcp_requirement(toml: &str, workspace: bool) -> Option<Requirement> {
    let quoted = |s: &str| {
        let s = s
            .trim_start()
            .strip_prefix('=')?
            .trim_start()
            .strip_prefix('"')?;
        Some(Requirement::Version(s[..s.find('"')?].to_string()))
    };
    let inherited = |s: &str| {
        s.trim_start()
            .strip_prefix('=')
            .is_some_and(|v| v.trim_start().starts_with("true"))
    };
    // Whether the table `name` lists the dependencies read.
    let listing = |name: &str| {
        if workspace {
            name == "workspace.dependencies"
        } else {
            name != "workspace.dependencies" && name.ends_with("dependencies")
        }
    };
    // A key of rmcp's own table: `version = ".."`, `workspace = true`.
    let own_key = |key: &str| match key.strip_prefix("version") {
        Some(rest) => quoted(rest),
        None => key
            .strip_prefix("workspace")
            .is_some_and(inherited)
            .then_some(Requirement::Workspace),
    };
    let (mut in_list, mut in_table) = (false, false);
    for line in toml.lines() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[') {
            let name = header.trim_end_matches(']').trim();
            in_list = listing(name);
            in_table = name.strip_suffix(".rmcp").is_some_and(&listing);
            continue;
        }
        if in_table {
            if let Some(found) = own_key(line) {
                return Some(found);
            }
            continue;
        }
        if !in_list {
            continue;
        }
        let Some(rest) = line.strip_prefix("rmcp") else {
            continue;
        };
        if let Some(key) = rest.strip_prefix('.') {
            // `rmcp.version = ".."`, `rmcp.workspace = true`.
            if let Some(found) = own_key(key) {
                return Some(found);
            }
            continue;
        }
        let Some(value) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let value = value.trim_start();
        let Some(table) = value.strip_prefix('{') else {
            return quoted(rest);
        };
        if let Some(at) = table.find("version") {
            return quoted(&table[at + "version".len()..]);
        }
        if let Some(at) = table.find("workspace")
            && inherited(&table[at + "workspace".len()..])
        {
            return Some(Requirement::Workspace);
        }
        return None;
    }
    None
}

/// The versions a Cargo requirement allows (`0.16`, `^3.2`, `~1.8`,
/// `=2.2.0`, `>=3.2`); `None` for one of several comparisons.
fn cargo_requirement(req: &str) -> Option<Versions> {
    let req = req.trim();
    if req.contains(',') || req.starts_with('<') || req.starts_with('*') {
        return None;
    }
    let at = req.find(|c: char| c.is_ascii_digit())?;
    let (op, v) = (req[..at].trim(), &req[at..]);
    let lowest = major_minor(v)?;
    let minor_given = v.split('.').count() >= 2;
    let below = match op {
        ">=" | ">" => None,
        "=" | "~" if minor_given => Some((lowest.0, lowest.1 + 1)),
        "~" => Some((lowest.0 + 1, 0)),
        "" | "^" if lowest.0 == 0 && minor_given => Some((0, lowest.1 + 1)),
        "" | "^" => Some((lowest.0 + 1, 0)),
        _ => return None,
    };
    Some(Versions { lowest, below })
}

/// `3.2` of `3.2.1`.
fn major_minor(v: &str) -> Option<(u32, u32)> {
    let mut parts = v.split(['.', '-', '+']);
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next().map_or(Some(0), |m| m.parse().ok())?;
    Some((major, minor))
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
    fn npm_requirements_and_lock_versions_are_read() {
        let v = |lowest, below| {
            Some(Versions {
                lowest,
                below: Some(below),
            })
        };
        assert_eq!(npm_requirement("1.22.0"), v((1, 22), (1, 23)));
        assert_eq!(npm_requirement("^1.17.0"), v((1, 17), (2, 0)));
        assert_eq!(npm_requirement("~1.22.0"), v((1, 22), (1, 23)));
        assert_eq!(
            npm_requirement(">=1.23.0"),
            Some(Versions {
                lowest: (1, 23),
                below: None
            })
        );
        for any in [
            "*",
            "latest",
            "1.x",
            ">=1.0.0 <2",
            "^1.0.0 || ^2.0.0",
            "workspace:*",
            "npm:@x/sdk@1.2.0",
            "file:../sdk",
        ] {
            assert_eq!(npm_requirement(any), None, "{any}");
        }
        let lock = r#"{"packages": {"": {"dependencies": {"@modelcontextprotocol/sdk": "^1.17.0"}}, "node_modules/@modelcontextprotocol/sdk": {"version": "1.22.0", "resolved": "x"}}}"#;
        assert_eq!(
            json_string_after(
                lock,
                "\"node_modules/@modelcontextprotocol/sdk\"",
                "\"version\""
            )
            .as_deref(),
            Some("1.22.0")
        );
        assert_eq!(
            json_string_after(lock, "\"node_modules/zod\"", "\"version\""),
            None
        );

        const SDK: &str = "@modelcontextprotocol/sdk";
        let pnpm9 = "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      '@modelcontextprotocol/sdk':\n        specifier: ^1.17.0\n        version: 1.22.0(zod@3.25.76)\n\npackages:\n\n  '@modelcontextprotocol/sdk-extra@2.0.0':\n    resolution: {integrity: sha512-x}\n\n  '@modelcontextprotocol/sdk@1.22.0':\n    resolution: {integrity: sha512-y}\n\nsnapshots:\n\n  '@modelcontextprotocol/sdk@1.22.0(zod@3.25.76)':\n    dependencies:\n      zod: 3.25.76\n";
        assert_eq!(pnpm_locked(pnpm9, SDK).as_deref(), Some("1.22.0"));
        let pnpm6 = "lockfileVersion: '6.0'\n\ndependencies:\n  '@modelcontextprotocol/sdk':\n    specifier: 1.20.1\n    version: 1.20.1\n\npackages:\n\n  /@modelcontextprotocol/sdk@1.20.1:\n    resolution: {integrity: sha512-z}\n";
        assert_eq!(pnpm_locked(pnpm6, SDK).as_deref(), Some("1.20.1"));
        let pnpm5 = "lockfileVersion: 5.4\n\npackages:\n\n  /@modelcontextprotocol/sdk/1.9.0:\n    resolution: {integrity: sha512-z}\n";
        assert_eq!(pnpm_locked(pnpm5, SDK).as_deref(), Some("1.9.0"));
        let two = format!("{pnpm9}\n  '@modelcontextprotocol/sdk@1.29.0':\n    resolution: {{}}\n");
        assert_eq!(pnpm_locked(&two, SDK), None);
        assert_eq!(pnpm_locked("packages:\n  /zod@3.25.76:\n", SDK), None);

        let yarn1 = "# yarn lockfile v1\n\n\n\"@modelcontextprotocol/sdk-extra@^2.0.0\":\n  version \"2.0.0\"\n\n\"@modelcontextprotocol/sdk@^1.17.0\", \"@modelcontextprotocol/sdk@~1.22.0\":\n  version \"1.22.0\"\n  resolved \"https://registry.yarnpkg.com/x\"\n\nzod@^3.23.8:\n  version \"3.25.76\"\n";
        assert_eq!(yarn_locked(yarn1, SDK).as_deref(), Some("1.22.0"));
        let berry = "__metadata:\n  version: 8\n  cacheKey: 10c0\n\n\"@modelcontextprotocol/sdk@npm:^1.24.0\":\n  version: 1.24.3\n  resolution: \"@modelcontextprotocol/sdk@npm:1.24.3\"\n";
        assert_eq!(yarn_locked(berry, SDK).as_deref(), Some("1.24.3"));
        let two =
            format!("{yarn1}\n\"@modelcontextprotocol/sdk@^1.29.0\":\n  version \"1.29.0\"\n");
        assert_eq!(yarn_locked(&two, SDK), None);
        let crlf = yarn1.replace('\n', "\r\n");
        assert_eq!(yarn_locked(&crlf, SDK).as_deref(), Some("1.22.0"));
        let crlf = pnpm9.replace('\n', "\r\n");
        assert_eq!(pnpm_locked(&crlf, SDK).as_deref(), Some("1.22.0"));
    }

    #[test]
    fn workspace_lock_files_decide_for_their_members() {
        const SDK: &str = "@modelcontextprotocol/sdk";
        // As npm 10 writes a workspace whose members pin 1.22.0 (hoisted)
        // and 1.24.0 (nested under its member).
        let npm = r#"{
  "name": "ws",
  "lockfileVersion": 3,
  "packages": {
    "": {"name": "ws", "workspaces": ["packages/*"]},
    "node_modules/@modelcontextprotocol/sdk": {
      "version": "1.22.0",
      "license": "MIT"
    },
    "node_modules/a": {"resolved": "packages/a", "link": true},
    "packages/a": {"version": "1.0.0", "dependencies": {"@modelcontextprotocol/sdk": "1.22.0"}},
    "packages/b": {"version": "1.0.0", "dependencies": {"@modelcontextprotocol/sdk": "1.24.0"}},
    "packages/b/node_modules/@modelcontextprotocol/sdk": {
      "version": "1.24.0"
    },
    "packages/c/lib": {"version": "1.0.0"}
  }
}"#;
        let npm_lock: serde_json::Value = serde_json::from_str(npm).unwrap();
        let npm_of = |rel| npm_member_locked(&npm_lock, rel, SDK);
        assert_eq!(npm_of("packages/a"), Some(Some("1.22.0".into())));
        assert_eq!(npm_of("packages/b"), Some(Some("1.24.0".into())));
        assert_eq!(npm_of("packages/c/lib"), Some(Some("1.22.0".into())));
        assert_eq!(npm_of("packages/d"), None, "no member");
        assert_eq!(npm_of("packages"), None, "no member");

        // As pnpm 9 writes it; then lock files 5's layout.
        let pnpm = "lockfileVersion: '9.0'\n\nimporters:\n\n  .: {}\n\n  packages/a:\n    dependencies:\n      '@modelcontextprotocol/sdk':\n        specifier: 1.22.0\n        version: 1.22.0\n\n  packages/b:\n    dependencies:\n      '@modelcontextprotocol/sdk':\n        specifier: 1.24.0\n        version: 1.24.0(zod@3.25.76)\n\n  packages/c:\n    dependencies:\n      zod:\n        specifier: ^3.25.0\n        version: 3.25.76\n\n  packages/d:\n    devDependencies:\n      '@modelcontextprotocol/sdk':\n        specifier: workspace:*\n        version: link:../sdk\n\npackages:\n\n  '@modelcontextprotocol/sdk@1.22.0':\n    resolution: {integrity: sha512-x}\n";
        let pnpm_of = |rel| pnpm_member_locked(pnpm, rel, SDK);
        assert_eq!(pnpm_of("packages/a"), Some(Some("1.22.0".into())));
        assert_eq!(pnpm_of("packages/b"), Some(Some("1.24.0".into())));
        assert_eq!(pnpm_of("packages/c"), Some(None), "a member without it");
        assert_eq!(pnpm_of("packages/d"), Some(None), "a link is no version");
        assert_eq!(pnpm_of("packages/e"), None, "no member");
        let crlf = pnpm.replace('\n', "\r\n");
        assert_eq!(
            pnpm_member_locked(&crlf, "packages/b", SDK),
            Some(Some("1.24.0".into()))
        );
        let pnpm5 = "lockfileVersion: 5.4\n\nimporters:\n\n  packages/a:\n    specifiers:\n      '@modelcontextprotocol/sdk': ^1.17.0\n    dependencies:\n      '@modelcontextprotocol/sdk': 1.20.1_zod@3.23.8\n";
        assert_eq!(
            pnpm_member_locked(pnpm5, "packages/a", SDK),
            Some(Some("1.20.1".into())),
        );

        // On disk: the nearest lock the package is a member of decides,
        // within the repository.
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let write = |rel: &str, text: &str| {
            let path = repo.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        write("package-lock.json", npm);
        write("packages/a/package.json", "{}");
        write("tools/x/package.json", "{}");
        // Yarn 1: the members are the `workspaces` of the package.json
        // beside the lock; its one version decides.
        let yarn1 = "# yarn lockfile v1\n\n\n\"@modelcontextprotocol/sdk@^1.17.0\":\n  version \"1.20.1\"\n";
        write(
            "yarn1/package.json",
            r#"{"private": true, "workspaces": {"packages": ["./libs/*"]}}"#,
        );
        write("yarn1/yarn.lock", yarn1);
        // Yarn 2 and later list their members in the lock.
        let berry = "__metadata:\n  version: 8\n\n\"@modelcontextprotocol/sdk@npm:^1.24.0\":\n  version: 1.24.3\n\n\"m@workspace:apps/m\":\n  version: 0.0.0-use.local\n";
        write(
            "berry/package.json",
            r#"{"private": true, "workspaces": ["apps/*"]}"#,
        );
        write("berry/yarn.lock", berry);
        let of = |rel: &str| workspace_locked(&repo.join(rel), SDK);
        assert_eq!(of("packages/a").as_deref(), Some("1.22.0"));
        assert_eq!(of("tools/x"), None, "not a member of the repository's lock");
        assert_eq!(of("yarn1/libs/l").as_deref(), Some("1.20.1"));
        assert_eq!(of("yarn1/libs/l/deeper"), None, "`*` is one folder");
        assert_eq!(of("berry/apps/m").as_deref(), Some("1.24.3"));
        assert_eq!(
            of("berry/apps/n").as_deref(),
            Some("1.24.3"),
            "a member by its package.json, not yet in the lock"
        );
        assert_eq!(of("berry/tools/t"), None);
        assert_eq!(of(""), None, "the repository's root looks no further");
        // Above the repository is not looked at.
        let outer = npm.replace("\"packages/b", "\"elsewhere/packages/b");
        std::fs::write(dir.path().join("package-lock.json"), outer).unwrap();
        std::fs::create_dir_all(repo.join("packages/b")).unwrap();
        assert_eq!(of("packages/b").as_deref(), Some("1.24.0"));
        let outside = dir.path().join("elsewhere/packages/b");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::create_dir_all(dir.path().join("elsewhere/.git")).unwrap();
        assert_eq!(workspace_locked(&outside, SDK), None);
        std::fs::remove_dir(dir.path().join("elsewhere/.git")).unwrap();
        assert_eq!(
            workspace_locked(&outside, SDK).as_deref(),
            Some("1.24.0"),
            "the lock above, once no repository is between"
        );
    }

    #[test]
    fn each_folder_is_asked_once_and_answers_for_the_folders_below_it() {
        let asked = std::sync::Mutex::new(Vec::new());
        let cache: Folders<PathBuf, Option<&str>> = Default::default();
        let decide = |d: &Path| {
            asked.lock().unwrap().push(d.to_path_buf());
            (d == Path::new("/r")).then_some(Some("r"))
        };
        let found = nearest(Path::new("/r/a/b"), &cache, Path::to_path_buf, decide, None);
        assert_eq!(found, Some("r"));
        // A sibling stops at the folder they share; a folder outside asks
        // its own way up and ends with `none`.
        assert_eq!(
            nearest(Path::new("/r/a/c"), &cache, Path::to_path_buf, decide, None),
            Some("r")
        );
        assert_eq!(
            nearest(Path::new("/s"), &cache, Path::to_path_buf, decide, None),
            None
        );
        assert_eq!(
            *asked.lock().unwrap(),
            ["/r/a/b", "/r/a", "/r", "/r/a/c", "/s", "/"].map(PathBuf::from)
        );
        assert_eq!(
            nearest(Path::new("/r/a/b"), &cache, Path::to_path_buf, decide, None),
            Some("r")
        );
        assert_eq!(asked.lock().unwrap().len(), 6);
    }

    #[test]
    fn requirements_are_named() {
        assert_eq!(name("FastMCP>=3.2,<4").as_deref(), Some("fastmcp"));
        assert_eq!(name(" mcp[cli] ~= 1.9").as_deref(), Some("mcp"));
        assert_eq!(name("# a comment"), None);
    }

    #[test]
    fn pins_below_2_are_told() {
        let pinned = |req: &str| requirement(req).is_some_and(|(_, spec)| majors(&spec).below(2));
        assert!(pinned("mcp[cli]>=1.9,<2"));
        assert!(pinned("mcp==1.27.1"));
        assert!(pinned("mcp ~= 1.9"));
        assert!(pinned("mcp (<2.0,>=1.10)"));
        assert!(pinned("mcp<=1.30; python_version >= '3.10'"));
        assert!(!pinned("mcp>=1.9"));
        assert!(!pinned("mcp>=2"));
        assert!(!pinned("mcp<3"));
        assert!(!pinned("mcp"));
        assert!(!pinned("mcp<2.1"));
    }

    #[test]
    fn fastmcp_majors_are_read() {
        let of = |req: &str| requirement(req).map(|(_, spec)| majors(&spec)).unwrap();
        let m = |lowest, highest| Majors { lowest, highest };
        assert_eq!(of("fastmcp[tasks]==3.2.0"), m(3, Some(3)));
        assert_eq!(of("fastmcp>=3,<4"), m(3, Some(3)));
        assert_eq!(of("fastmcp>=3.0,<4.0.0"), m(3, Some(3)));
        assert_eq!(of("fastmcp~=2.12"), m(2, Some(2)));
        assert_eq!(of("fastmcp==2.*"), m(2, Some(2)));
        assert_eq!(of("fastmcp<=3.9"), m(0, Some(3)));
        assert_eq!(of("fastmcp>=2.10"), m(2, None));
        assert_eq!(of("fastmcp"), m(0, None));
        assert_eq!(of("fastmcp<4.1"), m(0, Some(4)));
        assert_eq!(of("fastmcp>=4.0.0"), m(4, None));
        assert!(of("fastmcp==3.2.0").below(4));
        assert!(!of("fastmcp>=3.2").below(4));
        assert!(!of("fastmcp<=4").below(4));
        assert!(of("fastmcp>=4").from(4));
        assert!(!of("fastmcp>=3,<5").from(4));
        // Poetry: `^3.2` and a bare version.
        assert_eq!(majors("^3.2"), m(3, Some(3)));
        assert_eq!(majors("3.2.0"), m(3, Some(3)));
        assert_eq!(majors("*"), m(0, None));
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

    #[test]
    fn python_sdk_versions_are_read_from_requirements_and_locks() {
        let v = |lowest, below| Versions { lowest, below };
        for (spec, read) in [
            ("==1.22.0", v((1, 22), Some((1, 23)))),
            ("===1.22.0", v((1, 22), Some((1, 23)))),
            ("==1.22.*", v((1, 22), Some((1, 23)))),
            ("==1.*", v((1, 0), Some((2, 0)))),
            ("~=1.22.0", v((1, 22), Some((1, 23)))),
            ("~=1.9", v((1, 9), Some((2, 0)))),
            (">=1.9,<1.23", v((1, 9), Some((1, 23)))),
            (">=1.9, <1.23.0", v((1, 9), Some((1, 23)))),
            (">=1.9,<1.23.1", v((1, 9), Some((1, 24)))),
            ("<=1.22.3", v((0, 0), Some((1, 23)))),
            (">=1.9,<2", v((1, 9), Some((2, 0)))),
            (">=1.9,!=1.10.0", v((1, 9), None)),
            ("", v((0, 0), None)),
            // Poetry's forms (`[tool.poetry.dependencies] mcp = "..."`).
            ("1.22.0", v((1, 22), Some((1, 23)))),
            ("~1.22", v((1, 22), Some((1, 23)))),
            ("~1", v((1, 0), Some((2, 0)))),
            ("^1.22", v((1, 22), Some((2, 0)))),
            ("^0.3", v((0, 3), Some((0, 4)))),
        ] {
            assert_eq!(specifier_minors(spec), read, "{spec}");
        }
        // Whether the SDK may put `mode` in what it sends (from 1.23).
        let adds = |spec: &str| Versions::may_be_from(Some(specifier_minors(spec)), (1, 23));
        assert!(!adds("==1.22.0"));
        assert!(!adds(">=1.9,<1.23"));
        assert!(adds(">=1.9"));
        assert!(adds("~=1.9"));
        assert!(adds("==1.23.0"));
        assert!(adds(">=2"));
        // A Poetry project's pin, as its pyproject.toml writes it.
        let poetry_pin = "[tool.poetry.dependencies]\npython = \"^3.10\"\nmcp = \"1.22.0\"\n";
        let (_, spec) = pyproject_dependencies(poetry_pin)
            .into_iter()
            .find(|(d, _)| d == "mcp")
            .unwrap();
        assert!(!adds(&spec));
        // uv.lock and poetry.lock as the tools write them: a `[[package]]`
        // table names it, then its version.
        let uv = "version = 1\nrequires-python = \">=3.10\"\n\n[[package]]\nname = \"mcp\"\nversion = \"1.22.0\"\nsource = { registry = \"https://pypi.org/simple\" }\ndependencies = [\n    { name = \"anyio\" },\n]\n\n[[package]]\nname = \"mcp-server-x\"\nversion = \"0.3.0\"\n";
        assert_eq!(locked_version(uv, "mcp"), Some((1, 22)));
        let poetry = "[[package]]\nname = \"anyio\"\nversion = \"4.9.0\"\n\n[[package]]\nname = \"mcp\"\nversion = \"1.30.0\"\ndescription = \"Model Context Protocol SDK\"\noptional = false\n";
        assert_eq!(locked_version(poetry, "mcp"), Some((1, 30)));
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(python_lock(dir.path()), None);
        std::fs::write(dir.path().join("uv.lock"), uv).unwrap();
        assert_eq!(python_lock(dir.path()), Some(Versions::exactly((1, 22))));
    }

    #[test]
    fn rmcp_versions_are_read_from_cargo() {
        let v = |lowest, below| Some(Versions { lowest, below });
        assert_eq!(cargo_requirement("0.16"), v((0, 16), Some((0, 17))));
        assert_eq!(cargo_requirement("^3.2"), v((3, 2), Some((4, 0))));
        assert_eq!(cargo_requirement("~1.8"), v((1, 8), Some((1, 9))));
        assert_eq!(cargo_requirement("=2.2.0"), v((2, 2), Some((2, 3))));
        assert_eq!(cargo_requirement(">=3.2"), v((3, 2), None));
        assert_eq!(cargo_requirement("1"), v((1, 0), Some((2, 0))));
        assert_eq!(cargo_requirement(">=1, <4"), None);
        assert_eq!(cargo_requirement("*"), None);
        // What each says of `$schema` (3.2) and `mode` (0.15).
        let from = |req: &str, at| cargo_requirement(req).and_then(|r| r.from(at));
        assert_eq!(from("0.14", (0, 15)), Some(false));
        assert_eq!(from("0.16", (0, 15)), Some(true));
        assert_eq!(from("2.2", (3, 2)), Some(false));
        assert_eq!(from("3.0", (3, 2)), None);
        assert_eq!(from("3.2", (3, 2)), Some(true));

        let version = |r: &str| Some(Requirement::Version(r.to_string()));
        for (toml, req) in [
            ("[dependencies]\nrmcp = \"0.16\"\n", "0.16"),
            (
                "[dependencies]\nrmcp = { version = \"^3.2\", features = [\"server\"] }\n",
                "^3.2",
            ),
            (
                "[dependencies.rmcp]\nfeatures = [\"elicitation\"]\nversion = \"1.8\"\n",
                "1.8",
            ),
            ("[dev-dependencies]\nrmcp.version = \"0.14\"\n", "0.14"),
            (
                "[features]\nrmcp = [\"dep:rmcp\"]\n[target.'cfg(unix)'.dependencies]\nrmcp = \"2.2\"\n",
                "2.2",
            ),
            (
                "[dependencies]\nrmcp-macros = \"1\"\nrmcp = \"0.11\"\n",
                "0.11",
            ),
        ] {
            assert_eq!(rmcp_requirement(toml, false), version(req), "{toml}");
        }
        // The workspace's: the crate says so, its workspace's root says
        // which.
        for toml in [
            "[dependencies]\nrmcp = { workspace = true, features = [\"server\"] }\n",
            "[dependencies]\nrmcp.workspace = true\n",
            "[dependencies.rmcp]\nworkspace = true\n",
        ] {
            assert_eq!(
                rmcp_requirement(toml, false),
                Some(Requirement::Workspace),
                "{toml}"
            );
        }
        let root = "[workspace]\nmembers = [\"server\"]\n\n[workspace.dependencies]\nrmcp = { version = \"0.16\", default-features = false }\n\n[dependencies]\nrmcp = { workspace = true }\n";
        assert_eq!(rmcp_requirement(root, true), version("0.16"));
        assert_eq!(rmcp_requirement(root, false), Some(Requirement::Workspace));
        assert_eq!(
            rmcp_requirement("[workspace.dependencies.rmcp]\nversion = \"3.2\"\n", true),
            version("3.2")
        );
        assert_eq!(
            rmcp_requirement("[dependencies]\nrmcp = \"3.2\"\n", true),
            None
        );

        let lock = "[[package]]\nname = \"rmcp\"\nversion = \"3.1.2\"\n\n[[package]]\nname = \"rmcp-macros\"\nversion = \"3.1.2\"\n";
        assert_eq!(locked_version(lock, "rmcp"), Some((3, 1)));
        let two = format!("{lock}\n[[package]]\nname = \"rmcp\"\nversion = \"0.16.0\"\n");
        assert_eq!(locked_version(&two, "rmcp"), None);
    }
}
