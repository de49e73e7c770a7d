"""Checks mcp-elicit's reading of models given to the MCP Python SDK 1.x
against the SDK 1.x itself (run in the venv of tests/peers/requirements-sdk1.txt).

    python sdk1_schemas.py FIXTURE SHOWN.jsonl LINT.json

SHOWN.jsonl is `mcp-elicit lint --show-source FIXTURE`, LINT.json is
`mcp-elicit lint --format json --select E212 FIXTURE`. Every Pydantic model
of the fixture is given to the SDK's own check: a model it refuses must be
one mcp-elicit reports E212 in (and sends nothing for), a model it takes one
whose schema mcp-elicit computes exactly as `model_json_schema()`, which the
SDK 1.x sends as it is. Prints one line per model; exits 1 on a difference.
"""

import importlib.util
import inspect
import json
import sys

from pydantic import BaseModel
from mcp.server.elicitation import _validate_elicitation_schema

path, shown_path, lint_path = sys.argv[1:4]
spec = importlib.util.spec_from_file_location("fixture", path)
module = importlib.util.module_from_spec(spec)
sys.modules["fixture"] = module
spec.loader.exec_module(module)

shown = {}
for line in open(shown_path):
    s = json.loads(line)
    if s.get("generator") == "mcp<2":
        shown[s["origin"]] = s["params"]["requestedSchema"]
reported = [d["line"] for d in json.load(open(lint_path))["diagnostics"] if d["code"] == "E212"]

checked = failed = 0
for name, model in vars(module).items():
    if not (inspect.isclass(model) and issubclass(model, BaseModel) and model.__module__ == "fixture"):
        continue
    lines, first = inspect.getsourcelines(model)
    ours_refused = any(first <= n < first + len(lines) for n in reported)
    try:
        _validate_elicitation_schema(model)
        real = model.model_json_schema()
    except TypeError as e:
        real = None
        why = str(e)
    checked += 1
    if real is None and ours_refused and name not in shown:
        print(f"same: {name} refused ({why[:60]}...)")
    elif real is not None and not ours_refused and shown.get(name) == real:
        print(f"same: {name} sent")
    else:
        failed += 1
        print(f"DIFFERENT: {name}\n  real:     {json.dumps(real) if real is not None else 'refused'}\n  computed: {json.dumps(shown.get(name))} (E212 reported: {ours_refused})")
print(f"{checked} checked, {failed} different")
sys.exit(1 if failed or not checked else 0)
