//! The command line: one struct per subcommand. Doc comments are the help.
//! It uses nothing else of the binary: `tests/help.rs` compiles this file on
//! its own to walk the command tree.

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use mcp_elicit::finding::Severity;
use mcp_elicit::spec::Revision;

/// Defines a command's short help epilogue (`-h`: examples and exit codes)
/// and its long one (`--help`: what the command does, then the same).
macro_rules! after_help {
    ($short:ident, $long:ident, $prose:literal, $rest:literal) => {
        const $short: &str = $rest;
        const $long: &str = concat!($prose, "\n\n", $rest);
    };
}

const TOP_AFTER: &str = "\
Examples:
  mcp-elicit demo
  mcp-elicit lint examples/lint
  mcp-elicit answer examples/demo/pizza.json
  mcp-elicit call --list -- python server.py
  mcp-elicit proxy --record session.jsonl -- node server.js
  mcp-elicit replay --show examples/sessions/booking.jsonl
  mcp-elicit generate --rust examples/rust/forms.rs --type Booking
  mcp-elicit help lint

Exit codes:
  0  success: nothing at or above --fail-on, an answer accepted, a request completed
  1  findings (or a failed check)
  2  usage error, unreadable input or another tool error
  3  `answer`: the person declined in the form (--action decline exits 0)
  4  cancelled: Esc in `answer`'s form, or Ctrl-C or --timeout in any command
     that shows a form (`answer`, `call`, `proxy`, `demo`)";

#[derive(Debug, Parser)]
#[command(
    name = "mcp-elicit",
    version,
    about = "Lint, answer, record, replay and serve MCP elicitations",
    long_about = "Lint, answer, record, replay and serve MCP elicitations: the part of the Model Context \
Protocol where a server asks the person at the client for structured input.",
    after_help = TOP_AFTER,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Use colour: auto, always or never
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check schemas, requests, results and sessions against a spec revision
    #[command(after_help = LINT_AFTER)]
    Lint(LintArgs),

    /// Answer an elicitation: a form on the terminal, or from a script
    #[command(after_help = ANSWER_AFTER, after_long_help = ANSWER_AFTER_LONG)]
    Answer(AnswerArgs),

    /// Connect to an MCP server, make one request and answer its elicitations
    #[command(after_help = CALL_AFTER, after_long_help = CALL_AFTER_LONG)]
    Call(CallArgs),

    /// Serve tools that ask recorded or written elicitations, to test an MCP client
    #[command(after_help = SERVE_AFTER, after_long_help = SERVE_AFTER_LONG)]
    Serve(ServeArgs),

    /// Stand between a host and a stdio server: pass everything on, lint, record, answer
    #[command(after_help = PROXY_AFTER, after_long_help = PROXY_AFTER_LONG)]
    Proxy(ProxyArgs),

    /// Measure a host: a server whose tools ask every elicitation shape, and its report
    #[command(after_help = PROBE_AFTER, after_long_help = PROBE_AFTER_LONG)]
    Probe(ProbeArgs),

    /// Check a recorded session, show it as a transcript, or replay it against a live server
    #[command(after_help = REPLAY_AFTER, after_long_help = REPLAY_AFTER_LONG)]
    Replay(ReplayArgs),

    /// Turn a Rust type or an ordinary JSON Schema into an elicitation schema
    #[command(after_help = GENERATE_AFTER, after_long_help = GENERATE_AFTER_LONG)]
    Generate(GenerateArgs),

    /// Print a shell completion script (bash, zsh, fish, powershell or elvish)
    #[command(after_help = COMPLETIONS_AFTER)]
    Completions {
        /// Complete for this shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },

    /// Print the man page, or write one page per subcommand into a directory
    #[command(hide = true, after_help = MAN_AFTER)]
    Man {
        /// Write every page into this directory instead of printing the main one
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },

    /// Tour elicitation with two built-in forms: no server and no files needed
    #[command(after_help = DEMO_AFTER, after_long_help = DEMO_AFTER_LONG)]
    Demo,

    /// Authorize with a protected server ahead of `call`, show or forget stored tokens
    #[command(subcommand, after_help = AUTH_AFTER, after_long_help = AUTH_AFTER_LONG)]
    Auth(AuthCommand),
}

after_help!(
    AUTH_AFTER,
    AUTH_AFTER_LONG,
    "\
Tokens are kept in auth.json (0600) under $MCP_ELICIT_CONFIG_DIR, else
$XDG_CONFIG_HOME/mcp-elicit, else ~/.config/mcp-elicit: one entry per
server and authorization server. `call` and `replay` authorize the same way
by themselves when a server answers 401; `auth login` does it ahead of
time, e.g. on a machine with a browser before a CI run that uses
--stored-auth-only. No command prints a token.",
    "\
Examples:
  mcp-elicit auth login --open https://mcp.example.com/mcp
  mcp-elicit auth status
  mcp-elicit auth logout https://mcp.example.com/mcp

Exit codes:
  0  done
  2  usage error, or the authorization failed (the error says at which step)"
);

/// `mcp-elicit auth ...`.
#[derive(Debug, Subcommand)]
pub enum AuthCommand {
    /// Run the OAuth flow with the server now and keep its token
    #[command(after_help = AUTH_AFTER, after_long_help = AUTH_AFTER_LONG)]
    Login {
        #[command(flatten)]
        auth: AuthArgs,
        /// The server's http(s):// URL
        #[arg(value_name = "URL")]
        url: String,
    },
    /// Forget the stored tokens of the server
    #[command(after_help = AUTH_AFTER, after_long_help = AUTH_AFTER_LONG)]
    Logout {
        /// The server's http(s):// URL
        #[arg(value_name = "URL")]
        url: String,
    },
    /// Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry
    #[command(after_help = AUTH_AFTER, after_long_help = AUTH_AFTER_LONG)]
    Status {
        /// Only this server's
        #[arg(value_name = "URL")]
        url: Option<String>,
    },
}

