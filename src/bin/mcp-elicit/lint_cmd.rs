//! `mcp-elicit lint`: collects the inputs, lints them (in parallel when there
//! are many), and hands the diagnostics to a renderer in input order.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use mcp_elicit::rules;

use crate::Outcome;
use crate::check::{Input, Scope, check, display_path, is_source, report_io};
use crate::cli::LintArgs;
use crate::render;

/// The extensions of the JSON files `lint` reads; a named file without an
/// extension (`<(command)`, `/dev/stdin`) is read as JSON too.
fn is_json(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|x| x.to_str()),
        Some("json" | "jsonl" | "ndjson")
    )
}

pub fn run(args: LintArgs) -> Result<Outcome> {
    if args.list_rules {
        render::list_rules(&mut io::stdout().lock())?;
        return Ok(Outcome::Clean);
    }
    if args.list_hosts {
        render::list_hosts(&mut io::stdout().lock())?;
        return Ok(Outcome::Clean);
    }
    let hosts = mcp_elicit::hosts::parse_list(&args.hosts).map_err(|e| anyhow!("--hosts: {e}"))?;
    if let Some(code) = &args.explain {
        let Some(rule) = rules::find(code) else {
            bail!(
                "no rule `{code}`{}; `mcp-elicit lint --list-rules` lists every code and name",
                crate::config::did_you_mean(code)
            );
        };
        render::explain(rule, &mut io::stdout().lock())?;
        return Ok(Outcome::Clean);
    }
    #[cfg(feature = "source")]
    if args.show_source {
        return show_source(&args);
    }
    #[cfg(not(feature = "source"))]
    if args.show_source {
        bail!(
            "--show-source: this mcp-elicit was built without the `source` feature, so it reads no source files"
        );
    }
    // Bad rule names are usage errors, reported before any path is read.
    crate::config::resolve_rules(&args.check.select, "--select")?;
    crate::config::resolve_rules(&args.check.ignore, "--ignore")?;
    let mut failed = false;
    let paths = if !args.paths.is_empty() {
        args.paths.clone()
    } else if stdin_is_piped() && stdin_has_data() {
        // As ripgrep does: `cat bad.json | mcp-elicit lint` lints stdin.
        // A pipe closed with nothing in it (a harness's stdin) is no
        // input: the folder is linted, as without a pipe.
        vec![PathBuf::from("-")]
    } else {
        vec![PathBuf::from(".")]
    };
    let mut inputs = Vec::new();
    let mut stdin_seen = false;
    for p in &paths {
        if p.as_os_str() == "-" {
            if !stdin_seen {
                inputs.push(Input::Stdin);
                stdin_seen = true;
            }
            continue;
        }
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                let before = inputs.len();
                walk(p, &mut inputs, &mut failed);
                if inputs.len() == before && !args.check.quiet {
                    let _ = writeln!(
                        io::stderr(),
                        "warning: {} holds no *.json, *.jsonl or source files (hidden, git-ignored and tool folders such as node_modules are skipped); name the files to lint",
                        display_path(p)
                    );
                }
            }
            Ok(m) if special(&m) && !is_descriptor(p) => {
                let _ = writeln!(
                    io::stderr(),
                    "error: {}: {}",
                    display_path(p),
                    special_problem(&m)
                );
                failed = true;
            }
            Ok(_) if is_json(p) || is_source(p) || p.extension().is_none() => {
                inputs.push(Input::File(p.clone()))
            }
            Ok(_) => inputs.push(Input::Unread(p.clone())),
            Err(e) => {
                report_io(&display_path(p), &e);
                failed = true;
            }
        }
    }
    add_dependents(&mut inputs);
    let scope = Scope {
        schemas: args.schema,
        show_unknown: args.show_unknown,
    };
    check(&inputs, &args.check, &hosts, scope, failed)
}

/// Adds the files whose findings depend on a named source file (the calls
/// of a helper it defines, the models a call of it sends): pre-commit
/// names only the files that changed, and a change to a helper changes
/// what its callers send.
fn add_dependents(inputs: &mut Vec<Input>) {
    let named: Vec<PathBuf> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::File(p) => Some(p.clone()),
            _ => None,
        })
        .collect();
    let cwd = std::env::current_dir().unwrap_or_default();
    let found = mcp_elicit::source::Project::dependents_of(&named);
    if found.iter().all(|(_, dependents)| dependents.is_empty()) {
        return;
    }
    // Told apart by their bytes: the names are the index's keys, made
    // one way (hashing a `Path` reads it part by part).
    let mut seen: std::collections::HashSet<&std::ffi::OsStr> =
        found.iter().map(|(p, _)| p.as_os_str()).collect();
    let mut added = Vec::new();
    for (_, dependents) in &found {
        for d in dependents {
            if seen.insert(d.as_os_str()) {
                let shown = d
                    .strip_prefix(&cwd)
                    .map_or_else(|_| d.clone(), Path::to_path_buf);
                added.push(Input::File(shown));
            }
        }
    }
    inputs.extend(added);
}

/// Whether stdin holds at least one byte (waiting for it, or for its end).
/// What is seen stays buffered for the reader.
fn stdin_has_data() -> bool {
    use std::io::BufRead;
    io::stdin().lock().fill_buf().is_ok_and(|b| !b.is_empty())
}

/// Whether stdin is a pipe or a file redirected to the command (not a
/// terminal, not `/dev/null`): then `lint` with no path reads it.
fn stdin_is_piped() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else {
            return false;
        };
        std::fs::File::from(fd)
            .metadata()
            .is_ok_and(|m| m.is_file() || m.file_type().is_fifo() || m.file_type().is_socket())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Whether a named path is something other than a file or a folder: a
