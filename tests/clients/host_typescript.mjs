// A host on the official TypeScript SDK (@modelcontextprotocol/sdk, pinned in
// tests/npm/package.json), written the way its docs show: a `Client`, an
// `ElicitRequestSchema` handler when it declares elicitation, and a
// `StdioClientTransport` that starts the server command it is given (the
// proxy in front of a server). It calls one tool and prints one JSON line:
// the tool's text, whether it was an error, and the elicitations the host
// itself was asked.
//
//     node host_typescript.mjs CAPABILITY TOOL ARGS_JSON -- COMMAND...
//
// CAPABILITY: `elicit` (declares `elicitation: {form: {}}` and accepts with
// the JSON object in $HOST_ANSWER) or `none`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [capability, tool, args] = process.argv.slice(2, 5);
const command = process.argv.slice(process.argv.indexOf('--') + 1);
const elicited = [];
const capabilities = capability === 'elicit' ? { elicitation: { form: {} } } : {};
const client = new Client({ name: 'host-typescript', version: '1.0.0' }, { capabilities });
if (capability === 'elicit') {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    elicited.push(request.params);
    return { action: 'accept', content: JSON.parse(process.env.HOST_ANSWER) };
  });
}
const transport = new StdioClientTransport({ command: command[0], args: command.slice(1), env: process.env });
await client.connect(transport);
const result = await client.callTool({ name: tool, arguments: JSON.parse(args) });
const text = result.content.filter((c) => c.type === 'text').map((c) => c.text).join('');
console.log(JSON.stringify({ text, isError: !!result.isError, elicited }));
await client.close();
