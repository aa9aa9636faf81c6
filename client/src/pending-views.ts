// The Whetstone view container's other two views, beside Agents: Plans (the plans waiting for the
// person, a click opens the plan's diff; under them the plans decided lately, a click opens the
// plan's record) and Changes (the changes agents sent for review, a click shows the change in its
// file). Both read the extension's own state, so they are filled the moment they are shown; when
// there is nothing, the view's welcome text (package.json viewsWelcome) says what will appear.
// The agents' words are escaped here, where they are shown.
import * as vscode from 'vscode';
import { labelText } from '../../server/src/protocol/display-text';
import type { ChangeReview } from './change-review';
import { PLAN_DETAILS_COMMAND, REVIEW_PLAN_COMMAND, type PlanDecisions } from './plan-decisions';

export const PLANS_VIEW_ID = 'whetstone.plans';
export const CHANGES_VIEW_ID = 'whetstone.changes';

/** One row of the Plans or Changes view. */
export interface PendingViewRow {
  label: string;
  description?: string;
  children?: PendingViewRow[];
  command?: vscode.Command;
  id: string;
}

/** The Plans view's rows: pending plans, then a group of the decided ones. */
export function planRows(plans: PlanDecisions): PendingViewRow[] {
  const rows: PendingViewRow[] = plans.pending().map((plan) => ({
    id: `pending/${plan.planId}`,
    label: plan.reason || plan.planId,
    description: `${plan.agentName} · waiting for you`,
    command: { title: 'Review the plan', command: REVIEW_PLAN_COMMAND, arguments: [plan.planId] },
  }));
  const decided = plans.decided();
  if (decided.length > 0) {
    rows.push({
      id: 'decided',
      label: `Decided (${decided.length})`,
      children: decided.map((plan) => ({
        id: `decided/${plan.planId}`,
        label: plan.reason || plan.planId,
        description: `${plan.agentName} · ${plan.state}`,
        command: { title: 'Open the plan', command: PLAN_DETAILS_COMMAND, arguments: [plan.planId] },
      })),
    });
  }
  return rows;
}

/** The Changes view's rows: each pending change, a click shows it in its file. */
export function changeRows(changes: ChangeReview): PendingViewRow[] {
  return changes.pending().map((change) => {
    const at = change.edits[0]?.range;
    return {
      id: change.suggestionId,
      label: change.label,
      description: `${change.agentName} · ${vscode.workspace.asRelativePath(vscode.Uri.parse(change.uri))}${at ? `:${at.start.line + 1}` : ''}`,
      command: { title: 'Show the change', command: 'vscode.open', arguments: [vscode.Uri.parse(change.uri), ...(at ? [{ selection: at }] : [])] },
    };
  });
}

class RowsProvider implements vscode.TreeDataProvider<PendingViewRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly rows: () => PendingViewRow[]) {}

  refresh(): void {
    this.changed.fire();
  }

  getChildren(row?: PendingViewRow): PendingViewRow[] {
    return row ? (row.children ?? []) : this.rows();
  }

  getTreeItem(row: PendingViewRow): vscode.TreeItem {
    const item = new vscode.TreeItem(labelText(row.label), row.children ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description === undefined ? undefined : labelText(row.description);
    item.command = row.command;
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Registers the Plans and Changes views; they follow the plans' and changes' events. */
export function registerPendingViews(plans: PlanDecisions, changes: ChangeReview): vscode.Disposable {
  const plansProvider = new RowsProvider(() => planRows(plans));
  const changesProvider = new RowsProvider(() => changeRows(changes));
  return vscode.Disposable.from(
    plansProvider,
    changesProvider,
    vscode.window.createTreeView(PLANS_VIEW_ID, { treeDataProvider: plansProvider }),
    vscode.window.createTreeView(CHANGES_VIEW_ID, { treeDataProvider: changesProvider }),
    plans.onDidChange(() => plansProvider.refresh()),
    changes.onDidChange(() => changesProvider.refresh()),
  );
}
