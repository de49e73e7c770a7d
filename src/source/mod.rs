//! Elicitations read from the source code that sends them.
//!
//! Servers rarely keep a `requestedSchema` in a `.json` file: they write an
//! object literal in TypeScript, a Pydantic model in Python, a
//! `jsonschema.Schema` literal in Go, a schemars type or a builder chain of
//! rmcp in Rust. This module finds those places without
//! running anything, computes the params the server will put on the wire
//! (as the SDK it uses would: Pydantic's class-name root `title`, FastMCP's
//! shorthands), and hands them to the same rules as any JSON document. Each
//! value keeps the span of the source text it came from, so a finding lands
//! where a person would fix it: the property's line in a literal, the
//! `Field(...)` line, the `class Foo(BaseModel):` line for a derived title.
//!
//! What cannot be known statically (a schema built by a function in another
//! module, options fetched at run time) is never guessed: the value is left
//! out of the checks and one note per elicitation
//! ([`crate::rules::SOURCE_NOT_STATIC`]), at the call, says what could not
//! be known.
//!
//! Files are parsed with tree-sitter (TypeScript/TSX, Python and Go
//! grammars) and only when a cheap byte scan (`may_elicit`) finds one of
//! the names an elicitation is written with. tree-sitter is one family for
//! the three languages, error-tolerant (a half-written file still yields
//! the literals around the error) and fast enough: measured on these 2-core
//! machines (release), 7.5 MB/s on TypeScript declarations, 5 to 9 MB/s on
//! the TypeScript SDK's JavaScript, 9 to 11 MB/s on Pydantic's Python; its
//! cost is the C build (about 16 s of CPU for the runtime, 8 s for the
//! TypeScript and TSX grammars, a few for Python and Go) and memory on
//! minified code (about 100 times the text), which the windowed reading of
//! large files bounds. Rust is read with `syn`, as `generate --rust` reads
//! it (its types are what the schema is made from).

mod build;
pub mod csharp;
pub mod fixes;
pub mod go;
mod go_project;
mod index;
pub mod java;
mod jvm_project;
mod jvm_summary;
pub mod kotlin;
mod project;
pub mod python;
mod python_project;
pub mod rust;
mod rust_project;
pub mod typescript;
mod typescript_project;

pub use project::{Majors, Project, Versions};

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;

use crate::finding::{Diagnostic, Finding};
use crate::json::{Node, Span};
use crate::lint::{self, Options};
use crate::rules;

pub use build::Unknown;

/// The source languages read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// `.ts`, `.mts`, `.cts`.
    TypeScript,
    /// `.tsx`, `.js`, `.jsx`, `.mjs`, `.cjs` (the TSX grammar reads
    /// JavaScript and JSX too).
    Tsx,
    Python,
    Go,
    /// `.rs`: rmcp's `elicit::<T>`, `from_type::<T>` and builder chains.
    Rust,
    /// `.cs`: the C# SDK's typed schema classes and `ElicitAsync<T>`.
    CSharp,
    /// `.java`: the Java SDK's `ElicitRequest` with `Map.of(...)` schemas.
    Java,
    /// `.kt`, `.kts`: the Kotlin SDK's `RequestedSchema(...)`.
    Kotlin,
}

impl Language {
    /// The language of a file, by its extension.
    pub fn of_path(path: &Path) -> Option<Language> {
        Some(match crate::work::extension(path)? {
            "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" | "js" | "jsx" | "mjs" | "cjs" => Language::Tsx,
            "py" | "pyi" => Language::Python,
            "go" => Language::Go,
            "rs" => Language::Rust,
            "cs" => Language::CSharp,
            "java" => Language::Java,
            "kt" | "kts" => Language::Kotlin,
            _ => return None,
        })
    }

    /// The project index a file of this language is read with (TypeScript
    /// and JavaScript share one).
    pub fn index(self) -> &'static str {
        match self {
            Language::TypeScript | Language::Tsx => "typescript",
            Language::Python => "python",
            Language::Go => "go",
            Language::Rust => "rust",
            Language::CSharp => "csharp",
            Language::Java => "java",
            Language::Kotlin => "kotlin",
        }
    }

    /// The language of a script without an extension, by the interpreter
    /// its `#!` line names (`node`, `deno`, `bun`, `python3`, ...), as
    /// pre-commit tells an executable's type.
    pub fn of_shebang(text: &[u8]) -> Option<Language> {
        let line = text.strip_prefix(b"#!")?;
        let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
        let line = std::str::from_utf8(line).ok()?;
        let mut words = line.split_whitespace();
        let mut program = words.next()?.rsplit('/').next()?;
        if program == "env" {
            program = words.find(|w| !w.starts_with('-') && !w.contains('='))?;
        }
        let name = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        Some(match name {
            "node" | "nodejs" | "deno" | "bun" => Language::Tsx,
            "tsx" | "ts-node" => Language::TypeScript,
            "python" | "pypy" => Language::Python,
            _ => return None,
        })
    }

    /// The comment that starts an inline suppression in this language.
    fn comment(self) -> &'static str {
        match self {
            Language::Python => "#",
            _ => "//",
        }
    }
}

/// The largest source file read; larger files are reported, not parsed.
pub const MAX_SOURCE: usize = 64 << 20;

/// The names an elicitation is written with, in any language read, as
/// [`needle_matches`] finds them. A file holding none of them is not
/// parsed.
#[cfg(test)]
const NEEDLES: &[&str] = &[
    "elicit",
    "Elicit",
    "requestedSchema",
    "requested_schema",
    "RequestedSchema",
    "inputRequired",
    "InputRequired",
];

/// Whether `bytes` may hold an elicitation: one of the names it is written
/// with occurs ([`needle_matches`]). Files for which this is false are never
/// parsed.
///
/// Most files hold none, so this is what reading a tree costs: each
/// needle's tail is found by a vector substring search, and its first
/// letter checked where one is found.
pub(crate) fn may_elicit(bytes: &[u8]) -> bool {
    places(bytes, needle_at).next().is_some()
}

/// Where `bytes` name what the Python and TypeScript readers find an
/// elicitation by, in order: as a whole word, an elicitation API
/// (`elicit`, `Elicit`, `elicitInput`, `elicitUrl`, `elicit_form`,
/// `elicit_with_validation`) or the params' `requestedSchema`
/// (`requested_schema`, `RequestedSchema`); or the method
/// `elicitation/create` (the word followed by `/`, or a string of the
/// word alone, which may be joined to `"/create"`). Without any, a file
/// speaks of elicitation otherwise: in prose, or in names of its own
/// (`elicitation_result`, `ElicitationManager`).
fn api_matches(bytes: &[u8]) -> Vec<(usize, usize)> {
    sorted(places(bytes, api_at))
}

/// The needle whose tail `t` is found at `i` ([`needle_at`]), when it
/// starts a name [`api_matches`] looks for.
fn api_at(bytes: &[u8], t: usize, i: usize) -> Option<(usize, usize)> {
    let (start, end) = needle_at(bytes, t, i)?;
    if start > 0 && index::word_byte(bytes[start - 1]) {
        return None;
    }
    let word_end = bytes[end..]
        .iter()
        .position(|&b| !index::word_byte(b))
        .map_or(bytes.len(), |n| end + n);
    let api = match &bytes[start..word_end] {
        b"elicit"
        | b"Elicit"
        | b"elicitInput"
        | b"elicitUrl"
        | b"elicit_form"
        | b"elicit_with_validation"
        | b"requestedSchema"
        | b"requested_schema"
        | b"RequestedSchema" => true,
        b"elicitation" | b"Elicitation" => {
            let quote = |b: Option<&u8>| matches!(b, Some(b'"' | b'\'' | b'`'));
            bytes.get(word_end) == Some(&b'/')
                || (quote(bytes.get(word_end)) && quote(start.checked_sub(1).map(|p| &bytes[p])))
        }
        _ => false,
    };
    api.then_some((start, end))
}

/// The places a reader of `language` finds elicitations by: for Python,
/// TypeScript and JavaScript, the names of [`api_matches`] (a statement
/// that only speaks of elicitation, `_elicit_confirmation(...)` or a
/// docstring, holds none); for the others, every needle.
fn read_matches(text: &str, language: Language) -> Vec<(usize, usize)> {
    match language {
        Language::Python | Language::TypeScript | Language::Tsx => api_matches(text.as_bytes()),
        _ => needle_matches(text.as_bytes()),
    }
}

/// Where the names an elicitation is written with occur in `bytes`, in
/// order: `elicit`, `Elicit`, `requestedSchema`, `requested_schema`,
/// `RequestedSchema`, `inputRequired` and `InputRequired`, in any
/// language read. No needle overlaps another, so these are all of their
/// places.
fn needle_matches(bytes: &[u8]) -> Vec<(usize, usize)> {
    sorted(places(bytes, needle_at))
}

/// The places `at` tells of each needle's tail found in `bytes` (its index
/// in [`tails`], where it was found), tail by tail: lazily, so that asking
/// for the first stops the search there.
fn places<'b>(
    bytes: &'b [u8],
    at: impl Fn(&[u8], usize, usize) -> Option<(usize, usize)> + Copy + 'b,
) -> impl Iterator<Item = (usize, usize)> + 'b {
    tails()
        .iter()
        .enumerate()
        .flat_map(move |(t, f)| f.find_iter(bytes).filter_map(move |i| at(bytes, t, i)))
}

/// `places` in order.
fn sorted(places: impl Iterator<Item = (usize, usize)>) -> Vec<(usize, usize)> {
    let mut at: Vec<(usize, usize)> = places.collect();
    at.sort_unstable();
    at
}

/// The tails of the needles (`elicit` and `Elicit` share `licit`).
const TAILS: [&str; 3] = ["licit", "nputRequired", "equested"];

