// Writes that reach a served file after serve replaced it. serve writes a change by renaming a new
// file over the old one; a program that opened the old file just before (an append, a save in
// place) writes into a file that no longer has a name. The headless host therefore keeps the old
// file open until its writers have finished, and carries what they wrote into the file as it is
// now, past the changes made since; a write that overlaps those changes is kept beside the file,
// never dropped. This file holds what that needs besides the host: the changes made since, the
// late write as one edit, and the place beside the file.
import { randomBytes } from 'node:crypto';
import { changedRegion, type TextEdit } from '../core/syntax';
import { writeAtomically } from '../agent';

/**
 * The changes of a served file's bytes, each as the edit from the bytes before, kept from the
 * oldest point still held (a replaced file being watched), so a late write can be carried past
 * them; nothing is kept while nothing is held.
 */
export class ChangeLog {
  /** The position of edits[0]. */
  private first = 0;
  private edits: TextEdit[] = [];
  private readonly held: number[] = [];

  /** Whether a replaced file is being watched (its late writes would need these changes). */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** Keeps the changes from now on; give the position back with release. */
  hold(): number {
    const position = this.first + this.edits.length;
    this.held.push(position);
    return position;
  }

  release(position: number): void {
    const index = this.held.indexOf(position);
    if (index !== -1) this.held.splice(index, 1);
    const oldest = this.held.length > 0 ? Math.min(...this.held) : this.first + this.edits.length;
    this.edits = this.edits.slice(oldest - this.first);
    this.first = oldest;
  }

  record(before: string, after: string): void {
    if (this.held.length === 0) {
      this.first++;
      return;
    }
    this.edits.push(editBetween(before, after));
  }

  /** The changes since a held position, in order (as applyTextEdits takes sequential edits). */
  since(position: number): TextEdit[] {
    return this.edits.slice(position - this.first);
  }
}

/** The one edit that turns `before` into `after`. */
export function editBetween(before: string, after: string): TextEdit {
  const { changeStart, oldEnd, newEnd } = changedRegion(before, after);
  return { startOffset: changeStart, endOffset: oldEnd, newText: after.slice(changeStart, newEnd) };
}

/** Writes a late write that could not be carried beside the file, under a new name; returns that path. */
export function keepBeside(path: string, text: string): string {
  const aside = `${path}.late-write-${randomBytes(4).toString('hex')}`;
  writeAtomically(aside, text, { throughLinks: false });
  return aside;
}
