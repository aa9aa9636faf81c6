// The agent endpoint (docs/AGENT-ENDPOINT.md "Connection and discovery"): one HTTP listener on
// 127.0.0.1 only, every request and upgrade checked (token, Origin, Host) before a transport sees
// it, the waiting connections and sessions capped, the lock file written while it runs. The
// transports (WebSocket, MCP's Streamable HTTP) are siblings over one dispatcher; the language
// server and `whetstone-agent serve` start it with their AgentHost and name the transports.
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEFAULT_LIMITS, Dispatcher, METHODS, releaseSession, notifyBufferChanges, holdSourceWorker, type AgentHost, type AgentRole, type MethodDefinition, type Session } from '../agent';
import { settingDefault } from '../workspace/package-manifest';
import { ConnectionGate, type ConnectionLimits } from './connection-gate';
import { defaultLockDir, removeLockFile, writeLockFile } from './lock-file';
import { checkRequest, type RequestRefusal } from './request-guard';
import { pathOf, type Transport, type TransportHandler } from './transports';

export const DEFAULT_PORT = settingDefault<number>('whetstone.agentServer.port');
export const LOOPBACK = '127.0.0.1';
/**
 * Connections the kernel queues before the endpoint accepts them (the system may cap it lower).
 * Node's default is 511: a process opening connections faster than they are accepted fills that,
 * and an agent's connection dropped from a full queue waits a second for the kernel's retry.
 */
const ACCEPT_BACKLOG = 4096;

export interface AgentEndpointOptions {
  host: AgentHost;
  /** What the endpoint speaks: the WebSocket transport, MCP at /mcp. */
  transports: readonly Transport[];
  /** Default 8080; when taken, any free port is used instead; 0 means any free port. */
  port?: number;
  /** Origins whose requests are accepted (browsers always send Origin); none by default. */
  allowedOrigins?: readonly string[];
  /** Largest message; larger frames close the socket with 1009. Default 8 MiB. */
  maxMessageBytes?: number;
  /** The highest role setAgentRole grants. Default generator. */
  maxRole?: AgentRole;
  /** Where the lock file goes; default $WHETSTONE_LOCK_DIR or ~/.whetstone/agents. */
  lockDir?: string;
  /** Written into the lock file for agents choosing an endpoint. */
  workspaceFolders?: readonly string[];
  /** The method table; default the full METHODS table. */
  methods?: readonly MethodDefinition[];
  /** Where the endpoint's own problems go (never the token). */
  log?: (line: string) => void;
  /** Told when an agent connects or disconnects (status bars, withdrawing a gone agent's plans). */
  onSessionChange?: (session: Session, change: 'connected' | 'disconnected') => void;
  /** Told after every call of a session (the Agents view shows its recent calls). */
  onSessionCall?: (session: Session) => void;
  /**
   * The upgrade deadline and the caps on waiting connections and upgraded (WebSocket) sessions
   * (defaults: connection-gate.ts). A transport on a path keeps its own session cap.
   */
  connectionLimits?: Partial<ConnectionLimits>;
}

export interface AgentEndpoint {
  readonly port: number;
  readonly lockFile: string;
  /** The bearer token. It is in the lock file; never log or print it. */
  readonly token: string;
  /** The connected sessions, oldest first per transport (a host's `sessions()` returns these). */
  sessions(): readonly Session[];
  /** Ends every transport's sessions, stops listening and removes the lock file. */
  close(): Promise<void>;
}

