// How many connections the endpoint holds for whom. A TCP connection that has not completed an
// authenticated WebSocket upgrade costs a file descriptor and proves nothing, so it gets a few
// seconds to do so and only so many may wait at once; authenticated sessions are capped too.
// Every refusal is counted, and logged without flooding the log: the first of a kind at once, then
// at most one line per kind and interval, with the count.
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** How long a connection may take to complete its WebSocket upgrade before it is closed. */
  upgradeDeadlineMs: number;
  /** Connections waiting to upgrade at once; more are closed as they arrive. */
  maxPendingUpgrades: number;
  /** Connected agent sessions at once; more are refused with 503. */
  maxSessions: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  upgradeDeadlineMs: 5_000,
  maxPendingUpgrades: 64,
  maxSessions: 64,
};

export type RefusalKind = 'pendingUpgrades' | 'upgradeDeadline' | 'sessions';

/** At most one refusal line per kind in this interval. */
const LOG_INTERVAL_MS = 10_000;

export class ConnectionGate {
  readonly limits: ConnectionLimits;
  /** Refusals since the endpoint started, by kind. */
  readonly refused: Record<RefusalKind, number> = { pendingUpgrades: 0, upgradeDeadline: 0, sessions: 0 };
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

  /** A new TCP connection: closed at once when too many wait, else given the upgrade deadline. */
  admit(socket: Socket): void {
    if (this.pending.size >= this.limits.maxPendingUpgrades) {
      socket.destroy();
      this.count('pendingUpgrades');
      return;
    }
    const timer = setTimeout(() => {
      if (!this.pending.delete(socket)) return;
      socket.destroy();
      this.count('upgradeDeadline');
    }, this.limits.upgradeDeadlineMs);
    timer.unref();
    this.pending.set(socket, timer);
    socket.once('close', () => this.settle(socket));
  }

  /** The connection became a WebSocket session (or was answered and is closing): no deadline now. */
  settle(socket: Socket): void {
    const timer = this.pending.get(socket);
    if (timer === undefined) return;
    clearTimeout(timer);
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
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const timer of this.logTimers.values()) clearTimeout(timer);
    this.logTimers.clear();
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
    const what = {
      pendingUpgrades: `over the cap of ${this.limits.maxPendingUpgrades} connections waiting to upgrade`,
      upgradeDeadline: `that did not upgrade within ${this.limits.upgradeDeadlineMs} ms`,
      sessions: `over the cap of ${this.limits.maxSessions} sessions`,
    }[kind];
    this.log(`agent endpoint: refused ${count} connection${count === 1 ? '' : 's'} ${what} (${this.refused[kind]} since start)`);
  }
}