/// The tails of the needles, found by a vector substring search.
fn tails() -> &'static [memchr::memmem::Finder<'static>; 3] {
    use memchr::memmem::Finder;
    static FINDERS: OnceLock<[Finder<'static>; 3]> = OnceLock::new();
    FINDERS.get_or_init(|| TAILS.map(|t| Finder::new(t.as_bytes())))
}

/// What a project's index asks of each file it reads, told by one reading
/// of its bytes: whether it may hold an elicitation ([`may_elicit`]), and
/// whether it holds one of the project's import words. One vector search
/// (Teddy) finds the needles' tails and the words together; a search for
/// each took one pass over the bytes each.
pub(crate) struct Prefilter {
    /// The tails, then the words; `None` where the vector search cannot
    /// be built (each is then searched for alone).
    searcher: Option<aho_corasick::packed::Searcher>,
    words: Vec<memchr::memmem::Finder<'static>>,
}

impl Prefilter {
    pub(crate) fn new(words: &[&'static str]) -> Prefilter {
        let searcher = aho_corasick::packed::Config::new()
            .match_kind(aho_corasick::packed::MatchKind::LeftmostFirst)
            .builder()
            .extend(TAILS.iter().chain(words))
            .build();
        Prefilter {
            searcher,
            words: words
                .iter()
                .map(|w| memchr::memmem::Finder::new(w.as_bytes()))
                .collect(),
        }
    }

    /// Whether `bytes` may hold an elicitation, and whether they hold one
    /// of the words.
    pub(crate) fn read(&self, bytes: &[u8]) -> (bool, bool) {
        let Some(searcher) = &self.searcher else {
            let words = self.words.iter().any(|w| w.find(bytes).is_some());
            return (may_elicit(bytes), words);
        };
        let (mut elicits, mut words) = (false, false);
        // Each place a needle starts is looked at: the search goes on from
        // the byte after a match's start, not its end.
        let mut from = 0;
        while let Some(m) = searcher.find_in(bytes, aho_corasick::Span::from(from..bytes.len())) {
            let pattern = m.pattern().as_usize();
            if pattern < TAILS.len() {
                elicits = elicits || needle_at(bytes, pattern, m.start()).is_some();
            } else {
                words = true;
            }
            if elicits && (words || self.words.is_empty()) {
                break;
            }
            from = m.start() + 1;
        }
        (elicits, words)
    }
}

/// The needle whose tail `tail` (an index of [`tails`]) was found at `i`,
/// as a byte range, when what stands around the tail makes one.
fn needle_at(bytes: &[u8], tail: usize, i: usize) -> Option<(usize, usize)> {
    let before = i.checked_sub(1).map(|j| bytes[j]);
    let rest = &bytes[i..];
    let len = match (tail, before?) {
        (0, b'e' | b'E') => 5,
        (1, b'i' | b'I') => 12,
        (2, b'r') if rest[8..].starts_with(b"_schema") => 15,
        (2, b'r' | b'R') if rest[8..].starts_with(b"Schema") => 14,
        _ => return None,
    };
    Some((i - 1, i + len))
}

/// One elicitation found in source: the params the server will send, with
/// spans into the source text.
#[derive(Debug)]
pub(crate) struct Found<'s> {
    /// The call or literal that sends it.
    pub at: Span,
    /// `elicitation/create` params as they go on the wire.
    pub params: Node<'s>,
    /// Values that could not be known statically: findings at (or, for
    /// `whole`, under) their pointers are not reported; a note is.
    pub unknown: Vec<Unknown>,
    /// What the schema was generated from, when a generator made it: the
    /// generator (`pydantic`, `fastmcp`) and the source expression (a class
    /// name, `list[str]`, ...).
    pub origin: Option<(&'static str, String)>,
}

/// What a file holds: the elicitations found and the notes about places
/// that look like one but cannot be read.
#[derive(Debug, Default)]
pub(crate) struct Scan<'s> {
    pub found: Vec<Found<'s>>,
    pub notes: Vec<(Span, String)>,
    /// What the server's SDK refuses before sending (E212), each at the
    /// place that makes it refuse.
    pub refusals: Vec<(Span, String)>,
}

/// Finds every elicitation in `text`.
///
/// A file of ordinary size is first parsed only in the top-level
/// statements that name an elicitation; when that reading is complete (no
/// syntax error there, nothing left unknown, every `const` followed
/// declared once in the file) it stands, otherwise the whole file is
/// parsed. Most files that elicit write the literal inline, so most of
/// their text is never parsed.
pub(crate) fn scan(language: Language, text: &str) -> Scan<'_> {
    scan_in(language, text, Project::default())
}

/// [`scan`] for a file of `project`, whose metadata says which SDK its
/// calls are.
pub(crate) fn scan_in(language: Language, text: &str, project: Project) -> Scan<'_> {
    // A file that names nothing its reader finds an elicitation by (for
    // Python, TypeScript and JavaScript, no elicitation API) holds none,
    // unless another file of its project says it does (a helper's calls,
    // a model sent from there). The places found are those its windows
    // are read around.
    let matches = if project.linked() {
        None
    } else {
        let matches = read_matches(text, language);
        if matches.is_empty() {
            return Scan::default();
        }
        Some(matches)
    };
    if language == Language::Rust {
        // What the crate's rmcp writes: `$schema` from 3.2, `mode` from
        // 0.15, string and number defaults from 0.17 (read as the newest
        // when the crate does not say).
        let since = |v| Versions::may_be_from(project.rmcp, v);
        let emulated = rust::Emulated {
            dialect: since((3, 2)),
            mode: since((0, 15)),
            defaults: since((0, 17)),
        };
        return rust::scan(text, project.links.clone(), emulated);
    }
    let read = |windows: Option<&[(usize, usize)]>| match language {
        Language::TypeScript | Language::Tsx => {
            // The SDK's `elicitInput` sends `mode: "form"` from 1.23 (read
            // as the newest when the project does not say).
            let adds_mode = Versions::may_be_from(project.typescript_sdk, (1, 23));
            typescript::scan(text, language, windows, project.links.clone(), adds_mode)
        }
        Language::Python => python::scan(text, windows, project.clone()),
        Language::Go => go::scan(text, windows, project.links.clone()),
        Language::CSharp => csharp::scan(text, windows, project.links.clone()),
        Language::Java => java::scan(text, windows, project.links.clone()),
        Language::Kotlin => kotlin::scan(text, windows, project.links.clone()),
        Language::Rust => None,
    };
    // A file the rest of the project names (a helper's calls, a model
    // sent from elsewhere) is read in the statements that name what the
    // project says of it, and its imports (Python, TypeScript and
    // JavaScript; the other languages' files are read whole).
    let windows = match &project.links {
        Some(links) if links.read() => match language {
            Language::Python | Language::TypeScript | Language::Tsx => {
                linked_windows(text, language, links)
            }
            _ => None,
        },
        // A Python file's imports are read too, as the project's index
        // reads them: the tree its index made is taken, not made again.
        _ if language == Language::Python => {
            matches.and_then(|m| windows_with_imports(text, language, m, true))
        }
        _ => matches.and_then(|m| statement_windows_at(text, language, m.into_iter(), true)),
    };
    if text.len() <= PARSED_WHOLE
        && let Some(windows) = windows
        && let Some(scan) = read(Some(&windows))
    {
        return scan;
    }
    read(None).unwrap_or_default()
}

/// The windows ([`statement_windows_at`]) of a file the project's index
/// links: the top-level statements that name an elicitation API, or a
/// name the index says something of (a helper called, a definition sent
/// from elsewhere, a name resolved in another file, a helper defined),
/// and the imports.
fn linked_windows(
    text: &str,
    language: Language,
    links: &index::Links,
) -> Option<Vec<(usize, usize)>> {
    let names = links
        .helpers
        .iter()
        .map(|h| h.name.as_str())
        .chain(links.elicited.iter().map(|e| e.name.as_str()))
        .chain(links.resolved.iter().map(String::as_str))
        .chain(links.helper_defs.iter().map(String::as_str))
        .map(|n| n.rsplit('.').next().unwrap_or(n))
        .collect::<Vec<_>>();
    let mut at = read_matches(text, language);
    at.extend(index::words_at(text, &names));
    windows_with_imports(text, language, at, true)
}

/// [`statement_windows_at`] of the places `at` (in any order) and the
/// lines of `text` that import.
pub(crate) fn windows_with_imports(
    text: &str,
    language: Language,
    mut at: Vec<(usize, usize)>,
    models: bool,
) -> Option<Vec<(usize, usize)>> {
    at.extend(index::import_lines(text, language));
    at.sort_unstable();
    at.dedup();
    statement_windows_at(text, language, at.into_iter(), models)
}

/// The windows [`scan_in`] reads a file in that its project does not
/// link: the top-level statements that hold a name its reader finds an
/// elicitation by ([`read_matches`]).
#[cfg(test)]
fn statement_windows(text: &str, language: Language) -> Option<Vec<(usize, usize)>> {
    let matches = read_matches(text, language);
    statement_windows_at(text, language, matches.into_iter(), true)
}

