// The Agents view (the Whetstone view container in the activity bar): every attached agent session with its name, role,
// transport, connection time and message count; under it, its recent calls, its pending plans (a
// click opens the plan's review), its pending review changes and the kinds of plans the person
// approved for it. The server sends the sessions (`whetstone/agentSessions`) whenever any of it
// changes, so the view is live. On a session: Disconnect, Make Read-Only; on an approved kind:
// Revoke. Everything shown from the agent was made safe to show by the server, and is escaped
// again where it is shown (labelText).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  AgentSessionActionRequest,
  AgentSessionsNotification,
  type AgentCallData,
  type AgentSessionActionParams,
  type AgentSessionData,
} from '../../server/src/protocol/messages';
import { labelText } from '../../server/src/protocol/display-text';
import { REVIEW_PLAN_COMMAND } from './plan-decisions';

export const AGENTS_VIEW_ID = 'whetstone.agents';
export const SHOW_AGENTS_COMMAND = 'whetstone.showAgents';
export const DISCONNECT_AGENT_COMMAND = 'whetstone.disconnectAgent';
export const READ_ONLY_AGENT_COMMAND = 'whetstone.makeAgentReadOnly';
export const REVOKE_APPROVAL_COMMAND = 'whetstone.revokeSimilarApproval';

/** One row of the view. */
export interface AgentsViewNode {
  label: string;
  description?: string;
  /** session, approval: the rows commands act on. */
  contextValue?: string;
  sessionId: string;
  kind?: string;
  planId?: string;
  children?: AgentsViewNode[];
}

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

function callRow(sessionId: string, call: AgentCallData): AgentsViewNode {
  const outcome = call.outcome === 'ok' ? 'ok' : `error ${call.outcome}`;
  return { label: call.target ? `${call.method} ${call.target}` : call.method, description: `${outcome} · ${time(call.atMs)}`, sessionId };
}

/** The rows of one session, as the view shows them. */
export function sessionRows(session: AgentSessionData): AgentsViewNode {
  const { sessionId } = session;
  const transport = session.transport === 'mcp' ? 'MCP' : 'WebSocket';
  const role = session.maxRole === 'linter' && session.role === 'linter' ? 'read-only' : session.role;
  const children: AgentsViewNode[] = [
    { label: `Recent calls (${session.recentCalls.length})`, sessionId, children: session.recentCalls.map((call) => callRow(sessionId, call)) },
    {
      label: `Pending plans (${session.pendingPlans.length})`,
      sessionId,
      children: session.pendingPlans.map((plan) => ({ label: plan.reason || plan.planId, description: plan.planId, sessionId, planId: plan.planId, contextValue: 'plan' })),
    },
    {
      label: `Pending review changes (${session.pendingChanges.length})`,
      sessionId,
      children: session.pendingChanges.map((change) => ({ label: change.label, description: change.suggestionId, sessionId })),
    },
  ];
  if (session.standingApprovals.length > 0) {
    children.push({
      label: `Approved until it disconnects (${session.standingApprovals.length})`,
      sessionId,
      children: session.standingApprovals.map((approval) => ({ label: approval.label, description: 'approved for similar plans', sessionId, kind: approval.kind, contextValue: 'approval' })),
    });
  }
  return {
    label: session.name || session.sessionId,
    description: `${role} · ${transport} · since ${time(session.connectedAtMs)} · ${session.messageCount} messages`,
    contextValue: 'session',
    sessionId,
    children,
  };
}

export class AgentsView implements vscode.TreeDataProvider<AgentsViewNode>, vscode.Disposable {
  private sessions: AgentSessionData[] = [];
  private readonly changed = new vscode.EventEmitter<AgentsViewNode | undefined>();
  private readonly updated = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChangeTreeData = this.changed.event;
  /** Fired when the server sent the sessions again. */
  readonly onDidChange = this.updated.event;

  /** Registers the notification handler; call before the client starts. */
  constructor(private readonly client: LanguageClient) {
    const view = vscode.window.createTreeView(AGENTS_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions = [
      view,
      client.onNotification(AgentSessionsNotification, (params) => this.update(params.sessions)),
      client.onDidChangeState(() => {
        if (!client.isRunning()) this.update([]);
      }),
      vscode.commands.registerCommand(SHOW_AGENTS_COMMAND, () => vscode.commands.executeCommand(`${AGENTS_VIEW_ID}.focus`)),
      vscode.commands.registerCommand(DISCONNECT_AGENT_COMMAND, (node?: AgentsViewNode) => this.act(node, 'disconnect')),
      vscode.commands.registerCommand(READ_ONLY_AGENT_COMMAND, (node?: AgentsViewNode) => this.act(node, 'readOnly')),
      vscode.commands.registerCommand(REVOKE_APPROVAL_COMMAND, (node?: AgentsViewNode) => this.act(node, 'revokeApproval')),
    ];
  }

  /** The sessions as the server last sent them. */
  current(): AgentSessionData[] {
    return this.sessions;
  }

  /** The view's rows (what a person sees, for tests). */
  rows(): AgentsViewNode[] {
    return this.sessions.map(sessionRows);
  }

  getChildren(node?: AgentsViewNode): AgentsViewNode[] {
    return node ? (node.children ?? []) : this.rows();
  }

  getTreeItem(node: AgentsViewNode): vscode.TreeItem {
    const state = node.children
      ? node.contextValue === 'session' || node.children.length > 0
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.None
      : vscode.TreeItemCollapsibleState.None;
    // Names, reasons and labels are the agents' words: escaped here, where they are shown.
    const item = new vscode.TreeItem(labelText(node.label), state);
    item.description = node.description === undefined ? undefined : labelText(node.description);
    item.contextValue = node.contextValue;
    // Stable ids keep what the person expanded or collapsed across updates.
    item.id = `${node.sessionId}/${node.kind ?? node.planId ?? node.label.replace(/\(\d+\)$/, '')}/${node.description ?? ''}`;
    if (node.contextValue === 'session') item.iconPath = new vscode.ThemeIcon('hubot');
    if (node.planId !== undefined) item.command = { title: 'Review the plan', command: REVIEW_PLAN_COMMAND, arguments: [node.planId] };
    return item;
  }

  private async act(node: AgentsViewNode | undefined, action: AgentSessionActionParams['action']): Promise<boolean> {
    const sessionId = node?.sessionId ?? (await this.pickSession());
    if (!sessionId) return false;
    const params: AgentSessionActionParams = { sessionId, action };
    if (action === 'revokeApproval') {
      if (!node?.kind) return false;
      params.kind = node.kind;
    }
    const result = await this.client.sendRequest(AgentSessionActionRequest, params);
    if (!result.done) void vscode.window.showInformationMessage('Whetstone: that agent is no longer attached (or nothing was approved).');
    return result.done;
  }

  /** From the command palette: which session. */
  private async pickSession(): Promise<string | undefined> {
    const picked = await vscode.window.showQuickPick(
      this.sessions.map((session) => ({ label: labelText(session.name || session.sessionId), description: labelText(session.sessionId), sessionId: session.sessionId })),
      { placeHolder: 'Which agent?' },
    );
    return picked?.sessionId;
  }

  private update(sessions: AgentSessionData[]): void {
    this.sessions = sessions;
    this.changed.fire(undefined);
    this.updated.fire();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.updated.dispose();
  }
}
