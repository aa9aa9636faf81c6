// Worker threads (summary-worker.ts) that read and summarise the index's files during a build, one
// file at a time each, so a large workspace is indexed on every core while the language server's
// own thread stays free for the editor; then they check every file (its diagnostics and exports,
// file-check.ts), given the exports of what it imports; and after a change, the files it reaches
// (dependent-checks.ts). The language server keeps one pool for both (idle-pool.ts): started by the
// build, left running after it for the first change, and stopped once idle, when their memory goes
// with them. Where the worker's file is missing (or threads cannot start), the index reads and
// summarises on its own thread instead (file-index.ts).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ExportsNumbers, SentExports } from './sent-exports';
import type { CheckedFile, CheckRequest, IndexedFileCheck, SummaryAnswer, SummaryOutcome, SummaryRequest } from './summary-worker';

/** The worker's file: beside the bundle in dist/, or beside this file when run compiled into out/. */
const WORKER_FILE = join(__dirname, 'summary-worker.js');
/** At most this many workers, whatever the machine: beyond it the disk and the memory, not the parse, are the limit. */
const MAX_WORKERS = 4;
/**
 * The workers' young generation. Larger ones (64 MiB) built the index no faster, and the workers
 * wait between changes with it committed: with two workers the server's RSS is about 90 MiB lower.
 */
const WORKER_YOUNG_MB = 16;
/** A summary job's heap: the largest indexed file (4 MiB) needs a few hundred MiB while parsed. */
const WORKER_HEAP_MB = 1024;
/** The heap each worker is started with (the benchmarks start theirs alike). */
export const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB } as const;
/** How far into the queue a free worker looks for a file it checked last. */
const PLACEMENT_LOOKAHEAD = 64;
/** Files whose last worker is remembered, at most (then forgotten all at once). */
const MAX_FILES_PLACED = 8192;

interface Pending {
  resolve(answer: Exclude<SummaryAnswer, { error: string }>): void;
  reject(error: Error): void;
}

