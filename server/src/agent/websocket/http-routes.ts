// Plain HTTP routes on the endpoint's own port, beside the WebSocket upgrade (MCP's Streamable
// HTTP at /mcp). The endpoint checks every request to a route with the rules of an upgrade (Host,
// Origin, bearer token) before the route sees it, so a route never decides who may connect; the
// route's sessions are the endpoint's sessions (listSessions, the status bar, releasing what a
// session held when it leaves).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from '../dispatcher';
import type { AgentHost } from '../host';
import type { MethodDefinition } from '../method';
import type { AgentRole } from '../roles';
import type { Session } from '../session';

/** What the endpoint lends a route. */
export interface RouteServices {
  readonly dispatcher: Dispatcher;
  /** The dispatcher's method table (what a route offers, e.g. MCP tools, is derived from it). */
  readonly methods: readonly MethodDefinition[];
  readonly host: AgentHost;
  /** The highest role a session of the route may take (setAgentRole's ceiling). */
  readonly maxRole: AgentRole;
  /** The largest request body the route reads (the endpoint's maxMessageBytes). */
  readonly maxMessageBytes: number;
  /** The port the endpoint listens on (127.0.0.1). */
  readonly port: number;
  /** Origins the person allowed; every other Origin has been refused before a request reaches the route. */
  readonly allowedOrigins: readonly string[];
  readonly log: (line: string) => void;
  /** A session of the route began: it counts as connected (status, listSessions, libraryContext). */
  sessionOpened(session: Session): void;
  /** A session of the route ended: what it held is released. */
  sessionClosed(session: Session): void;
}

export interface RouteHandler {
  /** Answers one request that passed the endpoint's checks. */
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** The route's live sessions. */
  sessions(): readonly Session[];
  /** Ends every session of the route (the endpoint is closing). */
  close(): Promise<void>;
}

export interface HttpRoute {
  /** The exact path served, e.g. "/mcp". */
  readonly path: string;
  /** Called once the endpoint listens. */
  start(services: RouteServices): RouteHandler;
}

/** The path of a request URL, or undefined when it is not a URL path. */
export function pathOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return undefined;
  }
}