/// device (`/dev/zero` never ends), a named pipe (waits for a writer that
/// may never come) or a socket.
fn special(m: &std::fs::Metadata) -> bool {
    !m.is_file() && !m.is_dir()
}

/// What to say of a [`special`] path.
fn special_problem(m: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if m.file_type().is_fifo() {
            return "a named pipe, not a file; to lint what is written to it, pipe it in: `mcp-elicit lint - < PIPE`";
        }
    }
    let _ = m;
    "a device or socket, not a file; name a file or a folder, or `-` for stdin"
}

/// A descriptor's path (`<(command)`, `/dev/stdin`): a pipe the shell
/// opened, read like stdin (within the document bound).
fn is_descriptor(p: &Path) -> bool {
    p.starts_with("/dev/fd") || p.starts_with("/proc/self/fd") || p == Path::new("/dev/stdin")
}

/// Folders a walk never enters below the folder it was given, as ruff's
/// `exclude` defaults have them: version control, tool caches, virtual
/// environments, installed packages and build output. None of them holds a
/// project's own elicitations; a folder named on the command line is still
/// walked.
pub const EXCLUDED_DIRS: &[&str] = &[
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pyenv",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    ".vscode",
    "__pycache__",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "target",
    "venv",
];

/// Whether a walk passes over this folder: one of [`EXCLUDED_DIRS`], or a
/// virtual environment under any name (it holds `pyvenv.cfg`).
fn excluded_dir(entry: &ignore::DirEntry) -> bool {
    entry.depth() > 0
        && entry.file_type().is_some_and(|t| t.is_dir())
        && (entry
            .file_name()
            .to_str()
            .is_some_and(|n| EXCLUDED_DIRS.contains(&n))
            || entry.path().join("pyvenv.cfg").is_file())
}

/// Adds every `*.json` and `*.jsonl` file under `dir`, and every source
/// file (`*.ts`, `*.py`, ...), skipping hidden and git-ignored files and
/// [`EXCLUDED_DIRS`], in a stable order.
fn walk(dir: &Path, inputs: &mut Vec<Input>, failed: &mut bool) {
    // Listed on all cores, then put in the order of a walk that visits
    // each folder's entries by name (paths compare component by
    // component).
    let found = std::sync::Mutex::new((Vec::new(), Vec::new()));
    ignore::WalkBuilder::new(dir)
        .require_git(false)
        .filter_entry(|e| !excluded_dir(e))
        .build_parallel()
        .run(|| {
            let found = &found;
            Box::new(move |entry| {
                let lock = || found.lock().unwrap_or_else(|e| e.into_inner());
                match entry {
                    Ok(e) => {
                        let path = e.path();
                        let source = is_source(path);
                        if e.file_type().is_some_and(|t| t.is_file()) && (source || is_json(path)) {
                            // Its project's index is built while the walk
                            // goes on.
                            if source {
                                mcp_elicit::source::Project::start_index(path);
                            }
                            lock().0.push(e.into_path());
                        }
                    }
                    Err(e) => lock().1.push(e.to_string()),
                }
                ignore::WalkState::Continue
            })
        });
    let (mut files, mut errors) = found.into_inner().unwrap_or_else(|e| e.into_inner());
    // Sorted by their bytes with each separator read as the lowest byte:
    // the order of their components, as `path_order` tells it, for names
    // that share the walk's root (a name has no NUL byte), compared
    // without cutting them into components.
    files.sort_by_cached_key(|p| {
        let mut key = p.as_os_str().as_encoded_bytes().to_vec();
        for b in &mut key {
            if std::path::is_separator(char::from(*b)) {
                *b = 0;
            }
        }
        key
    });
    debug_assert!(files.is_sorted_by(|a, b| mcp_elicit::work::path_order(a, b).is_le()));
    errors.sort_unstable();
    inputs.extend(files.into_iter().map(Input::File));
    for e in errors {
        let _ = writeln!(io::stderr(), "error: {e}");
        *failed = true;
    }
}

/// `lint --show-source`: each elicitation found in the source files among
/// the paths, as `{"path", "line", "column", "params"}` (with `unknown`,
/// the pointers of values not known statically, and `generator`, `origin`
/// when a generator made the schema), one a line.
#[cfg(feature = "source")]
fn show_source(args: &LintArgs) -> Result<Outcome> {
    use mcp_elicit::source::{self, Language};
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let mut failed = false;
    let mut inputs = Vec::new();
    for p in &paths {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => walk(p, &mut inputs, &mut failed),
            Ok(_) => inputs.push(Input::File(p.clone())),
            Err(e) => {
                report_io(&display_path(p), &e);
                failed = true;
            }
        }
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for input in &inputs {
        let Input::File(p) = input else { continue };
        let Some(language) = Language::of_path(p) else {
            continue;
        };
        let name = display_path(p);
        let bytes = match std::fs::read(p) {
            Ok(b) if b.len() <= source::MAX_SOURCE => b,
            Ok(_) => {
                let _ = writeln!(
                    io::stderr(),
                    "error: {name}: larger than {} MiB; not read",
                    source::MAX_SOURCE >> 20
                );
                failed = true;
                continue;
            }
            Err(e) => {
                report_io(&name, &e);
                failed = true;
                continue;
            }
        };
        let text = source::text_of(&bytes);
        for shown in source::show(&text, language, source::Project::of_source(p, language)) {
            let mut o = serde_json::json!({ "path": name });
            if let (Some(map), serde_json::Value::Object(more)) =
                (o.as_object_mut(), serde_json::to_value(&shown)?)
            {
                map.extend(more);
            }
            writeln!(out, "{o}")?;
        }
    }
    out.flush()?;
    Ok(if failed {
        Outcome::Failed
    } else {
        Outcome::Clean
    })
}