export class SummaryPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { request: SummaryRequest | CheckRequest; pending: Pending }[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly busy = new Map<Worker, number>();
  /** The imports' exports each worker has been sent and keeps (sent-exports.ts). */
  private readonly sent = new Map<Worker, SentExports>();
  private readonly exportsNumbers = new ExportsNumbers();
  /** The worker each file was last checked on: it keeps that file's document (kept-documents.ts). */
  private readonly checkedOn = new Map<string, Worker>();
  /** How many files of checkedOn each worker has, to place a new file on the one with fewest. */
  private readonly placedCount = new Map<Worker, number>();
  /** Checks sent to one worker (checkOn): only that worker takes them, while it runs. */
  private readonly routed = new Map<Worker, { request: CheckRequest; pending: Pending }[]>();
  private nextId = 0;

  private constructor(size: number) {
    // The language server's --max-semi-space-size would otherwise win over the workers' young
    // generation; the flag is read only when a heap is set up (agent/sources/source-pool.ts says more).
    setFlagsFromString('--max-semi-space-size=0');
    // The server's low growing factor (protocol/server-process.ts) keeps an editor's heap small,
    // but a worker parsing a thousand files would collect several times as often (measured: the
    // build took two to three times as long). V8 reads it for every heap, so V8's own heuristics
    // hold while the pool runs, the server's thread's too, and the server's value is back after.
    setFlagsFromString('--heap-growing-percent=0');
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_FILE, { resourceLimits: { ...WORKER_RESOURCE_LIMITS } });
      worker.unref();
      worker.on('message', (answer: SummaryAnswer) => this.answered(worker, answer));
      worker.on('error', (error) => this.failed(worker, error));
      worker.on('exit', () => this.failed(worker, new Error('the summary worker stopped')));
      this.workers.push(worker);
      this.idle.push(worker);
      this.placedCount.set(worker, 0);
      this.routed.set(worker, []);
      this.sent.set(worker, new SentExports(this.exportsNumbers));
    }
  }

  /** A pool of one worker per core (at most MAX_WORKERS), or undefined when workers cannot be had. */
  static start(): SummaryPool | undefined {
    if (!existsSync(WORKER_FILE)) return undefined;
    try {
      return new SummaryPool(Math.max(1, Math.min(MAX_WORKERS, availableParallelism())));
    } catch {
      return undefined;
    }
  }

  /** How many files can be under way at once (one per worker). */
  get size(): number {
    return this.workers.length;
  }

  /** Reads and summarises the file at `path` in a worker. */
  async summarize(path: string, followLinks: boolean): Promise<SummaryOutcome> {
    const answer = await this.ask({ id: ++this.nextId, path, followLinks });
    if (!('outcome' in answer)) throw new Error('the summary worker answered another question');
    return answer.outcome;
  }

  /** Reads and checks one file in a worker, against the answers given for its imports (file-check.ts). */
  async check(request: Omit<CheckRequest, 'id' | 'kind'>): Promise<CheckedFile> {
    const answer = await this.ask({ ...request, id: ++this.nextId, kind: 'check' });
    if (!('checked' in answer)) throw new Error('the summary worker answered another question');
    return answer.checked;
  }

  /**
   * The worker a check of `path` is best sent to (by its threadId, for checkOn): the one that
   * checked it last, which keeps its document, else the one with the fewest files placed on it.
   */
  placementOf(path: string): number {
    const placed = this.checkedOn.get(path);
    if (placed && this.workers.includes(placed)) return placed.threadId;
    let fewest = this.workers[0];
    if (!fewest) return -1;
    for (const worker of this.workers) if (this.placedCount.get(worker)! < this.placedCount.get(fewest)!) fewest = worker;
    this.place(path, fewest);
    return fewest.threadId;
  }

  /**
   * Checks a file on the worker placementOf named, and on no other while it runs: another would
   * parse the file again (a parse costs more than the check of a kept document), where a worker
   * left without files of its own waits only for the tail of a change. A worker that stopped
   * leaves its checks to any other.
   */
  async checkOn(threadId: number, request: Omit<CheckRequest, 'id' | 'kind'>): Promise<CheckedFile> {
    const worker = this.workers.find((candidate) => candidate.threadId === threadId);
    if (!worker) return this.check(request);
    const answer = await new Promise<Exclude<SummaryAnswer, { error: string }>>((resolve, reject) => {
      this.routed.get(worker)!.push({ request: { ...request, id: ++this.nextId, kind: 'check' }, pending: { resolve, reject } });
      this.pump();
    });
    if (!('checked' in answer)) throw new Error('the summary worker answered another question');
    return answer.checked;
  }

  /** Reads a file once in a worker for its summary and, when every import is answered, its check (file-check.ts indexAndCheckFile). */
  async indexAndCheck(request: Omit<CheckRequest, 'id' | 'kind'>): Promise<IndexedFileCheck> {
    const answer = await this.ask({ ...request, id: ++this.nextId, kind: 'index' });
    if (!('indexed' in answer)) throw new Error('the summary worker answered another question');
    return answer.indexed;
  }

  private ask(request: SummaryRequest | CheckRequest): Promise<Exclude<SummaryAnswer, { error: string }>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, pending: { resolve, reject } });
      this.pump();
    });
  }

  /** Stops the workers; what they still had fails. */
  stop(): void {
    setFlagsFromString(`--heap-growing-percent=${serverGrowingPercent()}`);
    for (const worker of this.workers.splice(0)) {
      worker.removeAllListeners('exit');
      void worker.terminate();
    }
    const stopped = new Error('the index build stopped');
    for (const pending of this.pending.values()) pending.reject(stopped);
    for (const { pending } of this.queue.splice(0)) pending.reject(stopped);
    for (const own of this.routed.values()) for (const { pending } of own.splice(0)) pending.reject(stopped);
    this.pending.clear();
  }

  private pump(): void {
    for (let at = this.idle.length - 1; at >= 0; at--) {
      const worker = this.idle[at];
      const own = this.routed.get(worker)!;
      const next = own.length > 0 ? own.shift()! : this.queue.length > 0 ? this.queue.splice(this.nextFor(worker), 1)[0] : undefined;
      if (!next) continue;
      this.idle.splice(at, 1);
      const { request, pending } = next;
      if ('kind' in request && request.kind === 'check') this.place(request.path, worker);
      this.pending.set(request.id, pending);
      this.busy.set(worker, request.id);
      worker.postMessage('kind' in request ? { ...request, resolutions: this.sent.get(worker)!.send(request.resolutions) } : request);
    }
  }

  /** Notes that `worker` has (or will have) the document of `path`. */
  private place(path: string, worker: Worker): void {
    if (this.checkedOn.size >= MAX_FILES_PLACED) {
      this.checkedOn.clear();
      for (const counted of this.placedCount.keys()) this.placedCount.set(counted, 0);
    }
    const before = this.checkedOn.get(path);
    if (before === worker) return;
    if (before && this.placedCount.has(before)) this.placedCount.set(before, this.placedCount.get(before)! - 1);
    this.checkedOn.set(path, worker);
    this.placedCount.set(worker, this.placedCount.get(worker)! + 1);
  }

  /**
   * Where in the queue the request for `worker` is: the first check, among the first few, of a
   * file it checked last (it parses it no more), else of a file no worker has checked (another
   * worker keeps the others' documents), otherwise the first. Each request carries what it
   * needs, so they may go in another order.
   */
  private nextFor(worker: Worker): number {
    const end = Math.min(this.queue.length, PLACEMENT_LOOKAHEAD);
    let unplaced = -1;
    for (let i = 0; i < end; i++) {
      const { request } = this.queue[i];
      if (!('kind' in request) || request.kind !== 'check') continue;
      const placed = this.checkedOn.get(request.path);
      if (placed === worker) return i;
      if (unplaced < 0 && (placed === undefined || !this.workers.includes(placed))) unplaced = i;
    }
    return Math.max(0, unplaced);
  }

  private answered(worker: Worker, answer: SummaryAnswer): void {
    const pending = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    this.busy.delete(worker);
    this.idle.push(worker);
    if ('error' in answer) pending?.reject(new Error(answer.error));
    else pending?.resolve(answer);
    this.pump();
  }

  /** A worker that failed takes its file with it; the others go on. */
  private failed(worker: Worker, error: Error): void {
    const id = this.busy.get(worker);
    this.busy.delete(worker);
    const index = this.workers.indexOf(worker);
    if (index >= 0) this.workers.splice(index, 1);
    this.sent.delete(worker);
    this.placedCount.delete(worker);
    // Its own checks go to whichever worker is free.
    this.queue.unshift(...(this.routed.get(worker) ?? []));
    this.routed.delete(worker);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    if (id !== undefined) {
      this.pending.get(id)?.reject(error);
      this.pending.delete(id);
    }
    if (this.workers.length === 0) for (const { pending } of this.queue.splice(0)) pending.reject(error);
    else this.pump();
  }
}

/** The growing factor the process was started with (0: V8's own). */
function serverGrowingPercent(): number {
  const given = process.execArgv.filter((option) => option.startsWith('--heap-growing-percent=')).at(-1);
  const value = Number(given?.slice('--heap-growing-percent='.length));
  return Number.isInteger(value) && value >= 0 ? value : 0;
}
