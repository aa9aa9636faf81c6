// Changes agents send with `review: true`, shown inline where they would apply. The server asks
// with `whetstone/reviewChange`; each edit's replaced text is decorated as removed (red, struck
// through) and its new text follows as green ghost text, with a CodeLens "Accept agent change" /
// "Reject" above the first edit. Beside them, the errors the change would introduce, in its file
// and in open files that import it (the server's preflight), and the Accept says how many
// ("Accept agent change — 1 new error"). The commands also work from the keyboard on the suggestion at the
// cursor. Nothing takes the focus or opens a tab; ignoring a suggestion is not a decision: only
// the person's Accept / Reject, or the server withdrawing it (its agent left), ends it.
import * as vscode from 'vscode';
import type { CancellationToken, LanguageClient } from 'vscode-languageclient/node';
import { ReviewChangeRequest, type NewErrorData, type ReviewChangeParams, type ReviewChangeResult } from '../../server/src/protocol/messages';
import { labelText, markdownText, visibleCharacters } from '../../server/src/protocol/display-text';

export const ACCEPT_AGENT_CHANGE_COMMAND = 'whetstone.acceptAgentChange';
export const REJECT_AGENT_CHANGE_COMMAND = 'whetstone.rejectAgentChange';
/** Context key the keybindings use, so Ctrl+Alt+Enter is only taken while there is something to accept. */
const PENDING_CONTEXT_KEY = 'whetstone.agentChangePending';
const DECIDED_BY = 'person';
/** Longest agent name (or file name) in a CodeLens title. */
const MAX_NAME_CHARS = 80;
/** Longest error message beside a change. */
const MAX_ERROR_CHARS = 200;

/** The hover of a pending change: its label as plain text, in Markdown that runs no command and renders no HTML. */
function agentChangeHover(label: string): vscode.MarkdownString {
  const hover = new vscode.MarkdownString(markdownText(`Agent change: ${label}`));
  hover.isTrusted = false;
  hover.supportHtml = false;
  hover.supportThemeIcons = false;
  return hover;
}

/** A pending change as the extension's API shows it (to tests and other extensions). */
export interface PendingChange {
  suggestionId: string;
  uri: string;
  agentName: string;
  label: string;
  edits: { range: vscode.Range; oldText: string; newText: string }[];
  /** The errors it would introduce, as the server's preflight found them. */
  newErrors: ReviewChangeParams['suggestion']['newErrors'];
  /** How many visible editors show its decorations now. */
  decoratedEditors: number;
}

interface Entry {
  params: ReviewChangeParams['suggestion'];
  ranges: vscode.Range[];
  answer: (result: ReviewChangeResult) => void;
  decoratedEditors: number;
}