/// How `call`, `replay` and `auth login` authorize with a server that
/// answers 401 (the OAuth flow, docs/call.md#authorization).
#[derive(Debug, Args, Clone, Default)]
pub struct AuthArgs {
    /// Open the authorization URL in the browser (it is printed either way)
    #[arg(help_heading = "Authorization", long, conflicts_with_all = ["authorize_with", "stored_auth_only"], hide_short_help = true)]
    pub open: bool,

    /// Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)
    #[arg(
        help_heading = "Authorization",
        long,
        value_enum,
        value_name = "HOW",
        conflicts_with = "stored_auth_only",
        hide_short_help = true
    )]
    pub authorize_with: Option<AuthorizeWith>,

    /// Use only a stored token (refreshed when it can be): never wait for a browser (CI)
    #[arg(help_heading = "Authorization", long, hide_short_help = true)]
    pub stored_auth_only: bool,

    /// Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET
    #[arg(
        help_heading = "Authorization",
        long,
        value_name = "ID",
        hide_short_help = true
    )]
    pub client_id: Option<String>,

    /// Use this client ID metadata document URL as the client ID where the authorization server supports them
    #[arg(
        help_heading = "Authorization",
        long,
        value_name = "URL",
        hide_short_help = true
    )]
    pub client_metadata_url: Option<String>,

    /// Give up on each request to the authorization server after this long [default: 30]
    #[arg(help_heading = "Authorization", long, value_name = "SECONDS", value_parser = parse_timeout, hide_short_help = true)]
    pub auth_timeout: Option<std::time::Duration>,
}

/// How the authorization URL is reached (`--authorize-with`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AuthorizeWith {
    /// Print it for a person to open in a browser (the default; --open opens it)
    Browser,
    /// Fetch it over HTTP and follow its redirects, no browser
    Http,
}

after_help!(
    DEMO_AFTER,
    DEMO_AFTER_LONG,
    "\
Plays the pizza order from the MCP explainer and a form with every property
shape in the terminal form of `answer`, then shows the JSON that goes back
and what accept, decline and cancel mean. When stdin or stdout is not a
terminal it prints the same tour as a transcript with scripted answers.
The two requests are in examples/demo/.",
    "\
Examples:
  mcp-elicit demo
  mcp-elicit demo | less

Exit codes:
  0  the tour ended, whatever was answered
  2  the terminal failed
  4  stopped with Ctrl-C"
);

const MAN_AFTER: &str = "\
Examples:
  mcp-elicit man | man -l -
  mcp-elicit man --dir man/

Exit codes:
  0  the pages were written
  2  usage error, or the directory cannot be written";

const COMPLETIONS_AFTER: &str = "\
Examples:
  mcp-elicit completions bash > ~/.local/share/bash-completion/completions/mcp-elicit
  mcp-elicit completions zsh > ~/.zfunc/_mcp-elicit
  mcp-elicit completions fish > ~/.config/fish/completions/mcp-elicit.fish

Exit codes:
  0  the script was printed
  2  usage error";

const LINT_AFTER: &str = "\
Examples:
  mcp-elicit lint examples/lint
  mcp-elicit lint --spec 2025-06-18 --format full examples/lint/table-booking.json
  cat examples/demo/pizza.json | mcp-elicit lint -
  mcp-elicit lint --ignore W601 --fail-on warning examples/lint
  mcp-elicit lint --format sarif . > mcp-elicit.sarif
  mcp-elicit lint --explain E124

Exit codes:
  0  nothing at or above --fail-on was found
  1  findings at or above --fail-on
  2  usage error or an unreadable path (the other paths are still linted)";

after_help!(
    REPLAY_AFTER,
    REPLAY_AFTER_LONG,
    "\
Sessions in this tool's format and in the formats other tools write (bare
JSON-RPC lines, NDJSON with `_meta.dir`, `{ts, dir, msg}` and
`{session_id, direction, raw}` envelopes) are recognised from their content.
The format is described in docs/session-format.md.

With a TARGET, the tool, prompt and resource calls of the session are made
again against that server, in the revision they were recorded in; every
elicitation is answered as it was answered then (one the recording does not
have is answered cancel). Drift is reported with the session line of the
recorded side: an elicitation whose message or schema changed, a new or a
missing elicitation, a different final result. Ids, requestState contents
and timing are not compared. Without --format, every call is listed with
its drift; with it, each drift is a diagnostic in that format, as lint
prints them, under rule E740 (changed), E741 (new), E742 (missing) or E743
(result changed). --spec, --select and --ignore do not apply to a replay:
it speaks the revision the session was recorded in and reports every drift.",
    "\
Examples:
  mcp-elicit replay examples/sessions/booking.jsonl
  mcp-elicit replay --format json examples/lint/tool-call-session.jsonl
  mcp-elicit replay --show examples/sessions/booking.jsonl
  mcp-elicit replay --show --pace 2 examples/sessions/booking-2026.jsonl
  mcp-elicit replay examples/sessions/booking-live.jsonl -- python server.py
  mcp-elicit replay examples/sessions/booking-live.jsonl http://127.0.0.1:8808/mcp
  mcp-elicit replay --format github examples/sessions/booking-live.jsonl -- ./my-server

Exit codes:
  0  the session checks clean (or was shown); with a TARGET: no drift
  1  findings at or above --fail-on; with a TARGET: drift
  2  usage error or an unreadable session; with a TARGET: the server could
     not be reached, died, timed out or broke the protocol"
);

