// The transports on the endpoint's port (the WebSocket transport, MCP's Streamable HTTP at /mcp):
// siblings over the same dispatcher. The endpoint checks every request and upgrade with the same
// rules (Host, Origin, bearer token) before a transport sees it, so a transport never decides who
// may connect; a transport's sessions are the endpoint's sessions (listSessions, the status bar,
// releasing what a session held when it leaves).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AgentHost, AgentRole, Dispatcher, MethodDefinition, Session } from '../agent';

/** What the endpoint lends a transport. */
export interface TransportServices {
  readonly dispatcher: Dispatcher;
  /** The dispatcher's method table (what a transport offers, e.g. MCP tools, is derived from it). */
  readonly methods: readonly MethodDefinition[];
  readonly host: AgentHost;
  /** The highest role a session of the transport may take (setAgentRole's ceiling). */
  readonly maxRole: AgentRole;
  /** The largest message or request body the transport reads (the endpoint's maxMessageBytes). */
  readonly maxMessageBytes: number;
  /** The port the endpoint listens on (127.0.0.1). */
  readonly port: number;
  /** Origins the person allowed; every other Origin has been refused before a request reaches the transport. */
  readonly allowedOrigins: readonly string[];
  readonly log: (line: string) => void;
  /** A session of the transport began: it counts as connected (status, listSessions, libraryContext). */
  sessionOpened(session: Session): void;
  /** A session of the transport ended: what it held is released. */
  sessionClosed(session: Session): void;
}

export interface TransportHandler {
  /** Answers one plain HTTP request to the transport's path that passed the endpoint's checks. */
  handle?(request: IncomingMessage, response: ServerResponse): void;
  /**
   * Takes one upgrade request that passed the endpoint's checks and its session cap (the
   * WebSocket transport); the socket is the transport's from then on.
   */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The transport's live sessions. */
  sessions(): readonly Session[];
  /** Ends every session of the transport (the endpoint is closing). */
  close(): Promise<void>;
}

export interface Transport {
  /** The exact path whose plain requests it answers, e.g. "/mcp"; none for one that only takes upgrades. */
  readonly path?: string;
  /** Called once the endpoint listens. */
  start(services: TransportServices): TransportHandler;
}

/** The path of a request URL, or undefined when it is not a URL path. */
export function pathOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return undefined;
  }
}
