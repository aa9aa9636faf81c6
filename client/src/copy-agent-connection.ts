// "Whetstone: Copy Agent Connection Details": puts where agents connect (host, port, URL) and the
// lock file's path on the clipboard, for pasting into an agent's configuration. Never the token:
// an agent reads it from the lock file (0600, the person's own), so it is not left in a clipboard
// history or a log.
import * as vscode from 'vscode';
import { labelText } from '../../server/src/protocol/display-text';
import { COPY_AGENT_CONNECTION_COMMAND, type AgentStatusView } from './agent-status';

export interface AgentConnectionDetails {
  host: string;
  port: number;
  url: string;
  lockFile: string | null;
}

async function copyAgentConnection(status: AgentStatusView): Promise<AgentConnectionDetails | undefined> {
  const current = status.status;
  if (!current?.running || current.host === null || current.port === null) {
    const why = current?.reason ? ` (${labelText(current.reason)})` : '';
    void vscode.window.showWarningMessage(`Whetstone: the agent endpoint is not running${why}.`);
    return undefined;
  }
  const details: AgentConnectionDetails = {
    host: current.host,
    port: current.port,
    url: `ws://${current.host}:${current.port}`,
    lockFile: current.lockFile,
  };
  await vscode.env.clipboard.writeText(JSON.stringify(details, null, 2));
  void vscode.window.showInformationMessage(`Whetstone: copied the agent endpoint ${details.url} and its lock file path (the token stays in the lock file).`);
  return details;
}

export function registerCopyAgentConnection(status: AgentStatusView): vscode.Disposable {
  return vscode.commands.registerCommand(COPY_AGENT_CONNECTION_COMMAND, () => copyAgentConnection(status));
}
