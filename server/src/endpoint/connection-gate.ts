// How many connections the endpoint holds for whom. A TCP connection that has not presented the
// token (an authenticated WebSocket upgrade or route request) costs a file descriptor and proves
// nothing, so it gets a few seconds to do so and only so many may wait at once. When that many
// wait, a new connection closes the one that has waited longest rather than being refused: a
// process that holds idle connections and reopens them as they close then cannot keep out an
// agent, which sends its request as soon as it has connected. The cap is large for that: an agent
// is closed only if the cap's worth of connections arrive between its own and its request, more
// than the endpoint can accept in that time. Authenticated sessions are capped on their own.
// Every refusal is counted, and logged without flooding the log: the first of a kind at once,
// then at most one line per kind and interval, with the count.
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** How long a connection may take to present the token (upgrade or route request) before it is closed. */
  upgradeDeadlineMs: number;
  /** Connections without the token yet, at once; a new one beyond closes the oldest of them. */
  maxPendingUpgrades: number;
  /** Connected agent sessions at once; more are refused with 503. */
  maxSessions: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  upgradeDeadlineMs: 5_000,
  maxPendingUpgrades: 1024,
  maxSessions: 64,
};

export type RefusalKind = 'pendingUpgrades' | 'upgradeDeadline' | 'sessions';

/** At most one refusal line per kind in this interval. */
const LOG_INTERVAL_MS = 10_000;

export class ConnectionGate {
  readonly limits: ConnectionLimits;
  /** Refusals since the endpoint started, by kind. */
  readonly refused: Record<RefusalKind, number> = { pendingUpgrades: 0, upgradeDeadline: 0, sessions: 0 };
  /** Connections without the token yet, oldest first, each with its deadline. */
  private readonly pending = new Map<Socket, NodeJS.Timeout>();
  /** Refusals not logged yet, and when each kind was last logged. */
  private readonly unlogged: Record<RefusalKind, number> = { pendingUpgrades: 0, upgradeDeadline: 0, sessions: 0 };
  private readonly loggedAt: Record<RefusalKind, number> = { pendingUpgrades: -Infinity, upgradeDeadline: -Infinity, sessions: -Infinity };
  private readonly logTimers = new Map<RefusalKind, NodeJS.Timeout>();

  constructor(
    limits: Partial<ConnectionLimits>,
    private readonly log: (line: string) => void,
  ) {
    this.limits = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  }

  /** A new TCP connection, given the deadline; past the cap, the oldest waiting connection is closed. */
  admit(socket: Socket): void {
    if (this.pending.size >= this.limits.maxPendingUpgrades) this.closeOldest();
    const deadline = setTimeout(() => {
      if (!this.pending.delete(socket)) return;
      socket.destroy();
      this.count('upgradeDeadline');
    }, this.limits.upgradeDeadlineMs);
    deadline.unref();
    this.pending.set(socket, deadline);
    socket.once('close', () => this.settle(socket));
  }

  /** The connection presented the token (or was answered and is closing): no deadline, not waiting. */
  settle(socket: Socket): void {
    const deadline = this.pending.get(socket);
    if (deadline === undefined) return;
    clearTimeout(deadline);
    this.pending.delete(socket);
  }

  /** Whether one more session may open while `connected` are; counts a refusal when not. */
  admitSession(connected: number): boolean {
    if (connected < this.limits.maxSessions) return true;
    this.count('sessions');
    return false;
  }

  /** Connections waiting to upgrade now. */
  get pendingCount(): number {
    return this.pending.size;
  }

  close(): void {
    for (const deadline of this.pending.values()) clearTimeout(deadline);
    this.pending.clear();
    for (const timer of this.logTimers.values()) clearTimeout(timer);
    this.logTimers.clear();
  }

  private closeOldest(): void {
    // A Map iterates in insertion order: its first key has waited longest.
    const oldest = this.pending.keys().next().value as Socket;
    this.settle(oldest);
    oldest.destroy();
    this.count('pendingUpgrades');
  }

  /** Logs the first refusal of a kind at once, later ones at most once per interval, summed. */
  private count(kind: RefusalKind): void {
    this.refused[kind]++;
    this.unlogged[kind]++;
    if (this.logTimers.has(kind)) return;
    const wait = this.loggedAt[kind] + LOG_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      this.flush(kind);
      return;
    }
    const timer = setTimeout(() => {
      this.logTimers.delete(kind);
      this.flush(kind);
    }, wait);
    timer.unref();
    this.logTimers.set(kind, timer);
  }

  private flush(kind: RefusalKind): void {
    const count = this.unlogged[kind];
    this.unlogged[kind] = 0;
    this.loggedAt[kind] = Date.now();
    const connections = `${count} connection${count === 1 ? '' : 's'}`;
    const what = {
      pendingUpgrades: `closed ${connections} without the token (the oldest waiting) to admit new ones past the cap of ${this.limits.maxPendingUpgrades} connections waiting to upgrade`,
      upgradeDeadline: `refused ${connections} that did not upgrade within ${this.limits.upgradeDeadlineMs} ms`,
      sessions: `refused ${connections} over the cap of ${this.limits.maxSessions} sessions`,
    }[kind];
    this.log(`agent endpoint: ${what} (${this.refused[kind]} since start)`);
  }
}
