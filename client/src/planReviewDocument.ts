// The review of an agent's plan: a read-only virtual document (scheme `whetstone-plan`) with the
// plan's reason, steps and targets, and for each target the text it has now (what a delete
// removes, what an update replaces). Approve / Reject code lenses at the top decide it from the
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

/** The review's Markdown text. */
export function renderPlan(record: PlanRecord): string {
  const { plan, agent, preview } = record.params;
  const lines: string[] = [];
  const state = record.state === 'pending' ? 'waiting for your decision' : record.state;
  lines.push(`# Plan ${plan.planId} (${state})`, '');
  lines.push(`Proposed by the agent **${agent.name || 'unnamed'}** (session ${agent.sessionId}).`, '');
  lines.push(`Reason: ${plan.reason}`, '');
  lines.push('## Steps', '');
  plan.steps.forEach((step, index) => lines.push(`${index + 1}. ${step}`));
  lines.push('', '## Targets', '');
  for (const target of preview.targets) {
    if (!target.found) {
      lines.push(`### ${target.op} ${target.nodeId}`, '', 'No open buffer has this node now.', '');
      continue;
    }
    const where = target.uri ? `${decodeURIComponent(target.uri.split('/').pop() ?? target.uri)}, lines ${target.startLine}–${target.endLine}` : '';
    const what = [target.nodeType, target.name ? `\`${target.name}\`` : undefined].filter(Boolean).join(' ');
    lines.push(`### ${target.op} ${target.nodeId}: ${what}${where ? ` (${where})` : ''}`, '');
    lines.push(`The step ${OPS[target.op] ?? 'acts on it'}. Now:`, '');
    // A fence longer than any backtick run in the text keeps the text from closing it.
    const longest = Math.max(2, ...[...(target.text ?? '').matchAll(/`+/g)].map((match) => match[0].length));
    const fence = '`'.repeat(longest + 1);
    lines.push(`${fence}whetstone`, target.text ?? '', fence);
    if (target.truncated) lines.push('', '(cut short)');
    lines.push('');
  }
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
