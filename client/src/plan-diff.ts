// A plan's review as a diff: the file as it is now (the live document) against the file as the
// plan would leave it (a read-only virtual document the server computes: `whetstone/planDiff`),
// in VS Code's diff editor, with Approve / Approve similar / Reject / Details in its title bar
// (and as CodeLenses on the proposed side, where the diffEditor.codeLens setting shows them). It
// opens only when the person asks (Review), beside the editor, and takes the focus then: VS Code
// draws a group's title-bar actions only while the group is active (unless the person turned on
// workbench.editor.alwaysShowEditorActions), so a review opened behind the focus would show no
// Approve / Reject. Closing it decides nothing and gives the focus back to the editor before it.
// When the file changes under an open review, the proposed side is asked for again, so the diff
// stays a diff of the text as it is. Once the plan is decided its diffs are closed; a proposed
// side asked for after that (the plan is decided or changes the file no more) is the file as it
// is, so no diff ever shows it as removing the whole file.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { labelText } from '../../server/src/protocol/display-text';
import { PlanDiffRequest } from '../../server/src/protocol/messages';

export const PLAN_PROPOSED_SCHEME = 'whetstone-plan-proposed';
/** A plan over more files opens this many diffs; Details lists every target with its file. */
const MAX_OPENED_DIFFS = 4;

/** The proposed side of a plan's diff for one file. */
export function proposedUri(planId: string, file: vscode.Uri): vscode.Uri {
  const name = file.path.split('/').pop() ?? 'file';
  return vscode.Uri.from({ scheme: PLAN_PROPOSED_SCHEME, path: `/${encodeURIComponent(planId)}/${name}`, query: file.toString() });
}

/** The plan a proposed side belongs to. */
export function planIdOfProposed(uri: vscode.Uri): string {
  return parse(uri).planId;
}

function parse(uri: vscode.Uri): { planId: string; file: string } {
  return { planId: decodeURIComponent(uri.path.split('/')[1] ?? ''), file: uri.query };
}

/**
 * The proposed text with a comment line on top for each target the diff cannot show (a plan names
 * what it updates, not what it writes), so the person sees the review is not the whole change.
 * The descriptions come from the server already escaped (one line each).
 */
export function withNotShown(proposed: string, notShown: readonly string[]): string {
  if (notShown.length === 0) return proposed;
  const notes = notShown.map((target) => `// Not shown (the plan does not say what it writes): ${target}\n`).join('');
  return notes + proposed;
}

export interface PlanLens {
  title: string;
  command: string;
  arguments: unknown[];
}

export class PlanDiffProvider implements vscode.TextDocumentContentProvider, vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly client: LanguageClient,
    /** The Approve / Reject lenses of a plan while it is pending; none once decided. */
    private readonly lenses: (planId: string) => PlanLens[],
  ) {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => {
        const file = event.document.uri.toString();
        for (const document of vscode.workspace.textDocuments) {
          if (document.uri.scheme === PLAN_PROPOSED_SCHEME && parse(document.uri).file === file) this.changed.fire(document.uri);
        }
      }),
    ];
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const { planId, file } = parse(uri);
    const diff = await this.client.sendRequest(PlanDiffRequest, { planId });
    const proposed = diff?.files.find((candidate) => candidate.uri === file);
    if (proposed) return withNotShown(proposed.proposed, proposed.notShown);
    // Decided, or its targets are gone: no change to show.
    const current = await vscode.workspace.openTextDocument(vscode.Uri.parse(file)).then(
      (document) => document.getText(),
      () => undefined,
    );
    return current ?? '';
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme !== PLAN_PROPOSED_SCHEME) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return this.lenses(parse(document.uri).planId).map((lens) => new vscode.CodeLens(top, lens));
  }

  /** The plan's state changed: its lenses change. */
  refresh(): void {
    this.lensesChanged.fire();
  }

  /** Closes the diffs of a plan (it was decided). */
  async close(planId: string): Promise<void> {
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === PLAN_PROPOSED_SCHEME && planIdOfProposed(tab.input.modified) === planId);
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
  }

  /**
   * Opens the diff of each file the plan changes beside the editor (the last one focused: the
   * person asked for it), each titled with its file, since a plan may span files; false when it
   * changes no open file.
   */
  async open(planId: string, title: string): Promise<boolean> {
    const diff = await this.client.sendRequest(PlanDiffRequest, { planId });
    const files = diff?.files ?? [];
    for (const { uri, file: name } of files.slice(0, MAX_OPENED_DIFFS)) {
      const file = vscode.Uri.parse(uri);
      const shown = labelText(name, 80);
      const where = files.length > 1 ? ` (${shown}, one of ${files.length} files)` : ` (${shown})`;
      await vscode.commands.executeCommand('vscode.diff', file, proposedUri(planId, file), `${title}${where}`, {
        viewColumn: vscode.ViewColumn.Beside,
        preview: files.length === 1,
        preserveFocus: false,
      });
    }
    return files.length > 0;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.lensesChanged.dispose();
  }
}
