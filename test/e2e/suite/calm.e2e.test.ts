// The quiet parts of the workbench in the real VS Code: the agent endpoint's port is never offered
// for port forwarding (VS Code's port attributes API, asked through the extension's provider), and
// `whetstone.trace.server` shows the LSP traffic in the Output view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { drawnLabels, openFile, readyApi, waitFor } from './helpers';

/** PortAutoForwardAction.Ignore in VS Code's port attributes API. */
const IGNORE = 5;

describe('a calm workbench', () => {
  it('keeps the agent endpoint\'s port from being forwarded', async () => {
    const api = await readyApi();
    await openFile('calm/trace.wst');
    const status = await waitFor('the agent endpoint to run', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    assert.ok(status.port);
    assert.equal(api.agents.portAttributes.registered, true, 'VS Code took the port attributes provider');
    assert.equal(api.agents.portAttributes.autoForwardAction(status.port), IGNORE, 'the endpoint\'s port is ignored');
    assert.equal(api.agents.portAttributes.autoForwardAction(status.port + 1), undefined, 'other ports are left to VS Code');
  });

  it('gives remote.portsAttributes a default that ignores the installed language server\'s ports, where the proposal is not allowed', () => {
    // A desktop remote window does not let the extension use the port attributes proposal; the
    // setting's default, matched against a process's command line, covers the server there.
    const defaults = vscode.workspace.getConfiguration('remote').inspect<Record<string, { onAutoForward?: string }>>('portsAttributes')?.defaultValue ?? {};
    const entries = Object.entries(defaults).filter(([, attributes]) => attributes.onAutoForward === 'ignore');
    const ignores = (commandLine: string): boolean => entries.some(([pattern]) => new RegExp(pattern).test(commandLine));
    assert.ok(ignores('/usr/bin/node /home/ada/.vscode-server/extensions/whetstone.whetstone-vscode-0.1.0/dist/server.js --node-ipc --clientProcessId=4242'), 'the installed server is ignored');
    assert.ok(ignores('C:\\Program Files\\node.exe c:\\Users\\ada\\.vscode\\extensions\\whetstone.whetstone-vscode-0.2.1\\dist\\server.js --node-ipc'), 'on Windows too');
    assert.ok(!ignores('/usr/bin/node /home/ada/.vscode-server/extensions/other.lang-1.0.0/dist/server.js --node-ipc'), 'another extension\'s server is left to VS Code');
    assert.ok(!ignores('python3 -m http.server 8080'), 'a web server is left to VS Code');
  });

  it('shows the LSP traffic in the Output view when whetstone.trace.server asks for it', async () => {
    const api = await readyApi();
    const editor = await openFile('calm/trace.wst');
    const settings = vscode.workspace.getConfiguration('whetstone');
    await settings.update('trace.server', 'messages', vscode.ConfigurationTarget.Global);
    try {
      api.client.traceOutputChannel.show(true);
      const lines = await waitFor('the hover request in the trace', async () => {
        await vscode.commands.executeCommand('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(4, 7));
        const drawn = await drawnLabels('.part.panel .view-line');
        if (!drawn) return [];
        return drawn.visible.some((line) => line.includes('textDocument/hover')) ? drawn.visible : undefined;
      });
      if (lines.length > 0) assert.ok(lines.some((line) => /Sending\srequest\s'textDocument\/hover/.test(line)), lines.join('\n'));
    } finally {
      await settings.update('trace.server', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closePanel');
    }
  });
});