export class ChangeReview implements vscode.Disposable, vscode.CodeLensProvider {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  private readonly removed = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('diffEditor.removedTextBackground'),
    textDecoration: 'line-through',
  });
  private readonly inserted = vscode.window.createTextEditorDecorationType({
    after: {
      color: new vscode.ThemeColor('gitDecoration.addedResourceForeground'),
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground'),
      fontStyle: 'italic',
    },
  });
  private readonly subscriptions: vscode.Disposable[];

  /** Fired when a change becomes pending or stops being pending. */
  readonly onDidChange = this.changed.event;
  readonly onDidChangeCodeLenses = this.lensesChanged.event;

  /** Registers the request handler; call before the client starts. */
  constructor(client: LanguageClient) {
    this.subscriptions = [
      client.onRequest(ReviewChangeRequest, (params, token) => this.ask(params, token)),
      vscode.languages.registerCodeLensProvider({ language: 'whetstone' }, this),
      vscode.commands.registerCommand(ACCEPT_AGENT_CHANGE_COMMAND, (suggestionId: unknown) => this.decideFromUi(suggestionId, true)),
      vscode.commands.registerCommand(REJECT_AGENT_CHANGE_COMMAND, (suggestionId: unknown) => this.decideFromUi(suggestionId, false)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.render()),
      vscode.workspace.onDidChangeTextDocument((event) => this.follow(event)),
      // A server that stopped took its suggestions along: they can no longer be applied.
      client.onDidChangeState(() => {
        if (!client.isRunning()) for (const id of [...this.entries.keys()]) this.settle(id, { decision: 'undecided' });
      }),
    ];
  }

  pending(): PendingChange[] {
    return [...this.entries.values()].map((entry) => ({
      suggestionId: entry.params.suggestionId,
      uri: entry.params.uri,
      agentName: entry.params.agentName,
      label: entry.params.label,
      edits: entry.params.edits.map((edit, index) => ({ range: entry.ranges[index], oldText: edit.oldText, newText: edit.newText })),
      newErrors: entry.params.newErrors,
      decoratedEditors: entry.decoratedEditors,
    }));
  }

  /** Accepts or rejects a pending change as its CodeLens does; false when it is not pending. */
  decide(suggestionId: string, accepted: boolean): boolean {
    if (!this.entries.has(suggestionId)) return false;
    this.settle(suggestionId, { decision: accepted ? 'accepted' : 'rejected', decidedBy: DECIDED_BY });
    return true;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const lenses: vscode.CodeLens[] = [];
    for (const entry of this.entries.values()) {
      if (entry.params.uri !== document.uri.toString() || entry.ranges.length === 0) continue;
      const line = new vscode.Range(entry.ranges[0].start.line, 0, entry.ranges[0].start.line, 0);
      // The agent's name and label are its own words: shown escaped (no icon syntax, no line breaks, no bidi).
      const who = entry.params.agentName ? ` (${labelText(entry.params.agentName, MAX_NAME_CHARS)})` : '';
      const tooltip = labelText(entry.params.label);
      const id = entry.params.suggestionId;
      const errors = newErrorsText(entry.params.newErrors);
      lenses.push(
        new vscode.CodeLens(line, { title: `Accept agent change${who}${errors ? ` — ${errors.count}` : ''}`, command: ACCEPT_AGENT_CHANGE_COMMAND, arguments: [id], tooltip }),
        new vscode.CodeLens(line, { title: 'Reject', command: REJECT_AGENT_CHANGE_COMMAND, arguments: [id], tooltip }),
      );
      // What it would break, beside it: the first error on the lens, every one in its tooltip.
      if (errors) lenses.push(new vscode.CodeLens(line, { title: `$(error) ${errors.first}`, command: '', tooltip: errors.all }));
    }
    return lenses;
  }

  private ask(params: ReviewChangeParams, token: CancellationToken): Promise<ReviewChangeResult> {
    const id = params.suggestion.suggestionId;
    return new Promise((resolve) => {
      const ranges = params.suggestion.edits.map(
        (edit) => new vscode.Range(edit.range.start.line, edit.range.start.character, edit.range.end.line, edit.range.end.character),
      );
      this.entries.set(id, { params: params.suggestion, ranges, answer: resolve, decoratedEditors: 0 });
      // The server withdraws the suggestion when its agent leaves.
      const cancelled = token.onCancellationRequested(() => {
        cancelled.dispose();
        this.settle(id, { decision: 'undecided' });
      });
      this.update();
    });
  }

  private decideFromUi(suggestionId: unknown, accepted: boolean): void {
    const id = typeof suggestionId === 'string' ? suggestionId : this.atCursor();
    if (id === undefined || !this.decide(id, accepted)) {
      void vscode.window.showInformationMessage('Whetstone: there is no pending agent change here.');
    }
  }

  /** The pending change under the cursor of the active editor, else the nearest one in it. */
  private atCursor(): string | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return undefined;
    const uri = editor.document.uri.toString();
    const line = editor.selection.active.line;
    let nearest: { id: string; distance: number } | undefined;
    for (const entry of this.entries.values()) {
      if (entry.params.uri !== uri) continue;
      for (const range of entry.ranges) {
        const distance = line < range.start.line ? range.start.line - line : line > range.end.line ? line - range.end.line : 0;
        if (!nearest || distance < nearest.distance) nearest = { id: entry.params.suggestionId, distance };
      }
    }
    return nearest?.id;
  }

  /**
   * Keeps the decorated ranges on their text while the person types elsewhere (the server applies
   * an accepted change by node ids, so such typing does not void it).
   */
  private follow(event: vscode.TextDocumentChangeEvent): void {
    const uri = event.document.uri.toString();
    let moved = false;
    for (const entry of this.entries.values()) {
      if (entry.params.uri !== uri) continue;
      // contentChanges each apply to the text the previous ones left.
      for (const change of event.contentChanges) {
        entry.ranges = entry.ranges.map((range) => shifted(range, change));
        moved = true;
      }
    }
    if (moved) {
      this.render();
      this.lensesChanged.fire();
    }
  }

  private settle(suggestionId: string, result: ReviewChangeResult): void {
    const entry = this.entries.get(suggestionId);
    if (!entry) return;
    this.entries.delete(suggestionId);
    entry.answer(result);
    this.update();
  }

  private update(): void {
    void vscode.commands.executeCommand('setContext', PENDING_CONTEXT_KEY, this.entries.size > 0);
    this.render();
    this.lensesChanged.fire();
    this.changed.fire();
  }

  /** Sets the decorations of every visible editor (cleared where nothing is pending). */
  private render(): void {
    for (const entry of this.entries.values()) entry.decoratedEditors = 0;
    for (const editor of vscode.window.visibleTextEditors) {
      const uri = editor.document.uri.toString();
      const removed: vscode.DecorationOptions[] = [];
      const inserted: vscode.DecorationOptions[] = [];
      for (const entry of this.entries.values()) {
        if (entry.params.uri !== uri) continue;
        entry.decoratedEditors++;
        entry.params.edits.forEach((edit, index) => {
          const range = entry.ranges[index];
          const hover = agentChangeHover(entry.params.label);
          if (!range.isEmpty) removed.push({ range, hoverMessage: hover });
          if (edit.newText !== '') {
            // Decorations show one line: line breaks of the new text are drawn as ⏎, and what
            // would be invisible (bidi controls that reorder the line, zero-width characters) as escapes.
            const text = visibleCharacters(edit.newText.replace(/\r?\n/g, ' ⏎ ').replace(/\t/g, '    '));
            inserted.push({ range: new vscode.Range(range.end, range.end), hoverMessage: hover, renderOptions: { after: { contentText: text } } });
          }
        });
      }
      editor.setDecorations(this.removed, removed);
      editor.setDecorations(this.inserted, inserted);
    }
  }

  dispose(): void {
    for (const id of [...this.entries.keys()]) this.settle(id, { decision: 'undecided' });
    for (const subscription of this.subscriptions) subscription.dispose();
    this.removed.dispose();
    this.inserted.dispose();
    this.changed.dispose();
    this.lensesChanged.dispose();
  }
}

