// Worker threads for the index's build (file-index.ts) and the checks that follow a change
// (dependent-checks.ts), started when a build or a change has enough files to pay for them and
// stopped once none has come for a while: between changes their memory goes with them, while a
// run of edits (a signature typed, changed back) finds them started, and so does the first change
// after a build, their code already compiled (fresh workers compile it again).
// Started again when needed after a stop.
import { SummaryPool } from './summary-pool';

/** How long the workers are kept after their last answer: a person editing a signature comes back within it. */
export const POOL_IDLE_MS = 60_000;

export class IdlePool {
  private pool: SummaryPool | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  /** Set when workers could not start: the caller checks on its own thread from then on. */
  private unavailable = false;

  constructor(private readonly idleMs = POOL_IDLE_MS) {}

  /** The pool if it is started and has workers left (nothing is started here). */
  get started(): SummaryPool | undefined {
    this.dropIfEmpty();
    return this.pool;
  }

  /** The pool, started if need be; undefined when workers cannot be had. */
  acquire(): SummaryPool | undefined {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dropIfEmpty();
    if (!this.pool && !this.unavailable) {
      this.pool = SummaryPool.start();
      if (!this.pool) this.unavailable = true;
    }
    return this.pool;
  }

  /** Runs `work` on the pool, counting it: the idle time starts when the last work is done. */
  async run<T>(pool: SummaryPool, work: (pool: SummaryPool) => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work(pool);
    } finally {
      if (--this.running === 0 && this.pool === pool) this.stopLater();
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pool?.stop();
    this.pool = undefined;
  }

  /**
   * Lets go of a pool whose workers have all stopped (a worker that fails rejects its files, which
   * their callers check on their own thread): kept, it would take no file and hold every later
   * one waiting. The next acquire starts new workers.
   */
  private dropIfEmpty(): void {
    if (this.pool?.size !== 0) return;
    this.pool.stop();
    this.pool = undefined;
  }

  private stopLater(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running > 0) return;
      this.pool?.stop();
      this.pool = undefined;
    }, this.idleMs);
    // The server may exit meanwhile.
    this.timer.unref();
  }
}
