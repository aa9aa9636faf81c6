// The AgentHost of `whetstone-agent serve`: no editor, so agents' edits change the workspace
// buffer directly and are written to the file at once (atomically: a temporary file in the same
// folder, renamed over it, only if the file still holds what was last read or written), and plans
// and changes sent for review are decided by the owner of the terminal or by a fixed rule. A file
// changed on disk by someone else becomes a new revision of its buffer once it has settled
// (served-file-watcher.ts calls syncFromDisk; a write that finds the file changed waits for it
// too), and every session hears `bufferChanged` from the endpoint, as for any change of a buffer;
// a change computed for the revision before is then a conflict. Each read and write checks the
// file anew (served-file.ts): one swapped for a link out of its folder is left alone. Whatever is
// written to a file after a change replaced it is carried into the new one (late-writes.ts).
import { close } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { revisionConflict, AgentError, ErrorCode, type AgentHost, type ApplyEditOptions, type ChangeReviewer, type EditApplier, type PlanDecider, type Session } from '../agent';
import { minimalEdits } from '../core/editing';
import type { LibraryContext } from '../core/semantics';
import { applyTextEdits, carryEdit, type TextEdit } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import type { FileIndex } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { readOldServedFile, readServedFile, replaceServedFile, servedFile, type ServedFile } from './served-file';
import { ChangeLog, editBetween, keepBeside } from './late-writes';
import { whenOpenFileSettled, whenSettled } from './served-file-watcher';

export interface HeadlessHostOptions {
  workspace: Workspace;
  /** The index of the folders served (served-folder.ts): who imports whom, open or not; what findSymbol searches. */
  index?: FileIndex;
  library: LibraryContext | undefined;
  decidePlan: PlanDecider;
  /** Decides changes sent with review: true; without one they are rejected (nobody to ask). */
  reviewChange?: ChangeReviewer;
  info: { ideName: string; version: string };
  /** Where each applied change is reported (stderr). */
  log: (line: string) => void;
  /** The annotation feedback model's file (see AgentHost.feedbackFile). */
  feedbackFile?: string;
  /**
   * Every file served, by buffer URI: one is a buffer once a request names it (reachFiles), and
   * is let go again when no request has named it for a while (or more are held than the bound).
   */
  served?: ReadonlyMap<string, ServedFile>;
  /** Settles when the index has read every file served (importersOf waits for it). */
  indexBuilt?: Promise<void>;
  /** Whether buffers no request has named for a while are let go (files served on demand). */
  releaseIdle?: boolean;
}

/** What was on disk for a buffer when it was read or last written, byte-order mark and all. */
interface DiskState {
  file: ServedFile;
  path: string;
  bom: string;
  bytes: string;
  /** The changes of `bytes` a late write may have to be carried past (late-writes.ts). */
  changes: ChangeLog;
}

/**
 * How often a write finds the file changed, waits for it to settle and finds the buffer still at
 * the change's revision (the file went back to what it was) before the change is refused: a file
 * that keeps changing does not hold the change forever.
 */
const MAX_WRITE_ATTEMPTS = 3;

/** How long a buffer no request has named stays open (the active one stays). */
const IDLE_RELEASE_MS = 10 * 60_000;
/** How many buffers are held at most: beyond, the ones named longest ago are let go. */
const MAX_HELD_BUFFERS = 256;

/** How many replaced files may be watched for late writes at once; a write beyond ends the oldest watch. */
const MAX_WATCHED_REPLACED_FILES = 64;
/**
 * How long a file a change replaced is watched for late writes at least: a program that opened it
 * just before the change may write a moment later, and later still on a busy machine.
 */
const REPLACED_FILE_WATCH_MS = 1_000;

export class HeadlessAgentHost implements AgentHost {
  readonly workspace: Workspace;
  readonly index: FileIndex | undefined;
  readonly info: { ideName: string; version: string };
  readonly decidePlan: PlanDecider;
  readonly reviewChange: ChangeReviewer;
  readonly feedbackFile: string | undefined;
  private readonly currentLibrary: LibraryContext | undefined;
  private readonly log: (line: string) => void;
  private readonly disk = new Map<string, DiskState>();
  /** Buffers whose change is being written, with how many changes (see applyEdits). */
  private readonly writing = new Map<string, number>();
  /** The watches of replaced files for late writes (watchReplacedFile), oldest first, each with what ends it early. */
  private readonly watching = new Map<Promise<void>, AbortController>();
  private sessionSource: () => readonly Session[] = () => [];
  private readonly served: ReadonlyMap<string, ServedFile>;
  private readonly indexBuilt: Promise<void>;
  /** When a request last named each open buffer. */
  private readonly lastNamed = new Map<string, number>();
  private readonly releaseTimer: NodeJS.Timeout | undefined;