/**
 * The errors a change would introduce, as the review shows them ("1 new error", the first, and all
 * of them one a line), escaped: the messages quote the files. undefined when there are none.
 */
export function newErrorsText(newErrors: ReviewChangeParams['suggestion']['newErrors'] | undefined): { count: string; first: string; all: string } | undefined {
  if (!newErrors || newErrors.count === 0) return undefined;
  const count = `${newErrors.count} new error${newErrors.count === 1 ? '' : 's'}`;
  const where = (error: NewErrorData): string => `${labelText(error.uri.slice(error.uri.lastIndexOf('/') + 1), MAX_NAME_CHARS)}:${error.line}`;
  const lines = newErrors.errors.map((error) => labelText(`${error.message} (${error.code}, ${where(error)})`, MAX_ERROR_CHARS));
  const more = newErrors.count - newErrors.errors.length;
  const [first] = lines;
  return {
    count,
    first: first ? `${count}: ${first}${newErrors.count > 1 ? ` and ${newErrors.count - 1} more` : ''}` : count,
    all: [...lines, ...(more > 0 ? [`and ${more} more`] : [])].join('\n'),
  };
}

/** `range` after `change`: moved when the change is before it, grown or shrunk when inside it. */
function shifted(range: vscode.Range, change: vscode.TextDocumentContentChangeEvent): vscode.Range {
  const lines = change.text.split(/\r?\n/);
  const endOfInserted = new vscode.Position(
    change.range.start.line + lines.length - 1,
    (lines.length === 1 ? change.range.start.character : 0) + lines[lines.length - 1].length,
  );
  const move = (position: vscode.Position): vscode.Position => {
    if (position.isBefore(change.range.end)) return position.isBefore(change.range.start) ? position : endOfInserted.isBefore(position) ? endOfInserted : position;
    if (position.line === change.range.end.line) return new vscode.Position(endOfInserted.line, endOfInserted.character + position.character - change.range.end.character);
    return new vscode.Position(position.line + endOfInserted.line - change.range.end.line, position.character);
  };
  return new vscode.Range(move(range.start), move(range.end));
}