after_help!(
    GENERATE_AFTER,
    GENERATE_AFTER_LONG,
    "\
Rust source is read without compiling it, with the same rules schemars
follows. JSON Schema from schemars, Pydantic v2 (`model_json_schema()`) and
Zod (`z.toJSONSchema`) is converted: local `$ref`s resolved, nullable unions
made optional properties, `oneOf`/`anyOf` of `const` made titled options.
Whatever is dropped is reported as a note on stderr; nesting, maps, tuples,
enums with data and what the revision cannot express are refused.",
    "\
Examples:
  mcp-elicit generate --rust examples/rust/forms.rs --type Booking
  mcp-elicit generate --rust examples/rust/forms.rs --type Newsletter --spec 2025-11-25 \\
    --message 'Which updates do you want?'
  mcp-elicit generate --from-json-schema schema.json --spec 2025-06-18
  python -c 'import json, m; print(json.dumps(m.Model.model_json_schema()))' \\
    | mcp-elicit generate --from-json-schema - --message 'Book a room'

Exit codes:
  0  the schema was written
  1  the type or schema was refused (the reason names the field and the fix)
  2  usage error, unreadable input, or Rust or JSON that does not parse"
);

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("input").required(true).args(["from_json_schema", "rust"]))]
pub struct GenerateArgs {
    /// Convert this JSON Schema (`-` reads stdin)
    #[arg(long, value_name = "FILE")]
    pub from_json_schema: Option<PathBuf>,

    /// Read the struct named by --type from this Rust source file
    #[arg(long, value_name = "FILE", requires = "type_name")]
    pub rust: Option<PathBuf>,

    /// Generate for this struct (with --rust)
    #[arg(long = "type", value_name = "NAME", requires = "rust")]
    pub type_name: Option<String>,

    /// Generate for this spec revision (latest and draft are the newest)
    #[arg(long, value_name = "REVISION", value_parser = revision_parser(), default_value = "latest")]
    pub spec: Revision,

    /// Wrap the schema in `elicitation/create` params with this message
    #[arg(long, value_name = "TEXT")]
    pub message: Option<String>,

    /// Keep `pattern` (no revision declares it: the linter warns W210)
    #[arg(long)]
    pub allow_pattern: bool,

    /// Write the JSON to FILE instead of stdout
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Do not print notes about what was dropped
    #[arg(long, short)]
    pub quiet: bool,
}

after_help!(
    CALL_AFTER,
    CALL_AFTER_LONG,
    "\
The server is a Streamable HTTP URL or, after `--`, a command to spawn (stdio).
The revision is the newest the server speaks (`server/discover` for
2026-07-28, else `initialize`) unless --spec says. Every elicitation is linted
first: an invalid one is answered -32602 and reported, never shown.

A stdio server's stderr is shown line by line after `[server] `, sanitised
(or written to --server-log); more than five lines written while it starts
are summed up in one.

One request may raise at most 32 elicitations: the 33rd is refused and ends
the call, as a server that dies, writes something that is not JSON-RPC,
refuses an answer with an HTTP error or stays silent for --server-timeout
does (exit 2; a --record file keeps every message up to then).

In the form, Esc answers the elicitation `cancel` and the call goes on;
Ctrl-C ends the whole call (exit 4) with the terminal restored, leaving the
elicitation unanswered, and so does a form not finished within --timeout
(waiting on the person has no limit otherwise); an HTTP session is deleted
on the way out, and a --record file keeps every message up to that point.",
    "\
Examples:
  mcp-elicit call --list -- node server.js
  mcp-elicit call --tool book_table -- cargo run --quiet --example booking_server
  mcp-elicit call --tool book_table --defaults --set guests=4 http://127.0.0.1:8808/mcp
  mcp-elicit call --tool book_table --record session.jsonl -- python server.py

Exit codes:
  0  the request completed
  1  the server answered with a JSON-RPC error or a tool error
  2  usage error, or the server could not be reached, died, timed out or broke the protocol
  4  Ctrl-C during a form, or --timeout, ended the call"
);

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("target").required(true).args(["url", "command"]))]
pub struct CallArgs {
    /// Call this tool
    #[arg(help_heading = "Request", long, value_name = "NAME", group = "request")]
    pub tool: Option<String>,

    /// Get this prompt
    #[arg(help_heading = "Request", long, value_name = "NAME", group = "request")]
    pub prompt: Option<String>,

    /// Read this resource
    #[arg(help_heading = "Request", long, value_name = "URI", group = "request")]
    pub resource: Option<String>,

    /// List the server's tools, prompts and resources
    #[arg(help_heading = "Request", long, group = "request")]
    pub list: bool,

    /// Pass these arguments to the tool or prompt, as a JSON object
    #[arg(help_heading = "Request", long, value_name = "JSON")]
    pub args: Option<String>,

    /// Pass one argument, typed by the tool's inputSchema (repeatable; wins over --args)
    #[arg(help_heading = "Request", long = "arg", value_name = "KEY=VALUE", value_parser = parse_arg)]
    pub arg: Vec<(String, String)>,

    /// Speak this revision instead of negotiating the newest
    #[arg(help_heading = "Server", long, value_name = "REVISION", value_parser = revision_parser())]
    pub spec: Option<Revision>,

    /// Declare form mode only (no URL mode)
    #[arg(help_heading = "Server", long)]
    pub no_url_mode: bool,

    /// Give up when the server sends nothing for this long [default: 300]
    #[arg(help_heading = "Server", long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub server_timeout: Option<std::time::Duration>,

