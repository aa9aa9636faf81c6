// The review of an agent's plan: a read-only virtual document (scheme `whetstone-plan`) with the
// plan's reason, steps and targets, and for each target the text it has now (what a delete
// removes, what an update replaces), all from the display form the server computed. Approve / Reject code lenses at the top decide it from the
// keyboard too. It opens beside the editor without taking focus, so the person keeps typing.
import * as vscode from 'vscode';
import type { DecidePlanParams } from '../../server/src/protocol/messages';

export const PLAN_SCHEME = 'whetstone-plan';
export const APPROVE_PLAN_COMMAND = 'whetstone.approvePlan';
export const REJECT_PLAN_COMMAND = 'whetstone.rejectPlan';

export type PlanState = 'pending' | 'approved' | 'rejected' | 'withdrawn';

export interface PlanRecord {
  params: DecidePlanParams;
  state: PlanState;
}

export function planReviewUri(planId: string): vscode.Uri {
  // The path ends in .md so the review reads as Markdown (headings, code blocks).
  return vscode.Uri.from({ scheme: PLAN_SCHEME, path: `/${encodeURIComponent(planId)}.md` });
}

function planIdOf(uri: vscode.Uri): string {
  return decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
}

const OPS: Record<string, string> = {
  deleteNode: 'removes it',
  updateNode: 'replaces it',
  insertNode: 'inserts into it',
  setProperty: 'changes a property of it',
};

/** A fenced block longer than any backtick run in its lines, so nothing inside can close it. */
function fenced(language: string, lines: readonly string[]): string[] {
  const longest = Math.max(2, ...lines.flatMap((line) => [...line.matchAll(/`+/g)].map((match) => match[0].length)));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, ...lines, fence];
}

/**
 * The review's Markdown text, from the display form the server computed: the agent's words come
 * escaped and cut, and go into fenced blocks here so Markdown cannot give them any meaning either.
 */
export function renderPlan(record: PlanRecord): string {
  const { display } = record.params;
  const lines: string[] = [];
  const state = record.state === 'pending' ? 'waiting for your decision' : record.state;
  lines.push(`# Plan (${state})`, '');
  lines.push(...fenced('text', [`Plan:     ${display.planId}`, `Proposed: ${display.agent}`, `Reason:   ${display.reason}`]), '');
  lines.push(`## Steps (${display.stepCount})`, '');
  const steps = display.steps.map((step, index) => `${index + 1}. ${step}`);
  if (display.stepCount > display.steps.length) steps.push(`… and ${display.stepCount - display.steps.length} more steps`);
  lines.push(...fenced('text', steps), '');
  lines.push(`## Targets (${display.targetCount}: ${display.targetSummary})`, '');
  display.targets.forEach((target, index) => {
    lines.push(`### Target ${index + 1}`, '');
    lines.push(...fenced('text', [`${target.op} ${target.nodeId}: ${target.description}`]), '');
    if (!target.found) return;
    if (target.code.length === 0) {
      lines.push(`The step ${OPS[target.op] ?? 'acts on it'}; its source is shown above.`, '');
      return;
    }
    lines.push(`The step ${OPS[target.op] ?? 'acts on it'}. Now:`, '');
    lines.push(...fenced('whetstone', target.moreCodeLines > 0 ? [...target.code, '…'] : target.code), '');
  });
  if (display.targetCount > display.targets.length) lines.push(`… and ${display.targetCount - display.targets.length} more targets (all counted in the heading).`, '');
  return `${lines.join('\n')}\n`;
}

export class PlanReviewProvider implements vscode.TextDocumentContentProvider, vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;

  constructor(private readonly lookup: (planId: string) => PlanRecord | undefined) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const record = this.lookup(planIdOf(uri));
    return record ? renderPlan(record) : '# Unknown plan\n\nThis plan is no longer known to this window.\n';
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme !== PLAN_SCHEME) return [];
    const planId = planIdOf(document.uri);
    if (this.lookup(planId)?.state !== 'pending') return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, { title: 'Approve', command: APPROVE_PLAN_COMMAND, arguments: [planId] }),
      new vscode.CodeLens(top, { title: 'Reject', command: REJECT_PLAN_COMMAND, arguments: [planId] }),
    ];
  }

  /** The plan's state changed: the open review shows it. */
  refresh(planId: string): void {
    this.changed.fire(planReviewUri(planId));
    this.lensesChanged.fire();
  }

  /** Opens the review beside the active editor, as a preview tab, leaving the focus where it is. */
  async open(planId: string): Promise<void> {
    const document = await vscode.workspace.openTextDocument(planReviewUri(planId));
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  }

  dispose(): void {
    this.changed.dispose();
    this.lensesChanged.dispose();
  }
}
