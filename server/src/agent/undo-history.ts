// What `undo` needs to take back a session's own mutations: per buffer, the inverse edits of each
// mutation and the revision it left the buffer at. An entry applies only while the buffer is still
// at that revision: once the person (or another agent) has edited, the inverse edits would land on
// text they were not made for, so undo refuses instead of guessing.
import type { TextEdit } from '../core/syntax';
import type { Session } from './session';

export interface UndoEntry {
  uri: string;
  /** The buffer's revision before the mutation and after it. */
  revisionBefore: number;
  revisionAfter: number;
  /** Edits (offsets into the text after the mutation) that restore the text before it. */
  inverse: TextEdit[];
  /** What the mutation was, for the undo step's label and the result. */
  label: string;
}

/** Older entries are dropped: undo is for taking back recent steps, not for history. */
export const MAX_UNDO_ENTRIES = 100;
/** The text the inverse edits of a session may hold in all (a deleted function is kept whole). */
export const MAX_UNDO_TEXT = 8 * 1024 * 1024;

const STATE_KEY = 'mutations.undoHistory';

function entriesOf(session: Session): UndoEntry[] {
  let entries = session.state.get(STATE_KEY) as UndoEntry[] | undefined;
  if (!entries) {
    entries = [];
    session.state.set(STATE_KEY, entries);
  }
  return entries;
}

export function rememberUndo(session: Session, entry: UndoEntry): void {
  const entries = entriesOf(session);
  entries.push(entry);
  if (entries.length > MAX_UNDO_ENTRIES) entries.splice(0, entries.length - MAX_UNDO_ENTRIES);
  let text = entries.reduce((sum, kept) => sum + inverseText(kept), 0);
  // The newest entry stays even if it alone is larger: undo of the last step must work.
  while (text > MAX_UNDO_TEXT && entries.length > 1) text -= inverseText(entries.shift()!);
}

function inverseText(entry: UndoEntry): number {
  return entry.inverse.reduce((sum, edit) => sum + edit.newText.length, 0);
}

/** The session's latest mutation of that buffer, if any. */
export function lastUndo(session: Session, uri: string): UndoEntry | undefined {
  const entries = entriesOf(session);
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].uri === uri) return entries[i];
  return undefined;
}

/**
 * Drops `entry` after it was undone at `revision`. The text is then exactly what the mutation
 * before it left, so that one becomes undoable at the new revision (undo can step back further).
 */
export function completeUndo(session: Session, entry: UndoEntry, revision: number): void {
  const entries = entriesOf(session);
  const at = entries.indexOf(entry);
  if (at >= 0) entries.splice(at, 1);
  const previous = lastUndo(session, entry.uri);
  if (previous && previous.revisionAfter === entry.revisionBefore) previous.revisionAfter = revision;
}
