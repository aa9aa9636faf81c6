// The agent Session of one MCP session: the same identity, role (linter until setAgentRole), plans,
// workflow recording and undo history as a WebSocket session, because it is one to every method.
// Two things an MCP client could fill without end are bounded here: calls waiting their turn (a
// session's calls run one after the other, as on the WebSocket, since a later one may depend on
// an earlier one) and notifications waiting to be written (the oldest are dropped past the bound,
// and a newer bufferChanged for a buffer replaces the one still waiting). Over HTTP a notification
// can only travel on the session's open GET stream: until one is open (libraryContext is sent as
// the session begins, before the client opens it) they wait in the same bounded queue.
import { type AgentRole, AgentSession } from '../agent';

/** Calls one session may have waiting behind the one running; more are refused at once. */
export const MAX_WAITING_CALLS = 32;
/** Notifications waiting to be written to one session's stream. */
export const MAX_QUEUED_NOTIFICATIONS = 256;

/** Writes one notification; resolves when the next may be written (the stream has room). */
export type NotificationWriter = (method: string, params: unknown) => Promise<void>;

interface Queued {
  method: string;
  params: unknown;
}

export class McpSession extends AgentSession {
  readonly transport = 'mcp' as const;
  /** Ends the MCP session (the route sets it once the session is initialized). */
  onDisconnect: () => void = () => undefined;
  /** Notifications dropped because the client did not read them in time. */
  droppedNotifications = 0;
  private readonly queue: Queued[] = [];
  private writing = false;
  private streamOpen = true;
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    maxRole: AgentRole,
    private readonly write: NotificationWriter,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    super(maxRole);
  }

  notify(method: string, params: unknown): void {
    if (!this.connected) return;
    if (method === 'bufferChanged') {
      const uri = (params as { uri?: unknown }).uri;
      const stale = this.queue.findIndex((entry) => entry.method === 'bufferChanged' && (entry.params as { uri?: unknown }).uri === uri);
      if (stale >= 0) this.queue.splice(stale, 1);
    }
    this.queue.push({ method, params });
    if (this.queue.length > MAX_QUEUED_NOTIFICATIONS) {
      this.queue.shift();
      if (this.droppedNotifications++ === 0) this.log(`mcp: ${this.id} does not read its notifications; dropping the oldest`);
    }
    if (!this.writing && this.streamOpen) void this.drain();
  }

  /** Whether notifications can be written now; while not, they wait (bounded) for the stream. */
  setStreamOpen(open: boolean): void {
    this.streamOpen = open;
    if (open && !this.writing) void this.drain();
  }

  /**
   * Runs `work` after the session's earlier calls; undefined (nothing run) when MAX_WAITING_CALLS
   * are already waiting.
   */
  run<T>(work: () => Promise<T>): Promise<T> | undefined {
    if (this.waiting >= MAX_WAITING_CALLS) return undefined;
    this.waiting++;
    this.lastMessageAtMs = Date.now();
    this.messageCount++;
    const result = this.tail.then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.tail = settled;
    void settled.then(() => this.waiting--);
    return result;
  }

  disconnect(): void {
    if (this.connected) this.onDisconnect();
  }

  /** The session ended: nothing more is sent, what waits is dropped. */
  close(): void {
    this.connected = false;
    this.queue.length = 0;
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0 && this.connected && this.streamOpen) {
        const next = this.queue.shift()!;
        try {
          await this.write(next.method, next.params);
        } catch (error) {
          this.log(`mcp: ${this.id}: a notification could not be sent: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
