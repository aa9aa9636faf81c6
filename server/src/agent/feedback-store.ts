// Keeps the annotation feedback model of a workspace (core/suggest/feedback.ts) in the host's
// feedback file, so what people accept and reject keeps counting across restarts. Each answer
// re-reads the file before writing it (atomically), so two windows on one workspace add up their
// answers instead of overwriting each other's. Rejections of one suggestion on one node are also
// remembered in memory, with a digest of the node's code, so that exact suggestion is not shown
// again while the server runs and that code stays as it was; their keys are made of bounded params
// (uri, node id, a known type and strategy, the digest) and their number is capped.
// The model on disk is keyed by type and strategy only, which the vocabulary bounds.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { emptyFeedback, readFeedback, withAnswer, type FeedbackData } from '../core/suggest';
import { writeAtomically } from './atomic-write';
import { AgentError, ErrorCode } from './errors';
import { perHost } from './per-host';

export interface Answer {
  annotationType: string;
  strategy: string;
  accepted: boolean;
  /** The suggestion's node and buffer, for not showing a rejected suggestion again. */
  nodeId?: string;
  uri?: string;
  /** The node's source text when it was rejected: the suggestion comes back once it changes. */
  code?: string;
}

/** Rejections remembered for not showing a suggestion again; the oldest are forgotten first. */
export const MAX_DISMISSED = 10_000;

export class FeedbackStore {
  private data: FeedbackData = emptyFeedback();
  /** What the cached data was read from: the file's mtime and size, or null before any read. */
  private stamp: string | null = null;
  private readonly dismissed = new Set<string>();

  constructor(readonly file: string | undefined) {}

  /** The model as it is now (re-read when the file changed, e.g. from another window). */
  current(): FeedbackData {
    if (!this.file) return this.data;
    const stamp = fileStamp(this.file);
    if (stamp !== this.stamp) {
      this.data = stamp === 'missing' ? emptyFeedback() : readFile(this.file);
      this.stamp = stamp;
    }
    return this.data;
  }

  /** Records one answer and saves the model; returns its new revision. */
  record(answer: Answer): number {
    if (!answer.accepted && answer.nodeId !== undefined) this.dismiss(dismissalKey(answer.uri, answer.nodeId, answer.annotationType, answer.strategy, answer.code));
    const base = this.file ? (fileStamp(this.file) === 'missing' ? emptyFeedback() : readFile(this.file)) : this.data;
    this.data = withAnswer(base, answer.annotationType, answer.strategy, answer.accepted);
    if (this.file) {
      try {
        mkdirSync(dirname(this.file), { recursive: true });
        writeAtomically(this.file, `${JSON.stringify(this.data, null, 2)}\n`);
        this.stamp = fileStamp(this.file);
      } catch (error) {
        this.stamp = null;
        throw new AgentError(ErrorCode.InternalError, `The answer counts until the server stops, but it could not be saved to ${this.file}: ${(error as Error).message}`, {
          hint: 'Check that the workspace folder is writable.',
        });
      }
    }
    return this.data.modelRevision;
  }

  private dismiss(key: string): void {
    // Re-adding moves a key to the end: the set is kept in order of last rejection.
    this.dismissed.delete(key);
    this.dismissed.add(key);
    if (this.dismissed.size > MAX_DISMISSED) this.dismissed.delete(this.dismissed.values().next().value as string);
  }

  /** Whether the person rejected exactly this suggestion on this node while it had this code. */
  isDismissed(uri: string | undefined, nodeId: string, annotationType: string, strategy: string, code?: string): boolean {
    return this.dismissed.has(dismissalKey(uri, nodeId, annotationType, strategy, code));
  }
}

function dismissalKey(uri: string | undefined, nodeId: string, annotationType: string, strategy: string, code: string | undefined): string {
  const digest = code === undefined ? '' : createHash('sha256').update(code).digest('base64url');
  return `${uri ?? ''}\u0000${nodeId}\u0000${annotationType}/${strategy}\u0000${digest}`;
}

function fileStamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

/** A damaged or unreadable file starts the model afresh rather than stopping suggestions. */
function readFile(file: string): FeedbackData {
  try {
    return readFeedback(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return emptyFeedback();
  }
}

/** The feedback store of a host (one per host, at the host's feedbackFile). */
export const feedbackStoreOf = perHost((host) => new FeedbackStore(host.feedbackFile));