    /// Show the server under this name instead of its serverInfo name
    #[arg(help_heading = "Server", long, value_name = "NAME")]
    pub server: Option<String>,

    /// Send this header on every HTTP request (repeatable); an Authorization header replaces OAuth (see --help)
    #[arg(help_heading = "Server", long = "header", value_name = "NAME:VALUE", value_parser = parse_header, conflicts_with = "command")]
    pub headers: Vec<(String, String)>,

    /// Write a stdio server's stderr to FILE (appended) instead of the terminal
    #[arg(help_heading = "Server", long, value_name = "FILE")]
    pub server_log: Option<PathBuf>,

    /// End the call (exit 4) when a form is not finished within this many seconds
    #[arg(help_heading = "Answering", long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,

    /// Print the result or listing as text for reading or as JSON [default: text on a terminal, else json]
    #[arg(help_heading = "Output", long, value_enum, value_name = "FORMAT")]
    pub format: Option<CallFormat>,

    /// The same as --format json
    #[arg(long, hide = true, conflicts_with = "format")]
    pub json: bool,

    #[command(flatten, next_help_heading = "Answering")]
    pub script: ScriptArgs,

    #[command(flatten)]
    pub auth: AuthArgs,

    /// Talk to the Streamable HTTP server at this http(s):// URL
    #[arg(
        help_heading = "Server",
        value_name = "URL",
        conflicts_with = "command"
    )]
    pub url: Option<String>,

    /// Or start a stdio server with this command, given after `--`
    #[arg(help_heading = "Server", value_name = "SERVER_CMD", last = true, num_args = 1..)]
    pub command: Vec<String>,
}

fn target(url: &Option<String>, command: &[String]) -> Vec<String> {
    match url {
        Some(u) => vec![u.clone()],
        None => command.to_vec(),
    }
}

after_help!(
    PROXY_AFTER,
    PROXY_AFTER_LONG,
    "\
The host starts the proxy in place of the server: put `mcp-elicit proxy --`
(and any options before the `--`) in front of the server command in the
host's configuration. Every message passes through unchanged, line for
line, in both directions; the server's stderr goes to the host as before.

Every elicitation is linted on the way; findings go to stderr (the host's
log) and to --report. When the host cannot take an elicitation (it did not
declare the capability or the mode; --answer auto) the proxy declares it
for the host and answers it itself: 2025 revisions in `initialize` and
`elicitation/create`, 2026-07-28 in each request's `_meta` and the
InputRequiredResult, which it answers and retries, giving the host only the
final result. The answer comes from the scripted options, the terminal
form when the proxy runs in a terminal, or else (or with --web) a form in
the browser: a page on 127.0.0.1 whose address, with a one-time token, is
printed on stderr (the host's log) and opened only with --open.

While a person answers, a host that gave a progress token gets a progress
notification at once and every --progress-interval seconds. A host's own
request time-out may still run out: most reset it only on progress when
told to, and some (60 s is common) never do. Give it with --host-timeout
and each form says how much of it is left.

--record keeps the server's side of the conversation, what it received and
sent, one line per message as it passes; a kill of the host, the server or
the proxy keeps every complete message. `mcp-elicit replay FILE` checks it.

With --http ADDR --upstream URL the proxy is a Streamable HTTP reverse
proxy: the host connects to ADDR with URL's path (http://ADDR/mcp for
http://127.0.0.1:8808/mcp) as to the server, and each request goes on to
URL with its end-to-end headers (session id, protocol version,
authorisation), each response comes back with its status and headers, and
each SSE stream event by event as it arrives.
ADDR must be loopback unless --allow-remote; requests whose Host does not
name the proxy, or whose Origin is another site's (see --allow-origin), are
refused.",
    "\
Examples:
  mcp-elicit proxy -- node server.js
  mcp-elicit proxy --http 127.0.0.1:8809 --upstream http://127.0.0.1:8808/mcp
  mcp-elicit proxy --record session.jsonl --report lint.jsonl -- python server.py
  mcp-elicit proxy --answer always --defaults --set name=Ada -- uv run server.py
  mcp-elicit proxy --answers-from session.jsonl -- npx -y my-mcp-server

Exit codes:
  0  the host ended the session
  2  usage error, the server could not be started, or it ended first
  4  Ctrl-C ended the proxy"
);

#[derive(Debug, Args)]
pub struct ProxyArgs {
    /// Answer elicitations here: auto (when the host cannot), always, or never
    #[arg(help_heading = "Answering", long, value_enum, default_value_t = ProxyAnswer::Auto)]
    pub answer: ProxyAnswer,

    /// Append one JSON line per elicitation to FILE: its findings and who answered
    #[arg(help_heading = "Reporting", long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)
    #[arg(
        help_heading = "Reporting",
        long,
        value_name = "HOSTS",
        value_delimiter = ','
    )]
    pub hosts: Vec<String>,

    /// Show the server under this name instead of its serverInfo name
    #[arg(help_heading = "Reporting", long, value_name = "NAME")]
    pub server: Option<String>,

    /// Ask in a form in the browser, on 127.0.0.1 [default when no terminal can be reached]
    #[arg(help_heading = "Answering", long)]
    pub web: bool,

    /// With the web form, open its address in the browser (it is always printed)
    #[arg(help_heading = "Answering", long)]
    pub open: bool,

    /// With --upstream, reach the server's authorization URL this way (--open opens it in the browser)
    #[arg(
        help_heading = "Streamable HTTP",
        long,
        value_enum,
        value_name = "HOW",
        requires = "upstream",
        conflicts_with = "stored_auth_only",
        hide_short_help = true
    )]
    pub authorize_with: Option<AuthorizeWith>,

    /// With --upstream, use only a stored token for the server: never wait for a browser
    #[arg(
        help_heading = "Streamable HTTP",
        long,
        requires = "upstream",
        hide_short_help = true
    )]
    pub stored_auth_only: bool,

    /// With --upstream, authorize as this pre-registered client (secret from MCP_ELICIT_CLIENT_SECRET)
    #[arg(
        help_heading = "Streamable HTTP",
        long,
        value_name = "ID",
        requires = "upstream",
        hide_short_help = true
    )]
    pub client_id: Option<String>,

    /// With --upstream, use this client ID metadata document URL as the client ID where supported
    #[arg(
        help_heading = "Streamable HTTP",
        long,
        value_name = "URL",
        requires = "upstream",
        hide_short_help = true
    )]
    pub client_metadata_url: Option<String>,

    /// With --upstream, give up on each request to the authorization server after this long [default: 30]
    #[arg(help_heading = "Streamable HTTP", long, value_name = "SECONDS", value_parser = parse_timeout, requires = "upstream", hide_short_help = true)]
    pub auth_timeout: Option<std::time::Duration>,

    /// Send the host a progress notification this often while a person answers
    #[arg(help_heading = "Answering", long, value_name = "SECONDS", value_parser = parse_timeout, default_value = "10")]
    pub progress_interval: std::time::Duration,

    /// The host's own time-out for a call (often 60): each form says how much of it is left
    #[arg(help_heading = "Answering", long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub host_timeout: Option<std::time::Duration>,

    /// Serve Streamable HTTP on ADDR instead of stdio (with --upstream)
    #[arg(
        help_heading = "Streamable HTTP",
        long,
        value_name = "ADDR",
        requires = "upstream",
        conflicts_with = "command"
    )]
    pub http: Option<String>,

    /// With --http, the server's Streamable HTTP endpoint
    #[arg(
        help_heading = "Streamable HTTP",
        long,
        value_name = "URL",
        requires = "http"
    )]
    pub upstream: Option<String>,

    /// With --http, allow an address other than loopback
    #[arg(help_heading = "Streamable HTTP", long, requires = "http")]
    pub allow_remote: bool,

    /// With --http, let pages of this origin call the proxy (scheme://host[:port]; repeatable)
    #[arg(help_heading = "Streamable HTTP", long, value_name = "ORIGIN", requires = "http", value_parser = parse_origin_arg)]
    pub allow_origin: Vec<String>,

    /// With --http, how long the server may be silent in a response
    #[arg(help_heading = "Streamable HTTP", long, value_name = "SECONDS", value_parser = parse_timeout, default_value = "300")]
    pub upstream_timeout: std::time::Duration,

    /// Bridge 2025 and 2026-07-28 peers: auto or off [default: auto]
    ///
    /// auto: when the host and the server speak different eras (the server
    /// refuses the host's `initialize` but answers `server/discover`, or does
    /// not answer a 2026-07-28 host's `server/discover`); off: never, each
    /// message passes on in the era it was written in.
    #[arg(help_heading = "Server", long, value_enum, default_value_t = ProxyBridge::Auto, hide_default_value = true, hide_possible_values = true)]
    pub bridge: ProxyBridge,

    /// How long a requestState sealed for a 2026-07-28 host in front of a 2025 server stays good
    #[arg(help_heading = "Server", long, value_name = "SECONDS", value_parser = parse_timeout, default_value = "600", hide_short_help = true)]
    pub state_lifetime: std::time::Duration,

    #[command(flatten, next_help_heading = "Answering")]
    pub script: ScriptArgs,

    /// The command that starts the stdio server, after `--`
    #[arg(help_heading = "Server", value_name = "SERVER_CMD", required_unless_present = "http", last = true, num_args = 1..)]
    pub command: Vec<String>,
}

