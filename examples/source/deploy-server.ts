// An MCP server on the official TypeScript SDK that asks before it deploys.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "deploy", version: "1.0.0" });

const environments = {
  type: "string",
  title: "Environment",
  enum: ["staging", "production"],
  enumNames: ["Staging", "Production"],
};

server.registerTool(
  "deploy",
  { description: "Deploy a service", inputSchema: { service: z.string() } },
  async ({ service }) => {
    const answer = await server.server.elicitInput({
      message: `Deploy ${service}?`,
      requestedSchema: {
        type: "object",
        properties: {
          environment: environments,
          token: { type: "string", title: "Deploy token" },
          replicas: { type: "integer", minimum: 1, maximum: 10, default: 0 },
        },
        required: ["environment", "replica"],
      },
    });
    return { content: [{ type: "text", text: `deploy: ${answer.action}` }] };
  },
);

await server.connect(new StdioServerTransport());
