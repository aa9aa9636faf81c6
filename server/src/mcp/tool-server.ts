// The MCP server of one session (the SDK's low-level Server: the tools are generated, not
// declared one by one): tools/list answers the catalog, tools/call runs the method, and the
// client's name becomes the session's agent name until the agent sets one.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpSession } from './mcp-session';
import type { McpTool } from './tool-catalog';
import { callTool, type ToolCallContext } from './tool-calls';
import { SERVER_INSTRUCTIONS } from './server-instructions';

/** The prefix of the endpoint's notifications on MCP: notifications/whetstone/planDecided… */
export const NOTIFICATION_PREFIX = 'notifications/whetstone/';

export function createToolServer(session: McpSession, tools: readonly McpTool[], context: ToolCallContext): Server {
  const server = new Server({ name: 'whetstone', version: context.host.info.version }, { capabilities: { tools: { listChanged: false } }, instructions: SERVER_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools] }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(request.params.name, request.params.arguments, session, context));
  server.oninitialized = () => {
    const client = server.getClientVersion();
    if (session.name === '' && typeof client?.name === 'string') session.name = client.name.slice(0, 200);
  };
  return server;
}

/** Sends one of the endpoint's notifications (planDecided…) to the client. */
export function sendNotification(server: Server, method: string, params: unknown): Promise<void> {
  return server.notification({ method: `${NOTIFICATION_PREFIX}${method}`, params: (params ?? {}) as Record<string, unknown> });
}
