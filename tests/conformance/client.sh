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
    call --tool test_headers --defaults
    call --prompt test_prompt --defaults ;;
  http-custom-headers)
    call --tool test_custom_headers --defaults
    call --tool test_custom_headers_null --defaults ;;
  http-invalid-tool-headers)
    # A client lists the tools before it calls one.
    call --list >/dev/null
    call --tool valid_tool --defaults ;;
  json-schema-ref-no-deref)
    call --list ;;
  *)
    echo "client.sh: no mapping for scenario '$scenario'" >&2
    exit 2 ;;
esac
