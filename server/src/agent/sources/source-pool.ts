// Runs the long source jobs (parseSource, runPipeline) in one worker thread (source-worker.ts),
// one job at a time, so that a large or malformed source — seconds of parsing and checking —
// never holds up other agents' requests (nor, in VS Code, the language server the endpoint lives
// in): the endpoint's thread only hands the text over and sends the bytes that come back. The
// worker starts on first use and stops when idle (its memory goes with it) or when the endpoint
// closes. A job that takes longer than the deadline or runs out of memory stops the worker and is
// answered -32020; a worker that dies otherwise fails its job with an internal error; either way
// the next job gets a new worker.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ProjectionError } from '../../projection';
import { AgentError, ErrorCode } from '../errors';
import type { SourceJob } from './source-jobs';
import type { WorkerAnswer, WorkerRequest } from './source-worker';
import { RawJson } from '../ast-json/raw-json';

/** How long one job may take (text that is not source makes tree-sitter's error recovery slow). */
export const SOURCE_JOB_DEADLINE_MS = 30_000;
/** Jobs waiting for the worker; more are refused. A session has one at most (its messages are handled in order). */
export const MAX_WAITING_SOURCE_JOBS = 16;
/** An idle worker is stopped after this long, returning its memory. */
const IDLE_MS = 10_000;
/** The worker's heap: the largest source needs a few hundred MiB; more means the source is too much. */
const WORKER_HEAP_MB = 1536;
/** A larger young generation: a parse allocates millions of short-lived objects (about 10% faster). */
const WORKER_YOUNG_MB = 64;
/** The worker's file: beside the bundle in dist/, or beside this file when run compiled into out/. */
const WORKER_FILE = join(__dirname, 'source-worker.js');

const SMALLER = 'Send a smaller source, or one with fewer syntax errors (recovering from text that does not parse is what takes long).';

interface Job {
  id: number;
  job: SourceJob;
  resolve(result: RawJson): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  overtime?: boolean;
}

export interface SourcePoolLimits {
  /** How long one job may take; SOURCE_JOB_DEADLINE_MS unless said. */
  deadlineMs?: number;
  /** The worker's old-generation heap in MiB; WORKER_HEAP_MB unless said. */
  heapMb?: number;
}

/** One worker and the queue in front of it. The endpoint uses one per process (below). */
export class SourcePool {
  private worker: Worker | undefined;
  /** Whether the worker has loaded its grammar: a job's deadline counts from then, not from start-up. */
  private workerReady = false;
  private current: Job | undefined;
  private readonly waiting: Job[] = [];
  private nextId = 0;
  private idle: NodeJS.Timeout | undefined;
  /** Why the worker failed, if it reported an error before exiting. */
  private failure: Error | undefined;

  constructor(private readonly limits: SourcePoolLimits = {}) {}

  run(job: SourceJob): Promise<RawJson> {
    if (this.waiting.length >= MAX_WAITING_SOURCE_JOBS) {
      return Promise.reject(
        new AgentError(ErrorCode.InvalidRequest, `Invalid Request: ${MAX_WAITING_SOURCE_JOBS} parseSource and runPipeline calls are already waiting; nothing was run`, {
          hint: 'Retry when one of them has been answered.',
        }),
      );
    }
    return new Promise<RawJson>((resolve, reject) => {
      this.waiting.push({ id: ++this.nextId, job, resolve, reject });
      this.pump();
    });
  }

  /** Stops the worker and fails the job it runs and those waiting (the endpoint is closing). */
  stop(): void {
    const stopped = new AgentError(ErrorCode.InternalError, 'The agent endpoint is closing; the source was not parsed');
    const jobs = [...(this.current ? [this.current] : []), ...this.waiting.splice(0)];
    this.finish();
    for (const job of jobs) job.reject(stopped);
    this.stopWorker();
  }

