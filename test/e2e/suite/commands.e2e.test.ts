// The extension's own commands, run as a person runs them from the command palette.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor } from './helpers';

describe('commands', () => {
  it('"Show AST" opens the active buffer\'s AST as JSON beside it', async () => {
    await readyApi();
    const editor = await openFile('hello.wst');

    const json = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('whetstone.showAst');
    assert.ok(json, 'the command opened a document');
    assert.equal(json.languageId, 'json');
    const result = JSON.parse(json.getText()) as { uri?: string; ast?: { type?: string; children?: { type?: string; name?: string }[] } };
    assert.equal(result.uri, editor.document.uri.toString());
    assert.equal(result.ast?.type, 'Program');
    const greet = result.ast.children?.find((node) => node.type === 'FunctionDeclaration');
    assert.equal(greet?.name, 'greet');
    // Beside the Whetstone editor, which stays visible.
    assert.ok(vscode.window.visibleTextEditors.some((visible) => visible.document === editor.document));
    assert.notEqual(vscode.window.activeTextEditor?.viewColumn, editor.viewColumn);
  });

  it('"Restart Language Server" starts a new server that serves the open buffers', async () => {
    const api = await readyApi();
    const editor = await openFile('undefined-name.wst');
    await vscode.commands.executeCommand('whetstone.restartServer');
    assert.equal(api.client.isRunning(), true);
    // The new server learns the open documents again and answers for them.
    const json = await waitFor('the AST from the restarted server', async () => {
      await vscode.window.showTextDocument(editor.document);
      return vscode.commands.executeCommand<vscode.TextDocument | undefined>('whetstone.showAst');
    });
    assert.equal((JSON.parse(json.getText()) as { uri?: string }).uri, editor.document.uri.toString());
  });
});
