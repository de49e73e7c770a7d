//! Linting inputs and reporting what was found, for `lint` and for
//! `replay SESSION` (which lints the session): the options and
//! configuration files that apply to each input, the inputs linted in
//! parallel when there are many, the diagnostics handed to a renderer in
//! input order, and the summary.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Result, anyhow};
use mcp_elicit::document::Kind;
use mcp_elicit::finding::Diagnostic;
use mcp_elicit::hosts::Host;
use mcp_elicit::lint::hosts::{Matrix, Row};
use mcp_elicit::lint::{self, Counts, Judged, Linter, Options, Skip};
use mcp_elicit::rules;

use crate::Outcome;
use crate::cli::{CheckArgs, OutputFormat};
use crate::render;

/// One thing to lint.
#[derive(Debug, Clone)]
pub enum Input {
    Stdin,
    /// A file found in a folder or named: JSON is judged only when it is an
    /// elicitation document (unless declared a schema), source is read for
    /// the elicitations it sends.
    File(PathBuf),
    /// A file named on the command line of a kind mcp-elicit does not read
    /// (`.cs`, `.md`, ...): passed over, with a word when named alone.
    Unread(PathBuf),
    /// A session (a file, or stdin for `-`): always read line by line.
    Session(PathBuf),
}

impl Input {
    fn display(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::File(p) | Input::Unread(p) | Input::Session(p) => display_path(p),
        }
    }
}

/// What `lint` judges beyond elicitation documents, and what it shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    /// Every JSON file is a requested schema if it is nothing else
    /// (`--schema`).
    pub schemas: bool,
    /// Show what cannot be known statically (N006) though not selected.
    pub show_unknown: bool,
}

/// `p` made absolute as `std::path::absolute` makes it (`.` parts
/// dropped, `..` kept), from the working directory asked for once in a
/// run (a command never changes it), not once per file.
pub fn absolute(p: &Path) -> std::path::PathBuf {
    static CWD: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    match CWD.get_or_init(|| std::env::current_dir().ok()) {
        Some(cwd) if p.is_relative() => mcp_elicit::work::join_plain(cwd, p)
            .unwrap_or_else(|| cwd.join(p).components().collect()),
        // As it is: `absolute` rebuilds a name part by part.
        _ if mcp_elicit::work::plain_absolute(p) => p.to_path_buf(),
        _ => std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()),
    }
}

pub fn display_path(p: &Path) -> String {
    let s = p.to_string_lossy();
    s.strip_prefix("./").unwrap_or(&s).to_string()
}

