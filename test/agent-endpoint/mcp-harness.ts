// The MCP SDK's own Client against the real endpoint: over Streamable HTTP at /mcp with the token
// from the lock file, or over stdio through a real `whetstone-agent mcp` process. Notifications
// the endpoint sends (notifications/whetstone/…) are collected.
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { CLI, ROOT } from './serve-harness';

export interface ToolAnswer {
  isError: boolean;
  structured: Record<string, unknown>;
  text: string;
}

export interface Received {
  method: string;
  params: unknown;
}

export class McpAgent {
  readonly notifications: Received[] = [];
  private readonly waiters: { method: string; test: (params: unknown) => boolean; resolve: (params: unknown) => void }[] = [];

  constructor(readonly client: Client) {
    client.fallbackNotificationHandler = async (notification) => {
      this.notifications.push({ method: notification.method, params: notification.params });
      for (const waiter of [...this.waiters]) {
        if (waiter.method === notification.method && waiter.test(notification.params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(notification.params);
        }
      }
    };
  }

  /** Calls a tool (validating structuredContent against its output schema, as the SDK does). */
  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
    const result = await this.client.callTool({ name, arguments: args }, CallToolResultSchema);
    const content = result.content as { type: string; text?: string }[];
    return { isError: result.isError === true, structured: (result.structuredContent ?? {}) as Record<string, unknown>, text: content.map((part) => part.text ?? '').join('') };
  }

  /** Calls a tool that must succeed; returns its structuredContent. */
  async ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const answer = await this.call(name, args);
    if (answer.isError) throw new Error(`${name} failed: ${answer.text}`);
    return answer.structured as T;
  }

  /** The first notification `method` (whose params pass `test`) received so far, or the next one. */
  notification(method: string, test: (params: unknown) => boolean = () => true, timeoutMs = 10_000): Promise<unknown> {
    const seen = this.notifications.find((received) => received.method === method && test(received.params));
    if (seen) return Promise.resolve(seen.params);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${method}`)), timeoutMs);
      this.waiters.push({
        method,
        test,
        resolve: (params) => {
          clearTimeout(timer);
          resolve(params);
        },
      });
    });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** An MCP client over Streamable HTTP to http://127.0.0.1:<port>/mcp, with the token from the lock file. */
export async function connectHttp(server: { port: number; lock: { token: string } }, options: { headers?: Record<string, string>; name?: string } = {}): Promise<McpAgent> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`), {
    requestInit: { headers: options.headers ?? { Authorization: `Bearer ${server.lock.token}` } },
  });
  const client = new Client({ name: options.name ?? 'mcp-test', version: '1.0.0' });
  const agent = new McpAgent(client);
  await client.connect(transport);
  return agent;
}

/** An MCP client that launches `whetstone-agent mcp ARGS` (dist/cli.js) and speaks stdio to it. */
export async function connectStdio(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ agent: McpAgent; transport: StdioClientTransport; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    cwd: options.cwd ?? ROOT,
    env: { ...(process.env as Record<string, string>), ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  const errors = transport.stderr as Readable | null;
  errors?.setEncoding('utf8');
  errors?.on('data', (chunk: string) => (stderr += chunk));
  const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  const agent = new McpAgent(client);
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`whetstone-agent mcp did not start: ${error instanceof Error ? error.message : String(error)}; stderr: ${stderr}`);
  }
  return { agent, transport, stderr: () => stderr };
}

/** Runs `whetstone-agent mcp ARGS` to its end without speaking MCP: its exit code and stderr. */
export function runMcpCommand(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'mcp', ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

/** The raw HTTP answer to a request at /mcp (for the refusals a client library would hide); any header may be set, Host too. */
export function rawMcp(port: number, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: init.method ?? 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...init.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      },
    );
    request.once('error', reject);
    request.end(init.body);
  });
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
