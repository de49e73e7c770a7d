// A host on the official TypeScript SDK (@modelcontextprotocol/sdk, pinned in
// tests/npm/package.json), written the way its docs show: a `Client`, an
// `ElicitRequestSchema` handler when it declares elicitation, and a
// `StdioClientTransport` that starts the server command it is given (the
// proxy in front of a server). It calls one tool and prints one JSON line:
// the tool's text, whether it was an error, and the elicitations the host
// itself was asked.
//
//     node host_typescript.mjs CAPABILITY TOOL ARGS_JSON -- COMMAND...
//     node host_typescript.mjs CAPABILITY TOOL ARGS_JSON -- URL
//
// CAPABILITY: `elicit` (declares `elicitation: {form: {}}` and accepts with
// the JSON object in $HOST_ANSWER), `elicit-url` (declares `{form: {}, url:
// {}}` too; a URL-mode request is accepted without content) or `none`.
// $HOST_ACTION, when set, is the action instead (`decline`, `cancel`).
// With $HOST_PROGRESS set, the call takes an `onprogress` callback (so it
// gives a progress token, and progress resets its time-out) and the
// progress messages heard are printed.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [capability, tool, args] = process.argv.slice(2, 5);
const command = process.argv.slice(process.argv.indexOf('--') + 1);
const elicited = [];
const progress = [];
const capabilities =
  capability === 'elicit'
    ? { elicitation: { form: {} } }
    : capability === 'elicit-url'
      ? { elicitation: { form: {}, url: {} } }
      : {};
const client = new Client({ name: 'host-typescript', version: '1.0.0' }, { capabilities });
if (capability !== 'none') {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    elicited.push(request.params);
    const action = process.env.HOST_ACTION ?? 'accept';
    if (action !== 'accept' || request.params.mode === 'url') return { action };
    return { action: 'accept', content: JSON.parse(process.env.HOST_ANSWER) };
  });
}
const transport = command[0].startsWith('http')
  ? new StreamableHTTPClientTransport(new URL(command[0]))
  : new StdioClientTransport({ command: command[0], args: command.slice(1), env: process.env });
await client.connect(transport);
const options = process.env.HOST_PROGRESS
  ? { onprogress: (p) => progress.push(p.message ?? ''), resetTimeoutOnProgress: true }
  : undefined;
const result = await client.callTool({ name: tool, arguments: JSON.parse(args) }, undefined, options);
const text = result.content.filter((c) => c.type === 'text').map((c) => c.text).join('');
console.log(JSON.stringify({ text, isError: !!result.isError, elicited, progress }));
await client.close();
