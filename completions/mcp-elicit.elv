
use builtin;
use str;

set edit:completion:arg-completer[mcp-elicit] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'mcp-elicit'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'mcp-elicit'= {
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand lint 'Check schemas, requests, results and sessions against a spec revision'
            cand answer 'Answer an elicitation: a form on the terminal, or from a script'
            cand call 'Connect to an MCP server, make one request and answer its elicitations'
            cand serve 'Serve tools that ask recorded or written elicitations, to test an MCP client'
            cand proxy 'Stand between a host and a stdio server: pass everything on, lint, record, answer'
            cand probe 'Measure a host: a server whose tools ask every elicitation shape, and its report'
            cand replay 'Check a recorded session, show it as a transcript, or replay it against a live server'
            cand generate 'Turn a Rust type or an ordinary JSON Schema into an elicitation schema'
            cand completions 'Print a shell completion script (bash, zsh, fish, powershell or elvish)'
            cand man 'Print the man page, or write one page per subcommand into a directory'
            cand demo 'Tour elicitation with two built-in forms: no server and no files needed'
            cand auth 'Authorize with a protected server ahead of `call`, show or forget stored tokens'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mcp-elicit;lint'= {
            cand --spec 'Lint under this spec revision (latest and draft are the newest) [default: the revision a document names, else latest]'
            cand --format 'Print the findings in this format [default: concise]'
            cand --select 'Report only these rules (codes or names, comma-separated)'
            cand --ignore 'Never report these rules (codes or names, comma-separated)'
            cand --fail-on 'Exit with 1 when a finding at or above this severity is reported'
            cand --explain 'Print the documentation of one rule (code or name), then exit'
            cand --hosts 'Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)'
            cand --color 'Use colour: auto, always or never'
            cand -q 'Do not print the summary line on stderr'
            cand --quiet 'Do not print the summary line on stderr'
            cand --list-rules 'Print every rule with its code, name, severity and summary, then exit'
            cand --list-hosts 'Print every host --hosts knows, with what holds for each of its elicitations, then exit'
            cand --schema 'Judge every JSON file as a bare requestedSchema (or one property''s schema) when it is no other elicitation document'
            cand --show-unknown 'Show a note (N006) for each elicitation whose values are known only at run time'
            cand --show-source 'Print, for each elicitation found in source files, the params the server will send (one JSON object a line), instead of linting'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;answer'= {
            cand --output 'Write this on stdout [default: retry for an InputRequiredResult, else result]'
            cand --set 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)'
            cand --answers 'Answer from a JSON object of field values (`-` reads stdin)'
            cand --action 'Answer with this action without asking'
            cand --answers-from 'Answer as a recorded session answered the same request (matched by mode, message and schema)'
            cand --record 'Record the exchanges to this session file (appended; created if missing)'
            cand --redact 'With --record, replace the answered value of this property with "[redacted]" (repeatable)'
            cand --select 'Show (and with --strict, refuse on) only these rules'' findings [default: the configuration''s]'
            cand --ignore 'Never show (or, with --strict, refuse on) these rules'' findings [default: the configuration''s]'
            cand --timeout 'Cancel when the form is not finished within this many seconds'
            cand --server 'Name this server in the form''s heading [default: the name the document reports]'
            cand --spec 'Check the request under this spec revision (latest and draft are the newest) [default: the revision the document names or implies]'
            cand --as 'Show the form as this host would (an id of `lint --list-hosts`, or ID@VERSION)'
            cand --color 'Use colour: auto, always or never'
            cand --defaults 'Accept with the schema''s defaults, plus any --set or --answers'
            cand --strict 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;call'= {
            cand --tool 'Call this tool'
            cand --prompt 'Get this prompt'
            cand --resource 'Read this resource'
            cand --args 'Pass these arguments to the tool or prompt, as a JSON object'
            cand --arg 'Pass one argument, typed by the tool''s inputSchema (repeatable; wins over --args)'
            cand --spec 'Speak this revision instead of negotiating the newest'
            cand --server-timeout 'Give up when the server sends nothing for this long [default: 300]'
            cand --server 'Show the server under this name instead of its serverInfo name'
            cand --header 'Send this header on every HTTP request (repeatable); an Authorization header replaces OAuth (see --help)'
            cand --server-log 'Write a stdio server''s stderr to FILE (appended) instead of the terminal'
            cand --timeout 'End the call (exit 4) when a form is not finished within this many seconds'
            cand --format 'Print the result or listing as text for reading or as JSON [default: text on a terminal, else json]'
            cand --set 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)'
            cand --answers 'Answer from a JSON object of field values (`-` reads stdin)'
            cand --action 'Answer with this action without asking'
            cand --answers-from 'Answer as a recorded session answered the same request (matched by mode, message and schema)'
            cand --record 'Record the exchanges to this session file (appended; created if missing)'
            cand --redact 'With --record, replace the answered value of this property with "[redacted]" (repeatable)'
            cand --select 'Show (and with --strict, refuse on) only these rules'' findings [default: the configuration''s]'
            cand --ignore 'Never show (or, with --strict, refuse on) these rules'' findings [default: the configuration''s]'
            cand --authorize-with 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)'
            cand --client-id 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET'
            cand --client-metadata-url 'Use this client ID metadata document URL as the client ID where the authorization server supports them'
            cand --auth-timeout 'Give up on each request to the authorization server after this long [default: 30]'
            cand --color 'Use colour: auto, always or never'
            cand --list 'List the server''s tools, prompts and resources'
            cand --no-url-mode 'Declare form mode only (no URL mode)'
            cand --json 'The same as --format json'
            cand --defaults 'Accept with the schema''s defaults, plus any --set or --answers'
            cand --strict 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
            cand --open 'Open the authorization URL in the browser (it is printed either way)'
            cand --stored-auth-only 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;serve'= {
            cand --http 'Serve Streamable HTTP on this address (path /mcp) instead of stdio'
            cand --allow-origin 'With --http, let pages of this origin call the server (scheme://host[:port]; repeatable)'
            cand --report 'Append one JSON line per exchange to FILE (request, answer, findings, ms)'
            cand --expect-answers-from 'Compare every answer with the answer recorded for the same request in SESSION'
            cand --delay 'Wait this long before each elicitation, or each burst (e.g. 500ms, 2s)'
            cand --repeat 'Ask each elicitation N times in turn'
            cand --burst 'Flood: send each elicitation N times at once, before any answer'
            cand --select 'Report only these rules (codes or names, comma-separated) [default: the configuration''s]'
            cand --ignore 'Never report these rules (codes or names, comma-separated) [default: the configuration''s]'
            cand --color 'Use colour: auto, always or never'
            cand --list 'Print the tools it would serve, then exit'
            cand --allow-remote 'With --http, allow an address other than loopback'
            cand --strict 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;proxy'= {
            cand --answer 'Answer elicitations here: auto (when the host cannot), always, or never'
            cand --report 'Append one JSON line per elicitation to FILE: its findings and who answered'
            cand --hosts 'Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)'
            cand --server 'Show the server under this name instead of its serverInfo name'
            cand --authorize-with 'With --upstream, reach the server''s authorization URL this way (--open opens it in the browser)'
            cand --client-id 'With --upstream, authorize as this pre-registered client (secret from MCP_ELICIT_CLIENT_SECRET)'
            cand --client-metadata-url 'With --upstream, use this client ID metadata document URL as the client ID where supported'
            cand --auth-timeout 'With --upstream, give up on each request to the authorization server after this long [default: 30]'
            cand --progress-interval 'Send the host a progress notification this often while a person answers'
            cand --host-timeout 'The host''s own time-out for a call (often 60): each form says how much of it is left'
            cand --http 'Serve Streamable HTTP on ADDR instead of stdio (with --upstream)'
            cand --upstream 'With --http, the server''s Streamable HTTP endpoint'
            cand --allow-origin 'With --http, let pages of this origin call the proxy (scheme://host[:port]; repeatable)'
            cand --upstream-timeout 'With --http, how long the server may be silent in a response'
            cand --bridge 'Bridge 2025 and 2026-07-28 peers: auto or off [default: auto]'
            cand --state-lifetime 'How long a requestState sealed for a 2026-07-28 host in front of a 2025 server stays good'
            cand --set 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)'
            cand --answers 'Answer from a JSON object of field values (`-` reads stdin)'
            cand --action 'Answer with this action without asking'
            cand --answers-from 'Answer as a recorded session answered the same request (matched by mode, message and schema)'
            cand --record 'Record the exchanges to this session file (appended; created if missing)'
            cand --redact 'With --record, replace the answered value of this property with "[redacted]" (repeatable)'
            cand --select 'Show (and with --strict, refuse on) only these rules'' findings [default: the configuration''s]'
            cand --ignore 'Never show (or, with --strict, refuse on) these rules'' findings [default: the configuration''s]'
            cand --color 'Use colour: auto, always or never'
            cand --web 'Ask in a form in the browser, on 127.0.0.1 [default when no terminal can be reached]'
            cand --open 'With the web form, open its address in the browser (it is always printed)'
            cand --stored-auth-only 'With --upstream, use only a stored token for the server: never wait for a browser'
            cand --allow-remote 'With --http, allow an address other than loopback'
            cand --defaults 'Accept with the schema''s defaults, plus any --set or --answers'
            cand --strict 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;probe'= {
            cand --record 'Serve the probe and append what the host does to FILE (JSON lines)'
            cand --report 'Read a recording back: declarations, each shape, a host entry, differences'
            cand --host 'With --report, compare with this host''s facts (ID or ID@VERSION) [default: from the client''s name]'
            cand --http 'Serve Streamable HTTP on this address (path /mcp) instead of stdio'
            cand --color 'Use colour: auto, always or never'
            cand --allow-remote 'With --http, allow an address other than loopback'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;replay'= {
            cand --spec 'Lint under this spec revision (latest and draft are the newest) [default: the revision a document names, else latest]'
            cand --format 'Print the findings in this format [default: concise]'
            cand --select 'Report only these rules (codes or names, comma-separated)'
            cand --ignore 'Never report these rules (codes or names, comma-separated)'
            cand --fail-on 'Exit with 1 when a finding at or above this severity is reported'
            cand --pace 'Wait between messages as recorded (with --show); FACTOR speeds up (2 = twice as fast)'
            cand --server-timeout 'Give up when the live server sends nothing for this long [default: 300]'
            cand --authorize-with 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)'
            cand --client-id 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET'
            cand --client-metadata-url 'Use this client ID metadata document URL as the client ID where the authorization server supports them'
            cand --auth-timeout 'Give up on each request to the authorization server after this long [default: 30]'
            cand --color 'Use colour: auto, always or never'
            cand -q 'Do not print the summary line on stderr'
            cand --quiet 'Do not print the summary line on stderr'
            cand --show 'Print a readable transcript instead of checking: who asked, the form, what was answered'
            cand --open 'Open the authorization URL in the browser (it is printed either way)'
            cand --stored-auth-only 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;generate'= {
            cand --from-json-schema 'Convert this JSON Schema (`-` reads stdin)'
            cand --rust 'Read the struct named by --type from this Rust source file'
            cand --type 'Generate for this struct (with --rust)'
            cand --spec 'Generate for this spec revision (latest and draft are the newest)'
            cand --message 'Wrap the schema in `elicitation/create` params with this message'
            cand -o 'Write the JSON to FILE instead of stdout'
            cand --output 'Write the JSON to FILE instead of stdout'
            cand --color 'Use colour: auto, always or never'
            cand --allow-pattern 'Keep `pattern` (no revision declares it: the linter warns W210)'
            cand -q 'Do not print notes about what was dropped'
            cand --quiet 'Do not print notes about what was dropped'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;completions'= {
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;man'= {
            cand --dir 'Write every page into this directory instead of printing the main one'
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;demo'= {
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;auth'= {
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand login 'Run the OAuth flow with the server now and keep its token'
            cand logout 'Forget the stored tokens of the server'
            cand status 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mcp-elicit;auth;login'= {
            cand --authorize-with 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)'
            cand --client-id 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET'
            cand --client-metadata-url 'Use this client ID metadata document URL as the client ID where the authorization server supports them'
            cand --auth-timeout 'Give up on each request to the authorization server after this long [default: 30]'
            cand --color 'Use colour: auto, always or never'
            cand --open 'Open the authorization URL in the browser (it is printed either way)'
            cand --stored-auth-only 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;auth;logout'= {
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;auth;status'= {
            cand --color 'Use colour: auto, always or never'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'mcp-elicit;auth;help'= {
            cand login 'Run the OAuth flow with the server now and keep its token'
            cand logout 'Forget the stored tokens of the server'
            cand status 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mcp-elicit;auth;help;login'= {
        }
        &'mcp-elicit;auth;help;logout'= {
        }
        &'mcp-elicit;auth;help;status'= {
        }
        &'mcp-elicit;auth;help;help'= {
        }
        &'mcp-elicit;help'= {
            cand lint 'Check schemas, requests, results and sessions against a spec revision'
            cand answer 'Answer an elicitation: a form on the terminal, or from a script'
            cand call 'Connect to an MCP server, make one request and answer its elicitations'
            cand serve 'Serve tools that ask recorded or written elicitations, to test an MCP client'
            cand proxy 'Stand between a host and a stdio server: pass everything on, lint, record, answer'
            cand probe 'Measure a host: a server whose tools ask every elicitation shape, and its report'
            cand replay 'Check a recorded session, show it as a transcript, or replay it against a live server'
            cand generate 'Turn a Rust type or an ordinary JSON Schema into an elicitation schema'
            cand completions 'Print a shell completion script (bash, zsh, fish, powershell or elvish)'
            cand man 'Print the man page, or write one page per subcommand into a directory'
            cand demo 'Tour elicitation with two built-in forms: no server and no files needed'
            cand auth 'Authorize with a protected server ahead of `call`, show or forget stored tokens'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mcp-elicit;help;lint'= {
        }
        &'mcp-elicit;help;answer'= {
        }
        &'mcp-elicit;help;call'= {
        }
        &'mcp-elicit;help;serve'= {
        }
        &'mcp-elicit;help;proxy'= {
        }
        &'mcp-elicit;help;probe'= {
        }
        &'mcp-elicit;help;replay'= {
        }
        &'mcp-elicit;help;generate'= {
        }
        &'mcp-elicit;help;completions'= {
        }
        &'mcp-elicit;help;man'= {
        }
        &'mcp-elicit;help;demo'= {
        }
        &'mcp-elicit;help;auth'= {
            cand login 'Run the OAuth flow with the server now and keep its token'
            cand logout 'Forget the stored tokens of the server'
            cand status 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry'
        }
        &'mcp-elicit;help;auth;login'= {
        }
        &'mcp-elicit;help;auth;logout'= {
        }
        &'mcp-elicit;help;auth;status'= {
        }
        &'mcp-elicit;help;help'= {
        }
    ]
    $completions[$command]
}