export async function startAgentEndpoint(options: AgentEndpointOptions): Promise<AgentEndpoint> {
  const log = options.log ?? (() => undefined);
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_LIMITS.maxMessageBytes;
  const maxRole = options.maxRole ?? 'generator';
  const table = options.methods ?? METHODS;
  const dispatcher = new Dispatcher(new Map(table.map((method) => [method.name, method])), {
    limits: { maxMessageBytes },
    onCall: (session) => options.onSessionCall?.(session),
    onInternalError: (error, method) => log(`agent endpoint: internal error in ${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  const token = randomBytes(16).toString('hex');

  const routes = new Map<string, TransportHandler>();
  let upgrading: TransportHandler | undefined;
  const server = createServer((request, response) => {
    const route = routes.get(pathOf(request.url) ?? '');
    if (route?.handle) {
      const refusal = safeCheck(request);
      if (refusal) {
        // Not settled: an unauthenticated connection keeps its upgrade deadline. A missing or
        // wrong token is 403 here, not 401: MCP clients take a 401 for the start of OAuth
        // discovery, and this endpoint's token comes only from its lock file.
        response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
        response.end(`${refusal.status === 401 ? `${refusal.message.replace(/^Unauthorized/, 'Forbidden')} (this endpoint uses no OAuth)` : refusal.message}\n`);
        return;
      }
      // An authenticated request to a route (MCP) never upgrades: its connection is no longer
      // waiting, so the upgrade deadline and the cap on waiting connections do not apply to it.
      gate.settle(request.socket as Socket);
      route.handle(request, response);
      return;
    }
    if (pathOf(request.url)?.startsWith('/.well-known/')) {
      // OAuth discovery (protected resource or authorization server metadata): there is none.
      response.writeHead(404, { 'Content-Type': 'application/json', Connection: 'close' });
      response.end('{"error":"not_found","error_description":"this endpoint uses no OAuth: send Authorization: Bearer <token> with the token from its lock file"}\n');
      return;
    }
    if (upgrading === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
      response.end('Not Found\n');
      return;
    }
    response.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close', Upgrade: 'websocket' });
    response.end('Upgrade Required: this endpoint speaks JSON-RPC over WebSocket\n');
  });
  server.on('clientError', (_error, socket) => refuse(socket, 400, 'Bad Request'));
  const gate = new ConnectionGate(options.connectionLimits ?? {}, log);
  server.on('connection', (socket: Socket) => gate.admit(socket));
  const port = await listen(server, options.port ?? DEFAULT_PORT);
  const rules = { token, port, allowedOrigins: options.allowedOrigins ?? [] };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refusal = safeCheck(request);
    if (refusal) {
      refuse(socket, refusal.status, refusal.message);
      return;
    }
    if (upgrading?.upgrade === undefined) {
      refuse(socket, 404, 'Not Found: this endpoint takes no upgrade');
      return;
    }
    if (!gate.admitSession(upgrading.sessions().length)) {
      refuse(socket, 503, `Service Unavailable: ${gate.limits.maxSessions} agent sessions are connected, the most this endpoint serves; retry when one has left`);
      return;
    }
    // It presented the token: no longer one of the waiting connections a newcomer may close.
    gate.settle(socket as Socket);
    upgrading.upgrade(request, socket, head);
  });

  function safeCheck(request: IncomingMessage): RequestRefusal | undefined {
    try {
      return checkRequest(request, rules);
    } catch {
      return { status: 401, message: 'Unauthorized' };
    }
  }

  function sessionOpened(session: Session): void {
    const library = options.host.library();
    if (library !== undefined) session.notify('libraryContext', library);
    tell(session, 'connected');
  }

  function sessionClosed(session: Session): void {
    // Its suggestions leave the editor now (nobody would hear the decision), its plans and state go.
    releaseSession(options.host, session);
    tell(session, 'disconnected');
  }

  function tell(session: Session, change: 'connected' | 'disconnected'): void {
    try {
      options.onSessionChange?.(session, change);
    } catch (error) {
      log(`agent endpoint: onSessionChange failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const bufferNotices = notifyBufferChanges(options.host);
  const handlers: TransportHandler[] = [];
  for (const transport of options.transports) {
    const handler = transport.start({ dispatcher, methods: table, host: options.host, maxRole, maxMessageBytes, port, allowedOrigins: rules.allowedOrigins, log, sessionOpened, sessionClosed });
    handlers.push(handler);
    if (transport.path !== undefined) routes.set(transport.path, handler);
    if (handler.upgrade !== undefined) upgrading ??= handler;
  }
  const closeTransports = (): Promise<unknown> => Promise.all(handlers.map((handler) => handler.close().catch(() => undefined)));

  let lockFile: string;
  try {
    lockFile = await writeLockFile(options.lockDir ?? defaultLockDir(), {
      pid: process.pid,
      port,
      host: LOOPBACK,
      transport: 'ws',
      token,
      workspaceFolders: [...(options.workspaceFolders ?? [])],
      ideName: options.host.info.ideName,
      version: options.host.info.version,
    });
  } catch (error) {
    bufferNotices.dispose();
    gate.close();
    await closeTransports();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }

  // parseSource and runPipeline run in a worker thread; it stops with the endpoint.
  const releaseSourceWorker = holdSourceWorker();
  let closing: Promise<void> | undefined;
  return {
    port,
    lockFile,
    token,
    sessions: () => handlers.flatMap((handler) => handler.sessions()),
    close() {
      closing ??= (async () => {
        releaseSourceWorker();
        bufferNotices.dispose();
        gate.close();
        removeLockFile(lockFile, token);
        await closeTransports();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** Listens on the loopback interface; a taken (or forbidden) port falls back to any free one. */
function listen(server: Server, port: number): Promise<number> {
  const attempt = (wanted: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const onError = (error: Error): void => {
        server.off('listening', onListening);
        reject(error);
      };
      const onListening = (): void => {
        server.off('error', onError);
        const address = server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : wanted);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(wanted, LOOPBACK, ACCEPT_BACKLOG);
    });
  return attempt(port).catch((error: NodeJS.ErrnoException) => {
    if (port !== 0 && (error.code === 'EADDRINUSE' || error.code === 'EACCES')) return attempt(0);
    throw error;
  });
}

/** Answers a plain HTTP error on a socket that is not (yet) a WebSocket, then closes it. */
function refuse(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  if (status === 401) headers.push('WWW-Authenticate: Bearer');
  socket.once('finish', () => socket.destroy());
  socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
}
