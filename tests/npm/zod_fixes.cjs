// Applies the fixes mcp-elicit recommends for Zod schemas (src/source/
// fixes.rs) with the real converters, so that a test can lint what they
// produce.
//
// Reads `mcp-elicit lint --show-source` output (JSON Lines) on stdin. For
// each elicitation whose schema a Zod converter makes, evaluates the Zod
// expression with the pinned zod (Zod 3 for zod-to-json-schema, zod/v4 for
// z.toJSONSchema) and prints one JSON line per fix: where, the fix, and the
// params with the fixed schema. Exits 1 when a fix loses a property or
// fails to convert. NPM_TOOLS names the npm prefix.
const { createRequire } = require("node:module");
const path = require("node:path");

const from = createRequire(path.join(process.env.NPM_TOOLS, "package.json"));
const z3 = from("zod").z;
const z4 = from("zod/v4").z;
const { zodToJsonSchema } = from("zod-to-json-schema");

// The fixes, as the messages write them.
const fixes3 = {
  "zodToJsonSchema(schema, { rejectedAdditionalProperties: undefined })": (s) =>
    zodToJsonSchema(s, { rejectedAdditionalProperties: undefined }),
  "const { additionalProperties, $schema, ...requestedSchema } = zodToJsonSchema(schema)": (s) => {
    const { additionalProperties, $schema, ...requestedSchema } = zodToJsonSchema(s);
    return requestedSchema;
  },
};
const fixes4 = {
  'z.toJSONSchema(schema, { io: "input" })': (s) => z4.toJSONSchema(s, { io: "input" }),
  'const { $schema, ...requestedSchema } = z.toJSONSchema(schema, { io: "input" })': (s) => {
    const { $schema, ...requestedSchema } = z4.toJSONSchema(s, { io: "input" });
    return requestedSchema;
  },
  "z.toJSONSchema(schema, { override: (ctx) => { delete ctx.jsonSchema.pattern } })": (s) =>
    z4.toJSONSchema(s, {
      override: (ctx) => {
        delete ctx.jsonSchema.pattern;
      },
    }),
};

// `.gt(n)`/`.positive()` written as `.min(n)`, `.lt(n)`/`.negative()` as
// `.max(n)`: the bounds fix, applied to the expression's text.
const inclusive = (text) =>
  text
    .replace(/\.positive\(\)/g, ".min(0)")
    .replace(/\.negative\(\)/g, ".max(0)")
    .replace(/\.gt\(/g, ".min(")
    .replace(/\.lt\(/g, ".max(");

let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  let failed = 0;
  for (const line of input.split("\n")) {
    if (!line.trim()) continue;
    const shown = JSON.parse(line);
    if (!shown.generator || !shown.generator.startsWith("zod")) continue;
    if (shown.unknown && shown.unknown.some((p) => p.startsWith("/requestedSchema"))) continue;
    const where = `${shown.path}:${shown.line}:${shown.column}`;
    const v4 = shown.generator === "zod-toJSONSchema";
    const z = v4 ? z4 : z3;
    const fixes = v4 ? fixes4 : fixes3;
    const expression = inclusive(shown.origin);
    const schema = new Function("z", `return (${expression});`)(z);
    for (const [fix, apply] of Object.entries(fixes)) {
      const requestedSchema = apply(schema);
      const before = Object.keys(shown.params.requestedSchema.properties || {}).sort();
      const after = Object.keys(requestedSchema.properties || {}).sort();
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        failed += 1;
        console.error(`${where}: ${fix} changes the properties: ${before} -> ${after}`);
      }
      const params = { ...shown.params, requestedSchema };
      console.log(JSON.stringify({ where, fix, params }));
    }
  }
  process.exit(failed ? 1 : 0);
});