  constructor(options: HeadlessHostOptions) {
    this.workspace = options.workspace;
    this.index = options.index;
    this.currentLibrary = options.library;
    this.decidePlan = options.decidePlan;
    this.reviewChange = options.reviewChange ?? (() => Promise.resolve({ accepted: false, decidedBy: 'host', reason: 'nobody reviews changes on this host' }));
    this.info = options.info;
    this.log = options.log;
    this.feedbackFile = options.feedbackFile;
    this.served = options.served ?? new Map();
    this.indexBuilt = options.indexBuilt ?? Promise.resolve();
    this.releaseTimer = options.releaseIdle === true ? setInterval(() => this.release(), IDLE_RELEASE_MS / 4).unref() : undefined;
  }

  /**
   * Opens the served files a request names that are not buffers yet (read and checked as at any
   * read), and notes that they were named: what no request names for a while is let go.
   */
  async reachFiles(uris: readonly string[], options: { max?: number } = {}): Promise<void> {
    const toOpen = uris.filter((uri) => !this.workspace.get(uri) && this.served.has(uri));
    if (options.max !== undefined && toOpen.length > options.max) {
      throw new AgentError(ErrorCode.InvalidParams, `The request reaches ${toOpen.length} files that are not open; one request may open at most ${options.max}`, { hint: 'Split it into several requests.' });
    }
    const now = Date.now();
    for (const uri of toOpen) {
      const file = this.served.get(uri)!;
      const read = readServedFile(file);
      if ('problem' in read) throw new AgentError(ErrorCode.NoStructuredBuffer, `No structured buffer: ${file.path} cannot be read: ${read.problem}`, { uri });
      this.openFile(uri, read.text, file);
    }
    for (const uri of uris) if (this.workspace.get(uri)) this.lastNamed.set(uri, now);
    if (this.releaseTimer) this.release();
  }

  async importersOf(uri: string, options: { wait: boolean } = { wait: true }): Promise<string[] | undefined> {
    if (!this.index) return [];
    if (!options.wait && this.index.building) return undefined;
    await this.indexBuilt;
    return this.index.importersOf(fileURLToPath(uri)).map((path) => pathToFileURL(path).href).filter((importer) => this.served.has(importer));
  }

  /** Lets go of the buffers no request has named for IDLE_RELEASE_MS, and of the longest unnamed beyond MAX_HELD_BUFFERS. */
  private release(): void {
    const now = Date.now();
    const releasable = this.workspace
      .all()
      .filter((buffer) => buffer.uri !== this.workspace.activeBufferUri && !this.writing.has(buffer.uri) && !this.disk.get(buffer.uri)?.changes.holding)
      .sort((a, b) => (this.lastNamed.get(a.uri) ?? 0) - (this.lastNamed.get(b.uri) ?? 0));
    let excess = this.workspace.all().length - MAX_HELD_BUFFERS;
    for (const buffer of releasable) {
      const idle = now - (this.lastNamed.get(buffer.uri) ?? 0) >= IDLE_RELEASE_MS;
      if (!idle && excess <= 0) break;
      this.workspace.close(buffer.uri);
      this.disk.delete(buffer.uri);
      this.lastNamed.delete(buffer.uri);
      excess--;
    }
  }

  dispose(): void {
    if (this.releaseTimer) clearInterval(this.releaseTimer);
    // The replaced files still watched look once more now (a late write is still carried or kept).
    for (const stop of this.watching.values()) stop.abort();
  }

  /** The paths of the served files, by buffer URI: the open ones, and every file served. */
  servedFiles(): { uri: string; path: string }[] {
    const files = new Map([...this.served].map(([uri, file]) => [uri, file.path]));
    for (const [uri, state] of this.disk) files.set(uri, state.path);
    return [...files].map(([uri, path]) => ({ uri, path }));
  }

  /**
   * Reads a served file again; if someone else changed it, the buffer takes its text as a new
   * revision. Returns the buffer's revision, or undefined when the file cannot be read now (it is
   * being replaced, or was removed: the buffer keeps its text).
   */
  syncFromDisk(uri: string): number | undefined {
    const state = this.disk.get(uri);
    if (!state || !this.workspace.get(uri)) {
      // Not open: the index reads it again (what it declares and imports).
      const path = this.served.get(uri)?.path;
      if (path !== undefined) void this.index?.refresh(path).catch((error: unknown) => this.log(`whetstone-agent: could not index ${path} again: ${(error as Error).message}`));
      return undefined;
    }
    // A change being written reads the file itself once it has settled.
    if (this.writing.has(uri)) return this.workspace.get(uri)?.revision;
    const read = readServedFile(state.file);
    if ('problem' in read) {
      // Replaced by something that is not a source file (a FIFO, a device, a huge file, a link out
      // of the folder): the buffer keeps its text. A file missing for a moment is the usual middle
      // of a save.
      if (!read.missing) this.log(`whetstone-agent: ${state.path}: ${read.problem}; its buffer keeps its text`);
      return undefined;
    }
    const bytes = read.text;
    return bytes === state.bytes ? this.workspace.get(uri)?.revision : this.takeOutsideChange(uri, bytes);
  }

