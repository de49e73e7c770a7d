// Checks mcp-elicit's reading of Zod schemas against the real converters.
//
// Reads `mcp-elicit lint --show-source` output (JSON Lines) on stdin. For
// each elicitation whose schema a Zod converter makes, evaluates the Zod
// expression with the pinned zod (Zod 3 for zod-to-json-schema, zod/v4 for
// z.toJSONSchema), converts it with the converter's defaults and compares
// with the JSON mcp-elicit computed. Prints one line per elicitation;
// exits 1 on any difference. NPM_TOOLS names the npm prefix.
const { createRequire } = require("node:module");
const path = require("node:path");
const { isDeepStrictEqual } = require("node:util");

const from = createRequire(path.join(process.env.NPM_TOOLS, "package.json"));
const z3 = from("zod").z;
const z4 = from("zod/v4").z;
const { zodToJsonSchema } = from("zod-to-json-schema");

// Key order is not compared: objects are rebuilt with sorted keys.
const sorted = (v) =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]))
      : v;

let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  let checked = 0;
  let failed = 0;
  for (const line of input.split("\n")) {
    if (!line.trim()) continue;
    const shown = JSON.parse(line);
    if (!shown.generator || !shown.generator.startsWith("zod")) continue;
    const where0 = `${shown.path}:${shown.line}:${shown.column}`;
    if (shown.unknown && shown.unknown.some((p) => p.startsWith("/requestedSchema"))) {
      // A part built at run time (a description from a template): the
      // expression cannot be run here.
      console.log(`skipped: ${where0} (parts built at run time: ${shown.unknown.join(", ")})`);
      continue;
    }
    const v4 = shown.generator === "zod-toJSONSchema";
    const schema = new Function("z", `return (${shown.origin});`)(v4 ? z4 : z3);
    const real = v4 ? z4.toJSONSchema(schema) : zodToJsonSchema(schema);
    const computed = shown.params.requestedSchema;
    const where = `${shown.path}:${shown.line}:${shown.column} (${shown.generator})`;
    checked += 1;
    if (isDeepStrictEqual(sorted(real), sorted(computed))) {
      console.log(`same: ${where}`);
    } else {
      failed += 1;
      console.log(`DIFFERENT: ${where}\n  real:     ${JSON.stringify(real)}\n  computed: ${JSON.stringify(computed)}`);
    }
  }
  console.log(`${checked} checked, ${failed} different`);
  process.exit(failed || !checked ? 1 : 0);
});
