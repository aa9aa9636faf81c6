// Publishing diagnostics. Syntax diagnostics go out at once on every change; the semantic pass
// waits until the buffer has been quiet for `whetstone.diagnostics.semanticDelayMs`, so a burst of
// keystrokes costs one analysis, of the latest version only. Every publication carries the
// document version it describes, and publications only ever move forward in version.
//
// Between a change and its semantic pass, the previous pass's diagnostics that the edits did not
// touch are kept (moved with the text) so squiggles do not flicker while typing; each carries in
// `data.revision` the version that computed it.
//
// Across files: when a module's exports change (a buffer's edit changes them, a file changes on
// disk), the open buffers that import it, directly or through others, are published again
// (workspace-diagnostics.ts finds them; their analysis is redone only where what they import now
// reads differently). The files that are not open are workspace-diagnostics.ts's.
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { inSourceOrder, type Diagnostic } from '../core/ast';
import { foldCascades, moveThroughEdits, type TextEdit, type WhetstoneDocument } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import { pathOfBufferUri } from '../workspace/buffer-path';
import type { Disposable, Workspace } from '../workspace/workspace';
import { toLspDiagnostic } from './convert';
import { settingDefault } from '../workspace/package-manifest';

/**
 * The delay's default (package.json). Short: the semantic pass after a keystroke re-analyses only what the edit can affect (a few
 * milliseconds in a 10,000-line file), so the delay only gathers changes that arrive together
 * (a paste and its formatting, key repeat) instead of hiding the cost of a full re-check.
 */
export const DEFAULT_SEMANTIC_DELAY_MS = settingDefault<number>('whetstone.diagnostics.semanticDelayMs');

interface Semantic {
  /** The version that computed the diagnostics. */
  revision: number;
  /** Where they are in the buffer's current text (offsets moved along with edits since). */
  diagnostics: { diagnostic: Diagnostic; startOffset: number; endOffset: number }[];
}

