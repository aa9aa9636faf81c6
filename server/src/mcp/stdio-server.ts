// MCP on stdin/stdout in the process that holds the buffers (`whetstone-agent mcp --serve`): the
// host's methods through their own dispatcher, as one MCP session (the client that launched the
// process) on the SDK's stdio transport. No port, no token, no lock file: the pipe is the
// connection, and only the program that started the process holds it. The session is an agent
// session like any other (role linter until setAgentRole, plans, undo, workflows); it hears
// bufferChanged and the library once initialized, as on the endpoint. Ends when the client
// closes stdin. stdout carries MCP only.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { notifyBufferChanges, DEFAULT_LIMITS, Dispatcher, type AgentHost, METHODS, type AgentRole, type Session, releaseSession, holdSourceWorker } from '../agent';
import { McpSession } from './mcp-session';
import { toolCatalog } from './tool-catalog';
import { createToolServer, sendNotification } from './tool-server';

export interface StdioServerOptions {
  host: AgentHost;
  /** The highest role setAgentRole grants. */
  maxRole: AgentRole;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  /** Where problems go (stderr): never stdout, which is the MCP channel. */
  log: (line: string) => void;
  /** The longest line (message) read from stdin; the endpoint's default message size unless said. */
  maxMessageBytes?: number;
}

export interface StdioServer {
  /** The one session, for the host's sessions(). */
  sessions(): readonly Session[];
  /** Resolves once the client has closed stdin (or close() was called) and the session is released. */
  readonly ended: Promise<void>;
  close(): Promise<void>;
}

export async function startStdioServer(options: StdioServerOptions): Promise<StdioServer> {
  const { host, log } = options;
  const dispatcher = new Dispatcher(new Map(METHODS.map((method) => [method.name, method])), {
    limits: { maxMessageBytes: options.maxMessageBytes ?? DEFAULT_LIMITS.maxMessageBytes },
    onInternalError: (error, method) => log(`mcp: internal error in ${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  const made: { server?: Server } = {};
  const session = new McpSession(
    options.maxRole,
    async (method, params) => {
      if (made.server) await sendNotification(made.server, method, params);
    },
    log,
  );
  const server = createToolServer(session, toolCatalog(METHODS), { dispatcher, host });
  session.onDisconnect = () => void close();
  made.server = server;
  const named = server.oninitialized;
  server.oninitialized = () => {
    named?.();
    // Told once there is someone to tell: the notification follows the initialize exchange.
    const library = host.library();
    if (library !== undefined) session.notify('libraryContext', library);
  };
  const bufferNotices = notifyBufferChanges(host);
  // parseSource and runPipeline run in a worker thread; it stops with the session.
  const releaseSourceWorker = holdSourceWorker();

  const transport = new StdioServerTransport(options.stdin as never, options.stdout as never);
  transport.onerror = (error) => {
    // A line that is not a JSON-RPC message: answer it, as the endpoint answers malformed input.
    if (error instanceof SyntaxError || error.name === 'ZodError') {
      options.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${error.message.split('\n')[0].slice(0, 200)}` } })}\n`);
    }
  };

  let finish: () => void = () => undefined;
  const stdinGone = new Promise<void>((resolve) => (finish = resolve));
  options.stdin.once('end', () => finish());
  options.stdin.once('close', () => finish());
  // A line is a message: one longer than the endpoint takes a message to be ends the session, as
  // a WebSocket frame that large closes its socket, before the transport's buffer grows further.
  const maxLineBytes = options.maxMessageBytes ?? DEFAULT_LIMITS.maxMessageBytes;
  let lineBytes = 0;
  const measure = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const newline = bytes.lastIndexOf(0x0a);
    lineBytes = newline >= 0 ? bytes.length - newline - 1 : lineBytes + bytes.length;
    if (lineBytes <= maxLineBytes) return;
    options.stdin.off('data', measure);
    log(`mcp: a message on stdin is longer than ${maxLineBytes} bytes, the most taken; ending the session`);
    options.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: a message longer than ${maxLineBytes} bytes; the session ends` } })}\n`);
    void close();
  };
  options.stdin.on('data', measure);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      finish();
      options.stdin.off('data', measure);
      session.close();
      bufferNotices.dispose();
      releaseSourceWorker();
      releaseSession(host, session);
      await server.close().catch(() => undefined);
    })());
  await server.connect(transport);
  return {
    sessions: () => (session.connected ? [session] : []),
    ended: stdinGone.then(close),
    close,
  };
}