/// How `call` prints what the server answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CallFormat {
    /// For reading: a tool's text, a prompt's messages, an error in words
    Text,
    /// The JSON-RPC result (or error) as the server sent it
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProxyBridge {
    /// When the host and the server speak different eras (2025 revisions, 2026-07-28)
    Auto,
    /// Never: each message passes on in the era it was written in
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProxyAnswer {
    /// When the host did not declare elicitation or the request's mode
    Auto,
    /// Every elicitation, for hosts that declare it but decline unattended
    Always,
    /// None: every elicitation goes to the host
    Never,
}

after_help!(
    PROBE_AFTER,
    PROBE_AFTER_LONG,
    "\
Add `mcp-elicit probe --record FILE` to a host as a stdio server (or run it
with --http and add its address), then ask the host's model to call the
probe tools in order, probe_01_text to the last, and do what each form's
message says (\"accept without changing anything\", \"decline\", \"press the
host's Cancel\"). The probe records what the host declared when it connected
(client info, revision, capabilities, in 2025 and 2026-07-28 alike), each
elicitation asked and what came back, with timings, one JSON line each,
written as it happens. A question with no answer in the recording is what
the host did with it: nothing.

--report FILE reads a recording back: what was declared, what each shape got,
a host entry in the shape of src/hosts/data.rs with the recording as its
evidence, and where the host differs from the facts shipped for it at the
probed version (--host names the host when its client name does not).",
    "\
Examples:
  mcp-elicit probe --record probe.jsonl
  mcp-elicit probe --http 127.0.0.1:8809 --record probe.jsonl
  mcp-elicit probe --report examples/probe/python-sdk-2.3.0.jsonl
  mcp-elicit probe --report probe.jsonl --host claude-code@2.1.260

Exit codes:
  0  served until the host closed it, or the report was printed
  2  usage error, a recording that cannot be written or read, or an
     address it cannot listen on"
);

after_help!(
    SERVE_AFTER,
    SERVE_AFTER_LONG,
    "\
A SOURCE is a session (one tool per recorded tools/call, named after the
called tool, asking what the server asked in that call) or a request file
(params or an elicitation/create request; one tool named after the file).
Every request is linted first and its findings shown. A request no form can
show (no schema, a nested object, a mode the revision lacks...) keeps the
server from starting, and so does any error with --strict; the rest is served
as recorded, as `call` and `answer` show it. --select, --ignore and the
configuration file (mcp-elicit.toml or [tool.mcp-elicit] in pyproject.toml,
nearest to each source) choose the rules, as for `lint`. The server speaks 2025-06-18, 2025-11-25 (initialize) and 2026-07-28
(InputRequiredResult with a signed requestState), sends only the modes the
client declared, checks each answer against its request, and reports each
exchange on stderr and in the tool's result.

The server stops when stdin closes (stdio), or on Ctrl-C or SIGTERM.",
    "\
Examples:
  mcp-elicit serve --list examples/conformance.jsonl
  mcp-elicit serve examples/sessions/booking.jsonl
  mcp-elicit serve --http 127.0.0.1:8808 examples/conformance.jsonl
  mcp-elicit serve --report report.jsonl --expect-answers-from examples/sessions/booking.jsonl examples/sessions/booking.jsonl
  mcp-elicit serve --delay 2s --repeat 3 examples/lint/contact-form.json
  mcp-elicit serve --burst 20 examples/lint/contact-form.json

Exit codes:
  0  every answer was valid (and as recorded, with --expect-answers-from)
  1  an answer was invalid, not the recorded one or missing, or the client
     broke the protocol (a 2026-07-28 retry reusing its id, an altered state)
  2  usage error, an unreadable source, a request no form can show (or,
     with --strict, any lint error: the server did not start), or an
     address it cannot listen on"
);

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["record", "report"])))]
pub struct ProbeArgs {
    /// Serve the probe and append what the host does to FILE (JSON lines)
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,