export class DiagnosticsPublisher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly semantic = new Map<string, Semantic>();
  private readonly published = new Map<string, number>();
  /** Importers to publish again once the current turn is done (a module's exports changed). */
  private importersDue: NodeJS.Immediate | undefined;
  /** The files of the buffers to publish again then, or every one that imports anything. */
  private duePaths: Set<string> | undefined | 'all';
  private delayMs = DEFAULT_SEMANTIC_DELAY_MS;

  private readonly subscriptions: Disposable[];

  /** Follows the workspace: whatever changes a buffer (the editor, or an agent) gets its diagnostics published. */
  constructor(
    private readonly connection: Connection,
    private readonly workspace: Workspace,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.subscriptions = [
      workspace.onDidOpen((buffer) => this.opened(buffer)),
      workspace.onDidChange(({ buffer, edits, sequential }) => this.changed(buffer, edits, sequential)),
      workspace.onDidClose((uri) => this.closed(uri)),
    ];
  }

  /** Says whether a buffer that closes keeps its diagnostics shown (another publisher takes the file over) instead of clearing them. */
  keepClosed: (uri: string) => boolean = () => false;

  setSemanticDelay(ms: number): void {
    this.delayMs = Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_SEMANTIC_DELAY_MS;
  }

  get semanticDelayMs(): number {
    return this.delayMs;
  }

  /**
   * A buffer opened: nothing was typed, so everything is published at once. When it holds its
   * file's text as the workspace last checked it, and each module it imports is as it was then,
   * that check's diagnostics are the buffer's: published now, and its own analysis (which adds the
   * quick fixes) after this turn.
   */
  private opened(buffer: OpenBuffer): void {
    this.cancel(buffer.uri);
    this.semantic.delete(buffer.uri);
    this.published.delete(buffer.uri);
    const checked = this.checkOfFile(buffer);
    if (!checked) return this.publishSemantic(buffer.uri);
    const shown = foldCascades(buffer.text, checked);
    this.publish(buffer, shown.map((d) => toLspDiagnostic(d, buffer.revision)));
    const timer = setTimeout(() => {
      this.timers.delete(buffer.uri);
      this.publishSemantic(buffer.uri, shown);
    }, 0);
    this.timers.set(buffer.uri, timer);
  }

  private checkOfFile(buffer: OpenBuffer): readonly Diagnostic[] | undefined {
    if (!buffer.uri.startsWith('file:')) return undefined;
    try {
      return this.workspace.modules.standingDiagnostics(pathOfBufferUri(buffer.uri), buffer.text);
    } catch (error) {
      this.log(`Could not look up the check of ${buffer.uri}`, error);
      return undefined;
    }
  }

  /** A buffer changed: syntax now (with the untouched semantic diagnostics moved), semantics later. */
  private changed(buffer: OpenBuffer, edits: readonly TextEdit[], sequential: boolean): void {
    const carried = this.semantic.get(buffer.uri);
    if (carried) carried.diagnostics = moveThroughEdits(carried.diagnostics, edits, sequential);
    // A half-typed statement's cascade is one diagnostic (foldCascades), the carried ones included.
    const placed = carried ? placeCarried(buffer.document, carried) : [];
    const fromCarried = new Set(placed);
    const shown = foldCascades(buffer.text, inSourceOrder(buffer.document.syntaxDiagnostics, placed));
    this.publish(buffer, shown.map((d) => toLspDiagnostic(d, fromCarried.has(d) && carried ? carried.revision : buffer.revision)));
    this.schedule(buffer.uri);
  }

  private closed(uri: string): void {
    this.cancel(uri);
    this.semantic.delete(uri);
    this.published.delete(uri);
    if (this.keepClosed(uri)) return;
    // A closed document's problems leave the Problems panel.
    void this.connection.sendDiagnostics({ uri, diagnostics: [] }).catch((error: unknown) => this.log('Could not clear diagnostics', error));
  }

  /**
   * Publishes every open buffer's full diagnostics again, for a change that is not an edit (a new
   * library context changes what imports mean); each buffer's publication keeps its version.
   */
  republishAll(): void {
    for (const buffer of this.workspace.all()) {
      this.cancel(buffer.uri);
      // The same version again: the last publication of a version is the one the client keeps.
      this.published.delete(buffer.uri);
      this.publishSemantic(buffer.uri);
    }
  }

  /**
   * What modules export may all have changed (the library, the source roots): every open buffer
   * that imports anything is published again, after this turn.
   */
  republishImporters(): void {
    this.republishSoon(undefined);
  }

  /**
   * A module's exports changed (a buffer's edit, a file on disk): the open buffers of `paths`, which
   * import it, are published again after this turn, so a burst of changes costs one pass. Their
   * analysis is redone only if what they import reads differently (the core compares).
   */
  republish(paths: readonly string[]): void {
    this.republishSoon(paths);
  }

  private republishSoon(paths: readonly string[] | undefined): void {
    if (paths === undefined) this.duePaths = 'all';
    else if (this.duePaths !== 'all') {
      this.duePaths ??= new Set();
      for (const path of paths) this.duePaths.add(path);
    }
    if (this.importersDue) return;
    this.importersDue = setImmediate(() => {
      this.importersDue = undefined;
      const due = this.duePaths;
      this.duePaths = undefined;
      for (const buffer of this.workspace.all()) {
        // One being typed in gets its pass when the typing stops.
        if (this.timers.has(buffer.uri) || !buffer.importsModules) continue;
        if (due !== 'all' && !due?.has(pathOfBufferUri(buffer.uri))) continue;
        this.published.delete(buffer.uri);
        this.publishSemantic(buffer.uri);
      }
    });
  }

  dispose(): void {
    if (this.importersDue) clearImmediate(this.importersDue);
    for (const subscription of this.subscriptions) subscription.dispose();
    for (const uri of [...this.timers.keys()]) this.cancel(uri);
  }

  private schedule(uri: string): void {
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      this.publishSemantic(uri);
    }, this.delayMs);
    this.timers.set(uri, timer);
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  /**
   * The full pass: the buffer's current revision, syntax and semantic (analysed once per revision).
   * Not sent when it shows what `shown` (published for this revision already) does.
   */
  private publishSemantic(uri: string, shown?: readonly Diagnostic[]): void {
    const buffer = this.workspace.get(uri);
    if (!buffer) return;
    let semanticDiagnostics: Diagnostic[] = [];
    try {
      semanticDiagnostics = buffer.analysis().diagnostics;
    } catch (error) {
      this.log(`Semantic analysis of ${uri} failed`, error);
    }
    const revision = buffer.revision;
    this.semantic.set(uri, {
      revision,
      diagnostics: semanticDiagnostics.map((diagnostic) => ({
        diagnostic,
        startOffset: diagnostic.span.startOffset,
        endOffset: diagnostic.span.endOffset,
      })),
    });
    const all = foldCascades(buffer.text, inSourceOrder(buffer.document.syntaxDiagnostics, semanticDiagnostics));
    if (!shown || !sameAsShown(all, shown)) this.publish(buffer, all.map((d) => toLspDiagnostic(d, revision)));
    // Its importers are published again if what it exports changed: after this turn, so its own
    // diagnostics go out first.
    setImmediate(() => {
      try {
        if (this.workspace.get(uri) === buffer) this.workspace.modules.noteAnalysed(buffer);
      } catch (error) {
        this.log(`Could not compare the exports of ${uri}`, error);
      }
    });
  }

  private publish(buffer: OpenBuffer, diagnostics: LspDiagnostic[]): void {
    const version = buffer.revision;
    const last = this.published.get(buffer.uri);
    // Never go back: an older version's diagnostics after a newer one's would be at wrong places.
    if (last !== undefined && version < last) return;
    this.published.set(buffer.uri, version);
    void this.connection
      .sendDiagnostics({ uri: buffer.uri, version, diagnostics })
      .catch((error: unknown) => this.log(`Could not publish diagnostics for ${buffer.uri}`, error));
  }
}

/**
 * Whether `diagnostics` show what `shown` does: the same problems at the same places, said the
 * same way. Fixes are not compared: code actions read the buffer's own (code-actions.ts).
 */
function sameAsShown(diagnostics: readonly Diagnostic[], shown: readonly Diagnostic[]): boolean {
  const key = (d: Diagnostic): string => JSON.stringify([d.code, d.severity, d.message, d.nodeId, d.hint ?? null, d.span.startOffset, d.span.endOffset]);
  return diagnostics.length === shown.length && diagnostics.every((diagnostic, i) => key(diagnostic) === key(shown[i]));
}

function placeCarried(document: WhetstoneDocument, carried: Semantic): Diagnostic[] {
  return carried.diagnostics.map(({ diagnostic, startOffset, endOffset }) => {
    const span = document.spanAt(startOffset, endOffset);
    return { ...diagnostic, span, line: span.start.line, column: span.start.column };
  });
}
