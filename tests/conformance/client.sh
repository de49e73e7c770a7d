#!/usr/bin/env bash
# The conformance client of mcp-elicit: the official MCP conformance suite
# runs it as `client.sh URL` with MCP_CONFORMANCE_SCENARIO naming the client
# scenario, and this maps each scenario to `mcp-elicit call` invocations
# against the suite's mock server. MCP_ELICIT names the binary (default:
# mcp-elicit on PATH).
#
#   npx @modelcontextprotocol/conformance client \
#     --command "tests/conformance/client.sh" --scenario tools_call
set -euo pipefail
bin=${MCP_ELICIT:-mcp-elicit}
url=${!#}
scenario=${MCP_CONFORMANCE_SCENARIO:?the conformance runner sets MCP_CONFORMANCE_SCENARIO}

call() { "$bin" call "$@" "$url"; }

# The auth/* scenarios: the suite's authorization server grants at once, so
# the authorization URL is fetched without a browser (--authorize-with
# http, as on a CI machine); tokens go to a store of this run's own.
if [[ $scenario == auth/* ]]; then
  if [[ -z ${MCP_ELICIT_CONFIG_DIR:-} ]]; then
    MCP_ELICIT_CONFIG_DIR=$(mktemp -d)
    trap 'rm -rf "$MCP_ELICIT_CONFIG_DIR"' EXIT
  fi
  export MCP_ELICIT_CONFIG_DIR
  auth() { call --authorize-with http "$@"; }
fi

# A value of MCP_CONFORMANCE_CONTEXT.
context() {
  python3 -c 'import json, os, sys; print(json.loads(os.environ["MCP_CONFORMANCE_CONTEXT"])[sys.argv[1]])' "$1"
}

# The tool calls a scenario names in MCP_CONFORMANCE_CONTEXT, one
# `NAME<TAB>ARGUMENTS-JSON` line each.
context_calls() {
  python3 -c 'import json, os
for c in json.loads(os.environ["MCP_CONFORMANCE_CONTEXT"]).get("toolCalls", []):
    print(c["name"] + "\t" + json.dumps(c.get("arguments", {}), ensure_ascii=False))'
}

case "$scenario" in
  initialize)
    call --list ;;
  tools_call)
    call --tool add_numbers --args '{"a":1,"b":2}' --defaults ;;
  elicitation-sep1034-client-defaults)
    call --tool test_client_elicitation_defaults --defaults ;;
  sse-retry)
    call --tool test_reconnection --defaults ;;
  request-metadata)
    call --list ;;
  sep-2322-client-request-state)
    for tool in test_mrtr_echo_state test_mrtr_no_state test_mrtr_unrelated test_mrtr_no_result_type; do
      call --tool "$tool" --defaults
    done ;;
  http-standard-headers)
    call --list >/dev/null
    call --tool test_headers --defaults
    call --tool my-hyphenated-tool --defaults
    call --prompt test_prompt --defaults
    call --resource 'file:///path/to/file%20name.txt' --defaults ;;
  http-custom-headers)
    context_calls | while IFS=$'\t' read -r tool args; do
      call --tool "$tool" --args "$args" --defaults
    done ;;
  http-invalid-tool-headers)
    # A client lists the tools before it calls one.
    call --list >/dev/null
    call --tool valid_tool --defaults ;;
  json-schema-ref-no-deref)
    call --list ;;
  json-schema-2020-12-preservation)
    # Lists the tools, then hands the focal tool's inputSchema, as received,
    # back through the echo tool.
    args=$(call --list | python3 -c 'import json, sys
tools = json.load(sys.stdin)["tools"]
focal = next(t for t in tools if t["name"] != "json_schema_echo")
print(json.dumps({"schema": focal["inputSchema"]}, ensure_ascii=False))')
    call --tool json_schema_echo --args "$args" --defaults ;;
  auth/basic-cimd)
    auth --client-metadata-url https://conformance-test.local/client-metadata.json --list ;;
  auth/pre-registration)
    MCP_ELICIT_CLIENT_SECRET=$(context client_secret) auth --client-id "$(context client_id)" --list ;;
  auth/scope-step-up | auth/scope-retry-limit)
    # tools/call wants a scope the first token lacks.
    auth --tool test-tool --defaults ;;
  auth/authorization-server-migration)
    # The second request's token is refused once the resource moved to
    # another authorization server.
    auth --list ;;
  auth/*)
    auth --list ;;
  *)
    echo "client.sh: no mapping for scenario '$scenario'" >&2
    exit 2 ;;
esac