    /// Read a recording back: declarations, each shape, a host entry, differences
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "http"])]
    pub report: Option<PathBuf>,

    /// With --report, compare with this host's facts (ID or ID@VERSION) [default: from the client's name]
    #[arg(long, value_name = "HOST", requires = "report")]
    pub host: Option<String>,

    /// Serve Streamable HTTP on this address (path /mcp) instead of stdio
    #[arg(long, value_name = "ADDR", requires = "record")]
    pub http: Option<String>,

    /// With --http, allow an address other than loopback
    #[arg(long, requires = "http")]
    pub allow_remote: bool,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Session files and request files to serve
    #[arg(value_name = "SOURCE", required = true)]
    pub sources: Vec<PathBuf>,

    /// Print the tools it would serve, then exit
    #[arg(long)]
    pub list: bool,

    /// Serve Streamable HTTP on this address (path /mcp) instead of stdio
    #[arg(long, value_name = "ADDR")]
    pub http: Option<String>,

    /// With --http, allow an address other than loopback
    #[arg(long, requires = "http")]
    pub allow_remote: bool,

    /// With --http, let pages of this origin call the server (scheme://host[:port]; repeatable)
    #[arg(long, value_name = "ORIGIN", requires = "http", value_parser = parse_origin_arg)]
    pub allow_origin: Vec<String>,

    /// Append one JSON line per exchange to FILE (request, answer, findings, ms)
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Compare every answer with the answer recorded for the same request in SESSION
    #[arg(long, value_name = "SESSION")]
    pub expect_answers_from: Option<PathBuf>,

    /// Wait this long before each elicitation, or each burst (e.g. 500ms, 2s)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub delay: Option<std::time::Duration>,

    /// Ask each elicitation N times in turn
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10000))]
    pub repeat: u32,

    /// Flood: send each elicitation N times at once, before any answer
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10000))]
    pub burst: u32,

    /// Report only these rules (codes or names, comma-separated) [default: the configuration's]
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Vec<String>,

    /// Never report these rules (codes or names, comma-separated) [default: the configuration's]
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,

    /// Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]
    #[arg(long)]
    pub strict: bool,
}

fn parse_origin_arg(s: &str) -> Result<String, String> {
    mcp_elicit::mcp::server::http::parse_origin(s).map_err(|e| e.to_string())
}

fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    humantime::parse_duration(s)
        .map_err(|e| format!("`{s}` is not a duration ({e}); write for example 500ms or 2s"))
}

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("live").args(["url", "command"]).conflicts_with_all(["spec", "select", "ignore"]))]
pub struct ReplayArgs {
    /// Check or show this session file (`-` reads stdin)
    #[arg(value_name = "SESSION")]
    pub session: PathBuf,

    #[command(flatten, next_help_heading = "Checking")]
    pub check: CheckArgs,

    /// Print a readable transcript instead of checking: who asked, the form, what was answered
    #[arg(help_heading = "Showing", long)]
    pub show: bool,

    /// Wait between messages as recorded (with --show); FACTOR speeds up (2 = twice as fast)
    #[arg(help_heading = "Showing", long, value_name = "FACTOR", num_args = 0..=1, default_missing_value = "1",
          requires = "show", value_parser = parse_pace)]
    pub pace: Option<f64>,

    /// Give up when the live server sends nothing for this long [default: 300]
    #[arg(help_heading = "Live server", long, value_name = "SECONDS", value_parser = parse_timeout, requires = "live")]
    pub server_timeout: Option<std::time::Duration>,

    #[command(flatten)]
    pub auth: AuthArgs,

    /// Replay the recorded calls against the Streamable HTTP server at this
    /// http(s):// URL and report drift
    #[arg(help_heading = "Live server", value_name = "URL", conflicts_with_all = ["show", "command"])]
    pub url: Option<String>,

    /// Or against a stdio server started with this command, given after `--`
    #[arg(help_heading = "Live server", value_name = "SERVER_CMD", last = true, num_args = 1.., conflicts_with = "show")]
    pub command: Vec<String>,
}

