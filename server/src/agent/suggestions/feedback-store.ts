// Keeps the annotation feedback model of a workspace (core/suggest/feedback.ts) in the host's
// feedback file, so what people accept and reject keeps counting across restarts. Each answer
// re-reads the file before writing it (atomically), so two windows on one workspace add up their
// answers instead of overwriting each other's.
// The same file remembers which suggestions were rejected where, so a rejected suggestion stays
// hidden after a restart while its node's code is as it was. Node ids do not survive a restart
// (they follow the order of parsing and edits), so a rejection is keyed by what does: the buffer's
// uri, the node's place (its type and name and its ancestors', WhetstoneDocument.placeOf), the
// rule, and the node's code. The file keeps only a hash of those (no source text, fixed size),
// and at most MAX_DISMISSED of them, forgetting the oldest first.
// The model's counts are keyed by type and strategy only, which the vocabulary bounds.
// The file may be in the workspace's own folder (.whetstone/), which a cloned repository can
// fill: it is read only if it is a regular file of a bounded size (workspace/regular-file.ts), and
// never written through a symbolic link, its own or its folder's.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { emptyFeedback, readFeedback, ruleKey, withAnswer, withoutAcceptance, type FeedbackData } from '../../core/suggest';
import { FEEDBACK_FILE_LIMITS } from '../../workspace/file-limits';
import { readFileWithin } from '../../workspace/regular-file';
import { writeAtomically } from '../atomic-write';
import { AgentError, ErrorCode } from '../errors';
import { perHost } from '../per-host';

/** What identifies a node across restarts of the server: see the file comment. */
export interface NodeIdentity {
  uri: string;
  place: string;
  /** The node's source text: a rejected suggestion comes back once it changes. */
  code: string;
}

export interface Answer {
  annotationType: string;
  strategy: string;
  accepted: boolean;
  /** The suggestion's node, for not showing a rejected suggestion there again. */
  node?: NodeIdentity;
}

/** Rejections remembered for not showing a suggestion again; the oldest are forgotten first. */
export const MAX_DISMISSED = 10_000;

/** What the feedback file holds: the model, and the hashes of rejections, oldest first. */
interface Stored {
  data: FeedbackData;
  dismissed: Set<string>;
}

export class FeedbackStore {
  private stored: Stored = { data: emptyFeedback(), dismissed: new Set() };
  /** What the cached data was read from: the file's mtime and size, or null before any read. */
  private stamp: string | null = null;

  constructor(readonly file: string | undefined) {}

  /** The model as it is now (re-read when the file changed, e.g. from another window). */
  current(): FeedbackData {
    return this.fresh().data;
  }

  private fresh(): Stored {
    if (!this.file) return this.stored;
    const stamp = fileStamp(this.file);
    if (stamp !== this.stamp) {
      this.stored = stamp === 'missing' ? emptyStored() : readFile(this.file);
      this.stamp = stamp;
    }
    return this.stored;
  }

  /** Records one answer and saves the model; returns its new revision. */
  record(answer: Answer): number {
    const base = this.file ? (fileStamp(this.file) === 'missing' ? emptyStored() : readFile(this.file)) : this.stored;
    const dismissed = new Set(base.dismissed);
    if (!answer.accepted && answer.node) dismiss(dismissed, dismissalKey(answer.node, answer.annotationType, answer.strategy));
    this.stored = { data: withAnswer(base.data, answer.annotationType, answer.strategy, answer.accepted), dismissed };
    return this.save();
  }

  /** Takes back one acceptance of the rule (the person undid it) and saves the model; returns its new revision. */
  retractAcceptance(annotationType: string, strategy: string): number {
    const base = this.file ? (fileStamp(this.file) === 'missing' ? emptyStored() : readFile(this.file)) : this.stored;
    this.stored = { data: withoutAcceptance(base.data, annotationType, strategy), dismissed: base.dismissed };
    return this.save();
  }

  private save(): number {
    const dismissed = this.stored.dismissed;
    if (this.file) {
      try {
        mkdirSync(dirname(this.file), { recursive: true });
        refuseLinks(this.file);
        writeAtomically(this.file, `${JSON.stringify({ ...this.stored.data, dismissed: [...dismissed] }, null, 2)}\n`, { throughLinks: false });
        this.stamp = fileStamp(this.file);
      } catch (error) {
        this.stamp = null;
        throw new AgentError(ErrorCode.InternalError, `The answer counts until the server stops, but it could not be saved to ${this.file}: ${(error as Error).message}`, {
          hint: 'Check that the workspace folder is writable, and that neither the file nor its folder is a symbolic link.',
        });
      }
    }
    return this.stored.data.modelRevision;
  }

  /** Whether the person rejected exactly this suggestion on this node while it had this code. */
  isDismissed(node: NodeIdentity, annotationType: string, strategy: string): boolean {
    return this.fresh().dismissed.has(dismissalKey(node, annotationType, strategy));
  }
}

/** Adds a rejection as the newest (re-adding moves it to the end), forgetting the oldest past the cap. */
function dismiss(dismissed: Set<string>, key: string): void {
  dismissed.delete(key);
  dismissed.add(key);
  while (dismissed.size > MAX_DISMISSED) dismissed.delete(dismissed.values().next().value as string);
}

function dismissalKey(node: NodeIdentity, annotationType: string, strategy: string): string {
  return createHash('sha256').update([node.uri, node.place, ruleKey(annotationType, strategy), node.code].join('\u0000')).digest('base64url');
}

const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function emptyStored(): Stored {
  return { data: emptyFeedback(), dismissed: new Set() };
}

/** Throws when the file or its folder is a symbolic link, or the file is not a regular one: it is not written. */
function refuseLinks(file: string): void {
  if (lstatSync(dirname(file)).isSymbolicLink()) throw new Error(`its folder ${dirname(file)} is a symbolic link`);
  let entry;
  try {
    entry = lstatSync(file);
  } catch {
    return; // not there yet
  }
  if (!entry.isFile()) throw new Error(entry.isSymbolicLink() ? 'it is a symbolic link' : 'it is not a regular file');
}

function fileStamp(file: string): string {
  try {
    const stat = lstatSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

/** A damaged or unreadable file starts the model afresh rather than stopping suggestions. */
function readFile(file: string): Stored {
  const read = readFileWithin(file, FEEDBACK_FILE_LIMITS);
  if ('problem' in read) return emptyStored();
  try {
    const raw = JSON.parse(read.text) as unknown;
    const list = (raw as { dismissed?: unknown } | null)?.dismissed;
    const keys = Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string' && KEY_SHAPE.test(key)) : [];
    return { data: readFeedback(raw), dismissed: new Set(keys.slice(-MAX_DISMISSED)) };
  } catch {
    return emptyStored();
  }
}

/** The feedback store of a host (one per host, at the host's feedbackFile). */
export const feedbackStoreOf = perHost((host) => new FeedbackStore(host.feedbackFile));
