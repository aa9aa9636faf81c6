// "Whetstone: Copy MCP Configuration": a ready snippet for MCP clients outside VS Code. For clients
// that launch commands, `whetstone-agent mcp`, which finds the running endpoint through its lock
// file: this extension's own copy, and beside it the published package through npx; for clients
// that speak Streamable HTTP, the URL and how to read the token from the lock file. Never the token itself: it stays in the lock file (0600), out of
// clipboard histories and chat logs, and it changes whenever the endpoint restarts.
import * as vscode from 'vscode';
import type { AgentStatusView } from './agent-status';

export const COPY_MCP_CONFIGURATION_COMMAND = 'whetstone.copyMcpConfiguration';

/** The snippet for an endpoint on `port` with `lockFile`, and the bridge at `cliPath`. */
export function mcpConfiguration(cliPath: string, port: number | null, lockFile: string | null): string {
  const stdio = { mcpServers: { whetstone: { command: 'node', args: [cliPath, 'mcp'] } } };
  const npx = { mcpServers: { whetstone: { command: 'npx', args: ['-y', 'whetstone-agent', 'mcp'] } } };
  const lines = [
    '// Whetstone MCP server (from "Whetstone: Copy MCP Configuration").',
    '// Clients that launch a command (stdio): the bridge finds the running endpoint through its lock file.',
    "// This extension's own copy: always the extension's version, nothing to download (the path changes when the extension updates).",
    JSON.stringify(stdio, null, 2),
    '',
    '// Or the published whetstone-agent package, which works without VS Code (agents outside the editor, other machines, CI);',
    '// npx downloads it the first time.',
    JSON.stringify(npx, null, 2),
  ];
  if (port !== null) {
    const http = { mcpServers: { whetstone: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: 'Bearer ${WHETSTONE_MCP_TOKEN}' } } } };
    lines.push(
      '',
      '// Clients that speak Streamable HTTP: this URL with the header "Authorization: Bearer <token>".',
      `// The token is the "token" field of the lock file ${lockFile ?? '(see the status bar)'}; it changes whenever the endpoint restarts.`,
      `// For example: export WHETSTONE_MCP_TOKEN=$(node -p "require(${JSON.stringify(lockFile ?? '<lock file>')}).token")`,
      JSON.stringify(http, null, 2),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function copyMcpConfiguration(context: vscode.ExtensionContext, status: AgentStatusView): Promise<string> {
  const current = status.status;
  const running = current?.running === true && current.port !== null;
  const text = mcpConfiguration(vscode.Uri.joinPath(context.extensionUri, 'dist', 'cli.js').fsPath, running ? current.port : null, running ? current.lockFile : null);
  await vscode.env.clipboard.writeText(text);
  const note = running ? '' : ' The endpoint is not running now, so only the command form is included.';
  void vscode.window.showInformationMessage(`Whetstone: copied the MCP configuration (the token stays in the lock file).${note}`);
  return text;
}

export function registerCopyMcpConfiguration(context: vscode.ExtensionContext, status: AgentStatusView): vscode.Disposable {
  return vscode.commands.registerCommand(COPY_MCP_CONFIGURATION_COMMAND, () => copyMcpConfiguration(context, status));
}
