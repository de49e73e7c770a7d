"""Checks mcp-elicit's reading of Python source against the real generators.

Reads `mcp-elicit lint --show-source` output (JSON Lines) on stdin. For each
elicitation whose schema a generator makes, imports the fixture module,
evaluates the `response_type` / `schema` expression in it, renders it the
way the SDK does before sending (the official SDK's
`render_elicitation_schema`, FastMCP's `parse_elicit_response_type`) and
compares with the JSON mcp-elicit computed. Prints one line per
elicitation; exits 1 on any difference.

With `--fastmcp3`, run in the venv of tests/peers/requirements-fastmcp3.txt:
only FastMCP's elicitations are compared, those FastMCP before 4.0 sends
(`fastmcp<4`) included.
"""

import importlib.util
import json
import sys

from fastmcp.server.elicitation import parse_elicit_response_type

FASTMCP3 = "--fastmcp3" in sys.argv[1:]
if not FASTMCP3:
    from mcp.server.elicitation import render_elicitation_schema

modules = {}
checked = 0
failed = 0
for line in sys.stdin:
    shown = json.loads(line)
    generator = shown.get("generator")
    # Nothing to compare with: the pinned FastMCP (4.x) refuses what older
    # FastMCP sent ("fastmcp<4": `response_type=None`, an empty form).
    if generator is None or (generator == "fastmcp<4" and not FASTMCP3):
        continue
    if FASTMCP3 and not generator.startswith("fastmcp"):
        continue
    # The SDK 1.x is not in this venv: tests/peers/sdk1_schemas.py checks it.
    if generator == "mcp<2":
        continue
    path = shown["path"]
    if path not in modules:
        spec = importlib.util.spec_from_file_location(f"fixture{len(modules)}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules[path] = module
    target = eval(shown["origin"], vars(modules[path]))
    where = f"{path}:{shown['line']}:{shown['column']} ({generator}, {shown['origin']})"
    try:
        if generator == "mcp":
            real = render_elicitation_schema(target)
        elif generator == "pydantic":
            real = target.model_json_schema()
        else:
            real = parse_elicit_response_type(target).schema
    except Exception as e:  # the SDK refuses it before sending
        real = f"refused: {type(e).__name__}: {e}"
    computed = shown["params"]["requestedSchema"]
    checked += 1
    unknown = [u for u in shown.get("unknown", []) if u.startswith("/requestedSchema")]
    if real == computed and not unknown:
        print(f"same: {where}")
    else:
        failed += 1
        print(f"DIFFERENT: {where}\n  real:     {json.dumps(real)}\n  computed: {json.dumps(computed)}\n  unknown:  {unknown}")
print(f"{checked} checked, {failed} different")
sys.exit(1 if failed or not checked else 0)
