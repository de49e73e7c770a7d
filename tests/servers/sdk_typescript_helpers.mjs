// Tools that ask through helpers of their own, which hand what their
// callers give to the official TypeScript SDK's `elicitInput`
// (@modelcontextprotocol/sdk, pinned in tests/npm/package.json): what the
// SDK really sends, recorded by `mcp-elicit call`, is compared with what
// `lint --show-source` says of the helpers' calls in this file.
//
// - `name`: the params, given whole to a helper.
// - `confirm`: a message and a schema, given to a helper that puts them in
//   the params.
//
//     node sdk_typescript_helpers.mjs stdio
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'helpers-typescript', version: '1.0.0' });

async function askWith(params) {
  return server.server.elicitInput(params);
}

async function confirmWith(message, schema) {
  return server.server.elicitInput({ message, requestedSchema: schema });
}

server.registerTool('name', { description: 'Ask a name', inputSchema: {} }, async () => {
  const result = await askWith({
    message: 'Your name?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name', default: 'Ada' } },
    },
  });
  return { content: [{ type: 'text', text: result.action }] };
});

server.registerTool('confirm', { description: 'Ask before going on', inputSchema: {} }, async () => {
  const result = await confirmWith('Go on?', {
    type: 'object',
    properties: { ok: { type: 'boolean', title: 'Go on', default: false } },
    required: ['ok'],
  });
  return { content: [{ type: 'text', text: result.action }] };
});

await server.connect(new StdioServerTransport());
