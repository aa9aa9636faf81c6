// The worker thread that runs the source jobs (source-jobs.ts) the source pool hands it: a large
// or malformed source takes seconds to parse and check, and here that time is not taken from the
// other agents' requests nor, in VS Code, from the language server. It answers each {id, job}
// with the result's JSON as UTF-8 bytes, handed over without a copy, or with the error. Its thread
// runs below normal priority, so the endpoint's thread gets a core when it needs one.
import { parentPort } from 'node:worker_threads';
import { ProjectionError } from '../../projection';
import { loadGrammar } from '../../workspace/grammar';
import { runSourceJob, type SourceJob } from './source-jobs';
import { lowerThisThreadsPriority } from './thread-priority';

export interface WorkerRequest {
  id: number;
  job: SourceJob;
}

/** The error of a job: a ProjectionError's kind and hint come along, anything else is internal. */
export interface WorkerFailure {
  message: string;
  kind?: ProjectionError['kind'];
  hint?: string;
}

/** `ready` once the grammar is loaded (a job's deadline counts from then), then one answer per job. */
export type WorkerAnswer = { ready: true } | { id: number; json: Uint8Array } | { id: number; error: WorkerFailure };

const ready = loadGrammar();
void ready.then(() => {
  // Only now: threads started from this one take its priority, and loading the grammar may start
  // the process's shared I/O threads, which must keep theirs.
  lowerThisThreadsPriority();
  parentPort?.postMessage({ ready: true } satisfies WorkerAnswer);
});

parentPort?.on('message', (request: WorkerRequest) => {
  ready
    .then(() => runSourceJob(request.job))
    .then((text) => {
      const bytes = Buffer.from(text, 'utf8');
      // A small Buffer shares its memory with others (Node's pool); a copy of its own can be transferred.
      const json = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : new Uint8Array(bytes);
      parentPort!.postMessage({ id: request.id, json } satisfies WorkerAnswer, [json.buffer as ArrayBuffer]);
    })
    .catch((error: unknown) => {
      const failure: WorkerFailure =
        error instanceof ProjectionError ? { message: error.message, kind: error.kind, hint: error.hint } : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      parentPort!.postMessage({ id: request.id, error: failure } satisfies WorkerAnswer);
    });
});