/// Lints `inputs` and reports with `check`'s options, with the host rules
/// of `hosts`; `failed` says whether collecting the inputs already failed
/// somewhere.
pub fn check(
    inputs: &[Input],
    check: &CheckArgs,
    hosts: &[&'static Host],
    scope: Scope,
    mut failed: bool,
) -> Result<Outcome> {
    let mut opts = match check.spec {
        Some(r) => Options::for_revision(r),
        None => Options::default(),
    };
    opts.select = crate::config::resolve_rules(&check.select, "--select")?;
    opts.ignore = crate::config::resolve_rules(&check.ignore, "--ignore")?;
    opts.hosts = hosts.to_vec();
    let format = check.format.unwrap_or(OutputFormat::Concise);
    if format == OutputFormat::Hosts && opts.hosts.is_empty() {
        opts.hosts = mcp_elicit::hosts::ALL.to_vec();
    }
    if format == OutputFormat::Hosts || (format == OutputFormat::Json && !opts.hosts.is_empty()) {
        return check_matrix(inputs, check, &opts, scope, format, failed);
    }

    // Configuration files (mcp-elicit.toml, pyproject.toml) near the
    // inputs: their options, and the inputs they exclude.
    let (configured, per_input) = configure(inputs, check, hosts, scope, &opts)?;
    let inputs = configured.as_slice();

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut renderer = render::for_format(check.format.unwrap_or(OutputFormat::Concise));
    renderer.begin(&mut out)?;
    let mut tally = Tally::default();
    let mut emit = |d: Diagnostic, out: &mut dyn Write, tally: &mut Tally| -> io::Result<()> {
        tally.counts.add(d.severity);
        renderer.diagnostic(&d, out)
    };

    let threads = mcp_elicit::work::cores();
    if inputs.len() == 1 || threads == 1 {
        // Stream: one input (a large JSONL file, stdin) is rendered as it is
        // read, so memory does not grow with the input.
        for (input, linter) in inputs.iter().zip(&per_input) {
            let mut err: Option<io::Error> = None;
            let mut any = false;
            let mut hidden = 0;
            let hide = hides_unknown(scope, linter.options());
            let r = lint_input(input, linter, inputs.len() > 1, &mut |d| {
                if hide && d.code == rules::SOURCE_NOT_STATIC.code {
                    hidden += 1;
                    return;
                }
                any = true;
                if err.is_none()
                    && let Err(e) = emit(d, &mut out, &mut tally)
                {
                    err = Some(e);
                }
            });
            if let Some(e) = err {
                return Err(e.into());
            }
            tally.file(input, r, any, hidden, &mut failed);
        }
    } else {
        let results = lint_parallel(inputs, &per_input, threads);
        for ((input, linter), (diags, r)) in inputs.iter().zip(&per_input).zip(results) {
            let hide = hides_unknown(scope, linter.options());
            let (hidden, shown): (Vec<_>, Vec<_>) = diags
                .into_iter()
                .partition(|d| hide && d.code == rules::SOURCE_NOT_STATIC.code);
            let any = !shown.is_empty();
            for d in shown {
                emit(d, &mut out, &mut tally)?;
            }
            tally.file(input, r, any, hidden.len(), &mut failed);
        }
    }
    renderer.end(&tally.counts, &mut out)?;
    out.flush()?;
    drop(out);
    if let [input] = inputs
        && !matches!(input, Input::Stdin)
        && let Some(skip) = tally.skipped_one
    {
        explain_skip(input, skip, check.quiet);
    }
    Ok(finish(check, &tally, failed))
}

/// Whether the notes on what cannot be known statically (N006) are counted
/// instead of shown: unless `--show-unknown` or a selection names them.
fn hides_unknown(scope: Scope, opts: &Options) -> bool {
    !scope.show_unknown && !opts.select.contains(rules::SOURCE_NOT_STATIC.code)
}

/// What a lint run has seen, for its summary.
#[derive(Default)]
struct Tally {
    counts: Counts,
    /// Inputs read (linted or skipped).
    read: usize,
    with_findings: usize,
    /// Files passed over: JSON that holds no elicitation, and files of a
    /// kind mcp-elicit does not read.
    skipped: render::Skipped,
    /// Notes on what cannot be known statically, not shown.
    hidden_unknown: usize,
    /// Why the last input was skipped, for a word when it was named alone.
    skipped_one: Option<Skip>,
}

impl Tally {
    fn file(
        &mut self,
        input: &Input,
        r: io::Result<Judged>,
        any: bool,
        hidden: usize,
        failed: &mut bool,
    ) {
        self.with_findings += usize::from(any);
        self.hidden_unknown += hidden;
        match r {
            Ok(Judged::Linted) => self.read += 1,
            Ok(Judged::Skipped(skip)) => {
                self.read += 1;
                match skip {
                    Skip::NotRead => self.skipped.not_read += 1,
                    _ => self.skipped.no_elicitation += 1,
                }
                self.skipped_one = Some(skip);
            }
            Err(e) => {
                report_io(&input.display(), &e);
                *failed = true;
            }
        }
    }
}

/// Says why the one file named was passed over, and how to have it judged.
fn explain_skip(input: &Input, skip: Skip, quiet: bool) {
    if quiet {
        return;
    }
    let name = input.display();
    let why = match skip {
        Skip::NotRead => "is not a kind of file mcp-elicit reads (JSON, JSONL, and TypeScript, JavaScript, Python, Go, Rust, C#, Java or Kotlin source)".to_string(),
        Skip::NotJson => "is not JSON and names no elicitation".to_string(),
        Skip::NamesNothing => "names nothing an elicitation or a session is written with".to_string(),
        Skip::NotSession => "is JSONL that starts no session (no session header, no JSON-RPC message on its first line)".to_string(),
        Skip::Document(Kind::Schema) => "reads as a bare requestedSchema, and nothing says it is one; if it is, lint it with `--schema`, or list it under `schemas` in mcp-elicit.toml".to_string(),
        Skip::Document(_) => "holds no elicitation (elicitation/create params or request, an InputRequiredResult, an ElicitResult, a session); a bare requestedSchema is judged with `--schema`".to_string(),
    };
    let _ = writeln!(io::stderr(), "note: {name} {why}; it was skipped");
}

/// The inputs left after the configuration files' `exclude`, each with
/// its options: the command line's, with what it does not say taken from
/// the nearest configuration file.
fn configure(
    inputs: &[Input],
    check: &CheckArgs,
    hosts: &[&'static Host],
    scope: Scope,
    base: &Options,
) -> Result<(Vec<Input>, Vec<Arc<Linter>>)> {
    // On all cores, in runs of inputs: the files of a folder come
    // together, and share the configuration looked up for it. The first
    // error, in the inputs' order, is the one said.
    let parts = mcp_elicit::work::on_runs(inputs.len(), |run| {
        configure_run(&inputs[run], check, hosts, scope, base)
    });
    let mut kept = Vec::with_capacity(inputs.len());
    let mut per_input = Vec::with_capacity(inputs.len());
    for (_, part) in parts {
        let (k, p) = part.ok_or_else(|| anyhow!("looking up the configuration files failed"))??;
        kept.extend(k);
        per_input.extend(p);
    }
    Ok((kept, per_input))
}

/// [`configure`] of a run of inputs. The inputs of one configuration
/// (most of a walk's, all of them when there is none) share one linter.
fn configure_run(
    inputs: &[Input],
    check: &CheckArgs,
    hosts: &[&'static Host],
    scope: Scope,
    base: &Options,
) -> Result<(Vec<Input>, Vec<Arc<Linter>>)> {
    let mut configs = crate::config::Configs::default();
    let mut kept = Vec::with_capacity(inputs.len());
    let mut per_input = Vec::with_capacity(inputs.len());
    // The linter made last, for the configuration it was made of.
    let mut last: Option<(Option<Arc<crate::config::Found>>, bool, Arc<Linter>)> = None;
    for input in inputs {
        let found = match input {
            Input::File(p) | Input::Unread(p) | Input::Session(p) if p.as_os_str() != "-" => {
                configs.for_file(p)?
            }
            _ => None,
        };
        let only = elicitations_only(input, scope, found.as_deref());
        if let Some(f) = &found
            && let Input::File(p) | Input::Unread(p) | Input::Session(p) = input
            && f.excludes(p)
        {
            continue;
        }
        let same = last.as_ref().filter(|(f, o, _)| {
            *o == only
                && match (f, &found) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    (None, None) => true,
                    _ => false,
                }
        });
        let linter = match same {
            Some((_, _, linter)) => linter.clone(),
            None => {
                let opts = options_of(found.as_deref(), only, check, hosts, base)?;
                let linter = Arc::new(Linter::from(opts));
                last = Some((found, only, linter.clone()));
                linter
            }
        };
        kept.push(input.clone());
        per_input.push(linter);
    }
    Ok((kept, per_input))
}

/// The options of an input under the configuration `found` (if any) and
/// `base`, the command line's: `elicitations_only` as `only` says.
fn options_of(
    found: Option<&crate::config::Found>,
    only: bool,
    check: &CheckArgs,
    hosts: &[&'static Host],
    base: &Options,
) -> Result<Options> {
    let mut opts = base.clone();
    opts.elicitations_only = only;
    let Some(found) = found else {
        return Ok(opts);
    };
    let config = &found.config;
    let at = found.path.display();
    if check.spec.is_none()
        && let Some(spec) = &config.spec
    {
        opts = Options {
            elicitations_only: opts.elicitations_only,
            select: opts.select,
            ignore: opts.ignore,
            hosts: opts.hosts,
            ..Options::for_revision(
                crate::cli::parse_revision(spec).map_err(|e| anyhow!("{at}: spec: {e}"))?,
            )
        };
    }
    if check.select.is_empty()
        && let Some(select) = &config.select
    {
        opts.select =
            crate::config::resolve_rules(select, "select").map_err(|e| anyhow!("{at}: {e}"))?;
    }
    if check.ignore.is_empty()
        && let Some(ignore) = &config.ignore
    {
        opts.ignore =
            crate::config::resolve_rules(ignore, "ignore").map_err(|e| anyhow!("{at}: {e}"))?;
    }
    if hosts.is_empty()
        && let Some(list) = &config.hosts
    {
        opts.hosts =
            mcp_elicit::hosts::parse_list(list).map_err(|e| anyhow!("{at}: hosts: {e}"))?;
    }
    Ok(opts)
}

/// Whether `input` is judged only when it is an elicitation document: a
/// file found or named is, unless `--schema`, the configuration's `schemas`
/// or a name without an extension says what it is; stdin and sessions are
/// judged whatever they hold.
fn elicitations_only(input: &Input, scope: Scope, found: Option<&crate::config::Found>) -> bool {
    match input {
        Input::File(p) => {
            !scope.schemas
                && p.extension().is_some()
                && !found.is_some_and(|f| f.declares_schema(p))
        }
        Input::Stdin | Input::Unread(_) | Input::Session(_) => false,
    }
}

/// Lints `inputs` held in memory, for the reports that need every
/// elicitation as well as the findings: the host matrix, and JSON with
/// `--hosts` (which carries the matrix beside the diagnostics).
fn check_matrix(
    inputs: &[Input],
    check: &CheckArgs,
    opts: &Options,
    scope: Scope,
    format: OutputFormat,
    mut failed: bool,
) -> Result<Outcome> {
    use std::io::Read;
    let mut tally = Tally::default();
    let mut diagnostics = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    for input in inputs {
        let name = input.display();
        let mut bytes = Vec::new();
        let read = match input {
            Input::Unread(_) => {
                tally.file(
                    input,
                    Ok(Judged::Skipped(Skip::NotRead)),
                    false,
                    0,
                    &mut failed,
                );
                continue;
            }
            Input::Stdin => read_stdin(&mut bytes),
            Input::Session(p) if p.as_os_str() == "-" => read_stdin(&mut bytes),
            Input::File(p) | Input::Session(p) => std::fs::File::open(p)
                .and_then(|f| {
                    f.take(lint::MAX_DOCUMENT as u64 + 1)
                        .read_to_end(&mut bytes)
                })
                .map(|_| ()),
        };
        if let Err(e) = read {
            tally.file(input, Err(e), false, 0, &mut failed);
            continue;
        }
        let linter = Linter::from(Options {
            elicitations_only: elicitations_only(input, scope, None),
            ..opts.clone()
        });
        let opts = linter.options();
        let before = diagnostics.len();
        let hide = hides_unknown(scope, opts);
        let mut hidden = 0;
        let mut sink = |d: Diagnostic| {
            if hide && d.code == rules::SOURCE_NOT_STATIC.code {
                hidden += 1;
                return;
            }
            tally.counts.add(d.severity);
            diagnostics.push(d);
        };
        #[cfg(feature = "source")]
        if let Input::File(p) = input
            && let Some(language) = mcp_elicit::source::Language::of_path(p)
        {
            let project = mcp_elicit::source::Project::of_source(p, language);
            mcp_elicit::source::lint_source_in(&name, &bytes, language, project, opts, &mut sink);
            let any = diagnostics.len() > before;
            tally.file(input, Ok(Judged::Linted), any, hidden, &mut failed);
            rows.extend(mcp_elicit::source::host_rows(&name, &bytes, language, opts));
            continue;
        }
        let judged = match input {
            Input::Session(_) => linter.session(&name, bytes.as_slice(), &mut sink)?,
            _ => linter.bytes(&name, &bytes, &mut sink),
        };
        let any = diagnostics.len() > before;
        tally.file(input, Ok(judged), any, hidden, &mut failed);
        if judged == Judged::Linted
            && let Ok(text) = std::str::from_utf8(&bytes)
        {
            rows.extend(mcp_elicit::lint::hosts::rows(&name, text, opts));
        }
    }
    let matrix = Matrix::new(&opts.hosts, rows);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if format == OutputFormat::Hosts {
        render::matrix(&matrix, &mut out)?;
    } else {
        let mut renderer = render::json_with("hosts", render::matrix_json(&matrix));
        renderer.begin(&mut out)?;
        for d in &diagnostics {
            renderer.diagnostic(d, &mut out)?;
        }
        renderer.end(&tally.counts, &mut out)?;
    }
    out.flush()?;
    drop(out);
    Ok(finish(check, &tally, failed))
}

/// The summary line and the outcome of a lint run. The summary counts what
/// was read; when nothing could be, the errors above say it all.
fn finish(check: &CheckArgs, tally: &Tally, failed: bool) -> Outcome {
    if !check.quiet && (tally.read > 0 || !failed) {
        render::summary(
            &tally.counts,
            tally.read - tally.skipped.no_elicitation - tally.skipped.not_read,
            tally.with_findings,
            tally.skipped,
            tally.hidden_unknown,
        );
    }
    if failed {
        Outcome::Failed
    } else if tally.counts.at_or_above(check.fail_on) > 0 {
        Outcome::Findings
    } else {
        Outcome::Clean
    }
}

pub fn report_io(path: &str, e: &io::Error) {
    let _ = writeln!(io::stderr(), "error: {path}: {}", crate::io_problem(e));
}

fn lint_input(
    input: &Input,
    linter: &Linter,
    of_many: bool,
    sink: &mut dyn FnMut(Diagnostic),
) -> io::Result<Judged> {
    match input {
        Input::Stdin => linter.reader("-", io::stdin().lock(), sink),
        Input::Unread(_) => Ok(Judged::Skipped(Skip::NotRead)),
        #[cfg(feature = "source")]
        Input::File(p) if is_source(p) => {
            let abs = absolute(p);
            // Most files of a walk: the project's index read them already,
            // and found nothing to lint.
            if mcp_elicit::source::Project::passed_over(&abs) {
                return Ok(Judged::Linted);
            }
            mcp_elicit::source::lint_source_file(&abs, &display_path(p), linter.options(), sink)
                .map(|()| Judged::Linted)
        }
        Input::File(p) if p.extension().is_none() => lint_unnamed(p, linter, sink),
        // One of many is passed over unparsed when it names nothing an
        // elicitation is written with; one alone is read, to say what it is.
        Input::File(p) if of_many => linter.file_of_many(p, &display_path(p), sink),
        Input::File(p) => linter.file(p, &display_path(p), sink),
        Input::Session(p) if p.as_os_str() == "-" => linter.session("-", io::stdin().lock(), sink),
        Input::Session(p) => {
            let f = std::fs::File::open(p)?;
            linter.session(
                &display_path(p),
                io::BufReader::with_capacity(1 << 16, f),
                sink,
            )
        }
    }
}

/// A file named without an extension: a script is read as the source of
/// the language its `#!` line names (pre-commit hands the hook executables
/// by their interpreter), and is skipped when that is none mcp-elicit
/// reads; anything else is JSON (`<(command)`, `/dev/stdin`), judged
/// whatever it holds.
fn lint_unnamed(
    path: &Path,
    linter: &Linter,
    sink: &mut dyn FnMut(Diagnostic),
) -> io::Result<Judged> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut start = [0u8; 2];
    let mut got = 0;
    while got < 2 {
        match file.read(&mut start[got..])? {
            0 => break,
            n => got += n,
        }
    }
    if start[..got] != *b"#!" {
        let rest = io::BufReader::with_capacity(1 << 16, file);
        let reader = io::Read::chain(&start[..got], rest);
        return linter.reader(&display_path(path), reader, sink);
    }
    #[cfg(feature = "source")]
    {
        let mut bytes = b"#!".to_vec();
        file.take(mcp_elicit::source::MAX_SOURCE as u64)
            .read_to_end(&mut bytes)?;
        if bytes.len() > mcp_elicit::source::MAX_SOURCE {
            return Err(io::Error::other(format!(
                "larger than {} MiB; source files this large are not read (exclude it, or name smaller files)",
                mcp_elicit::source::MAX_SOURCE >> 20
            )));
        }
        if let Some(language) = mcp_elicit::source::Language::of_shebang(&bytes) {
            let project = mcp_elicit::source::Project::of_source(path, language);
            let name = display_path(path);
            mcp_elicit::source::lint_source_in(
                &name,
                &bytes,
                language,
                project,
                linter.options(),
                sink,
            );
            return Ok(Judged::Linted);
        }
    }
    Ok(Judged::Skipped(Skip::NotRead))
}

type FileResult = (Vec<Diagnostic>, io::Result<Judged>);

fn lint_parallel(inputs: &[Input], linters: &[Arc<Linter>], threads: usize) -> Vec<FileResult> {
    mcp_elicit::work::on_all_cores(inputs, threads, |i, input| {
        let mut diags = Vec::new();
        let r = lint_input(input, &linters[i], true, &mut |d| diags.push(d));
        (diags, r)
    })
    .into_iter()
    .map(|r| {
        r.unwrap_or_else(|| {
            (
                Vec::new(),
                Err(io::Error::other(
                    "internal error: this input was not linted",
                )),
            )
        })
    })
    .collect()
}

/// Reads stdin into `bytes`, up to one byte past the document bound (so
/// that a longer input is reported as such, not held whole).
pub fn read_stdin(bytes: &mut Vec<u8>) -> io::Result<()> {
    use std::io::Read;
    io::stdin()
        .lock()
        .take(lint::MAX_DOCUMENT as u64 + 1)
        .read_to_end(bytes)
        .map(|_| ())
}

/// Whether `path` is a source file read for the elicitations it sends.
pub fn is_source(path: &Path) -> bool {
    #[cfg(feature = "source")]
    {
        mcp_elicit::source::Language::of_path(path).is_some()
    }
    #[cfg(not(feature = "source"))]
    {
        let _ = path;
        false
    }
}
