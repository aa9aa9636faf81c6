// The worker thread that reads and summarises files for the index's build (summary-pool.ts): a
// thousand files take seconds to parse, and here that time is taken neither from the editor's
// requests nor from one core only. Each {id, path, followLinks} is read through regular-file.ts
// with the index's limits and answered with the file's summary, or with why it was not read.
// After the summaries, a build checks every file here too: a `check` request names a file and
// what each module it imports resolves to (exports the build already has, workspace-check.ts);
// the answer is its diagnostics and exports (file-check.ts), its document kept for the next check
// of the same text (kept-documents.ts: the checks that follow a change come again and again).
import { parentPort } from 'node:worker_threads';
import { checkFile, indexAndCheckFile, readIndexedFile, textHash, type CheckedFile, type FileCheckRequest, type IndexedFileCheck } from './file-check';
import { summarizeText, type FileSummary } from './file-summary';
import { loadGrammar } from './grammar';
import { KeptDocuments } from './kept-documents';
import { KeptExports, type SentResolution } from './sent-exports';

export interface SummaryRequest {
  id: number;
  path: string;
  followLinks: boolean;
}

export interface CheckRequest extends FileCheckRequest {
  id: number;
  /** `check`: a file already summarised; `index`: a file read for the first time, summarised and (when it can be) checked from one parse. */
  kind: 'check' | 'index';
}

/** A check request as posted to the worker: its imports' exports by number (sent-exports.ts). */
export interface SentCheckRequest extends Omit<CheckRequest, 'resolutions'> {
  resolutions: [string, SentResolution][];
}

export type { CheckedFile, IndexedFileCheck };

/** A file's summary, with the hash of the text it was read from (file-check.ts textHash). */
export type SummaryOutcome = { summary: FileSummary; hash?: string } | { problem: string; missing: boolean };

export type SummaryAnswer =
  | { id: number; outcome: SummaryOutcome }
  | { id: number; checked: CheckedFile }
  | { id: number; indexed: IndexedFileCheck }
  | { id: number; error: string };

/** Reads and summarises one file (in whichever thread calls it). */
export function summarizeFile(path: string, followLinks: boolean): SummaryOutcome {
  const read = readIndexedFile(path, followLinks);
  return 'problem' in read ? read : { summary: summarizeText(read.text), hash: textHash(read.text) };
}

const ready = loadGrammar();
const kept = new KeptExports();
const documents = new KeptDocuments();

parentPort?.on('message', (sent: SummaryRequest | SentCheckRequest) => {
  // Read as the messages come, in order: the pool counts on that for what this worker keeps.
  let request: SummaryRequest | CheckRequest;
  try {
    request = 'kind' in sent ? { ...sent, resolutions: kept.receive(sent.resolutions) } : sent;
  } catch (error) {
    parentPort!.postMessage({ id: sent.id, error: error instanceof Error ? error.message : String(error) } satisfies SummaryAnswer);
    return;
  }
  ready
    .then(() =>
      parentPort!.postMessage(
        (!('kind' in request)
          ? { id: request.id, outcome: summarizeFile(request.path, request.followLinks) }
          : request.kind === 'index'
            ? { id: request.id, indexed: indexAndCheckFile(request) }
            : { id: request.id, checked: checkFile(request, documents) }) satisfies SummaryAnswer,
      ),
    )
    .catch((error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies SummaryAnswer));
});
