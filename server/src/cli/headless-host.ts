// The AgentHost of `whetstone-agent serve`: no editor, so agents' edits change the workspace
// buffer directly and are written to the file at once (atomically: a temporary file in the same
// folder, renamed over it), and plans and changes sent for review are decided by the owner of the
// terminal or by a fixed rule. A file changed on disk by someone else becomes a new revision of its
// buffer (served-file-watcher.ts calls syncFromDisk; a write finds it too), and every session
// hears `bufferChanged` from the endpoint, as for any change of a buffer; a change computed for the
// revision before is then a conflict.
import { fileURLToPath } from 'node:url';
import { writeAtomically } from '../agent/atomic-write';
import { revisionConflict } from '../agent/buffers';
import { AgentError, ErrorCode } from '../agent/errors';
import type { AgentHost, ApplyEditOptions, ChangeReviewer, EditApplier, PlanDecider } from '../agent/host';
import type { Session } from '../agent/session';
import { minimalEdits } from '../core/editing';
import type { LibraryContext } from '../core/semantics';
import type { TextEdit } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import type { Workspace } from '../workspace/workspace';
import { readBufferFile } from './files';

export interface HeadlessHostOptions {
  workspace: Workspace;
  library: LibraryContext | undefined;
  decidePlan: PlanDecider;
  /** Decides changes sent with review: true; without one they are rejected (nobody to ask). */
  reviewChange?: ChangeReviewer;
  info: { ideName: string; version: string };
  /** Where each applied change is reported (stderr). */
  log: (line: string) => void;
  /** The annotation feedback model's file (see AgentHost.feedbackFile). */
  feedbackFile?: string;
}

/** What was on disk for a buffer when it was read or last written, byte-order mark and all. */
interface DiskState {
  path: string;
  bom: string;
  bytes: string;
}

export class HeadlessAgentHost implements AgentHost {
  readonly workspace: Workspace;
  readonly info: { ideName: string; version: string };
  readonly decidePlan: PlanDecider;
  readonly reviewChange: ChangeReviewer;
  readonly feedbackFile: string | undefined;
  private readonly currentLibrary: LibraryContext | undefined;
  private readonly log: (line: string) => void;
  private readonly disk = new Map<string, DiskState>();
  private sessionSource: () => readonly Session[] = () => [];

  constructor(options: HeadlessHostOptions) {
    this.workspace = options.workspace;
    this.currentLibrary = options.library;
    this.decidePlan = options.decidePlan;
    this.reviewChange = options.reviewChange ?? (() => Promise.resolve({ accepted: false, decidedBy: 'host', reason: 'nobody reviews changes on this host' }));
    this.info = options.info;
    this.log = options.log;
    this.feedbackFile = options.feedbackFile;
  }

  /** The paths of the served files, by buffer URI. */
  servedFiles(): { uri: string; path: string }[] {
    return [...this.disk.entries()].map(([uri, state]) => ({ uri, path: state.path }));
  }

  /**
   * Reads a served file again; if someone else changed it, the buffer takes its text as a new
   * revision. Returns the buffer's revision, or undefined when the file cannot be read now (it is
   * being replaced, or was removed: the buffer keeps its text).
   */
  syncFromDisk(uri: string): number | undefined {
    const state = this.disk.get(uri);
    if (!state || !this.workspace.get(uri)) return undefined;
    const read = readBufferFile(state.path);
    if ('problem' in read) {
      // Replaced by something that is not a source file (a FIFO, a device, a huge file): the
      // buffer keeps its text. A file missing for a moment is the usual middle of a save.
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
    state.bytes = bytes;
    state.bom = bom;
    this.workspace.edit(uri, minimalEdits(buffer.text, 0, buffer.text.length, text));
    this.log(`whetstone-agent: ${state.path} changed on disk: revision ${buffer.revision}`);
    return buffer.revision;
  }

  /** Opens a file as a buffer (URI: its file URL) and remembers what is on disk. */
  openFile(uri: string, bytes: string): OpenBuffer {
    const bom = bytes.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    this.disk.set(uri, { path: fileURLToPath(uri), bom, bytes });
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

  // Synchronous inside: no other edit can slip in between the revision check and the write.
  readonly applyEdits: EditApplier = (buffer: OpenBuffer, edits: readonly TextEdit[], options: ApplyEditOptions) => {
    try {
      return Promise.resolve(this.applyNow(buffer, edits, options));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  private applyNow(buffer: OpenBuffer, edits: readonly TextEdit[], options: ApplyEditOptions): number {
    const current = this.workspace.get(buffer.uri);
    if (!current) throw new AgentError(ErrorCode.NoStructuredBuffer, `No open buffer ${buffer.uri}`, { hint: 'listBuffers shows the open buffers.' });
    if (current.revision !== options.baseRevision) throw revisionConflict(current.uri, current.revision, options.baseRevision);
    if (edits.length === 0) return current.revision;
    const state = this.disk.get(current.uri);
    if (!state) throw new AgentError(ErrorCode.MutationFailed, `The buffer ${current.uri} has no file to write`);
    const text = options.text;
    const read = readBufferFile(state.path);
    if ('problem' in read) throw new AgentError(ErrorCode.MutationFailed, `Cannot read ${state.path} before writing it: ${read.problem}; nothing changed`);
    const onDisk = read.text;
    if (onDisk !== state.bytes) {
      // Someone edited the file outside this server; writing would throw their work away. Their
      // text becomes the buffer's next revision, which this change was not computed for.
      const revision = this.takeOutsideChange(current.uri, onDisk);
      throw new AgentError(ErrorCode.RevisionConflict, `Revision conflict: ${state.path} changed on disk; the buffer is now at revision ${revision}, the change was made for ${options.baseRevision}; nothing changed`, {
        currentRevision: revision,
        hint: 'The file was edited outside the server. Read the buffer again (getAST) and retry with ifRevision set to its revision.',
      });
    }
    const bytes = state.bom + text;
    try {
      writeAtomically(state.path, bytes, { throughLinks: true });
    } catch (error) {
      throw new AgentError(ErrorCode.MutationFailed, `Cannot write ${state.path}: ${(error as Error).message}; nothing changed`);
    }
    state.bytes = bytes;
    this.workspace.edit(current.uri, edits, { expected: options.expected, expectedText: text });
    if (current.text !== text) this.log(`whetstone-agent: ${state.path}: the buffer's text differs from the file written (revision ${current.revision})`);
    this.log(`whetstone-agent: ${options.label} → ${state.path} (revision ${current.revision})`);
    return current.revision;
  }
}
