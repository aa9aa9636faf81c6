// The extension activates when a Whetstone file opens, exports its API, and its language server
// starts and runs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, openFile, readyApi, waitFor } from './helpers';

describe('activation', () => {
  it('activates on opening a .wst file and exports a started language client', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded from the development path`);

    const editor = await openFile('hello.wst');
    assert.equal(editor.document.languageId, 'whetstone');
    // Opening the file activates it (onLanguage:whetstone) if the workspace's .wst files
    // (workspaceContains) have not already, so that agents can attach before any file is open.
    await waitFor('the extension to activate', () => (extension.isActive ? true : undefined));

    const api = await readyApi();
    assert.ok(api.client, 'the API exports the language client');
    assert.equal(api.client.isRunning(), true);
  });

  it('registers its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('whetstone.restartServer'));
    assert.ok(commands.includes('whetstone.showAst'));
  });
});