  /**
   * The buffer takes the file's new text as one edit (ids of what did not change are kept). The
   * sessions hear `bufferChanged` from the endpoint, which tells them of every change of a buffer.
   */
  private takeOutsideChange(uri: string, bytes: string): number {
    const state = this.disk.get(uri)!;
    const buffer = this.workspace.get(uri)!;
    const bom = bytes.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    const text = bytes.slice(bom.length);
    state.changes.record(state.bytes, bytes);
    state.bytes = bytes;
    state.bom = bom;
    this.workspace.edit(uri, minimalEdits(buffer.text, 0, buffer.text.length, text));
    this.log(`whetstone-agent: ${state.path} changed on disk: revision ${buffer.revision}`);
    return buffer.revision;
  }

  /**
   * Opens a file as a buffer (URI: its file URL) and remembers what is on disk; `file` says how
   * the path is checked from now on (by default as a file the person named).
   */
  openFile(uri: string, bytes: string, file: ServedFile = servedFile(fileURLToPath(uri), undefined)): OpenBuffer {
    const bom = bytes.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    this.disk.set(uri, { file, path: file.path, bom, bytes, changes: new ChangeLog() });
    return this.workspace.open(uri, bytes.slice(bom.length));
  }

  library(): LibraryContext | undefined {
    return this.currentLibrary;
  }

  sessions(): readonly Session[] {
    return this.sessionSource();
  }

  /** The endpoint, created after the host, owns the sessions. */
  setSessionSource(source: () => readonly Session[]): void {
    this.sessionSource = source;
  }

  // Each attempt is synchronous inside: no other edit can slip in between the revision check and
  // the write. Only a file found changed is waited for, and then the attempt starts again.
  readonly applyEdits: EditApplier = async (buffer: OpenBuffer, edits: readonly TextEdit[], options: ApplyEditOptions) => {
    // Many files changed at once (a rename across a workspace): the oldest watches look now and end.
    while (this.watching.size >= MAX_WATCHED_REPLACED_FILES) {
      const [oldest, stop] = this.watching.entries().next().value as [Promise<void>, AbortController];
      stop.abort();
      await oldest;
    }
    this.writing.set(buffer.uri, (this.writing.get(buffer.uri) ?? 0) + 1);
    try {
      for (let attempt = 1; ; attempt++) {
        const applied = this.applyNow(buffer, edits, options);
        if (applied !== undefined) return applied;
        const state = this.disk.get(buffer.uri)!;
        // Taken only once whoever is writing it has finished: a file half saved is never a buffer.
        await whenSettled(state.path);
        const read = readServedFile(state.file);
        if ('problem' in read) throw cannotRead(state.path, read.problem);
        const current = this.workspace.get(buffer.uri);
        if (!current) throw new AgentError(ErrorCode.NoStructuredBuffer, `No open buffer ${buffer.uri}`, { hint: 'listBuffers shows the open buffers.' });
        if (read.text !== state.bytes) this.takeOutsideChange(buffer.uri, read.text);
        if (current.revision !== options.baseRevision) throw changedOnDisk(state.path, current.revision, options.baseRevision);
        if (attempt >= MAX_WRITE_ATTEMPTS) {
          throw new AgentError(ErrorCode.RevisionConflict, `Revision conflict: ${state.path} kept changing on disk while the change was written; nothing changed`, {
            currentRevision: current.revision,
            hint: 'The file is being written outside the server. Retry once it is quiet.',
          });
        }
      }
    } finally {
      const count = this.writing.get(buffer.uri)! - 1;
      if (count === 0) this.writing.delete(buffer.uri);
      else this.writing.set(buffer.uri, count);
    }
  };

  /**
   * Keeps the file a change replaced open until whoever still writes to it has finished (a writer
   * that opened it just before the rename), then carries what they wrote into the file. `held`:
   * the change log's position before the replacing change, `expected` the text it replaced.
   */
  private watchReplacedFile(uri: string, state: DiskState, oldFile: number, expected: string, held: number): void {
    const stop = new AbortController();
    const watch = (async () => {
      try {
        await whenOpenFileSettled(oldFile, REPLACED_FILE_WATCH_MS, stop.signal);
        const late = readOldServedFile(oldFile);
        if ('problem' in late || late.text === expected) return;
        await this.carryLateWrite(uri, state, late.text, editBetween(expected, late.text), held);
      } catch (error) {
        this.log(`whetstone-agent: ${state.path}: could not look for writes to the file it replaced: ${(error as Error).message}`);
      } finally {
        // Off the server's thread: closing the last descriptor of a replaced file frees it, which
        // takes the file system a while for each of the many files a rename writes.
        close(oldFile, (error) => {
          if (error) this.log(`whetstone-agent: ${state.path}: could not close the file it replaced: ${error.message}`);
        });
        state.changes.release(held);
      }
    })();
    this.watching.set(watch, stop);
    void watch.then(() => this.watching.delete(watch));
  }

