// The extension as a person gets it: installed from whetstone.vsix into a fresh extensions folder
// (test/e2e/run-installed.mjs), not loaded from the development path. Opening an example
// activates it and shows diagnostics, hovers work, the agent endpoint writes its lock file and an
// agent's change reaches the editor, and the MCP server is offered (VS Code's definition where the
// API exists, and the copied stdio command, run from the installed folder).
import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import { AgentClient } from '../suite/agentClient';
import { EXTENSION_ID, openFile, readyApi, waitFor, workspaceUri } from '../suite/helpers';

const ROOT = join(__dirname, '..', '..', '..', '..');
const EXAMPLE = join(ROOT, 'examples', 'diagnostics.wst');

function codeOf(diagnostic: vscode.Diagnostic): string | number | undefined {
  return typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
}

/** Copies the example into the workspace as `name`, opens it and waits for its first diagnostics; the elapsed ms. */
async function openExample(name: string): Promise<{ editor: vscode.TextEditor; ms: number }> {
  copyFileSync(EXAMPLE, workspaceUri(name).fsPath);
  const started = Date.now();
  const editor = await openFile(name);
  await waitFor(`the first diagnostics of ${name}`, () => (vscode.languages.getDiagnostics(editor.document.uri).some((d) => codeOf(d) === 'E_UNDEFINED') ? true : undefined), 30_000);
  return { editor, ms: Date.now() - started };
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

describe('the installed package', () => {
  let extension: vscode.Extension<WhetstoneApi>;
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;

  it('is the copy installed from the .vsix, not the development path', () => {
    const found = vscode.extensions.getExtension<WhetstoneApi>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is installed`);
    extension = found;
    const extensionsDir = process.env.WHETSTONE_E2E_EXTENSIONS_DIR;
    assert.ok(extensionsDir, 'the run names the extensions folder it installed into');
    assert.ok(isInside(extensionsDir, extension.extensionPath), `${extension.extensionPath} is inside ${extensionsDir}`);
    assert.equal(isInside(ROOT, extension.extensionPath), false, 'not loaded from the repository');
    assert.equal(extension.packageJSON.version, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    assert.equal(existsSync(join(extension.extensionPath, 'src')), false, 'no sources in the package');
    // What the extension shows from its own folder: the icon and the walkthrough's pictures.
    const manifest = extension.packageJSON as { icon?: string; contributes: { walkthroughs?: { steps: { media: { image?: string } }[] }[] } };
    const pictures = [manifest.icon, ...(manifest.contributes.walkthroughs ?? []).flatMap((walkthrough) => walkthrough.steps.map((step) => step.media.image))];
    for (const picture of pictures) if (picture) assert.ok(existsSync(join(extension.extensionPath, picture)), `${picture} is installed`);
  });

  it('activates on opening an example and shows its diagnostics', async () => {
    // The workspace holds no .wst file at start, so opening the example is what activates it.
    assert.equal(extension.isActive, false, 'not active before a Whetstone file is opened');
    const cold = await openExample('diagnostics.wst');
    editor = cold.editor;
    assert.equal(extension.isActive, true);
    api = await readyApi();
    const codes = new Set(vscode.languages.getDiagnostics(editor.document.uri).map(codeOf));
    for (const code of ['E_UNDEFINED', 'E_UNKNOWN_FIELD', 'E_DUPLICATE']) assert.ok(codes.has(code), `${code} is reported: ${[...codes].join(', ')}`);
    // The same example opened again with the server running: what the activation adds is the rest.
    const warm = await openExample('diagnostics-again.wst');
    console.log(
      `installed extension: open an example → activation → first diagnostics ${cold.ms} ms; the same example opened again, server running, ${warm.ms} ms (${(cold.ms / Math.max(warm.ms, 1)).toFixed(1)}×); package ${(statSync(join(ROOT, 'whetstone.vsix')).size / 1024 / 1024).toFixed(2)} MB`,
    );
    editor = await openFile('diagnostics.wst');
  });

  it('shows a hover with the signature of a function', async () => {
    const line = editor.document.getText().split('\n').findIndex((text) => text.startsWith('fn area('));
    const position = new vscode.Position(line, 'fn ar'.length);
    const hovers = await waitFor('a hover on area', async () => {
      const found = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
      return found.length > 0 ? found : undefined;
    });
    const text = hovers.flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : part.value))).join('\n');
    assert.match(text, /area\(w: number, height: number\): number/, text);
  });

  it('writes the agent endpoint\'s lock file, and an agent\'s change reaches the editor', async () => {
    const status = await waitFor('the agent endpoint to run', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    assert.ok(status.lockFile && existsSync(status.lockFile), 'the lock file is written');
    const lock = AgentClient.readLockFile(status.lockFile);
    assert.equal(lock.port, status.port);
    const agent = await AgentClient.connect(lock);
    try {
      await agent.request('setAgentRole', { role: 'refactor' });
      const { ast, revision } = await waitFor('getAST of the example', async () => {
        const result = await agent.request<{ uri: string; revision: number; ast: { children?: { type: string; id: string; name?: string }[] } }>('getAST').catch(() => undefined);
        return result?.uri === editor.document.uri.toString() && result.revision === editor.document.version ? result : undefined;
      });
      const area = ast.children?.find((node) => node.type === 'FunctionDeclaration' && node.name === 'area');
      assert.ok(area, 'the AST has the function area');
      await agent.request('applyMutation', { type: 'setProperty', nodeId: area.id, property: 'name', value: 'surface', ifRevision: revision });
      assert.match(editor.document.getText(), /^fn surface\(w: number, height: number\): number \{$/m, 'the editor shows the agent\'s rename');
    } finally {
      await agent.close();
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('offers its MCP server: VS Code\'s definition where the API exists, and the copied command from the installed folder', async () => {
    const status = await waitFor('the agent endpoint to run', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    const hasApi = typeof (vscode as unknown as { lm?: { registerMcpServerDefinitionProvider?: unknown } }).lm?.registerMcpServerDefinitionProvider === 'function';
    assert.equal(api.mcp.registered, hasApi, 'registered exactly where the API exists');
    if (hasApi) assert.deepEqual(await api.mcp.definitions(), [{ label: 'Whetstone', uri: `http://127.0.0.1:${status.port}/mcp` }]);

    const installedCli = join(extension.extensionPath, 'dist', 'cli.js');
    const configuration = await vscode.commands.executeCommand<string>('whetstone.copyMcpConfiguration');
    assert.ok(configuration.includes(JSON.stringify(installedCli)), `the command runs the installed copy:\n${configuration}`);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [installedCli, 'mcp'],
      cwd: workspaceUri('.').fsPath,
      env: process.env as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'installed-smoke', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'renameSymbol'), tools.map((tool) => tool.name).join(', '));
      const result = await client.callTool({ name: 'listBuffers', arguments: {} });
      assert.ok(JSON.stringify(result.structuredContent).includes('diagnostics.wst'), JSON.stringify(result.structuredContent));
    } finally {
      await client.close();
    }
  });
});