/// The top-level statements holding the byte ranges `matches` (in
/// order), as byte ranges: from the line at column 0 that starts the
/// statement (with the decorators and comments right above it) to the
/// next such line; of a Python class or function only its header and
/// the members that hold a match ([`Members`]). With `models`, the Python classes they name too.
/// `None` when they would cover nearly all of the file (nine tenths). A
/// reading of them is checked for syntax errors, and the file read whole
/// when it has any.
pub(crate) fn statement_windows_at(
    text: &str,
    language: Language,
    matches: impl Iterator<Item = (usize, usize)>,
    models: bool,
) -> Option<Vec<(usize, usize)>> {
    let bytes = text.as_bytes();
    let python = language == Language::Python;
    let strings = if python {
        triple_quoted(text)
    } else {
        Vec::new()
    };
    let starts_statement = |line_start: usize| {
        bytes.get(line_start).is_some_and(|&b| {
            b.is_ascii_alphabetic() || b == b'_' || b == b'@' || b == b'$' || b >= 0x80
        }) && !(python && (inside(&strings, line_start) || continues(&text[line_start..])))
    };
    let attached = |line_start: usize| {
        let line = &text[line_start..];
        line.starts_with('@')
            || line.starts_with(language.comment())
            || line.starts_with("/*")
            || line.starts_with(" *")
    };
    let line_start = |mut i: usize| {
        while i > 0 && bytes[i - 1] != b'\n' {
            i -= 1;
        }
        i
    };
    // A statement's start with the decorators and comments right above it.
    // A statement's start with the decorators and comments right above
    // it, a decorator written over several lines (`@tool(\n  name=..,\n)`)
    // included: its first line, at column 0, is found within a few lines
    // above, with no statement starting between.
    let with_attached = |mut start: usize| {
        'up: while start > 0 {
            let above = line_start(start - 1);
            if attached(above) {
                start = above;
                continue;
            }
            let mut up = above;
            for _ in 0..MAX_DECORATOR_LINES {
                if bytes.get(up) == Some(&b'@') && !(python && inside(&strings, up)) {
                    start = up;
                    continue 'up;
                }
                if up == 0 || starts_statement(up) {
                    break;
                }
                up = line_start(up - 1);
            }
            break;
        }
        start
    };
    // The start of the next statement after `from` (or the text's end),
    // without the decorators and comments right above it, which are that
    // statement's.
    let statement_end = |from: usize| {
        let mut end = from;
        loop {
            match memchr_newline(bytes, end) {
                Some(nl) => {
                    end = nl + 1;
                    // A decorator starts the statement it decorates. When
                    // `from` is in the comments or decorators above a
                    // statement, that statement is read too: a window
                    // ending within them is no whole statement.
                    if starts_statement(end) {
                        let next = with_attached(end);
                        if next > from {
                            return next;
                        }
                    }
                }
                None => return bytes.len(),
            }
        }
    };
    let mut windows: Vec<(usize, usize)> = Vec::new();
    // The statement of the match before and its members (Python), then
    // the member of it that held the match and its members, and so on.
    let mut nested: Vec<((usize, usize), Option<Members>)> = Vec::new();
    for (m_start, m_end) in matches {
        if windows.last().is_some_and(|w| m_start < w.1) {
            continue;
        }
        if !nested
            .first()
            .is_some_and(|(stmt, _)| stmt.0 <= m_start && m_start < stmt.1)
        {
            let mut start = line_start(m_start);
            while start > 0 && !starts_statement(start) {
                start = line_start(start - 1);
            }
            let start = with_attached(start);
            let end = statement_end(m_end);
            // Python: of a class or function, its header and the
            // member that holds the match.
            let members = match language {
                Language::Python => Members::of(text, (start, end), &strings),
                _ => None,
            };
            nested.clear();
            nested.push(((start, end), members));
        }
        // Down the members that hold the match: each one's header, and
        // the innermost member (or the whole of the one whose header
        // holds the match). A large member that is itself a class or a
        // function (`register(mcp)` defining every tool) is read in its
        // own members, a few levels down; each level is laid out once
        // per member, whatever the number of matches in it.
        let mut parts = Vec::new();
        let mut level = 0;
        let last = loop {
            let (range, members) = &nested[level];
            let range = *range;
            let Some([header, member]) = members.as_ref().and_then(|m| m.holding(m_start)) else {
                break range;
            };
            parts.push(header);
            if level + 1 >= MAX_MEMBER_LEVELS || member.1 - member.0 < NESTED_MEMBERS {
                break member;
            }
            if nested.get(level + 1).is_none_or(|(r, _)| *r != member) {
                nested.truncate(level + 1);
                nested.push((member, Members::of(text, member, &strings)));
            }
            level += 1;
        };
        parts.push(last);
        for (start, end) in parts {
            match windows.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => windows.push((start, end)),
            }
        }
    }
    if models && language == Language::Python && !windows.is_empty() {
        // The top-level classes a window names (the models given to
        // `ctx.elicit`), with their decorators.
        let mut more = Vec::new();
        // Whether a window names a class: a whole word, not the name in
        // the class's own header (`class Name`, a window of one of its
        // members). Each of the first few classes is searched for; past
        // them, the windows' words are read once, whatever the number of
        // classes.
        let mut named_in_windows = index::FewThenWords::default();
        for start in memchr::memmem::find_iter(bytes, b"class ") {
            let at = start + 6;
            if start > 0 && bytes[start - 1] != b'\n' {
                continue;
            }
            let name_end = text[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(text.len(), |e| at + e);
            let name = &text[at..name_end];
            // A class without bases or decorators (`class Tools:`) is no
            // model: its members that matter are windows already.
            let plain = text[name_end..].trim_start().starts_with(':')
                && !text[with_attached(start)..start]
                    .lines()
                    .any(|l| l.starts_with('@'));
            let named = !name.is_empty()
                && !plain
                && named_in_windows.holds(
                    name,
                    || names_in(text, &windows, name),
                    || words_in(text, &windows),
                );
            if !named {
                continue;
            }
            let start = with_attached(start);
            let end = statement_end(name_end);
            more.push((start, end));
        }
        windows.extend(more);
        windows.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for (s, e) in windows {
            match merged.last_mut() {
                Some(last) if s <= last.1 => last.1 = last.1.max(e),
                _ => merged.push((s, e)),
            }
        }
        windows = merged;
    }
    // Parsed in windows unless they leave out almost nothing: a window
    // read completely says what the whole file would of what it holds,
    // and what is left out is text not parsed.
    let covered: usize = windows.iter().map(|(s, e)| e - s).sum();
    (covered * 10 < text.len() * 9).then_some(windows)
}

