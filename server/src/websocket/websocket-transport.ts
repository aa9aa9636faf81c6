// The WebSocket transport (docs/AGENT-ENDPOINT.md): JSON-RPC over a WebSocket on the endpoint's
// port, one Session per socket. The endpoint has checked the upgrade (token, Origin, Host) and its
// session cap before the socket reaches here; a silent peer is pinged and dropped, and closing
// asks every agent to leave before cutting its socket.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Session } from '../agent';
import type { Transport, TransportHandler, TransportServices } from '../endpoint';
import { AgentConnection, CLOSE_GOING_AWAY } from './connection';

/** How often a silent peer is pinged; one that missed the previous pong is dropped. */
const HEARTBEAT_MS = 30_000;
/** How long closing waits for agents to acknowledge the close before cutting their sockets. */
const CLOSE_GRACE_MS = 1_000;

/** The WebSocket transport for startAgentEndpoint's transports. */
export function webSocketTransport(): Transport {
  return { start: (services) => new WebSocketHandler(services) };
}

class WebSocketHandler implements TransportHandler {
  private readonly connections = new Map<WebSocket, AgentConnection>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly wss: WebSocketServer;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly services: TransportServices) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: services.maxMessageBytes, clientTracking: false });
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
  }

  sessions(): readonly Session[] {
    return [...this.connections.values()].map((connection) => connection.session);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    const sockets = [...this.connections.keys()];
    for (const ws of sockets) ws.close(CLOSE_GOING_AWAY, 'The Whetstone agent endpoint is shutting down');
    await Promise.race([
      Promise.all(sockets.map((ws) => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : ws.once('close', () => resolve()))))),
      new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref()),
    ]);
    for (const ws of this.connections.keys()) ws.terminate();
    this.wss.close();
  }

  private accept(ws: WebSocket): void {
    const { services } = this;
    const connection = new AgentConnection(ws, services.maxRole, services.dispatcher, services.host, services.log);
    const session = connection.session;
    this.connections.set(ws, connection);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    // ws reports bad frames (too large: 1009, invalid UTF-8: 1007…) here and closes the socket itself.
    ws.on('error', (error) => services.log(`agent endpoint: ${session.id}: ${error.message}`));
    ws.on('close', () => {
      connection.closed();
      this.connections.delete(ws);
      services.sessionClosed(session);
    });
    services.sessionOpened(session);
  }

  private ping(): void {
    for (const ws of this.connections.keys()) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      try {
        ws.ping();
      } catch {
        ws.terminate();
      }
    }
  }
}
