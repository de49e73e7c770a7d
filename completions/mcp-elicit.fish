# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_mcp_elicit_global_optspecs
    string join \n color= h/help V/version
end

function __fish_mcp_elicit_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_mcp_elicit_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_mcp_elicit_using_subcommand
    set -l cmd (__fish_mcp_elicit_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "lint" -d 'Check schemas, requests, results and sessions against a spec revision'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "answer" -d 'Answer an elicitation: a form on the terminal, or from a script'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "call" -d 'Connect to an MCP server, make one request and answer its elicitations'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "serve" -d 'Serve tools that ask recorded or written elicitations, to test an MCP client'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "proxy" -d 'Stand between a host and a stdio server: pass everything on, lint, record, answer'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "probe" -d 'Measure a host: a server whose tools ask every elicitation shape, and its report'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "replay" -d 'Check a recorded session, show it as a transcript, or replay it against a live server'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "generate" -d 'Turn a Rust type or an ordinary JSON Schema into an elicitation schema'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "completions" -d 'Print a shell completion script (bash, zsh, fish, powershell or elvish)'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "man" -d 'Print the man page, or write one page per subcommand into a directory'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "demo" -d 'Tour elicitation with two built-in forms: no server and no files needed'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "auth" -d 'Authorize with a protected server ahead of `call`, show or forget stored tokens'
complete -c mcp-elicit -n "__fish_mcp_elicit_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l spec -d 'Lint under this spec revision (latest and draft are the newest) [default: the revision a document names, else latest]' -r -f -a "2025-06-18\t''
2025-11-25\t''
2026-07-28\t''
latest\t''
draft\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l format -d 'Print the findings in this format [default: concise]' -r -f -a "concise\t'One line per finding: path:line:col: severity[CODE] message'
full\t'Each finding with its source line and a caret'
json\t'One JSON document with every finding'
sarif\t'SARIF 2.1.0, for GitHub code scanning and other viewers'
github\t'GitHub Actions workflow commands that annotate files'
hosts\t'A Markdown matrix of elicitations by host (--hosts, default all)'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l select -d 'Report only these rules (codes or names, comma-separated)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l ignore -d 'Never report these rules (codes or names, comma-separated)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l fail-on -d 'Exit with 1 when a finding at or above this severity is reported' -r -f -a "error\t''
warning\t''
note\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l explain -d 'Print the documentation of one rule (code or name), then exit' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l hosts -d 'Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -s q -l quiet -d 'Do not print the summary line on stderr'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l list-rules -d 'Print every rule with its code, name, severity and summary, then exit'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l list-hosts -d 'Print every host --hosts knows, with what holds for each of its elicitations, then exit'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l schema -d 'Judge every JSON file as a bare requestedSchema (or one property\'s schema) when it is no other elicitation document'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l show-unknown -d 'Show a note (N006) for each elicitation whose values are known only at run time'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -l show-source -d 'Print, for each elicitation found in source files, the params the server will send (one JSON object a line), instead of linting'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand lint" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l output -d 'Write this on stdout [default: retry for an InputRequiredResult, else result]' -r -f -a "result\t'The ElicitResult object: {"action": ..., "content": {...}}'
response\t'A JSON-RPC response carrying the ElicitResult, with the request\'s id'
retry\t'The retry fragment {"inputResponses": {...}, "requestState": ...}'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l set -d 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l answers -d 'Answer from a JSON object of field values (`-` reads stdin)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l action -d 'Answer with this action without asking' -r -f -a "decline\t'Decline: the person said no'
cancel\t'Cancel: the person dismissed the request without choosing'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l answers-from -d 'Answer as a recorded session answered the same request (matched by mode, message and schema)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l record -d 'Record the exchanges to this session file (appended; created if missing)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l redact -d 'With --record, replace the answered value of this property with "[redacted]" (repeatable)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l select -d 'Show (and with --strict, refuse on) only these rules\' findings [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l ignore -d 'Never show (or, with --strict, refuse on) these rules\' findings [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l timeout -d 'Cancel when the form is not finished within this many seconds' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l server -d 'Name this server in the form\'s heading [default: the name the document reports]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l spec -d 'Check the request under this spec revision (latest and draft are the newest) [default: the revision the document names or implies]' -r -f -a "2025-06-18\t''
2025-11-25\t''
2026-07-28\t''
latest\t''
draft\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l as -d 'Show the form as this host would (an id of `lint --list-hosts`, or ID@VERSION)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l defaults -d 'Accept with the schema\'s defaults, plus any --set or --answers'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -l strict -d 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand answer" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l tool -d 'Call this tool' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l prompt -d 'Get this prompt' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l resource -d 'Read this resource' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l args -d 'Pass these arguments to the tool or prompt, as a JSON object' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l arg -d 'Pass one argument, typed by the tool\'s inputSchema (repeatable; wins over --args)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l spec -d 'Speak this revision instead of negotiating the newest' -r -f -a "2025-06-18\t''
2025-11-25\t''
2026-07-28\t''
latest\t''
draft\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l server-timeout -d 'Give up when the server sends nothing for this long [default: 300]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l server -d 'Show the server under this name instead of its serverInfo name' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l header -d 'Send this header on every HTTP request (repeatable); an Authorization header replaces OAuth (see --help)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l server-log -d 'Write a stdio server\'s stderr to FILE (appended) instead of the terminal' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l timeout -d 'End the call (exit 4) when a form is not finished within this many seconds' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l format -d 'Print the result or listing as text for reading or as JSON [default: text on a terminal, else json]' -r -f -a "text\t'For reading: a tool\'s text, a prompt\'s messages, an error in words'
json\t'The JSON-RPC result (or error) as the server sent it'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l set -d 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l answers -d 'Answer from a JSON object of field values (`-` reads stdin)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l action -d 'Answer with this action without asking' -r -f -a "decline\t'Decline: the person said no'
cancel\t'Cancel: the person dismissed the request without choosing'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l answers-from -d 'Answer as a recorded session answered the same request (matched by mode, message and schema)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l record -d 'Record the exchanges to this session file (appended; created if missing)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l redact -d 'With --record, replace the answered value of this property with "[redacted]" (repeatable)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l select -d 'Show (and with --strict, refuse on) only these rules\' findings [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l ignore -d 'Never show (or, with --strict, refuse on) these rules\' findings [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l authorize-with -d 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)' -r -f -a "browser\t'Print it for a person to open in a browser (the default; --open opens it)'
http\t'Fetch it over HTTP and follow its redirects, no browser'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l client-id -d 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l client-metadata-url -d 'Use this client ID metadata document URL as the client ID where the authorization server supports them' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l auth-timeout -d 'Give up on each request to the authorization server after this long [default: 30]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l list -d 'List the server\'s tools, prompts and resources'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l no-url-mode -d 'Declare form mode only (no URL mode)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l json -d 'The same as --format json'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l defaults -d 'Accept with the schema\'s defaults, plus any --set or --answers'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l strict -d 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l open -d 'Open the authorization URL in the browser (it is printed either way)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -l stored-auth-only -d 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand call" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l http -d 'Serve Streamable HTTP on this address (path /mcp) instead of stdio' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l allow-origin -d 'With --http, let pages of this origin call the server (scheme://host[:port]; repeatable)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l report -d 'Append one JSON line per exchange to FILE (request, answer, findings, ms)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l expect-answers-from -d 'Compare every answer with the answer recorded for the same request in SESSION' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l delay -d 'Wait this long before each elicitation, or each burst (e.g. 500ms, 2s)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l repeat -d 'Ask each elicitation N times in turn' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l burst -d 'Flood: send each elicitation N times at once, before any answer' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l select -d 'Report only these rules (codes or names, comma-separated) [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l ignore -d 'Never report these rules (codes or names, comma-separated) [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l list -d 'Print the tools it would serve, then exit'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l allow-remote -d 'With --http, allow an address other than loopback'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -l strict -d 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand serve" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l answer -d 'Answer elicitations here: auto (when the host cannot), always, or never' -r -f -a "auto\t'When the host did not declare elicitation or the request\'s mode'
always\t'Every elicitation, for hosts that declare it but decline unattended'
never\t'None: every elicitation goes to the host'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l report -d 'Append one JSON line per elicitation to FILE: its findings and who answered' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l hosts -d 'Also report what these hosts do with each elicitation (ID or ID@VERSION, comma-separated, or all)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l server -d 'Show the server under this name instead of its serverInfo name' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l authorize-with -d 'With --upstream, reach the server\'s authorization URL this way (--open opens it in the browser)' -r -f -a "browser\t'Print it for a person to open in a browser (the default; --open opens it)'
http\t'Fetch it over HTTP and follow its redirects, no browser'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l client-id -d 'With --upstream, authorize as this pre-registered client (secret from MCP_ELICIT_CLIENT_SECRET)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l client-metadata-url -d 'With --upstream, use this client ID metadata document URL as the client ID where supported' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l auth-timeout -d 'With --upstream, give up on each request to the authorization server after this long [default: 30]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l progress-interval -d 'Send the host a progress notification this often while a person answers' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l host-timeout -d 'The host\'s own time-out for a call (often 60): each form says how much of it is left' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l http -d 'Serve Streamable HTTP on ADDR instead of stdio (with --upstream)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l upstream -d 'With --http, the server\'s Streamable HTTP endpoint' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l allow-origin -d 'With --http, let pages of this origin call the proxy (scheme://host[:port]; repeatable)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l upstream-timeout -d 'With --http, how long the server may be silent in a response' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l bridge -d 'Bridge 2025 and 2026-07-28 peers: auto or off [default: auto]' -r -f -a "auto\t'When the host and the server speak different eras (2025 revisions, 2026-07-28)'
off\t'Never: each message passes on in the era it was written in'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l state-lifetime -d 'How long a requestState sealed for a 2026-07-28 host in front of a 2025 server stays good' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l set -d 'Answer a field without asking (repeatable; typed by the schema; multi-select takes a comma list)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l answers -d 'Answer from a JSON object of field values (`-` reads stdin)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l action -d 'Answer with this action without asking' -r -f -a "decline\t'Decline: the person said no'
cancel\t'Cancel: the person dismissed the request without choosing'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l answers-from -d 'Answer as a recorded session answered the same request (matched by mode, message and schema)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l record -d 'Record the exchanges to this session file (appended; created if missing)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l redact -d 'With --record, replace the answered value of this property with "[redacted]" (repeatable)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l select -d 'Show (and with --strict, refuse on) only these rules\' findings [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l ignore -d 'Never show (or, with --strict, refuse on) these rules\' findings [default: the configuration\'s]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l web -d 'Ask in a form in the browser, on 127.0.0.1 [default when no terminal can be reached]'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l open -d 'With the web form, open its address in the browser (it is always printed)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l stored-auth-only -d 'With --upstream, use only a stored token for the server: never wait for a browser'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l allow-remote -d 'With --http, allow an address other than loopback'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l defaults -d 'Accept with the schema\'s defaults, plus any --set or --answers'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -l strict -d 'Refuse a request on any lint error, as the strictest clients do [default: refuse only what no form can show]'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand proxy" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -l record -d 'Serve the probe and append what the host does to FILE (JSON lines)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -l report -d 'Read a recording back: declarations, each shape, a host entry, differences' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -l host -d 'With --report, compare with this host\'s facts (ID or ID@VERSION) [default: from the client\'s name]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -l http -d 'Serve Streamable HTTP on this address (path /mcp) instead of stdio' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -l allow-remote -d 'With --http, allow an address other than loopback'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand probe" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l spec -d 'Lint under this spec revision (latest and draft are the newest) [default: the revision a document names, else latest]' -r -f -a "2025-06-18\t''
2025-11-25\t''
2026-07-28\t''
latest\t''
draft\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l format -d 'Print the findings in this format [default: concise]' -r -f -a "concise\t'One line per finding: path:line:col: severity[CODE] message'
full\t'Each finding with its source line and a caret'
json\t'One JSON document with every finding'
sarif\t'SARIF 2.1.0, for GitHub code scanning and other viewers'
github\t'GitHub Actions workflow commands that annotate files'
hosts\t'A Markdown matrix of elicitations by host (--hosts, default all)'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l select -d 'Report only these rules (codes or names, comma-separated)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l ignore -d 'Never report these rules (codes or names, comma-separated)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l fail-on -d 'Exit with 1 when a finding at or above this severity is reported' -r -f -a "error\t''
warning\t''
note\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l pace -d 'Wait between messages as recorded (with --show); FACTOR speeds up (2 = twice as fast)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l server-timeout -d 'Give up when the live server sends nothing for this long [default: 300]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l authorize-with -d 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)' -r -f -a "browser\t'Print it for a person to open in a browser (the default; --open opens it)'
http\t'Fetch it over HTTP and follow its redirects, no browser'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l client-id -d 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l client-metadata-url -d 'Use this client ID metadata document URL as the client ID where the authorization server supports them' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l auth-timeout -d 'Give up on each request to the authorization server after this long [default: 30]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -s q -l quiet -d 'Do not print the summary line on stderr'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l show -d 'Print a readable transcript instead of checking: who asked, the form, what was answered'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l open -d 'Open the authorization URL in the browser (it is printed either way)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -l stored-auth-only -d 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand replay" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l from-json-schema -d 'Convert this JSON Schema (`-` reads stdin)' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l rust -d 'Read the struct named by --type from this Rust source file' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l type -d 'Generate for this struct (with --rust)' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l spec -d 'Generate for this spec revision (latest and draft are the newest)' -r -f -a "2025-06-18\t''
2025-11-25\t''
2026-07-28\t''
latest\t''
draft\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l message -d 'Wrap the schema in `elicitation/create` params with this message' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -s o -l output -d 'Write the JSON to FILE instead of stdout' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -l allow-pattern -d 'Keep `pattern` (no revision declares it: the linter warns W210)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -s q -l quiet -d 'Do not print notes about what was dropped'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand generate" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand completions" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand completions" -s h -l help -d 'Print help'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand completions" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand man" -l dir -d 'Write every page into this directory instead of printing the main one' -r -F
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand man" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand man" -s h -l help -d 'Print help'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand man" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand demo" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand demo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand demo" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -f -a "login" -d 'Run the OAuth flow with the server now and keep its token'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -f -a "logout" -d 'Forget the stored tokens of the server'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -f -a "status" -d 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and not __fish_seen_subcommand_from login logout status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l authorize-with -d 'Reach the authorization URL this way: `http` fetches it without a browser and follows its redirect (CI)' -r -f -a "browser\t'Print it for a person to open in a browser (the default; --open opens it)'
http\t'Fetch it over HTTP and follow its redirects, no browser'"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l client-id -d 'Authorize as this pre-registered client; its secret, if any, is read from MCP_ELICIT_CLIENT_SECRET' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l client-metadata-url -d 'Use this client ID metadata document URL as the client ID where the authorization server supports them' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l auth-timeout -d 'Give up on each request to the authorization server after this long [default: 30]' -r
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l open -d 'Open the authorization URL in the browser (it is printed either way)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -l stored-auth-only -d 'Use only a stored token (refreshed when it can be): never wait for a browser (CI)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from login" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from logout" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from status" -l color -d 'Use colour: auto, always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "login" -d 'Run the OAuth flow with the server now and keep its token'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "logout" -d 'Forget the stored tokens of the server'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "lint" -d 'Check schemas, requests, results and sessions against a spec revision'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "answer" -d 'Answer an elicitation: a form on the terminal, or from a script'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "call" -d 'Connect to an MCP server, make one request and answer its elicitations'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "serve" -d 'Serve tools that ask recorded or written elicitations, to test an MCP client'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "proxy" -d 'Stand between a host and a stdio server: pass everything on, lint, record, answer'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "probe" -d 'Measure a host: a server whose tools ask every elicitation shape, and its report'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "replay" -d 'Check a recorded session, show it as a transcript, or replay it against a live server'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "generate" -d 'Turn a Rust type or an ordinary JSON Schema into an elicitation schema'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "completions" -d 'Print a shell completion script (bash, zsh, fish, powershell or elvish)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "man" -d 'Print the man page, or write one page per subcommand into a directory'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "demo" -d 'Tour elicitation with two built-in forms: no server and no files needed'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "auth" -d 'Authorize with a protected server ahead of `call`, show or forget stored tokens'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and not __fish_seen_subcommand_from lint answer call serve proxy probe replay generate completions man demo auth help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "login" -d 'Run the OAuth flow with the server now and keep its token'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "logout" -d 'Forget the stored tokens of the server'
complete -c mcp-elicit -n "__fish_mcp_elicit_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "status" -d 'Show the stored tokens (never the tokens themselves): server, authorization server, scope, expiry'