impl ReplayArgs {
    /// The live server, if any: `[URL]` or the command's words.
    pub fn target(&self) -> Vec<String> {
        target(&self.url, &self.command)
    }
}

fn parse_pace(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if f.is_finite() && f > 0.0 => Ok(f),
        _ => Err(format!(
            "`{s}` is not a speed factor: give a positive number such as 1, 2 or 0.5"
        )),
    }
}

after_help!(
    ANSWER_AFTER,
    ANSWER_AFTER_LONG,
    "\
The form is shown on the terminal (stderr and the controlling tty), so stdin
and stdout stay free for the request and the answer. Esc or Ctrl-C anywhere
cancels; declining is always an explicit choice. Every text the server sent
is shown with control sequences and invisible characters neutralised.",
    "\
Examples:
  mcp-elicit answer examples/demo/pizza.json
  mcp-elicit answer < examples/demo/pizza.json > answer.json
  mcp-elicit answer --defaults --set name=Ada --set email=ada@example.com \\
    examples/demo/every-shape.json
  mcp-elicit answer --output response --action decline examples/demo/pizza.json
  mcp-elicit answer --record session.jsonl --redact email examples/demo/every-shape.json

Exit codes:
  0  accepted
  1  no form can be built from the request (or --strict and it fails
     lint): it is not answered; the JSON-RPC error (-32602, the findings
     in `data`) is written instead; or, with --as, the host never shows
     it and sends no answer
  2  usage error, unreadable input, no terminal and no scripted answer,
     or a scripted answer that does not fit the schema
  3  the person declined in the form
  4  the person cancelled (Esc, Ctrl-C, --timeout)
With several input requests, any cancel gives 4, else any decline 3.
--action decline|cancel answers as asked and exits 0."
);

#[derive(Debug, Args)]
pub struct AnswerArgs {
    /// Answer this request: params, an elicitation/create request or an InputRequiredResult
    /// (`-` reads stdin) [default: -]
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Write this on stdout [default: retry for an InputRequiredResult, else result]
    #[arg(help_heading = "Output", long, value_enum)]
    pub output: Option<AnswerOutput>,

    #[command(flatten, next_help_heading = "Answering")]
    pub script: ScriptArgs,

    /// Cancel when the form is not finished within this many seconds
    #[arg(help_heading = "Form", long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,

    /// Name this server in the form's heading [default: the name the document reports]
    #[arg(help_heading = "Form", long, value_name = "NAME")]
    pub server: Option<String>,

    /// Check the request under this spec revision (latest and draft are the newest)
    /// [default: the revision the document names or implies]
    #[arg(help_heading = "Form", long, value_name = "REVISION", value_parser = revision_parser())]
    pub spec: Option<Revision>,

    /// Show the form as this host would (an id of `lint --list-hosts`, or ID@VERSION)
    #[arg(help_heading = "Form", long = "as", value_name = "HOST")]
    pub as_host: Option<String>,
}

/// How elicitations are answered without a form, and recorded (shared by
/// `answer` and `call`).
#[derive(Debug, Args)]
pub struct ScriptArgs {
    /// Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)
    #[arg(long, value_name = "KEY=VALUE", value_parser = parse_set)]
    pub set: Vec<(String, String)>,

    /// Answer from a JSON object of field values (`-` reads stdin)
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// Accept with the schema's defaults, plus any --set or --answers
    #[arg(long)]
    pub defaults: bool,

    /// Answer with this action without asking
    #[arg(long, value_enum, conflicts_with_all = ["set", "answers", "defaults"])]
    pub action: Option<FixedAction>,

    /// Answer as a recorded session answered the same request (matched by mode, message and schema)
    #[arg(long, value_name = "SESSION", conflicts_with_all = ["set", "answers", "defaults", "action"])]
    pub answers_from: Option<PathBuf>,

    /// Record the exchanges to this session file (appended; created if missing)
    #[arg(long, value_name = "SESSION")]
    pub record: Option<PathBuf>,

    /// With --record, replace the answered value of this property with "[redacted]" (repeatable)
    #[arg(long, value_name = "FIELD", requires = "record")]
    pub redact: Vec<String>,

    /// Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]
    #[arg(long)]
    pub strict: bool,

    /// Show (and with --strict, refuse on) only these rules' findings [default: the configuration's]
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Vec<String>,

    /// Never show (or, with --strict, refuse on) these rules' findings [default: the configuration's]
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AnswerOutput {
    /// The ElicitResult object: {"action": ..., "content": {...}}
    Result,
    /// A JSON-RPC response carrying the ElicitResult, with the request's id
    Response,
    /// The retry fragment {"inputResponses": {...}, "requestState": ...}
    Retry,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FixedAction {
    /// Decline: the person said no
    Decline,
    /// Cancel: the person dismissed the request without choosing
    Cancel,
}

impl From<FixedAction> for mcp_elicit::form::Action {
    fn from(a: FixedAction) -> Self {
        match a {
            FixedAction::Decline => mcp_elicit::form::Action::Decline,
            FixedAction::Cancel => mcp_elicit::form::Action::Cancel,
        }
    }
}

fn parse_set(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!(
            "`{s}` is not KEY=VALUE; write for example --set name=Ada"
        )),
    }
}

