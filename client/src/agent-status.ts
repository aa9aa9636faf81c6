// The agent endpoint's status as the language server reports it (`whetstone/agentStatus`): kept
// for the copy command and the extension's API, and shown in the status bar as where agents
// connect and how many are attached. The token is never part of it: it stays in the lock file.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { labelText } from '../../server/src/protocol/display-text';
import { AgentStatusNotification, type AgentStatusParams } from '../../server/src/protocol/messages';
import { SHOW_AGENTS_COMMAND } from './agents-view';

export const COPY_AGENT_CONNECTION_COMMAND = 'whetstone.copyAgentConnection';

export type AgentStatus = AgentStatusParams;

export class AgentStatusView implements vscode.Disposable {
  private latest: AgentStatus | undefined;
  private readonly item: vscode.StatusBarItem;
  private readonly changed = new vscode.EventEmitter<AgentStatus>();
  private readonly subscriptions: vscode.Disposable[];

  /** Fired with every status the server sends. */
  readonly onDidChange = this.changed.event;

  /** Registers the notification handler; call before the client starts so the first status is heard. */
  constructor(client: LanguageClient) {
    this.item = vscode.window.createStatusBarItem('whetstone.agents', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Whetstone Agents';
    // Opens the Agents view; the copy command stays in the view's title bar and the palette.
    this.item.command = SHOW_AGENTS_COMMAND;
    this.subscriptions = [
      client.onNotification(AgentStatusNotification, (params) => this.update(params)),
      // A restarted server starts its endpoint afresh and reports again; until then nothing runs.
      client.onDidChangeState(() => {
        if (!client.isRunning() && this.latest?.running) this.update({ running: false, host: null, port: null, lockFile: null, sessions: 0, reason: 'the language server is not running' });
      }),
    ];
  }

  /** The last status the server sent, undefined before the first. */
  get status(): AgentStatus | undefined {
    return this.latest;
  }

  private update(status: AgentStatus): void {
    this.latest = status;
    if (status.running && status.host !== null && status.port !== null) {
      this.item.text = `$(plug) Whetstone agents: ${status.sessions} @ ${status.host}:${status.port}`;
      const tooltip = new vscode.MarkdownString(undefined, true);
      tooltip.appendText(`Agent endpoint ws://${status.host}:${status.port}, ${status.sessions} agent(s) attached.\n\n`);
      tooltip.appendText(`Lock file (agents read the token from it): ${status.lockFile ?? 'none'}\n\n`);
      tooltip.appendText('Click to open the Agents view (who is attached, what they did, what waits for you).');
      this.item.tooltip = tooltip;
      this.item.accessibilityInformation = { label: `Whetstone agent endpoint on ${status.host} port ${status.port}, ${status.sessions} agents attached` };
    } else {
      this.item.text = '$(debug-disconnect) Whetstone agents: off';
      this.item.tooltip = `The Whetstone agent endpoint is not running${status.reason ? `: ${labelText(status.reason)}` : ''}.`;
      this.item.accessibilityInformation = { label: 'Whetstone agent endpoint not running' };
    }
    this.item.show();
    this.changed.fire(status);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
    this.changed.dispose();
  }
}
