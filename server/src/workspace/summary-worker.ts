// The worker thread that reads and summarises files for the index's build (summary-pool.ts): a
// thousand files take seconds to parse, and here that time is taken neither from the editor's
// requests nor from one core only. Each {id, path, followLinks} is read through regular-file.ts
// with the index's limits and answered with the file's summary, or with why it was not read.
import { parentPort } from 'node:worker_threads';
import { INDEXED_FILE_LIMITS } from './file-limits';
import { summarizeText, type FileSummary } from './file-summary';
import { loadGrammar } from './grammar';
import { readFileWithin } from './regular-file';

export interface SummaryRequest {
  id: number;
  path: string;
  followLinks: boolean;
}

export type SummaryOutcome = { summary: FileSummary } | { problem: string; missing: boolean };

export type SummaryAnswer = { id: number; outcome: SummaryOutcome } | { id: number; error: string };

/** Reads and summarises one file (in whichever thread calls it). */
export function summarizeFile(path: string, followLinks: boolean): SummaryOutcome {
  const read = readFileWithin(path, { ...INDEXED_FILE_LIMITS, followLinks });
  if ('problem' in read) return read;
  // A leading byte-order mark is not part of the text (as in editors).
  return { summary: summarizeText(read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text) };
}

const ready = loadGrammar();

parentPort?.on('message', (request: SummaryRequest) => {
  ready
    .then(() => parentPort!.postMessage({ id: request.id, outcome: summarizeFile(request.path, request.followLinks) } satisfies SummaryAnswer))
    .catch((error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies SummaryAnswer));
});
