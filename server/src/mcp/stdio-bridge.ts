// `whetstone-agent mcp`: an MCP server on stdin/stdout for agents that only launch commands,
// bridged to a running endpoint's Streamable HTTP /mcp (the SDK's client on one side, its server
// on the other). The tools, their answers and the endpoint's notifications pass through as they
// are; the bridge's own MCP session upstream is the agent's session (named after the client).
// When the endpoint goes away the bridge says so on stderr and exits; when the client closes
// stdin it ends its session upstream and exits. stdout carries MCP only.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, CallToolResultSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { processOwner } from '../endpoint';
import { MCP_PATH } from './http-transport';
import { listenerOwner } from './listener-owner';
import { SERVER_INSTRUCTIONS } from './server-instructions';

export interface BridgeTarget {
  port: number;
  token: string;
  /** The endpoint's process: when it is gone (or no longer the user's), so is the endpoint. */
  pid: number;
  /** What to call it in messages ("the endpoint of VS Code on port 8080"). */
  label: string;
}

export interface BridgeIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  log: (line: string) => void;
  version: string;
}

/** Notifications waiting for stdout to drain; more are dropped. */
const MAX_WAITING_NOTIFICATIONS = 256;

/** How often the endpoint's process is looked for while bridging. */
const WATCH_MS = 1_000;

export const EXIT_BRIDGE_OK = 0;
export const EXIT_ENDPOINT_GONE = 1;

/** Bridges until the client closes stdin (resolves 0) or the endpoint goes away (resolves 1). */
export async function runStdioBridge(target: BridgeTarget, io: BridgeIo): Promise<number> {
  const url = new URL(`http://127.0.0.1:${target.port}${MCP_PATH}`);
  // Every request upstream (the SDK's reconnections too) first checks that what listens on the
  // port is still the user's: a port freed by the endpoint and taken by another user gets nothing.
  let takenOver = (): void => undefined;
  const fetchFromOurs = (input: string | URL, init?: RequestInit): Promise<Response> => {
    if (listenerOwner(target.port) === 'theirs') {
      takenOver();
      return Promise.reject(new Error(`not sent: another user's process listens on 127.0.0.1:${target.port}`));
    }
    return fetch(input, init);
  };
  const upstreamTransport = new StreamableHTTPClientTransport(url, {
    fetch: fetchFromOurs,
    requestInit: { headers: { Authorization: `Bearer ${target.token}` } },
    reconnectionOptions: { initialReconnectionDelay: 500, maxReconnectionDelay: 2_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
  });
  const upstream = new Client({ name: 'whetstone-agent mcp', version: io.version });
  try {
    await upstream.connect(upstreamTransport);
  } catch (error) {
    io.log(`whetstone-agent mcp: cannot reach ${target.label} at ${url.href}: ${messageOf(error)}`);
    return EXIT_ENDPOINT_GONE;
  }

  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  let ending = false;
  const end = (code: number, why?: string): void => {
    if (ending) return;
    ending = true;
    if (why) io.log(`whetstone-agent mcp: ${why}`);
    finish(code);
  };
  const gone = (detail: string): void => end(EXIT_ENDPOINT_GONE, `${target.label} went away (${detail}); exiting. Start it again and restart this command.`);
  takenOver = () => gone(`another user's process now listens on its port ${target.port}; nothing more is sent there`);

  const server = new Server({ name: 'whetstone', version: upstream.getServerVersion()?.version ?? io.version }, { capabilities: { tools: { listChanged: false } }, instructions: upstream.getInstructions() ?? SERVER_INSTRUCTIONS });
  const forward = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (isConnectionFailure(error)) gone(messageOf(error));
      throw error;
    }
  };
  server.setRequestHandler(ListToolsRequestSchema, (request) => forward(() => upstream.listTools(request.params)));
  // Passed through as it is: the endpoint's answer (structuredContent, isError) is the answer.
  server.setRequestHandler(CallToolRequestSchema, (request) => forward(() => upstream.request({ method: 'tools/call', params: request.params }, CallToolResultSchema)));
  server.oninitialized = () => {
    const name = server.getClientVersion()?.name;
    // The person sees who is editing: the client's name, not the bridge's.
    if (name) void upstream.callTool({ name: 'setAgentName', arguments: { name: name.slice(0, 200) } }).catch(() => undefined);
  };

  const downstream = new StdioServerTransport(io.stdin as never, io.stdout as never);
  downstream.onerror = (error) => {
    // A line that is not a JSON-RPC message: answer it, as the endpoint answers malformed input.
    if (error instanceof SyntaxError || error.name === 'ZodError') {
      io.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${error.message.split('\n')[0].slice(0, 200)}` } })}\n`);
    }
  };
  await server.connect(downstream);
  // Written as stdout drains; a client that does not read loses the oldest beyond the bound
  // instead of the bridge's memory growing (the endpoint bounds its side the same way).
  let waitingNotifications = 0;
  let dropped = 0;
  upstream.fallbackNotificationHandler = async (notification) => {
    if (waitingNotifications >= MAX_WAITING_NOTIFICATIONS) {
      if (dropped++ === 0) io.log('whetstone-agent mcp: the client does not read its notifications; dropping them');
      return;
    }
    waitingNotifications++;
    try {
      await server.notification(notification);
    } catch {
      // The client went away: ending is handled by stdin closing.
    } finally {
      waitingNotifications--;
    }
  };
  upstreamTransport.onerror = (error) => {
    if (/Maximum reconnection attempts|Failed to reconnect/.test(error.message)) gone(error.message);
  };
  upstream.onclose = () => gone('the connection closed');

  const watch = setInterval(() => {
    // A pid taken over by another user's process is no longer the endpoint either.
    const owner = processOwner(target.pid);
    if (owner !== 'ours') gone(owner === 'gone' ? `process ${target.pid} is no longer running` : `process ${target.pid} now belongs to another user`);
  }, WATCH_MS);
  const stdinEnded = (): void => end(EXIT_BRIDGE_OK);
  io.stdin.once('end', stdinEnded);
  io.stdin.once('close', stdinEnded);

  const code = await finished;
  clearInterval(watch);
  io.stdin.off('end', stdinEnded);
  io.stdin.off('close', stdinEnded);
  upstream.onclose = undefined;
  if (code === EXIT_BRIDGE_OK) await upstreamTransport.terminateSession().catch(() => undefined);
  await upstream.close().catch(() => undefined);
  await server.close().catch(() => undefined);
  return code;
}

function isConnectionFailure(error: unknown): boolean {
  const text = `${messageOf(error)} ${messageOf((error as { cause?: unknown })?.cause)}`;
  return /ECONNREFUSED|ECONNRESET|fetch failed|socket hang up|Session not found/.test(text);
}

function messageOf(error: unknown): string {
  if (error === undefined || error === null) return '';
  return error instanceof Error ? error.message : String(error);
}
