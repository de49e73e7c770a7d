
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'mcp-elicit' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'mcp-elicit'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'mcp-elicit' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check schemas, requests, results and sessions against a spec revision')
            [CompletionResult]::new('answer', 'answer', [CompletionResultType]::ParameterValue, 'Answer an elicitation: a form on the terminal, or from a script')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Connect to an MCP server, make one request and answer its elicitations')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve tools that ask recorded or written elicitations, to test an MCP client')
            [CompletionResult]::new('proxy', 'proxy', [CompletionResultType]::ParameterValue, 'Stand between a host and a stdio server: pass everything on, lint, record, answer')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Measure a host: a server whose tools ask every elicitation shape, and its report')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Check a recorded session, show it as a transcript, or replay it against a live server')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Turn a Rust type or an ordinary JSON Schema into an elicitation schema')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell or elvish)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page, or write one page per subcommand into a directory')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Tour elicitation with two built-in forms: no server and no files needed')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Authorize with a protected server ahead of `call`, show or forget stored tokens')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mcp-elicit;lint' {
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'Lint under this spec revision (latest and draft are the newest) [default: the revision a document names, else latest]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Print the findings in this format [default: concise]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules (codes or names, comma-separated)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules (codes or names, comma-separated)')
            [CompletionResult]::new('--fail-on', '--fail-on', [CompletionResultType]::ParameterName, 'Exit with 1 when a finding at or above this severity is reported')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Print the documentation of one rule (code or name), then exit')
            [CompletionResult]::new('--hosts', '--hosts', [CompletionResultType]::ParameterName, 'Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print the summary line on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print the summary line on stderr')
            [CompletionResult]::new('--list-rules', '--list-rules', [CompletionResultType]::ParameterName, 'Print every rule with its code, name, severity and summary, then exit')
            [CompletionResult]::new('--list-hosts', '--list-hosts', [CompletionResultType]::ParameterName, 'Print every host --hosts knows, with what holds for each of its elicitations, then exit')
            [CompletionResult]::new('--schema', '--schema', [CompletionResultType]::ParameterName, 'Judge every JSON file as a bare requestedSchema (or one property''s schema) when it is no other elicitation document')
            [CompletionResult]::new('--show-unknown', '--show-unknown', [CompletionResultType]::ParameterName, 'Show a note (N006) for each elicitation whose values are known only at run time')
            [CompletionResult]::new('--show-source', '--show-source', [CompletionResultType]::ParameterName, 'Print, for each elicitation found in source files, the params the server will send (one JSON object a line), instead of linting')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;answer' {
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write this on stdout [default: retry for an InputRequiredResult, else result]')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)')
            [CompletionResult]::new('--answers', '--answers', [CompletionResultType]::ParameterName, 'Answer from a JSON object of field values (`-` reads stdin)')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'Answer with this action without asking')
            [CompletionResult]::new('--answers-from', '--answers-from', [CompletionResultType]::ParameterName, 'Answer as a recorded session answered the same request (matched by mode, message and schema)')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Record the exchanges to this session file (appended; created if missing)')
            [CompletionResult]::new('--redact', '--redact', [CompletionResultType]::ParameterName, 'With --record, replace the answered value of this property with "[redacted]" (repeatable)')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Show (and with --strict, refuse on) only these rules'' findings [default: the configuration''s]')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never show (or, with --strict, refuse on) these rules'' findings [default: the configuration''s]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Cancel when the form is not finished within this many seconds')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Name this server in the form''s heading [default: the name the document reports]')
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'Check the request under this spec revision (latest and draft are the newest) [default: the revision the document names or implies]')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Show the form as this host would (an id of `lint --list-hosts`, or ID@VERSION)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--defaults', '--defaults', [CompletionResultType]::ParameterName, 'Accept with the schema''s defaults, plus any --set or --answers')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;call' {
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'Call this tool')
            [CompletionResult]::new('--prompt', '--prompt', [CompletionResultType]::ParameterName, 'Get this prompt')
            [CompletionResult]::new('--resource', '--resource', [CompletionResultType]::ParameterName, 'Read this resource')
            [CompletionResult]::new('--args', '--args', [CompletionResultType]::ParameterName, 'Pass these arguments to the tool or prompt, as a JSON object')
            [CompletionResult]::new('--arg', '--arg', [CompletionResultType]::ParameterName, 'Pass one argument, typed by the tool''s inputSchema (repeatable; wins over --args)')
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'Speak this revision instead of negotiating the newest')
            [CompletionResult]::new('--server-timeout', '--server-timeout', [CompletionResultType]::ParameterName, 'Give up when the server sends nothing for this long [default: 300]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Show the server under this name instead of its serverInfo name')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Send this header on every HTTP request (repeatable); an Authorization header replaces OAuth (see --help)')
            [CompletionResult]::new('--server-log', '--server-log', [CompletionResultType]::ParameterName, 'Write a stdio server''s stderr to FILE (appended) instead of the terminal')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'End the call (exit 4) when a form is not finished within this many seconds')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Print the result or listing as text for reading or as JSON [default: text on a terminal, else json]')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)')
            [CompletionResult]::new('--answers', '--answers', [CompletionResultType]::ParameterName, 'Answer from a JSON object of field values (`-` reads stdin)')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'Answer with this action without asking')
            [CompletionResult]::new('--answers-from', '--answers-from', [CompletionResultType]::ParameterName, 'Answer as a recorded session answered the same request (matched by mode, message and schema)')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Record the exchanges to this session file (appended; created if missing)')
            [CompletionResult]::new('--redact', '--redact', [CompletionResultType]::ParameterName, 'With --record, replace the answered value of this property with "[redacted]" (repeatable)')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Show (and with --strict, refuse on) only these rules'' findings [default: the configuration''s]')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never show (or, with --strict, refuse on) these rules'' findings [default: the configuration''s]')
            [CompletionResult]::new('--authorize-with', '--authorize-with', [CompletionResultType]::ParameterName, 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)')
            [CompletionResult]::new('--client-id', '--client-id', [CompletionResultType]::ParameterName, 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET')
            [CompletionResult]::new('--client-metadata-url', '--client-metadata-url', [CompletionResultType]::ParameterName, 'Use this client ID metadata document URL as the client ID where the authorization server supports them')
            [CompletionResult]::new('--auth-timeout', '--auth-timeout', [CompletionResultType]::ParameterName, 'Give up on each request to the authorization server after this long [default: 30]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List the server''s tools, prompts and resources')
            [CompletionResult]::new('--no-url-mode', '--no-url-mode', [CompletionResultType]::ParameterName, 'Declare form mode only (no URL mode)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The same as --format json')
            [CompletionResult]::new('--defaults', '--defaults', [CompletionResultType]::ParameterName, 'Accept with the schema''s defaults, plus any --set or --answers')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]')
            [CompletionResult]::new('--open', '--open', [CompletionResultType]::ParameterName, 'Open the authorization URL in the browser (it is printed either way)')
            [CompletionResult]::new('--stored-auth-only', '--stored-auth-only', [CompletionResultType]::ParameterName, 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;serve' {
            [CompletionResult]::new('--http', '--http', [CompletionResultType]::ParameterName, 'Serve Streamable HTTP on this address (path /mcp) instead of stdio')
            [CompletionResult]::new('--allow-origin', '--allow-origin', [CompletionResultType]::ParameterName, 'With --http, let pages of this origin call the server (scheme://host[:port]; repeatable)')
            [CompletionResult]::new('--report', '--report', [CompletionResultType]::ParameterName, 'Append one JSON line per exchange to FILE (request, answer, findings, ms)')
            [CompletionResult]::new('--expect-answers-from', '--expect-answers-from', [CompletionResultType]::ParameterName, 'Compare every answer with the answer recorded for the same request in SESSION')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'Wait this long before each elicitation, or each burst (e.g. 500ms, 2s)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Ask each elicitation N times in turn')
            [CompletionResult]::new('--burst', '--burst', [CompletionResultType]::ParameterName, 'Flood: send each elicitation N times at once, before any answer')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules (codes or names, comma-separated) [default: the configuration''s]')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules (codes or names, comma-separated) [default: the configuration''s]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'Print the tools it would serve, then exit')
            [CompletionResult]::new('--allow-remote', '--allow-remote', [CompletionResultType]::ParameterName, 'With --http, allow an address other than loopback')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;proxy' {
            [CompletionResult]::new('--answer', '--answer', [CompletionResultType]::ParameterName, 'Answer elicitations here: auto (when the host cannot), always, or never')
            [CompletionResult]::new('--report', '--report', [CompletionResultType]::ParameterName, 'Append one JSON line per elicitation to FILE: its findings and who answered')
            [CompletionResult]::new('--hosts', '--hosts', [CompletionResultType]::ParameterName, 'Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Show the server under this name instead of its serverInfo name')
            [CompletionResult]::new('--authorize-with', '--authorize-with', [CompletionResultType]::ParameterName, 'With --upstream, reach the server''s authorization URL this way (--open opens it in the browser)')
            [CompletionResult]::new('--client-id', '--client-id', [CompletionResultType]::ParameterName, 'With --upstream, authorize as this pre-registered client (secret from MCP_ELICIT_CLIENT_SECRET)')
            [CompletionResult]::new('--client-metadata-url', '--client-metadata-url', [CompletionResultType]::ParameterName, 'With --upstream, use this client ID metadata document URL as the client ID where supported')
            [CompletionResult]::new('--auth-timeout', '--auth-timeout', [CompletionResultType]::ParameterName, 'With --upstream, give up on each request to the authorization server after this long [default: 30]')
            [CompletionResult]::new('--progress-interval', '--progress-interval', [CompletionResultType]::ParameterName, 'Send the host a progress notification this often while a person answers')
            [CompletionResult]::new('--host-timeout', '--host-timeout', [CompletionResultType]::ParameterName, 'The host''s own time-out for a call (often 60): each form says how much of it is left')
            [CompletionResult]::new('--http', '--http', [CompletionResultType]::ParameterName, 'Serve Streamable HTTP on ADDR instead of stdio (with --upstream)')
            [CompletionResult]::new('--upstream', '--upstream', [CompletionResultType]::ParameterName, 'With --http, the server''s Streamable HTTP endpoint')
            [CompletionResult]::new('--allow-origin', '--allow-origin', [CompletionResultType]::ParameterName, 'With --http, let pages of this origin call the proxy (scheme://host[:port]; repeatable)')
            [CompletionResult]::new('--upstream-timeout', '--upstream-timeout', [CompletionResultType]::ParameterName, 'With --http, how long the server may be silent in a response')
            [CompletionResult]::new('--bridge', '--bridge', [CompletionResultType]::ParameterName, 'Bridge 2025 and 2026-07-28 peers: auto or off [default: auto]')
            [CompletionResult]::new('--state-lifetime', '--state-lifetime', [CompletionResultType]::ParameterName, 'How long a requestState sealed for a 2026-07-28 host in front of a 2025 server stays good')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)')
            [CompletionResult]::new('--answers', '--answers', [CompletionResultType]::ParameterName, 'Answer from a JSON object of field values (`-` reads stdin)')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'Answer with this action without asking')
            [CompletionResult]::new('--answers-from', '--answers-from', [CompletionResultType]::ParameterName, 'Answer as a recorded session answered the same request (matched by mode, message and schema)')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Record the exchanges to this session file (appended; created if missing)')
            [CompletionResult]::new('--redact', '--redact', [CompletionResultType]::ParameterName, 'With --record, replace the answered value of this property with "[redacted]" (repeatable)')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Show (and with --strict, refuse on) only these rules'' findings [default: the configuration''s]')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never show (or, with --strict, refuse on) these rules'' findings [default: the configuration''s]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--web', '--web', [CompletionResultType]::ParameterName, 'Ask in a form in the browser, on 127.0.0.1 [default when no terminal can be reached]')
            [CompletionResult]::new('--open', '--open', [CompletionResultType]::ParameterName, 'With the web form, open its address in the browser (it is always printed)')
            [CompletionResult]::new('--stored-auth-only', '--stored-auth-only', [CompletionResultType]::ParameterName, 'With --upstream, use only a stored token for the server: never wait for a browser')
            [CompletionResult]::new('--allow-remote', '--allow-remote', [CompletionResultType]::ParameterName, 'With --http, allow an address other than loopback')
            [CompletionResult]::new('--defaults', '--defaults', [CompletionResultType]::ParameterName, 'Accept with the schema''s defaults, plus any --set or --answers')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;probe' {
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Serve the probe and append what the host does to FILE (JSON lines)')
            [CompletionResult]::new('--report', '--report', [CompletionResultType]::ParameterName, 'Read a recording back: declarations, each shape, a host entry, differences')
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'With --report, compare with this host''s facts (ID or ID@VERSION) [default: from the client''s name]')
            [CompletionResult]::new('--http', '--http', [CompletionResultType]::ParameterName, 'Serve Streamable HTTP on this address (path /mcp) instead of stdio')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--allow-remote', '--allow-remote', [CompletionResultType]::ParameterName, 'With --http, allow an address other than loopback')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;replay' {
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'Lint under this spec revision (latest and draft are the newest) [default: the revision a document names, else latest]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Print the findings in this format [default: concise]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules (codes or names, comma-separated)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules (codes or names, comma-separated)')
            [CompletionResult]::new('--fail-on', '--fail-on', [CompletionResultType]::ParameterName, 'Exit with 1 when a finding at or above this severity is reported')
            [CompletionResult]::new('--pace', '--pace', [CompletionResultType]::ParameterName, 'Wait between messages as recorded (with --show); FACTOR speeds up (2 = twice as fast)')
            [CompletionResult]::new('--server-timeout', '--server-timeout', [CompletionResultType]::ParameterName, 'Give up when the live server sends nothing for this long [default: 300]')
            [CompletionResult]::new('--authorize-with', '--authorize-with', [CompletionResultType]::ParameterName, 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)')
            [CompletionResult]::new('--client-id', '--client-id', [CompletionResultType]::ParameterName, 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET')
            [CompletionResult]::new('--client-metadata-url', '--client-metadata-url', [CompletionResultType]::ParameterName, 'Use this client ID metadata document URL as the client ID where the authorization server supports them')
            [CompletionResult]::new('--auth-timeout', '--auth-timeout', [CompletionResultType]::ParameterName, 'Give up on each request to the authorization server after this long [default: 30]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print the summary line on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print the summary line on stderr')
            [CompletionResult]::new('--show', '--show', [CompletionResultType]::ParameterName, 'Print a readable transcript instead of checking: who asked, the form, what was answered')
            [CompletionResult]::new('--open', '--open', [CompletionResultType]::ParameterName, 'Open the authorization URL in the browser (it is printed either way)')
            [CompletionResult]::new('--stored-auth-only', '--stored-auth-only', [CompletionResultType]::ParameterName, 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;generate' {
            [CompletionResult]::new('--from-json-schema', '--from-json-schema', [CompletionResultType]::ParameterName, 'Convert this JSON Schema (`-` reads stdin)')
            [CompletionResult]::new('--rust', '--rust', [CompletionResultType]::ParameterName, 'Read the struct named by --type from this Rust source file')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Generate for this struct (with --rust)')
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'Generate for this spec revision (latest and draft are the newest)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'Wrap the schema in `elicitation/create` params with this message')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the JSON to FILE instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the JSON to FILE instead of stdout')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--allow-pattern', '--allow-pattern', [CompletionResultType]::ParameterName, 'Keep `pattern` (no revision declares it: the linter warns W210)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print notes about what was dropped')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print notes about what was dropped')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;man' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write every page into this directory instead of printing the main one')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;demo' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;auth' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Run the OAuth flow with the server now and keep its token')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the stored tokens of the server')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mcp-elicit;auth;login' {
            [CompletionResult]::new('--authorize-with', '--authorize-with', [CompletionResultType]::ParameterName, 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)')
            [CompletionResult]::new('--client-id', '--client-id', [CompletionResultType]::ParameterName, 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET')
            [CompletionResult]::new('--client-metadata-url', '--client-metadata-url', [CompletionResultType]::ParameterName, 'Use this client ID metadata document URL as the client ID where the authorization server supports them')
            [CompletionResult]::new('--auth-timeout', '--auth-timeout', [CompletionResultType]::ParameterName, 'Give up on each request to the authorization server after this long [default: 30]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('--open', '--open', [CompletionResultType]::ParameterName, 'Open the authorization URL in the browser (it is printed either way)')
            [CompletionResult]::new('--stored-auth-only', '--stored-auth-only', [CompletionResultType]::ParameterName, 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;auth;logout' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;auth;status' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Use colour: auto, always or never')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'mcp-elicit;auth;help' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Run the OAuth flow with the server now and keep its token')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the stored tokens of the server')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mcp-elicit;auth;help;login' {
            break
        }
        'mcp-elicit;auth;help;logout' {
            break
        }
        'mcp-elicit;auth;help;status' {
            break
        }
        'mcp-elicit;auth;help;help' {
            break
        }
        'mcp-elicit;help' {
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check schemas, requests, results and sessions against a spec revision')
            [CompletionResult]::new('answer', 'answer', [CompletionResultType]::ParameterValue, 'Answer an elicitation: a form on the terminal, or from a script')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Connect to an MCP server, make one request and answer its elicitations')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve tools that ask recorded or written elicitations, to test an MCP client')
            [CompletionResult]::new('proxy', 'proxy', [CompletionResultType]::ParameterValue, 'Stand between a host and a stdio server: pass everything on, lint, record, answer')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Measure a host: a server whose tools ask every elicitation shape, and its report')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Check a recorded session, show it as a transcript, or replay it against a live server')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Turn a Rust type or an ordinary JSON Schema into an elicitation schema')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell or elvish)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page, or write one page per subcommand into a directory')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Tour elicitation with two built-in forms: no server and no files needed')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Authorize with a protected server ahead of `call`, show or forget stored tokens')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mcp-elicit;help;lint' {
            break
        }
        'mcp-elicit;help;answer' {
            break
        }
        'mcp-elicit;help;call' {
            break
        }
        'mcp-elicit;help;serve' {
            break
        }
        'mcp-elicit;help;proxy' {
            break
        }
        'mcp-elicit;help;probe' {
            break
        }
        'mcp-elicit;help;replay' {
            break
        }
        'mcp-elicit;help;generate' {
            break
        }
        'mcp-elicit;help;completions' {
            break
        }
        'mcp-elicit;help;man' {
            break
        }
        'mcp-elicit;help;demo' {
            break
        }
        'mcp-elicit;help;auth' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Run the OAuth flow with the server now and keep its token')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the stored tokens of the server')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry')
            break
        }
        'mcp-elicit;help;auth;login' {
            break
        }
        'mcp-elicit;help;auth;logout' {
            break
        }
        'mcp-elicit;help;auth;status' {
            break
        }
        'mcp-elicit;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
