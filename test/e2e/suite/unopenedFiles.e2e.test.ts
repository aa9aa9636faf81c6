// An agent names a file nobody has open, in the real VS Code: the extension opens it as a document
// only (no tab, the active editor unchanged), the agent reads and changes it, and the editor the
// person opens afterwards shows the change as one step they can undo.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import { AgentClient } from './agentClient';
import { openFile, readyApi, runningEndpointLock, waitFor, workspaceUri } from './helpers';

const FILE = 'unopened/shipping.wst';

interface AstResult {
  uri: string;
  revision: number;
  ast: { children: { id: string; type: string; name?: string }[] };
}

const tabsOf = (uri: vscode.Uri): vscode.Tab[] =>
  vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());

describe('agents reach files nobody has open', () => {
  let agent: AgentClient;
  let target: vscode.Uri;
  let onDisk: string;

  before(async () => {
    target = workspaceUri(FILE);
    onDisk = readFileSync(target.fsPath, 'utf8');
    const api = await readyApi();
    agent = await AgentClient.connect(await runningEndpointLock(api));
    await agent.request('setAgentRole', { role: 'refactor' });
  });

  after(async () => {
    await agent.close();
    for (const file of [target, workspaceUri('unopened/quote.wst')]) {
      const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === file.toString());
      if (document?.isDirty) {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      }
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads and changes the file without a tab or focus, and the person undoes the change in one step', async () => {
    const active = await openFile('hello.wst');
    assert.equal(tabsOf(target).length, 0, 'no tab shows the file at first');
    // The file's URI as an agent outside VS Code writes it.
    const uri = pathToFileURL(target.fsPath).href;
    const read = await waitFor('the index to know the file', async () => {
      try {
        return await agent.request<AstResult>('getAST', { uri });
      } catch {
        return undefined;
      }
    });
    const fn = read.ast.children.find((node) => node.name === 'shippingCost');
    assert.ok(fn, 'the agent reads the unopened file');
    await agent.request('applyMutation', { uri, type: 'setProperty', nodeId: fn.id, property: 'name', value: 'deliveryCost', ifRevision: read.revision });

    assert.equal(tabsOf(target).length, 0, 'still no tab for it');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), active.document.uri.toString(), 'the person’s editor kept the focus');
    assert.equal(readFileSync(target.fsPath, 'utf8'), onDisk, 'unsaved, as any change VS Code makes');

    const editor = await vscode.window.showTextDocument(target);
    assert.match(editor.document.getText(), /^fn deliveryCost\(weight/, 'the editor opened afterwards shows the change');
    assert.ok(editor.document.isDirty);
    await vscode.commands.executeCommand('undo');
    await waitFor('one undo to take the change back', () => (editor.document.getText() === onDisk ? true : undefined));
  });

  it('renames across a file nobody has open: the importer is changed too, and one undo there takes its part back', async () => {
    const quoteUri = workspaceUri('unopened/quote.wst');
    const quoteOnDisk = readFileSync(quoteUri.fsPath, 'utf8');
    assert.equal(tabsOf(quoteUri).length, 0, 'the importer is not open');
    const uri = pathToFileURL(target.fsPath).href;
    // The undo of the test before reaches the server a moment after the editor.
    const read = await waitFor('the declaring file as it is on disk again', async () => {
      const ast = await agent.request<AstResult>('getAST', { uri });
      return ast.ast.children.some((node) => node.name === 'shippingCost') ? ast : undefined;
    });
    const fn = read.ast.children.find((node) => node.name === 'shippingCost')!;
    const renamed = await agent.request<{ changes: { uri: string }[] }>('renameSymbol', { uri, nodeId: fn.id, newName: 'postage', ifRevision: read.revision });
    assert.equal(renamed.changes.length, 2, JSON.stringify(renamed.changes.map((change) => change.uri)));
    assert.equal(tabsOf(quoteUri).length, 0, 'still no tab for the importer');

    const quote = await vscode.window.showTextDocument(quoteUri);
    assert.equal(quote.document.getText(), quoteOnDisk.replaceAll('shippingCost', 'postage'), 'the importer shows the rename');
    await vscode.commands.executeCommand('undo');
    await waitFor('one undo in the importer to take its part back', () => (quote.document.getText() === quoteOnDisk ? true : undefined));
    const shipping = vscode.workspace.textDocuments.find((document) => document.uri.toString() === target.toString());
    assert.match(shipping?.getText() ?? '', /fn postage\(/, 'the declaring file keeps its own part until undone there');
  });
});