fn parse_arg(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!(
            "`{s}` is not KEY=VALUE; write for example --arg destination=Lyon"
        )),
    }
}

/// `NAME:VALUE`, as curl takes it: a token name, a value of visible ASCII
/// and spaces (edge spaces trimmed).
fn parse_header(s: &str) -> Result<(String, String), String> {
    let Some((name, value)) = s.split_once(':') else {
        return Err("write NAME:VALUE, e.g. 'Authorization: Bearer TOKEN'".into());
    };
    let name = name.trim();
    let token = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c);
    if name.is_empty() || !name.chars().all(token) {
        return Err(format!("`{name}` is not a header name"));
    }
    let value = value.trim();
    if !value
        .chars()
        .all(|c| c == ' ' || c == '\t' || c.is_ascii_graphic())
    {
        return Err("a header value must be printable ASCII".into());
    }
    Ok((name.to_string(), value.to_string()))
}

fn parse_timeout(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(n) if n > 0.0 && n.is_finite() && n < 1e9 => Ok(std::time::Duration::from_secs_f64(n)),
        _ => Err(format!("`{s}` is not a number of seconds above 0")),
    }
}

#[derive(Debug, Args)]
pub struct LintArgs {
    /// Lint these files and directories (`-` reads stdin) [default: stdin when something is piped in, else .]
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    #[command(flatten)]
    pub check: CheckArgs,

    /// Print every rule with its code, name, severity and summary, then exit
    #[arg(long, conflicts_with_all = ["explain", "paths"])]
    pub list_rules: bool,

    /// Print the documentation of one rule (code or name), then exit
    #[arg(long, value_name = "RULE", conflicts_with = "paths")]
    pub explain: Option<String>,

    /// Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)
    #[arg(long, value_name = "HOSTS", value_delimiter = ',')]
    pub hosts: Vec<String>,

    /// Print every host --hosts knows, with what holds for each of its elicitations, then exit
    #[arg(long, conflicts_with_all = ["explain", "paths", "list_rules"])]
    pub list_hosts: bool,

    /// Judge every JSON file as a bare requestedSchema (or one property's schema) when it is no other elicitation document
    #[arg(long)]
    pub schema: bool,

    /// Show a note (N006) for each elicitation whose values are known only at run time
    #[arg(long)]
    pub show_unknown: bool,

    /// Print, for each elicitation found in source files, the params the server will send (one JSON object a line), instead of linting
    #[arg(long, conflicts_with_all = ["explain", "list_rules", "list_hosts"])]
    pub show_source: bool,
}

/// How findings are selected and reported (shared by `lint` and `replay`).
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Lint under this spec revision (latest and draft are the newest)
    /// [default: the revision a document names, else latest]
    #[arg(long, value_name = "REVISION", value_parser = revision_parser())]
    pub spec: Option<Revision>,

    /// Print the findings in this format [default: concise]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<OutputFormat>,

    /// Report only these rules (codes or names, comma-separated)
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Vec<String>,

    /// Never report these rules (codes or names, comma-separated)
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,

    /// Exit with 1 when a finding at or above this severity is reported
    #[arg(long, value_name = "SEVERITY", value_parser = severity_parser(), default_value = "error")]
    pub fail_on: Severity,

    /// Do not print the summary line on stderr
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line per finding: path:line:col: severity[CODE] message
    Concise,
    /// Each finding with its source line and a caret
    Full,
    /// One JSON document with every finding
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other viewers
    Sarif,
    /// GitHub Actions workflow commands that annotate files
    Github,
    /// A Markdown matrix of elicitations by host (--hosts, default all)
    Hosts,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub fn apply(self) {
        match self {
            // no-color.org: only a NO_COLOR that is set and not empty turns
            // colour off; console also takes an empty one, so it is told.
            ColorChoice::Auto if std::env::var_os("NO_COLOR").is_some_and(|v| v.is_empty()) => {
                let var = |k: &str, unset: &str| std::env::var(k).unwrap_or_else(|_| unset.into());
                let forced = var("CLICOLOR_FORCE", "0") != "0";
                let on = |t: &console::Term| {
                    forced
                        || (t.is_term() && var("TERM", "") != "dumb" && var("CLICOLOR", "1") != "0")
                };
                console::set_colors_enabled(on(&console::Term::stdout()));
                console::set_colors_enabled_stderr(on(&console::Term::stderr()));
            }
            ColorChoice::Auto => {}
            ColorChoice::Always => {
                console::set_colors_enabled(true);
                console::set_colors_enabled_stderr(true);
            }
            ColorChoice::Never => {
                console::set_colors_enabled(false);
                console::set_colors_enabled_stderr(false);
            }
        }
    }
}

pub fn parse_revision(s: &str) -> Result<Revision, String> {
    s.parse()
}

/// `--spec`: the revision dates, then `latest` and `draft` (the newest), as
/// possible values that help and completions list.
fn revision_parser() -> impl clap::builder::TypedValueParser<Value = Revision> {
    let names: Vec<&'static str> = Revision::ALL
        .iter()
        .map(|r| r.as_str())
        .chain(["latest", "draft"])
        .collect();
    clap::builder::PossibleValuesParser::new(names).try_map(|s| parse_revision(&s))
}

/// `--fail-on`: the severities, as possible values.
fn severity_parser() -> impl clap::builder::TypedValueParser<Value = Severity> {
    let names = [Severity::Error, Severity::Warning, Severity::Note].map(Severity::as_str);
    clap::builder::PossibleValuesParser::new(names)
        .try_map(|s| Severity::parse(&s).ok_or_else(|| format!("`{s}` is not a severity")))
}
