// The endpoint's MCP server in the real VS Code: registered with VS Code's own agents where the API
// exists (feature-detected: code-server builds may not have it), pointing at the running endpoint's
// /mcp without any token in the definition; and "Copy MCP Configuration", whose snippet works for
// stdio (the extension's copy, or the published package through npx) and HTTP clients and never
// holds the token.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor } from './helpers';

describe('MCP in VS Code', () => {
  it('registers the MCP server when VS Code has the API, at the endpoint\'s /mcp', async () => {
    const api = await readyApi();
    await openFile('hello.wst');
    const status = await waitFor('the agent endpoint running', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    const hasApi = typeof (vscode as unknown as { lm?: { registerMcpServerDefinitionProvider?: unknown } }).lm?.registerMcpServerDefinitionProvider === 'function';
    assert.equal(api.mcp.registered, hasApi, 'registered exactly where the API exists');
    if (!hasApi) return;
    const definitions = await api.mcp.definitions();
    assert.deepEqual(definitions, [{ label: 'Whetstone', uri: `http://127.0.0.1:${status!.port}/mcp` }]);
    const token = (JSON.parse(readFileSync(status!.lockFile!, 'utf8')) as { token: string }).token;
    assert.ok(!JSON.stringify(definitions).includes(token), 'the definition carries no token until VS Code starts the server');
  });

  it('"Copy MCP Configuration" copies stdio snippets (the extension\'s copy and npx) and an HTTP one, never the token', async () => {
    const api = await readyApi();
    await openFile('hello.wst');
    const status = await waitFor('the agent endpoint running', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    const text = await vscode.commands.executeCommand<string>('whetstone.copyMcpConfiguration');
    assert.equal(await vscode.env.clipboard.readText(), text);
    assert.match(text, /"args": \[\n\s+".*dist[/\\]cli\.js",\n\s+"mcp"\n\s+\]/);
    assert.match(text, /"command": "npx",\n\s+"args": \[\n\s+"-y",\n\s+"whetstone-agent",\n\s+"mcp"\n\s+\]/, 'the published package beside the extension\'s copy');
    assert.ok(text.includes(`"url": "http://127.0.0.1:${status!.port}/mcp"`));
    assert.ok(text.includes(status!.lockFile!), 'says where the token is');
    const token = (JSON.parse(readFileSync(status!.lockFile!, 'utf8')) as { token: string }).token;
    assert.ok(!text.includes(token), 'the token stays in the lock file');
  });
});
