// A tool that asks with the official TypeScript SDK's `elicitInput` and
// writes no `mode` (@modelcontextprotocol/sdk, pinned in
// tests/npm/package.json): what the SDK really sends for it, recorded by
// `mcp-elicit call`, is compared with what `lint --show-source` says of
// this file.
//
// - `confirm`: a yes/no form; echoes the action.
//
//     node sdk_typescript_plain.mjs stdio
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'confirm-typescript', version: '1.0.0' });

server.registerTool(
  'confirm',
  { description: 'Ask before going on', inputSchema: {} },
  async () => {
    const result = await server.server.elicitInput({
      message: 'Go on with the deletion?',
      requestedSchema: {
        type: 'object',
        properties: {
          ok: { type: 'boolean', title: 'Go on', default: false },
        },
        required: ['ok'],
      },
    });
    return { content: [{ type: 'text', text: result.action }] };
  },
);

await server.connect(new StdioServerTransport());
