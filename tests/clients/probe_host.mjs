// A host on the official TypeScript SDK (@modelcontextprotocol/sdk, pinned in
// tests/npm/package.json) that does what `mcp-elicit probe` asks, the way a
// person at a form would: it lists the probe's tools, calls each in order,
// and answers each elicitation as its message says ("accept without
// changing anything": the form's defaults; "decline"; "press the host's
// Cancel"; a URL request: accept). It declares `elicitation: {form: {},
// url: {}}` and prints that first, then one JSON line per tool: the
// elicitations its handler was given and the results it sent.
//
//     node probe_host.mjs -- COMMAND...
//     node probe_host.mjs -- URL
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const command = process.argv.slice(process.argv.indexOf('--') + 1);
const capabilities = { elicitation: { form: {}, url: {} } };
const clientInfo = { name: 'probe-host-typescript', version: '1.0.0' };
let asked = [];
let sent = [];

function asAPerson(params) {
  const message = params.message ?? '';
  if (message.includes('Please decline')) return { action: 'decline' };
  if (message.includes("Please press the host's Cancel")) return { action: 'cancel' };
  if (params.mode === 'url') return { action: 'accept' };
  const properties = params.requestedSchema?.properties ?? {};
  const content = {};
  for (const [k, p] of Object.entries(properties)) {
    if ('default' in p) content[k] = p.default;
  }
  return { action: 'accept', content };
}

const client = new Client(clientInfo, { capabilities });
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  asked.push(request.params);
  const result = asAPerson(request.params);
  sent.push(result);
  return result;
});
const transport = command[0].startsWith('http')
  ? new StreamableHTTPClientTransport(new URL(command[0]))
  : new StdioClientTransport({ command: command[0], args: command.slice(1), env: process.env });
await client.connect(transport);
console.log(JSON.stringify({ declared: { clientInfo, capabilities } }));
const { tools } = await client.listTools();
const names = tools.map((t) => t.name).filter((n) => n.startsWith('probe_')).sort();
for (const name of names) {
  asked = [];
  sent = [];
  const result = await client.callTool({ name, arguments: {} });
  const text = result.content.filter((c) => c.type === 'text').map((c) => c.text).join('');
  console.log(JSON.stringify({ tool: name, asked, sent, text }));
}
await client.close();
