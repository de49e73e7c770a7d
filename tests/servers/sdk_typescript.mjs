// Elicitation written the way the official TypeScript SDK documents it
// (@modelcontextprotocol/sdk, pinned in tests/npm/package.json): McpServer,
// registerTool, and `server.server.elicitInput(...)` in form and URL mode.
//
// - `register`: a form of every shape the spec has; echoes the result.
// - `connect_account`: URL mode; echoes the action.
//
//     node sdk_typescript.mjs stdio
//     node sdk_typescript.mjs http PORT
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

const getServer = () => {
  const server = new McpServer({ name: 'accounts-typescript', version: '1.0.0' });

  server.registerTool(
    'register',
    { description: 'Register, asking for the details through a form', inputSchema: {} },
    async () => {
      const result = await server.server.elicitInput({
        mode: 'form',
        message: 'Please provide your registration information:',
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', title: 'Username', minLength: 3, maxLength: 20 },
            email: { type: 'string', title: 'Email', format: 'email' },
            birthday: { type: 'string', title: 'Birthday', format: 'date' },
            age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
            height: { type: 'number', title: 'Height (m)', minimum: 0.5, maximum: 2.5, default: 1.7 },
            newsletter: { type: 'boolean', title: 'Newsletter', default: false },
            plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], default: 'free' },
            role: {
              type: 'string',
              title: 'Role',
              oneOf: [
                { const: 'developer', title: 'Developer' },
                { const: 'designer', title: 'Designer' },
              ],
              default: 'developer',
            },
            size: { type: 'string', title: 'T-shirt', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] },
            interests: {
              type: 'array',
              title: 'Interests',
              items: { type: 'string', enum: ['frontend', 'backend', 'ai'] },
              minItems: 1,
              maxItems: 2,
            },
            languages: {
              type: 'array',
              title: 'Languages',
              items: { anyOf: [{ const: 'ts', title: 'TypeScript' }, { const: 'rs', title: 'Rust' }] },
              default: ['ts'],
            },
          },
          required: ['username', 'email', 'age', 'interests'],
        },
      });
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    },
  );

  server.registerTool(
    'connect_account',
    { description: 'Connect an account through a page of our own', inputSchema: {} },
    async () => {
      const result = await server.server.elicitInput({
        mode: 'url',
        message: 'Sign in to connect your account',
        url: 'https://accounts.example.com/connect',
        elicitationId: randomUUID(),
      });
      return { content: [{ type: 'text', text: result.action }] };
    },
  );
  return server;
};

async function main() {
  if (process.argv[2] !== 'http') {
    await getServer().connect(new StdioServerTransport());
    return;
  }
  const port = parseInt(process.argv[3], 10);
  const app = createMcpExpressApp();
  const transports = new Map();
  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? transports.get(sessionId) : undefined;
    if (!transport && !sessionId && isInitializeRequest(req.body)) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      transport.onclose = () => transports.delete(transport.sessionId);
      await getServer().connect(transport);
    }
    if (!transport) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      return;
    }
    await transport.handleRequest(req, res, req.body);
  });
  const existing = async (req, res) => {
    const transport = transports.get(req.headers['mcp-session-id']);
    if (!transport) {
      res.status(400).send('Invalid or missing session ID');
      return;
    }
    await transport.handleRequest(req, res);
  };
  app.get('/mcp', existing);
  app.delete('/mcp', existing);
  app.listen(port, '127.0.0.1');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