  /**
   * Someone wrote `lateText` to the file after a change replaced it: their edit goes into the file
   * as it is now, past the changes made since, as a new revision; if it overlaps those changes, or
   * the file keeps changing, their text is kept beside the file instead and the log says where.
   */
  private async carryLateWrite(uri: string, state: DiskState, lateText: string, edit: TextEdit, held: number): Promise<void> {
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS && this.workspace.get(uri); attempt++) {
      const carried = carryEdit(edit, state.changes.since(held));
      if (!carried) break;
      const merged = applyTextEdits(state.bytes, [carried]);
      const written = replaceServedFile(state.file, state.bytes, merged);
      if (written.replaced) {
        const expected = state.bytes;
        const heldBefore = state.changes.hold();
        const revision = this.takeOutsideChange(uri, merged);
        this.watchReplacedFile(uri, state, written.oldFile, expected, heldBefore);
        this.log(`whetstone-agent: ${state.path} was written to while a change replaced it; that write is carried into the file (revision ${revision})`);
        return;
      }
      if ('problem' in written.onDisk) break;
      // Changed on disk meanwhile: taken once settled, and the write carried past that too.
      await whenSettled(state.path);
      const read = readServedFile(state.file);
      if ('problem' in read) break;
      if (read.text !== state.bytes) this.takeOutsideChange(uri, read.text);
    }
    if (lateText === '') {
      this.log(`whetstone-agent: ${state.path} was emptied while a change replaced it; the file keeps the change`);
      return;
    }
    const aside = keepBeside(state.path, lateText);
    this.log(`whetstone-agent: ${state.path} was written to while a change replaced it, and that write overlaps changes made since: it is kept in ${aside}, not merged`);
  }

  /** Writes the change and applies it to the buffer; otherwise the file no longer held what was last read or written (nothing changed, or see putBackLateWrite). */
  private applyNow(buffer: OpenBuffer, edits: readonly TextEdit[], options: ApplyEditOptions): number | undefined {
    const current = this.workspace.get(buffer.uri);
    if (!current) throw new AgentError(ErrorCode.NoStructuredBuffer, `No open buffer ${buffer.uri}`, { hint: 'listBuffers shows the open buffers.' });
    if (current.revision !== options.baseRevision) throw revisionConflict(current.uri, current.revision, options.baseRevision);
    if (edits.length === 0) return current.revision;
    const state = this.disk.get(current.uri);
    if (!state) throw new AgentError(ErrorCode.MutationFailed, `The buffer ${current.uri} has no file to write`);
    const text = options.text;
    const bytes = state.bom + text;
    let written: ReturnType<typeof replaceServedFile>;
    try {
      // Compared with what was last read or written just before the rename: someone else's edit
      // is never written over.
      written = replaceServedFile(state.file, state.bytes, bytes);
    } catch (error) {
      throw new AgentError(ErrorCode.MutationFailed, `Cannot write ${state.path}: ${(error as Error).message}; nothing changed`);
    }
    if (!written.replaced) {
      if ('problem' in written.onDisk) throw cannotRead(state.path, written.onDisk.problem);
      return undefined;
    }
    const before = state.bytes;
    this.watchReplacedFile(current.uri, state, written.oldFile, before, state.changes.hold());
    state.changes.record(before, bytes);
    state.bytes = bytes;
    this.workspace.edit(current.uri, edits, { expected: options.expected, expectedText: text });
    if (current.text !== text) this.log(`whetstone-agent: ${state.path}: the buffer's text differs from the file written (revision ${current.revision})`);
    this.log(`whetstone-agent: ${options.label} → ${state.path} (revision ${current.revision})`);
    return current.revision;
  }
}

function cannotRead(path: string, problem: string): AgentError {
  return new AgentError(ErrorCode.MutationFailed, `Cannot read ${path} before writing it: ${problem}; nothing changed`);
}

/** Someone edited the file outside this server: their text is the buffer's next revision, which the change was not computed for. */
function changedOnDisk(path: string, revision: number, baseRevision: number): AgentError {
  return new AgentError(ErrorCode.RevisionConflict, `Revision conflict: ${path} changed on disk; the buffer is now at revision ${revision}, the change was made for ${baseRevision}; nothing changed`, {
    currentRevision: revision,
    hint: 'The file was edited outside the server. Read the buffer again (getAST) and retry with ifRevision set to its revision.',
  });
}