/// Whether one of `windows` of `text` holds `name` as a whole word (no
/// letter, digit or `_` beside it; the window's start counts as a
/// border, its end does not), not as the name in a Python class's own
/// header (`class Name`).
fn names_in(text: &str, windows: &[(usize, usize)], name: &str) -> bool {
    windows.iter().any(|&(s, e)| {
        text[s..e].match_indices(name).any(|(i, _)| {
            let before = text[s..s + i].chars().next_back();
            let after = text[s + i + name.len()..].chars().next();
            let own = text[..s + i].ends_with("class ");
            !own && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// [`names_in`] for every name at once: the words (runs of letters,
/// digits and `_`) of `text` within
/// `windows`, but a word a window cuts off at its end, and the name in a
/// Python class's own header (`class Name`, a window of one of its
/// members).
fn words_in<'t>(text: &'t str, windows: &[(usize, usize)]) -> std::collections::HashSet<&'t str> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut words = std::collections::HashSet::new();
    for &(s, e) in windows {
        let mut at = s;
        for part in text[s..e].split(|c: char| !word(c)) {
            let (start, end) = (at, at + part.len());
            // Past the separator that ended it (one character).
            at = end + text[end..].chars().next().map_or(0, char::len_utf8);
            let cut = end == e && text[e..].chars().next().is_some_and(word);
            if !part.is_empty() && !cut && !text[..start].ends_with("class ") {
                words.insert(part);
            }
        }
    }
    words
}

/// Python: the byte ranges of the triple-quoted strings of `text`, from
/// the opening quotes to the closing ones. A quote the layout misleads
/// (`'"""'` in a short string) makes windows that do not parse, and the
/// file is read whole.
fn triple_quoted(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let (double, single) = (
        memchr::memmem::Finder::new(b"\"\"\""),
        memchr::memmem::Finder::new(b"'''"),
    );
    let mut out = Vec::new();
    let mut at = 0;
    // The next of each kind of quotes at or after `at`, each searched for
    // again only once passed: a text of many docstrings of one kind is
    // not searched to its end for the other at each.
    let next = |f: &memchr::memmem::Finder, from: usize| f.find(&bytes[from..]).map(|i| from + i);
    let (mut d, mut s) = (next(&double, 0), next(&single, 0));
    loop {
        if d.is_some_and(|d| d < at) {
            d = next(&double, at);
        }
        if s.is_some_and(|s| s < at) {
            s = next(&single, at);
        }
        let (open, closer) = match (d, s) {
            (Some(d), Some(s)) if s < d => (s, &single),
            (Some(d), _) => (d, &double),
            (None, Some(s)) => (s, &single),
            (None, None) => return out,
        };
        let Some(close) = closer.find(&bytes[open + 3..]).map(|i| open + 3 + i + 3) else {
            out.push((open, bytes.len()));
            return out;
        };
        out.push((open, close));
        at = close;
    }
}

/// Whether `at` lies inside one of `strings` (after its opening quotes).
fn inside(strings: &[(usize, usize)], at: usize) -> bool {
    let i = strings.partition_point(|&(s, _)| s < at);
    i > 0 && at < strings[i - 1].1
}

/// Python: whether a line continues the statement before it (`except`,
/// `else`, `elif`, `finally`).
fn continues(line: &str) -> bool {
    ["except", "else", "elif", "finally"].iter().any(|k| {
        line.strip_prefix(k)
            .is_some_and(|rest| rest.starts_with([' ', ':', '(']))
    })
}

/// Python: a class or function (a module that is one large class, or a
/// `register_tools(mcp)` that defines every tool) read as its header
/// (with its decorators) and the statements of its body, so that a match
/// in the body is read in the header and the member that holds it (with
/// its decorators and the comments right above it). A large member that
/// is itself a class or function is laid out the same way, a few levels
/// down (a class whose `register` method defines every tool). Built once
/// per statement or member, whatever the number of matches in it.
///
/// A reading of these windows that misses something (a class attribute
/// or a local the member uses, a string whose lines the layout misread) is
/// incomplete, and the file is read whole.
struct Members<'t> {
    stmt: (usize, usize),
    header_end: usize,
    /// The lines of the body: (start, end, text without the newline).
    body: Vec<(usize, usize, &'t str)>,
    /// The text's triple-quoted strings: a line that starts inside one (a
    /// docstring's) is no member.
    strings: &'t [(usize, usize)],
    indent: usize,
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// Whether a line holds code: not blank, not a comment.
fn content(line: &str) -> bool {
    let t = line.trim_start_matches([' ', '\t']);
    !t.is_empty() && !t.starts_with('#')
}

impl<'t> Members<'t> {
    /// `None` when `stmt` is no class or function laid out so (a body on
    /// the header's line, a header not ended within 64 lines). `strings`:
    /// the text's triple-quoted strings.
    fn of(
        text: &'t str,
        stmt: (usize, usize),
        strings: &'t [(usize, usize)],
    ) -> Option<Members<'t>> {
        let line_end = |i: usize| memchr_newline(text.as_bytes(), i).map_or(stmt.1, |n| n + 1);
        let mut lines = Vec::new();
        let mut i = stmt.0;
        while i < stmt.1 {
            let e = line_end(i).min(stmt.1);
            lines.push((i, e, text[i..e].trim_end_matches(['\n', '\r'])));
            i = e;
        }
        let first = lines.iter().position(|(_, _, l)| {
            let t = l.trim_start();
            !t.starts_with('@') && !t.starts_with('#')
        })?;
        let own_indent = indent_of(lines[first].2);
        if !["class ", "def ", "async def "]
            .iter()
            .any(|k| lines[first].2[own_indent..].starts_with(k))
        {
            return None;
        }
        // The header ends at the first line that ends with `:` (a
        // signature over several lines, as formatters write long ones).
        let header =
            (first..lines.len().min(first + 64)).find(|&k| lines[k].2.trim_end().ends_with(':'))?;
        let header_end = lines[header].1;
        let body = lines.split_off(header + 1);
        let indent = indent_of(body.iter().find(|(_, _, l)| content(l))?.2);
        if indent <= own_indent {
            return None;
        }
        Some(Members {
            stmt,
            header_end,
            body,
            strings,
            indent,
        })
    }

    /// Whether line `k` of the body starts inside a triple-quoted string.
    fn quoted(&self, k: usize) -> bool {
        inside(self.strings, self.body[k].0)
    }

    /// Whether line `k` of the body starts a member: code at the body's
    /// indentation, outside a string, not a closing bracket.
    fn starts_member(&self, k: usize) -> bool {
        let l = self.body[k].2;
        !self.quoted(k)
            && content(l)
            && indent_of(l) == self.indent
            && !l.trim_start().starts_with([')', ']', '}'])
            && !continues(l.trim_start())
    }

    /// The header and the member that holds `at`; `None` for a place in
    /// the header.
    fn holding(&self, at: usize) -> Option<[(usize, usize); 2]> {
        if at < self.header_end {
            return None;
        }
        let holding = self
            .body
            .partition_point(|&(s, _, _)| s <= at)
            .checked_sub(1)?;
        let mut first = (0..=holding).rev().find(|&k| self.starts_member(k))?;
        while first > 0 && {
            let l = self.body[first - 1].2;
            let t = l.trim_start();
            !self.quoted(first - 1)
                && indent_of(l) == self.indent
                && (t.starts_with('@') || t.starts_with('#'))
        } {
            first -= 1;
        }
        // The member's own line, after its decorators.
        let own = (first..self.body.len())
            .find(|&k| self.starts_member(k) && !self.body[k].2.trim_start().starts_with('@'))?;
        let last = (holding.max(own) + 1..self.body.len())
            .find(|&k| self.starts_member(k))
            .map_or(self.stmt.1, |k| self.body[k].0);
        Some([(self.stmt.0, self.header_end), (self.body[first].0, last)])
    }
}

/// Calls `f` on `root` and every node under it, in document order,
/// without recursion (trees of hostile input are deep).
pub(crate) fn each_node<'t>(root: tree_sitter::Node<'t>, mut f: impl FnMut(tree_sitter::Node<'t>)) {
    let mut cursor = root.walk();
    // How far below `root` the cursor is: back at it, the walk is done.
    let mut depth = 0usize;
    loop {
        f(cursor.node());
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if depth == 0 {
                return;
            }
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
            depth -= 1;
        }
    }
}

fn memchr_newline(bytes: &[u8], from: usize) -> Option<usize> {
    memchr::memchr(b'\n', bytes.get(from..)?).map(|p| p + from)
}

/// Whether a reading of windows stands: no syntax error in them, nothing
/// unknown, and each `const` followed declared exactly once in the file.
pub(crate) fn windows_complete(
    tree: &tree_sitter::Tree,
    scan: &Scan,
    text: &str,
    followed: &[&str],
    declare: &str,
    settled: bool,
) -> bool {
    !tree.root_node().has_error()
        && scan.notes.is_empty()
        // An unknown without a note is one by design (a value checked in
        // another file, a helper's parameter checked at its calls), not
        // one the windows left out; with `settled`, the reader says none
        // of its unknowns is one more of the file could tell.
        && (settled
            || scan
                .found
                .iter()
                .all(|f| f.unknown.iter().all(|u| u.what.is_empty())))
        && followed.iter().all(|name| {
            let pattern = format!("{declare}{name}");
            text.match_indices(&pattern)
                .filter(|(i, _)| {
                    let after = text.as_bytes().get(i + pattern.len()).copied();
                    !after.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
                })
                .count()
                == 1
        })
}

/// How many levels of members a window goes down (a class, its method,
/// the functions the method defines).
const MAX_MEMBER_LEVELS: usize = 3;

/// The size from which a member that is a class or a function is read in
/// its own members.
const NESTED_MEMBERS: usize = 4096;

/// How many lines above a statement its decorators may take.
const MAX_DECORATOR_LINES: usize = 32;

/// Files up to this size are parsed whole; in larger ones (bundles,
/// generated code) only windows around the names an elicitation is written
/// with are, which bounds time and memory: tree-sitter's tree of minified
/// code takes about 100 times the text.
const PARSED_WHOLE: usize = 1 << 20;
/// Text parsed before and after each name in a large file.
const WINDOW_BEFORE: usize = 8 << 10;
const WINDOW_AFTER: usize = 56 << 10;
/// The most text parsed in windows of one large file.
const MAX_WINDOWS: usize = 8 << 20;

/// Parses `text` with a tree-sitter grammar: whole, or for a large file
/// only the windows around the names an elicitation is written with (with
/// a note when more were found than are parsed). Each thread keeps its
/// parser from one text to the next, and the room it grew with it.
pub fn parse(
    language: &tree_sitter::Language,
    text: &str,
    notes: &mut Vec<(Span, String)>,
    windows: Option<&[(usize, usize)]>,
) -> Option<tree_sitter::Tree> {
    thread_local! {
        static PARSER: std::cell::RefCell<Option<tree_sitter::Parser>> =
            const { std::cell::RefCell::new(None) };
    }
    // A tree of the same text parsed in other windows is parsed again
    // where the windows differ only: its statements both read are reused.
    let old = match kept_tree(language, text, windows) {
        Some(Kept::Same(tree)) => return Some(tree),
        Some(Kept::Other(tree)) => Some(tree),
        None => None,
    };
    PARSER.with_borrow_mut(|kept| {
        let parser = kept.get_or_insert_with(tree_sitter::Parser::new);
        parser.set_language(language).ok()?;
        // The whole text, unless windows are set below.
        parser.set_included_ranges(&[]).ok()?;
        parse_with(parser, text, notes, windows, old.as_ref())
    })
}

/// [`parse`], the tree kept for the next parse of the same text with the
/// same grammar: the lint of a file whose statements the project's index
/// read (most files that elicit) takes it instead of parsing again when it
/// reads the same windows, and parses again only where its windows differ
/// when it reads others. Kept while the texts kept are within
/// [`KEPT_TEXT`].
pub(crate) fn parse_to_keep(
    language: &tree_sitter::Language,
    text: &str,
    notes: &mut Vec<(Span, String)>,
    windows: Option<&[(usize, usize)]>,
) -> Option<tree_sitter::Tree> {
    let before = notes.len();
    let tree = parse(language, text, notes, windows)?;
    // A parse that noted something is made again, notes and all.
    if notes.len() == before {
        let key = tree_key(language, text);
        let mut kept = kept_trees();
        if kept.1 + text.len() <= KEPT_TEXT {
            kept.1 += text.len();
            kept.0.entry(key).or_default().push(KeptTree {
                language: language.clone(),
                text: text.into(),
                windows: windows.map(<[_]>::to_vec),
                tree: tree.clone(),
            });
        }
    }
    Some(tree)
}

/// The most text whose trees are kept for a later parse.
const KEPT_TEXT: usize = 4 << 20;

/// A tree kept by [`parse_to_keep`], with what it was parsed from.
struct KeptTree {
    language: tree_sitter::Language,
    text: Box<str>,
    windows: Option<Vec<(usize, usize)>>,
    tree: tree_sitter::Tree,
}

/// The trees kept, by [`tree_key`], and the bytes of text they hold.
type KeptTrees = (std::collections::HashMap<u64, Vec<KeptTree>>, usize);

fn kept_trees() -> std::sync::MutexGuard<'static, KeptTrees> {
    static KEPT: OnceLock<std::sync::Mutex<KeptTrees>> = OnceLock::new();
    KEPT.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

fn tree_key(language: &tree_sitter::Language, text: &str) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::default().hash_one((language, text))
}

/// A kept tree of the text a parse is asked for.
enum Kept {
    /// Parsed in the same windows: the parse's tree.
    Same(tree_sitter::Tree),
    /// Parsed in other windows: the tree to parse again from.
    Other(tree_sitter::Tree),
}

/// A tree kept of this text with this grammar, taken (each is taken
/// once): the one parsed in the same windows, or else the one that read
/// the most of the text (the whole text, or the last summary's windows,
/// which are the widest). Taking one lets the others of the text go: a
/// file's lint parses it once, and again whole only when its windows do
/// not read it completely.
fn kept_tree(
    language: &tree_sitter::Language,
    text: &str,
    windows: Option<&[(usize, usize)]>,
) -> Option<Kept> {
    if kept_trees().0.is_empty() {
        return None;
    }
    // The text hashed with the lock released: the threads linting wait
    // for each other only to look the key up.
    let key = tree_key(language, text);
    let mut kept = kept_trees();
    let (mut same, others): (Vec<KeptTree>, Vec<KeptTree>) = kept
        .0
        .remove(&key)?
        .into_iter()
        .partition(|k| k.language == *language && *k.text == *text);
    if !others.is_empty() {
        kept.0.insert(key, others);
    }
    kept.1 -= same.iter().map(|k| k.text.len()).sum::<usize>();
    drop(kept);
    let at = match same.iter().position(|k| k.windows.as_deref() == windows) {
        Some(at) => return Some(Kept::Same(same.swap_remove(at).tree)),
        None => same.iter().rposition(|k| k.windows.is_none()),
    };
    let k = match at {
        Some(at) => same.swap_remove(at),
        None => same.pop()?,
    };
    Some(Kept::Other(k.tree))
}

/// Parses `text` in `windows` (or whole, or in the windows of a large
/// file's names), reusing the statements of `old`, a tree of the same
/// text read in other windows, that lie in both.
fn parse_with(
    parser: &mut tree_sitter::Parser,
    text: &str,
    notes: &mut Vec<(Span, String)>,
    windows: Option<&[(usize, usize)]>,
    old: Option<&tree_sitter::Tree>,
) -> Option<tree_sitter::Tree> {
    if let Some(windows) = windows {
        parser.set_included_ranges(&ranges(text, windows)).ok()?;
    } else if text.len() > PARSED_WHOLE {
        let mut windows: Vec<(usize, usize)> = Vec::new();
        let mut total = 0;
        for (m_start, m_end) in needle_matches(text.as_bytes()) {
            let start = floor_char(text, m_start.saturating_sub(WINDOW_BEFORE));
            let end = floor_char(text, (m_end + WINDOW_AFTER).min(text.len()));
            match windows.last_mut() {
                Some(last) if start <= last.1 => {
                    total += end.saturating_sub(last.1);
                    last.1 = last.1.max(end);
                }
                _ => {
                    windows.push((start, end));
                    total += end - start;
                }
            }
            if total > MAX_WINDOWS {
                notes.push((
                    Span::new(m_start, m_end),
                    format!(
                        "this file names elicitations in more than {} MiB of text; the rest of it, from here on, is not read",
                        MAX_WINDOWS >> 20
                    ),
                ));
                break;
            }
        }
        parser.set_included_ranges(&ranges(text, &windows)).ok()?;
    }
    parser.parse(text, old)
}

fn ranges(text: &str, windows: &[(usize, usize)]) -> Vec<tree_sitter::Range> {
    // The windows are in order: each point is counted on from the last.
    let mut at = Cursor::default();
    windows
        .iter()
        .map(|&(s, e)| tree_sitter::Range {
            start_byte: s,
            end_byte: e,
            start_point: at.point(text, s),
            end_point: at.point(text, e),
        })
        .collect()
}

/// Tree-sitter points of offsets asked for in order, each counted from
/// the one before (`rows` newlines before `offset`, the last of them at
/// `line_start`).
#[derive(Default)]
struct Cursor {
    offset: usize,
    rows: usize,
    line_start: usize,
}

impl Cursor {
    fn point(&mut self, text: &str, offset: usize) -> tree_sitter::Point {
        if offset < self.offset {
            *self = Cursor::default();
        }
        let bytes = &text.as_bytes()[self.offset..offset];
        for i in memchr::memchr_iter(b'\n', bytes) {
            self.rows += 1;
            self.line_start = self.offset + i + 1;
        }
        self.offset = offset;
        tree_sitter::Point::new(self.rows, offset - self.line_start)
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The text of a source file: UTF-8 as it is; anything else with each
/// invalid byte replaced (so that lines keep their numbers).
pub fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    // Told valid by the quicker check first: the lossy reading checks
    // each run of text as it goes, several times slower.
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// The lint of one found elicitation: its findings (spans into the source),
/// with those about unknown values left out, and one note naming them.
pub(crate) fn lint_found(
    found: &Found,
    language: Language,
    text: &str,
    opts: &Options,
) -> Vec<Finding> {
    let mut findings: Vec<Finding> = lint::lint_params(&found.params, opts)
        .into_iter()
        .filter(|f| !found.unknown.iter().any(|u| u.covers(&f.pointer)))
        .filter(|f| !relies_on_unknown(found, f))
        .map(|f| in_authors_words(found, language, text, f))
        .collect();
    if opts.enabled(&rules::SOURCE_NOT_STATIC)
        && let Some(message) = not_static(&found.unknown)
    {
        findings.push(Finding {
            rule: &rules::SOURCE_NOT_STATIC,
            message,
            pointer: String::new(),
            span: found.at,
        });
    }
    findings.sort_by(|a, b| (a.span.start, a.rule.code).cmp(&(b.span.start, b.rule.code)));
    findings
}

/// A finding's fix in the terms of the code that made the schema: a
/// Pydantic model's root `title` (its class name) and `description` (its
/// docstring) are not removed by editing params the author never wrote.
fn in_authors_words(found: &Found, language: Language, text: &str, mut f: Finding) -> Finding {
    f = fixes::in_authors_words(found, language, text, f);
    let Some((generator, model)) = &found.origin else {
        return f;
    };
    f = csharp::in_authors_words(found, f);
    if matches!(
        *generator,
        "mcp" | "mcp<2" | "pydantic" | "fastmcp" | "fastmcp<4"
    ) {
        f = python::in_authors_words(generator, model, &found.params, f);
    }
    f
}

/// The one note of an elicitation with parts not known statically, or
/// `None` when all of it is known. One part: what the front-end said of it.
/// More: their places in the params, the first two named. An unknown
/// without a `what` is a part given elsewhere on purpose (the message of a
/// schema built apart from the call that sends it, a member a spread may
/// replace): left out of the checks without a word.
fn not_static(unknown: &[Unknown]) -> Option<String> {
    let mut parts: Vec<&Unknown> = Vec::new();
    for u in unknown.iter().filter(|u| !u.what.is_empty()) {
        if !parts
            .iter()
            .any(|p| p.pointer == u.pointer && p.whole == u.whole)
        {
            parts.push(u);
        }
    }
    match parts.as_slice() {
        [] => None,
        [one] => Some(one.what.clone()),
        _ => {
            let facts: Vec<(&str, bool)> = parts
                .iter()
                .map(|u| (u.pointer.as_str(), u.whole))
                .collect();
            Some(rules::source_not_static::parts(&facts))
        }
    }
}

/// Whether `f` relies on a value the front-end could not know (the rule's
/// [`relies_on`](crate::rules::Rule::relies_on) paths): a name `required`
/// lists is missing from `properties` only if nothing spread into
/// `properties` could add it, and a key belongs to the other mode only if
/// the mode is known.
fn relies_on_unknown(found: &Found, f: &Finding) -> bool {
    if found.unknown.is_empty() {
        return false;
    }
    f.rule.relies_on.iter().any(|path| {
        let mut at = f.pointer.as_str();
        let mut rest = *path;
        while let Some(r) = rest.strip_prefix("../") {
            at = at.rfind('/').map_or("", |i| &at[..i]);
            rest = r;
        }
        !known(found, &crate::json::pointer_push(at, rest))
    })
}

/// Whether the value at `ptr` in the params (present or absent) is known
/// statically: not computed, and not in an object whose keys a spread or a
/// computed key could add to or replace. A member written after such a
/// spread is known (the front-ends record the members written before one
/// as unknown, since the spread may replace them).
fn known(found: &Found, ptr: &str) -> bool {
    if found.unknown.iter().any(|u| u.covers(ptr)) {
        return false;
    }
    let Some(parent) = ptr.rfind('/').map(|i| &ptr[..i]) else {
        return true;
    };
    !found.unknown.iter().any(|u| u.covers(parent)) || at_pointer(&found.params, ptr).is_some()
}

/// The node at a JSON pointer.
fn at_pointer<'n, 's>(root: &'n Node<'s>, ptr: &str) -> Option<&'n Node<'s>> {
    let mut node = root;
    for token in ptr.split('/').skip(1) {
        let key = crate::json::pointer_token(token);
        node = match &node.value {
            crate::json::NodeValue::Object(_) => node.get(&key)?,
            crate::json::NodeValue::Array(items) => items.get(key.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Lints one source file held in memory: every elicitation in it, each
/// finding at its place in the source, minus inline suppressions.
pub fn lint_source(
    path: &str,
    bytes: &[u8],
    language: Language,
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) {
    lint_source_in(path, bytes, language, Project::default(), opts, sink);
}

/// [`lint_source`] for a file of `project`.
pub fn lint_source_in(
    path: &str,
    bytes: &[u8],
    language: Language,
    project: Project,
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) {
    if !may_elicit(bytes) && !project.linked() {
        return;
    }
    let text = text_of(bytes);
    let scan = scan_in(language, &text, project);
    let mut findings = Vec::new();
    for found in &scan.found {
        findings.extend(lint_found(found, language, &text, opts));
    }
    if opts.enabled(&rules::SDK_REFUSES_FIELD) {
        for (span, what) in &scan.refusals {
            findings.push(Finding {
                rule: &rules::SDK_REFUSES_FIELD,
                message: what.clone(),
                pointer: String::new(),
                span: *span,
            });
        }
    }
    if opts.enabled(&rules::SOURCE_NOT_STATIC) {
        // At most one note per place: a note inside another note's place,
        // or inside an elicitation that has its own note, says nothing
        // more.
        let noted: Vec<Span> = scan
            .found
            .iter()
            .filter(|f| f.unknown.iter().any(|u| !u.what.is_empty()))
            .map(|f| f.at)
            .collect();
        let mut notes: Vec<&(Span, String)> = scan.notes.iter().collect();
        notes.sort_by_key(|(span, _)| (span.start, std::cmp::Reverse(span.end)));
        let mut kept: Vec<Span> = Vec::new();
        let inside =
            |outer: &Span, inner: &Span| outer.start <= inner.start && inner.end <= outer.end;
        for (span, what) in notes {
            if kept.iter().chain(&noted).any(|k| inside(k, span)) {
                continue;
            }
            kept.push(*span);
            findings.push(Finding {
                rule: &rules::SOURCE_NOT_STATIC,
                message: what.clone(),
                pointer: String::new(),
                span: *span,
            });
        }
    }
    findings.sort_by(|a, b| {
        (a.span.start, a.rule.code, &a.message).cmp(&(b.span.start, b.rule.code, &b.message))
    });
    findings
        .dedup_by(|a, b| a.span == b.span && a.rule.code == b.rule.code && a.message == b.message);
    let suppressions = Suppressions::new(&text, language);
    findings.retain(|f| !suppressions.suppressed(&text, f));
    lint::place(path, &text, 0, findings, sink);
}

/// The host matrix rows (`lint --format hosts`) of the elicitations in one
/// source file.
pub fn host_rows(
    path: &str,
    bytes: &[u8],
    language: Language,
    opts: &Options,
) -> Vec<crate::lint::hosts::Row> {
    if !may_elicit(bytes) {
        return Vec::new();
    }
    let text = text_of(bytes);
    let scan = scan(language, &text);
    scan.found
        .iter()
        .flat_map(|f| crate::lint::hosts::rows_of_node(path, &f.params, &text, opts))
        .collect()
}

/// Reads and lints one source file.
pub fn lint_source_file(
    path: &Path,
    name: &str,
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) -> std::io::Result<()> {
    use std::io::Read;
    let Some(language) = Language::of_path(path) else {
        return Err(std::io::Error::other("not a source file mcp-elicit reads"));
    };
    let project = Project::of_source(path, language);
    // The project's index read it already, and found nothing to lint.
    if project.nothing_to_lint() {
        return Ok(());
    }
    // The text the project's index read, when it kept it.
    if let Some(text) = index::take_text(path) {
        lint_source_in(name, text.as_bytes(), language, project, opts, sink);
        return Ok(());
    }
    // Read at the size the file says it has (read in small steps, a
    // source file of a few kB took four reads).
    let file = std::fs::File::open(path)?;
    let size = file
        .metadata()
        .map_or(0, |m| m.len())
        .min(MAX_SOURCE as u64 + 1);
    let mut bytes = Vec::with_capacity(size as usize + 1);
    file.take(MAX_SOURCE as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_SOURCE {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB; source files this large are not read (exclude it, or name smaller files)",
            MAX_SOURCE >> 20
        )));
    }
    lint_source_in(name, &bytes, language, project, opts, sink);
    Ok(())
}

/// Inline suppressions: `// mcp-elicit: ignore[W601]` (or `#` in Python)
/// on the line of a finding or on the line above it; `ignore` alone, or
/// `ignore[]`, suppresses every code there.
struct Suppressions {
    /// (1-based line, codes; empty for all).
    lines: Vec<(usize, Vec<String>)>,
}

impl Suppressions {
    fn new(text: &str, language: Language) -> Self {
        let mut lines = Vec::new();
        if !text.contains("mcp-elicit:") {
            return Suppressions { lines };
        }
        let marker = format!("{} mcp-elicit:", language.comment());
        let compact = format!("{}mcp-elicit:", language.comment());
        for (i, line) in text.lines().enumerate() {
            let at = line
                .find(&marker)
                .map(|p| p + marker.len())
                .or_else(|| line.find(&compact).map(|p| p + compact.len()));
            let Some(at) = at else { continue };
            let rest = line[at..].trim_start();
            let Some(rest) = rest.strip_prefix("ignore") else {
                continue;
            };
            let codes = match rest.strip_prefix('[') {
                Some(r) => r
                    .split(']')
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .map(|c| c.trim().to_string())
                    .filter(|c| !c.is_empty())
                    .collect(),
                None => Vec::new(),
            };
            lines.push((i + 1, codes));
        }
        Suppressions { lines }
    }

    fn suppressed(&self, text: &str, f: &Finding) -> bool {
        if self.lines.is_empty() {
            return false;
        }
        let line = 1 + text.as_bytes()[..f.span.start.min(text.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.lines.iter().any(|(l, codes)| {
            (*l == line || *l + 1 == line)
                && (codes.is_empty()
                    || codes
                        .iter()
                        .any(|c| c.eq_ignore_ascii_case(f.rule.code) || c == f.rule.name))
        })
    }
}

/// One elicitation as `lint --show-source` prints it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Shown {
    pub line: usize,
    pub column: usize,
    /// The params the server sends; values not known statically stand as
    /// `""` or `{}` and are listed in `unknown`.
    pub params: serde_json::Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unknown: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generator: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

/// Each elicitation of a file as the JSON the server sends, for
/// `lint --show-source`.
pub fn show(text: &str, language: Language, project: Project) -> Vec<Shown> {
    let scan = scan_in(language, text, project);
    let index = crate::json::LineIndex::new(text);
    scan.found
        .into_iter()
        .map(|f| {
            let (line, column) = index.line_col(f.at.start);
            let (generator, origin) = match f.origin {
                Some((g, o)) => (Some(g), Some(o)),
                None => (None, None),
            };
            Shown {
                line,
                column,
                params: f.params.to_value(),
                unknown: f.unknown.iter().map(|u| u.pointer.clone()).collect(),
                generator,
                origin,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn a_tree_kept_is_taken_by_the_same_parse_only_once() {
        let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
        // Text no other test parses: the trees kept are the process's.
        let text = "async def kept_tree_test(ctx):\n    return await ctx.elicit('m', M)\n";
        let windows = [(0, text.len())];
        let mut notes = Vec::new();
        let kept = super::parse_to_keep(&grammar, text, &mut notes, Some(&windows)).unwrap();
        // Another text parses afresh.
        let other = text.replace("kept_tree_test", "kept_tree_tesu");
        assert!(super::kept_tree(&grammar, &other, Some(&windows)).is_none());
        let Some(super::Kept::Same(taken)) = super::kept_tree(&grammar, text, Some(&windows))
        else {
            panic!("the tree of the same text and windows is the parse's");
        };
        assert_eq!(taken.root_node().to_sexp(), kept.root_node().to_sexp());
        assert!(super::kept_tree(&grammar, text, Some(&windows)).is_none());
        let parsed = super::parse(&grammar, text, &mut notes, Some(&windows)).unwrap();
        assert_eq!(parsed.root_node().to_sexp(), kept.root_node().to_sexp());
    }

    #[test]
    fn the_words_in_windows_are_the_names_found_in_them() {
        let text = "x = Model\nclass Model(Base):\n    é_x: int = Base2\nModelx = Model\nab ab_c";
        let names = [
            "x", "Model", "Base", "Base2", "é_x", "int", "Modelx", "ab", "ab_c", "c",
        ];
        let mut ends: Vec<usize> = text.char_indices().map(|(i, _)| i).step_by(3).collect();
        ends.push(text.len());
        let mut windowings = vec![vec![]];
        for (i, &a) in ends.iter().enumerate() {
            for (j, &b) in ends.iter().enumerate().skip(i + 1) {
                windowings.push(vec![(a, b)]);
                for &c in &ends[j + 1..] {
                    windowings.push(vec![(a, b), (c, text.len())]);
                }
            }
        }
        for w in &windowings {
            let words = super::words_in(text, w);
            for name in names {
                assert_eq!(
                    words.contains(name),
                    super::names_in(text, w, name),
                    "{name:?} in {w:?}"
                );
            }
        }
    }

    #[test]
    fn each_node_visits_a_subtree_whole_in_order_and_nothing_beside_it() {
        fn below<'t>(n: tree_sitter::Node<'t>, out: &mut Vec<tree_sitter::Node<'t>>) {
            out.push(n);
            for i in 0..n.child_count() {
                below(n.child(i).unwrap(), out);
            }
        }
        let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
        let text = "def f(a):\n    return g(a, [1, (2, 3)])\n\n\nx = f(1)\n";
        let mut notes = Vec::new();
        let tree = super::parse(&grammar, text, &mut notes, None).unwrap();
        // The tree's root, then each statement: its nodes only, not its
        // siblings' or parent's.
        let root = tree.root_node();
        let mut roots = vec![root];
        roots.extend((0..root.child_count()).map(|i| root.child(i).unwrap()));
        for r in roots {
            let mut want = Vec::new();
            below(r, &mut want);
            let mut got = Vec::new();
            super::each_node(r, |n| got.push(n));
            assert_eq!(got, want, "{}", r.to_sexp());
        }
    }

    /// Every node of `tree`, in order: its kind, its bytes and whether
    /// it is an error or missing.
    fn nodes(tree: &tree_sitter::Tree) -> Vec<(u16, usize, usize, bool)> {
        let mut out = Vec::new();
        super::each_node(tree.root_node(), |n| {
            out.push((
                n.kind_id(),
                n.start_byte(),
                n.end_byte(),
                n.is_error() || n.is_missing(),
            ));
        });
        out
    }

    /// A tree parsed again from a kept one read in other windows is the
    /// tree a fresh parse makes, whichever windows each read.
    #[test]
    fn a_tree_parsed_again_in_other_windows_is_a_fresh_parse() {
        let python = "import os\nfrom m import ask\n\n\nclass M(BaseModel):\n    name: str\n\n\nasync def one_kept_again(ctx):\n    x = [1, 2,\n         3]\n    return await ctx.elicit('m', M)\n\n\ndef two(a):\n    return ask(a, 'n', M)\n\n\nY = {'a': 1}\n";
        let typescript = "import { ask } from './ask';\nconst schema = { type: 'object', properties: { a: { type: 'string' } } };\nexport async function oneKeptAgain(server: Server) {\n  return server.elicitInput({ message: 'm', requestedSchema: schema });\n}\nexport function two(s: any) {\n  return ask(s, 'n', schema);\n}\nconst z = `t ${1 + 2}`;\n";
        let cases: [(tree_sitter::Language, &str); 2] = [
            (tree_sitter_python::LANGUAGE.into(), python),
            (
                tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
                typescript,
            ),
        ];
        for (grammar, text) in cases {
            // Each line's start, to make windows of whole lines from.
            let lines: Vec<usize> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
            let line = |i: usize| lines[i.min(lines.len() - 1)];
            let all: Vec<Option<Vec<(usize, usize)>>> = vec![
                None,
                Some(vec![(0, line(2))]),
                Some(vec![(0, line(2)), (line(8), line(12))]),
                Some(vec![(line(4), line(6)), (line(14), line(16))]),
                Some(vec![
                    (0, line(1)),
                    (line(3), line(13)),
                    (line(18), text.len()),
                ]),
                Some(vec![(line(8), text.len())]),
            ];
            for old in &all {
                for new in &all {
                    let mut notes = Vec::new();
                    let fresh = {
                        let mut parser = tree_sitter::Parser::new();
                        parser.set_language(&grammar).unwrap();
                        super::parse_with(&mut parser, text, &mut notes, new.as_deref(), None)
                            .unwrap()
                    };
                    super::parse_to_keep(&grammar, text, &mut notes, old.as_deref()).unwrap();
                    let again = super::parse(&grammar, text, &mut notes, new.as_deref()).unwrap();
                    assert_eq!(
                        nodes(&again),
                        nodes(&fresh),
                        "{old:?} then {new:?} in {text}"
                    );
                    assert!(super::kept_tree(&grammar, text, old.as_deref()).is_none());
                }
            }
        }
    }

    #[test]
    fn window_points_are_rows_and_byte_columns() {
        let text = "ab\ncdé\n\nfg\nh";
        let windows = [(0, 1), (3, 5), (5, 8), (9, 11), (12, 13)];
        let points: Vec<(usize, usize, usize, usize)> = super::ranges(text, &windows)
            .iter()
            .map(|r| {
                (
                    r.start_point.row,
                    r.start_point.column,
                    r.end_point.row,
                    r.end_point.column,
                )
            })
            .collect();
        assert_eq!(
            points,
            [
                (0, 0, 0, 1),
                (1, 0, 1, 2),
                (1, 2, 2, 0),
                (3, 0, 3, 2),
                (4, 0, 4, 1)
            ]
        );
        // Out of order, counted again from the start.
        let back = super::ranges(text, &[(10, 11), (3, 4)]);
        assert_eq!(
            (back[1].start_point.row, back[1].start_point.column),
            (1, 0)
        );
    }

    /// Sixty small functions, as many a module holds around what elicits.
    fn python_filler() -> String {
        (0..60)
            .map(|i| format!("def f{i}():\n    return {i}\n\n\n"))
            .collect()
    }

    /// The Python windows of `text` parse without an error.
    fn assert_parses(text: &str, windows: &[(usize, usize)], shown: &dyn std::fmt::Debug) {
        let grammar: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
        let tree = super::parse(&grammar, text, &mut Vec::new(), Some(windows)).unwrap();
        assert!(!tree.root_node().has_error(), "{shown:?}");
    }

    /// A module that is one large class, in the manner of real servers:
    /// its members with docstrings whose lines sit at the body's
    /// indentation, and one method that elicits.
    fn one_class_module() -> String {
        let filler: String = (0..80)
            .map(|i| {
                format!(
                    "    def op{i}(self, x: int) -> str:\n        \"\"\"Run op {i}.\n\n    Text at the body's indentation, in a string.\n        \"\"\"\n        return str(x * {i})\n\n"
                )
            })
            .collect();
        format!(
            "from mcp.server.mcpserver import Context\nfrom pydantic import BaseModel\n\n\nclass Pick(BaseModel):\n    name: str\n\n\nclass Connector:\n    \"\"\"Talks to the mail app.\"\"\"\n\n{filler}    @staticmethod\n    async def ask(ctx: Context) -> str:\n        result = await ctx.elicit(\n            \"Which one?\",\n            Pick,\n        )\n        return result.action\n\n{filler}"
        )
    }

    #[test]
    fn a_large_class_is_read_in_its_header_and_the_member_that_elicits() {
        let text = one_class_module();
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert!(
            read.iter().any(|w| w.ends_with("class Connector:\n")),
            "{read:?}"
        );
        assert!(
            read.iter()
                .any(|w| w.starts_with("    @staticmethod\n    async def ask")),
            "{read:?}"
        );
        assert!(
            read.iter().any(|w| w.starts_with("class Pick(BaseModel)")),
            "{read:?}"
        );
        let covered: usize = windows.iter().map(|(s, e)| e - s).sum();
        assert!(covered * 10 < text.len(), "{covered} of {}", text.len());
        // The reading of the windows stands, and finds what the whole file
        // holds.
        assert_parses(&text, &windows, &"");
        let scan = super::scan(Language::Python, &text);
        assert_eq!(scan.found.len(), 1);
        let whole = super::python::scan(&text, None, super::Project::default()).unwrap();
        assert_eq!(
            format!("{:?}", scan.found[0].params),
            format!("{:?}", whole.found[0].params)
        );
    }

    #[test]
    fn python_windows_keep_a_try_whole_and_leave_the_next_decorator_out() {
        let filler = python_filler();
        let text = format!(
            "try:\n    from app.ask import elicit_form\nexcept ImportError:\n    elicit_form = None\n\n\n@decorator\ndef g():\n    return 1\n\n\n{filler}\"\"\"Notes.\n\nAn elicit call, said at column 0 of a string.\nMore.\n\"\"\"\n\nx = 1\n{filler}"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert!(read[0].contains("except ImportError:"), "{read:?}");
        assert!(!read[0].contains("@decorator"), "{read:?}");
        // The string's lines at column 0 start no statement: it is read
        // whole.
        assert!(
            read[1].contains(
                "\"\"\"Notes.\n\nAn elicit call, said at column 0 of a string.\nMore.\n\"\"\"\n"
            ),
            "{read:?}"
        );
        assert_parses(&text, &windows, &read);
    }

    #[test]
    fn a_docstring_is_no_member() {
        // The match is in a docstring whose lines sit at the body's
        // indentation: the window holds the whole docstring.
        let filler: String = (0..60).map(|i| format!("    x{i} = {i}\n")).collect();
        let text = format!(
            "async def tool(ctx):\n    \"\"\"Ask.\n\n    Calls ctx.elicit when it can.\n    More text.\n    \"\"\"\n{filler}    return 1\n"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        assert_parses(&text, &windows, &windows);
        let read: String = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert!(read.contains("    More text.\n    \"\"\"\n"), "{read}");
        assert!(!read.contains("x30 = 30"), "{read}");
    }

    /// A match in the comments or decorators above a statement: the
    /// window goes on to that statement's end, not to the end of the
    /// match's line, which would leave a comment or a decorator unclosed.
    #[test]
    fn a_match_above_a_statement_reads_that_statement() {
        let filler: String = (0..60)
            .map(|i| format!("function f{i}() {{\n  return {i};\n}}\n"))
            .collect();
        let text = format!(
            "{filler}function before() {{\n  return 0;\n}}\n/**\n * Registers the tools.\n * - delete: asks with elicitInput first.\n */\nexport function register(server) {{\n  return server;\n}}\n{filler}"
        );
        let windows = super::statement_windows(&text, Language::TypeScript).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(read.len(), 1, "{read:?}");
        assert!(read[0].starts_with("function before()"), "{read:?}");
        assert!(read[0].ends_with("  return server;\n}\n"), "{read:?}");
        let grammar: tree_sitter::Language = tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into();
        let tree = super::parse(&grammar, &text, &mut Vec::new(), Some(&windows)).unwrap();
        assert!(!tree.root_node().has_error(), "{read:?}");

        let filler = python_filler();
        let text = format!(
            "{filler}@tool(description=\"Calls elicit\")\nasync def a(ctx):\n    return 1\n\n\n{filler}"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(read.len(), 1, "{read:?}");
        assert!(read[0].ends_with("    return 1\n\n\n"), "{read:?}");
        assert_parses(&text, &windows, &read);
    }

    /// A decorator written over several lines belongs to the definition
    /// under it: the window of the statement above ends before it, and a
    /// window of the definition starts with it.
    #[test]
    fn python_windows_keep_a_decorator_of_several_lines_with_its_function() {
        let filler = python_filler();
        let text = format!(
            "{filler}@tool(\n    name=\"a\",\n    destructive=True,\n)\nasync def a(ctx):\n    return await ctx.elicit(\"Sure?\", None)\n\n\n@tool(\n    name=\"b\",\n)\ndef b():\n    return 2\n\n\n{filler}"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(read.len(), 1, "{read:?}");
        assert!(read[0].starts_with("@tool(\n    name=\"a\""), "{read:?}");
        assert!(
            read[0].ends_with("ctx.elicit(\"Sure?\", None)\n\n\n"),
            "{read:?}"
        );
        assert_parses(&text, &windows, &read);
    }

    /// A class whose one method defines every tool (`register(mcp)`) is
    /// read down to the tool that holds the match: the class's header, the
    /// method's, and that tool. The class itself, named in a window, is
    /// no model (no bases, no decorator) and is not read whole; a
    /// dataclass named there is.
    #[test]
    fn python_windows_go_down_nested_members() {
        let tools: String = (0..40)
            .map(|i| {
                format!(
                    "        @mcp.tool(\n            name=\"t{i}\",\n        )\n        async def t{i}(ctx: Context) -> str:\n            \"\"\"Tool {i}.\"\"\"\n            value = {i} * 2\n            return str(value)\n\n"
                )
            })
            .collect();
        let text = format!(
            "from fastmcp import Context\n\n\n@dataclass(\n    frozen=True,\n)\nclass Answer:\n    ok: bool\n\n\nclass Tools:\n    @staticmethod\n    def register(mcp) -> None:\n{tools}        @mcp.tool()\n        async def ask(ctx: Context) -> str:\n            r = await ctx.elicit(\"Sure?\", Answer)\n            return Tools.done(r)\n\n{tools}\n    @staticmethod\n    def done(r) -> str:\n        return str(r)\n"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let read: String = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert!(read.contains("class Tools:\n"), "{read}");
        assert!(read.contains("    def register(mcp) -> None:\n"), "{read}");
        assert!(read.contains("ctx.elicit(\"Sure?\", Answer)"), "{read}");
        assert!(
            read.contains("@dataclass(\n    frozen=True,\n)\nclass Answer:\n    ok: bool\n"),
            "{read}"
        );
        assert!(!read.contains("async def t3("), "{read}");
        assert!(!read.contains("def done"), "{read}");
        assert_parses(&text, &windows, &read);
        stands_as_whole(&text, &windows);
    }

    /// The Python reading of `text` in `windows` stands, finds one
    /// elicitation and says of it what the whole file's reading does.
    fn stands_as_whole<'t>(text: &'t str, windows: &[(usize, usize)]) -> super::Scan<'t> {
        let windowed = super::python::scan(text, Some(windows), super::Project::default())
            .expect("the windows' reading is complete");
        let whole = super::python::scan(text, None, super::Project::default()).unwrap();
        assert_eq!(windowed.found.len(), 1);
        assert_eq!(
            format!("{:?}", windowed.found[0].params),
            format!("{:?}", whole.found[0].params)
        );
        windowed
    }

    /// A message or a type built at run time (an f-string, a call) is
    /// unknown in any reading: the windows' reading stands, and the file
    /// is not parsed again whole.
    #[test]
    fn what_is_built_at_run_time_does_not_make_the_windows_incomplete() {
        let filler = python_filler();
        let text = format!(
            "{filler}async def ask(ctx, name):\n    return await ctx.elicit(f\"Delete {{name}}?\", response_type=None)\n\n\nasync def pick(ctx):\n    return await ctx.elicit(\"Pick\", response_type=make_form())\n\n\nasync def other(ctx):\n    return await ctx.elicit(\"Other\", response_type=Form)\n\n\n{filler}"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        // A type that is a call, or a name every use of which is read, is
        // unknown in any reading.
        let windowed = super::python::scan(&text, Some(&windows), super::Project::default())
            .expect("the windows' reading is complete");
        assert_eq!(windowed.found.len(), 3);
        // A name bound outside the windows might be known there: the file
        // is read whole.
        let bound = format!("Form = make_form()\n\n\n{text}");
        let windows = super::statement_windows(&bound, Language::Python).expect("windows");
        assert!(super::python::scan(&bound, Some(&windows), super::Project::default()).is_none());
        assert!(
            windowed.found[0]
                .unknown
                .iter()
                .any(|u| u.pointer == "/message" && !u.what.is_empty())
        );
    }

    /// What the Python and TypeScript readers find an elicitation by is
    /// told from a file that only speaks of elicitation, which is not
    /// parsed: the APIs and keys as whole words, `elicitation/create`.
    #[test]
    fn a_file_that_names_no_elicitation_api_is_told_apart() {
        for named in [
            "await ctx.elicit(\"Sure?\", Answer)",
            "return Elicit(\"Pick\", Model)",
            "await server.elicitInput({ message })",
            "inputRequired.elicitUrl(params)",
            "await ctx.elicit_form(m, s)",
            "await elicit_with_validation(ctx, m, s)",
            "{\"requestedSchema\": {}}",
            "send(requested_schema=schema)",
            "RequestedSchema(properties={})",
            "{\"method\": \"elicitation/create\", \"params\": p}",
            "METHOD = \"elicitation\" \"/create\"",
            "const m = 'elicitation' + '/create';",
            "const m = `elicitation/create`;",
            "x = 1\nawait ctx.elicit(m)",
        ] {
            assert!(!super::api_matches(named.as_bytes()).is_empty(), "{named}");
        }
        for prose in [
            "\"\"\"Asks via MCP elicitation when the client supports elicitation.\"\"\"",
            "# Try to elicit_result later",
            "elicitation_result = await present(ctx)",
            "manager: ElicitationManager | None = None",
            "const ok = await elicitConfirmation({ title });",
            "from fastmcp.server.elicitation import AcceptedElicitation",
            "server.elicitInputs(x); my_elicit(y); $elicit(z); elicitation(w)",
            "{ elicitation: {} }",
            "describe('Client with Elicitation', () => {",
            "import { readElicitationConfig } from '@pulsemcp/mcp-elicitation';",
            "",
        ] {
            assert!(super::api_matches(prose.as_bytes()).is_empty(), "{prose}");
        }
        // Such a file gives nothing, as its whole reading would.
        let text = "def f(ctx):\n    \"\"\"Confirms via elicitation.\"\"\"\n    return caps.elicitation is not None\n";
        assert!(super::api_matches(text.as_bytes()).is_empty());
        let whole = super::python::scan(text, None, super::Project::default()).unwrap();
        assert!(whole.found.is_empty() && whole.notes.is_empty());
        assert!(super::scan(Language::Python, text).found.is_empty());
    }

    /// Python, TypeScript and JavaScript windows hold the statements that
    /// name an API, not those that only speak of elicitation (a helper of
    /// the file's own, a docstring): in a file that calls `ctx.elicit` in
    /// one helper and names the helper at every tool, the tools are left
    /// out, and the windows' reading says what the whole one does.
    #[test]
    fn windows_hold_the_statements_that_name_an_api() {
        let filler = python_filler();
        let tools: String = (0..8)
            .map(|i| {
                format!(
                    "async def tool{i}(ctx):\n    \"\"\"Deletes, after an elicitation.\"\"\"\n    if await _elicit_confirmation(ctx, \"Delete {i}?\"):\n        return {i}\n\n\n"
                )
            })
            .collect();
        let text = format!(
            "{filler}class Confirm(BaseModel):\n    ok: bool\n\n\nasync def _elicit_confirmation(ctx, summary):\n    result = await ctx.elicit(summary, Confirm)\n    return result.action == \"accept\"\n\n\n{tools}{filler}"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(read.len(), 1, "{read:?}");
        assert!(read[0].starts_with("class Confirm(BaseModel)"), "{read:?}");
        assert!(read[0].contains("ctx.elicit(summary, Confirm)"), "{read:?}");
        assert!(!read[0].contains("async def tool0"), "{read:?}");
        stands_as_whole(&text, &windows);

        let text = format!(
            "{}export async function ask(server: Server) {{\n  return server.elicitInput({{ message: \"Sure?\", requestedSchema: {{ type: \"object\", properties: {{}} }} }});\n}}\n{}",
            "// Uses elicitation when the client can.\nexport function elicitationOn(caps: Caps) {\n  return caps.elicitation != null;\n}\n".repeat(30),
            "export const x = 1;\n".repeat(200),
        );
        let windows = super::statement_windows(&text, Language::TypeScript).expect("windows");
        let read: Vec<&str> = windows.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(read.len(), 1, "{read:?}");
        assert!(read[0].starts_with("export async function ask"), "{read:?}");
    }

    /// A class made at run time (`type(...)`, `create_model`) has fields no
    /// reading knows: when every place its name is written was read, the
    /// windows' reading stands; a use of the name outside them (which
    /// might bind it again) makes the file read whole.
    #[test]
    fn a_class_made_at_run_time_leaves_the_windows_complete_when_read_everywhere() {
        let filler = python_filler();
        let text = format!(
            "from mcp.server.mcpserver import Context\nfrom pydantic import BaseModel\n\n{filler}async def ask(ctx: Context):\n    try:\n        Consent = type(\"Consent\", (BaseModel,), {{\"__annotations__\": {{\"ok\": bool}}}})\n        return await ctx.elicit(message=\"Sure?\", schema=Consent)\n    except ValueError:\n        return None\n\n\n{filler}"
        );
        let windows = super::statement_windows(&text, Language::Python).expect("windows");
        let windowed = stands_as_whole(&text, &windows);
        assert!(
            windowed.found[0]
                .unknown
                .iter()
                .any(|u| u.what.contains("made at run time")),
            "{:?}",
            windowed.found[0].unknown
        );
        let elsewhere = format!("{text}def later():\n    return Consent\n");
        let windows = super::statement_windows(&elsewhere, Language::Python).expect("windows");
        assert!(
            super::python::scan(&elsewhere, Some(&windows), super::Project::default()).is_none()
        );
    }

    /// The vector search finds the needles exactly where they are: in
    /// texts built of needles, their parts and what may stand around them,
    /// at the start, middle and end.
    #[test]
    fn the_needle_search_agrees_with_the_needles() {
        let parts: &[&[u8]] = &[
            b"elicit",
            b"Elicit",
            b"licit",
            b"eLicit",
            b"requestedSchema",
            b"requested_schema",
            b"RequestedSchema",
            b"equestedSchema",
            b"requested",
            b"Requested_schema",
            b"requestedschema",
            b"inputRequired",
            b"InputRequired",
            b"nputRequired",
            b"inputrequired",
            b"r",
            b"R",
            b"e",
            b"E",
            b"i",
            b"Schema",
            b"_schema",
            b" ",
            b"\n",
            "\u{e9}".as_bytes(),
            b"import",
            b"impor",
            b"require",
            b"requi",
        ];
        let words = ["import", "require"];
        let prefilters = [super::Prefilter::new(&words), super::Prefilter::new(&[])];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for round in 0..20_000 {
            let mut text = Vec::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut s = seed;
            // Half of the texts long enough for the vector search, the
            // rest read by its search for short texts.
            if round % 2 == 0 {
                text.extend_from_slice(&[b'x'; 70][..(s % 70) as usize]);
            }
            for _ in 0..(s % 5) + 1 {
                text.extend_from_slice(parts[(s % parts.len() as u64) as usize]);
                s /= parts.len() as u64;
            }
            if round % 4 == 0 {
                text.extend_from_slice(&[b'y'; 40]);
            }
            let mut naive: Vec<(usize, usize)> = super::NEEDLES
                .iter()
                .flat_map(|n| {
                    let text = &text;
                    (0..text.len())
                        .filter(move |&i| text[i..].starts_with(n.as_bytes()))
                        .map(move |i| (i, i + n.len()))
                })
                .collect();
            naive.sort_unstable();
            let shown = String::from_utf8_lossy(&text);
            assert_eq!(super::needle_matches(&text), naive, "{shown:?}");
            assert_eq!(super::may_elicit(&text), !naive.is_empty(), "{shown:?}");
            let has = |w: &str| text.windows(w.len()).any(|x| x == w.as_bytes());
            let word = words.iter().any(|w| has(w));
            assert_eq!(
                prefilters[0].read(&text),
                (!naive.is_empty(), word),
                "{shown:?}"
            );
            assert_eq!(
                prefilters[1].read(&text),
                (!naive.is_empty(), false),
                "{shown:?}"
            );
        }
    }
}