  private pump(): void {
    if (this.current || this.waiting.length === 0) return;
    clearTimeout(this.idle);
    this.idle = undefined;
    const job = this.waiting.shift()!;
    this.current = job;
    const worker = this.start();
    if (this.workerReady) this.startClock(worker, job);
    // A job in progress keeps the process alive; an idle worker does not (see start).
    worker.ref();
    worker.postMessage({ id: job.id, job: job.job } satisfies WorkerRequest);
  }

  private startClock(worker: Worker, job: Job): void {
    job.timer = setTimeout(() => {
      job.overtime = true;
      void worker.terminate();
    }, this.deadlineMs);
    job.timer.unref();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    this.workerReady = false;
    // V8 lets a process's --max-semi-space-size (the language server and serve are started with
    // one) win over a worker's young-generation limit, which would leave the parse with the
    // process's small semi-spaces (with 4 MiB, parseSource of 2 MiB took 1.5–2× as long). The flag
    // is read only when a heap is set up: cleared here, the worker gets WORKER_YOUNG_MB and the
    // process's heap keeps its own.
    setFlagsFromString('--max-semi-space-size=0');
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb ?? WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    // The server's sockets keep the process alive; an idle worker must not.
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => this.answered(answer));
    worker.on('error', (error) => (this.failure = error));
    worker.on('exit', () => this.exited(worker));
    this.worker = worker;
    return worker;
  }

  private answered(answer: WorkerAnswer): void {
    if ('ready' in answer) {
      this.workerReady = true;
      if (this.current && this.worker) this.startClock(this.worker, this.current);
      return;
    }
    const job = this.current;
    if (job?.id !== answer.id) return;
    this.finish();
    if ('json' in answer) job.resolve(new RawJson(Buffer.from(answer.json.buffer, answer.json.byteOffset, answer.json.byteLength)));
    else if (answer.error.kind) job.reject(new ProjectionError(answer.error.kind, answer.error.message, answer.error.hint));
    else job.reject(new Error(`${job.job.kind} failed in the source worker: ${answer.error.message}`));
    this.pump();
    if (!this.current) {
      this.worker?.unref();
      this.idle = setTimeout(() => this.stopWorker(), IDLE_MS);
      this.idle.unref();
    }
  }

  private exited(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const job = this.current;
    const failure = this.failure;
    this.failure = undefined;
    if (!job) return;
    this.finish();
    const what = job.job.kind;
    if (job.overtime) {
      job.reject(new AgentError(ErrorCode.CodeGenerationFailed, `${what} gave up: the work took longer than ${this.deadlineMs / 1000} s; nothing was changed`, { hint: SMALLER }));
    } else if ((failure as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      job.reject(new AgentError(ErrorCode.CodeGenerationFailed, `${what} gave up: the source needs more memory than the parser may use; nothing was changed`, { hint: SMALLER }));
    } else {
      // Reported to the log by the dispatcher; the agent hears "internal error", the next job gets a new worker.
      job.reject(new Error(`the source worker stopped during ${what}: ${failure?.stack ?? failure?.message ?? 'no reason given'}`));
    }
    this.pump();
  }

  private get deadlineMs(): number {
    return this.limits.deadlineMs ?? SOURCE_JOB_DEADLINE_MS;
  }

  private stopWorker(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    const worker = this.worker;
    if (!worker || this.current) return;
    this.worker = undefined;
    void worker.terminate();
  }

  private finish(): void {
    clearTimeout(this.current?.timer);
    this.current = undefined;
  }
}

const pool = new SourcePool();
let holders = 0;

/** The result of `job` as JSON text, computed in the source worker. */
export function runInSourceWorker(job: SourceJob): Promise<RawJson> {
  return pool.run(job);
}

/**
 * An endpoint holds the source worker while it serves; the returned function lets go, and when the
 * last endpoint of the process has let go the worker is stopped and what it ran or queued fails.
 */
export function holdSourceWorker(): () => void {
  holders++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders === 0) pool.stop();
  };
}
