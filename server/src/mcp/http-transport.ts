// MCP over Streamable HTTP at /mcp on the agent endpoint's own port (the SDK's transport, one per
// MCP session, answering with JSON; notifications go on the session's GET stream). The endpoint
// has already checked Host, Origin and the bearer token of every request that arrives here. Each
// MCP session is an agent session. What a client can fill is bounded: the number of sessions
// (counted from the moment a request that may start one arrives, not once its body has), the
// request body (the endpoint's maxMessageBytes, answered 413), one notification stream per
// session, its queue (mcp-session.ts), the size of an answer (tool-calls.ts), and sessions a
// client forgot are ended when idle.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Session } from '../agent';
import type { Transport, TransportHandler, TransportServices } from '../endpoint';
import { McpSession } from './mcp-session';
import { toolCatalog, type McpTool } from './tool-catalog';
import { DEFAULT_MAX_RESULT_BYTES } from './tool-calls';
import { createToolServer, sendNotification } from './tool-server';

export const MCP_PATH = '/mcp';

/** A request answered while its body was read (too large, not JSON): nothing more is done with it. */
const REFUSED = Symbol('refused');

export interface McpHttpLimits {
  /** MCP sessions at once; a new one beyond is answered 503. */
  maxSessions: number;
  /** A session with no request and no open stream for this long is ended. */
  idleMs: number;
  /** The largest tool result sent, in bytes of its JSON; a larger one is refused (tool-calls.ts). */
  maxResultBytes: number;
}

export const DEFAULT_MCP_LIMITS: McpHttpLimits = { maxSessions: 64, idleMs: 30 * 60_000, maxResultBytes: DEFAULT_MAX_RESULT_BYTES };

/** MCP at /mcp for startAgentEndpoint's transports. */
export function mcpHttpTransport(limits: Partial<McpHttpLimits> = {}): Transport {
  return { path: MCP_PATH, start: (services) => new McpHttpHandler(services, { ...DEFAULT_MCP_LIMITS, ...limits }) };
}

interface Live {
  session: McpSession;
  server: Server;
  transport: StreamableHTTPServerTransport;
  lastActivityMs: number;
  /** The open GET stream the notifications are written to. */
  stream?: ServerResponse;
}

class McpHttpHandler implements TransportHandler {
  private readonly live = new Map<string, Live>();
  /** Requests without a session still being answered: each may become a session, so each holds a place. */
  private opening = 0;
  private readonly tools: McpTool[];
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly services: TransportServices,
    private readonly limits: McpHttpLimits,
  ) {
    this.tools = toolCatalog(services.methods);
    this.sweeper = setInterval(() => this.endIdle(), Math.min(60_000, Math.max(1_000, limits.idleMs / 4)));
    this.sweeper.unref();
  }

  handle(request: IncomingMessage, response: ServerResponse): void {
    this.serve(request, response).catch((error: unknown) => {
      this.services.log(`mcp: a request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) jsonError(response, 500, -32603, 'Internal error; the server logged it and keeps running');
      else response.destroy();
    });
  }

  sessions(): readonly Session[] {
    return [...this.live.values()].map((live) => live.session);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.live.keys()].map((id) => this.end(id)));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const header = request.headers['mcp-session-id'];
    if (typeof header === 'string') {
      const live = this.live.get(header);
      if (!live) {
        jsonError(response, 404, -32001, 'Session not found: it ended (idle for too long, closed, or the endpoint restarted); initialize a new session');
        return;
      }
      live.lastActivityMs = Date.now();
      if (request.method === 'GET') {
        if (live.stream !== undefined) {
          // Refused here, as the SDK would: the stream the session has stays the one whose reader is watched.
          jsonError(response, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
          return;
        }
        this.track(live, response);
      }
      const body = await this.bodyOf(request, response);
      if (body === REFUSED) return;
      await live.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST') {
      jsonError(response, 400, -32600, 'Bad Request: no Mcp-Session-Id header; start with an initialize request (POST)');
      return;
    }
    if (this.live.size + this.opening >= this.limits.maxSessions) {
      jsonError(response, 503, -32000, `Service Unavailable: ${this.limits.maxSessions} MCP sessions are open or being opened, the most this endpoint serves; close one (DELETE) or retry later`);
      return;
    }
    // The place is held from now until the answer is sent or the request is gone: a client that
    // sends its initialize body slowly cannot open more sessions than the cap while it trickles in.
    this.opening++;
    let held = true;
    const release = (): void => {
      if (held) this.opening--;
      held = false;
    };
    response.once('close', release);
    try {
      await this.open(request, response);
    } finally {
      release();
    }
  }

  /** A request without a session: an initialize starts one; anything else is refused by the transport. */
  private async open(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { services } = this;
    // Filled in below: the session's notifications and the transport's callbacks need it first.
    const made: { live?: Live } = {};
    const session = new McpSession(
      services.maxRole,
      async (method, params) => {
        if (!made.live) return;
        await sendNotification(made.live.server, method, params);
        await roomIn(made.live.stream);
      },
      services.log,
    );
    // Nothing can reach the client before it opens its GET stream (track).
    session.setStreamOpen(false);
    const port = services.port;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      maxRequestBodySize: services.maxMessageBytes,
      // The endpoint refused foreign Hosts already; the SDK's own check stays on behind it.
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
      onsessioninitialized: (id) => {
        if (!made.live) return;
        this.live.set(id, made.live);
        session.onDisconnect = () => void this.end(id);
        services.sessionOpened(session);
      },
      onsessionclosed: (id) => this.end(id),
    });
    const server = createToolServer(session, this.tools, { dispatcher: services.dispatcher, host: services.host, maxResultBytes: this.limits.maxResultBytes });
    made.live = { session, server, transport, lastActivityMs: Date.now() };
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined) void this.end(id);
    };
    await server.connect(transport);
    const body = await this.bodyOf(request, response);
    if (body === REFUSED) {
      session.close();
      await server.close().catch(() => undefined);
      return;
    }
    await transport.handleRequest(request, response, body);
    // Not an initialize (or a failed one): no session was made, nothing is kept.
    if (transport.sessionId === undefined || !this.live.has(transport.sessionId)) {
      session.close();
      await server.close().catch(() => undefined);
    }
  }

  /**
   * A POST's body, parsed, for the transport: read here from the Node request, so the SDK does not
   * make a web stream of it first (work on every call). Undefined for other methods; REFUSED when
   * it was answered here: larger than the endpoint's maxMessageBytes (413), or not JSON (-32700).
   */
  private async bodyOf(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
    if (request.method !== 'POST') return undefined;
    const max = this.services.maxMessageBytes;
    const tooLarge = (): typeof REFUSED => {
      jsonError(response, 413, -32000, `Payload Too Large: Request body must not exceed ${max} bytes`);
      request.resume();
      return REFUSED;
    };
    if (Number(request.headers['content-length']) > max) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) return tooLarge();
      chunks.push(chunk);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
      jsonError(response, 400, -32700, 'Parse error: Invalid JSON');
      return REFUSED;
    }
  }

  private track(live: Live, response: ServerResponse): void {
    live.stream = response;
    // The SDK has taken the stream as the session's once it writes its headers: from then on a
    // notification reaches the client, so what waited is written.
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
    response.writeHead = ((...args: unknown[]) => {
      const written = writeHead(...args);
      if (args[0] === 200) setImmediate(() => live.session.setStreamOpen(live.stream === response));
      return written;
    }) as ServerResponse['writeHead'];
    response.once('close', () => {
      if (live.stream === response) {
        live.stream = undefined;
        live.session.setStreamOpen(false);
      }
      live.lastActivityMs = Date.now();
    });
  }

  private async end(id: string): Promise<void> {
    const live = this.live.get(id);
    if (!live) return;
    this.live.delete(id);
    live.session.close();
    this.services.sessionClosed(live.session);
    await live.server.close().catch(() => undefined);
  }

  private endIdle(): void {
    const now = Date.now();
    for (const [id, live] of this.live) {
      if (live.stream === undefined && now - live.lastActivityMs > this.limits.idleMs) {
        this.services.log(`mcp: ${live.session.id} idle for ${Math.round((now - live.lastActivityMs) / 1000)} s; ending it`);
        void this.end(id);
      }
    }
  }
}

/** Resolves once the stream has room again (or is gone): a client that does not read slows its own notifications. */
async function roomIn(stream: ServerResponse | undefined): Promise<void> {
  // The SDK hands the event to the response on a later turn; look after that.
  await new Promise((resolve) => setImmediate(resolve));
  if (!stream || stream.destroyed || !stream.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

function jsonError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
