// Rename across files in VS Code: F2's provider on a name imported from a file that is not open
// renames it there too, in one WorkspaceEdit; applied, both files read the new name, and one undo
// in each file gives it back its text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor, workspaceUri } from './helpers';

describe('rename across files', () => {
  it('renames a function in the file importing it and in its own file, not open, and one undo per file restores each', async () => {
    await readyApi();
    const ledgerUri = workspaceUri('xrefs/ledger.wst');
    const isOpen = (uri: vscode.Uri): boolean => vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString());
    const editor = await openFile('xrefs/till.wst');
    const till = editor.document;
    const tillBefore = till.getText();
    assert.ok(!isOpen(ledgerUri), 'the declaring file is not open');
    const position = till.positionAt(tillBefore.indexOf('ledgerTotal([') + 2);

    // The index is built in the background: the references reach the file that is not open once it is.
    await waitFor('the references to reach ledger.wst', async () => {
      const locations = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', till.uri, position);
      return locations?.some((location) => location.uri.toString() === ledgerUri.toString()) ? true : undefined;
    });
    assert.ok(!isOpen(ledgerUri), 'finding references did not open it');

    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', till.uri, position, 'tillTotal');
    assert.ok(edit, 'the rename provider returns an edit');
    const files = edit.entries().map(([uri]) => uri.toString()).sort();
    assert.deepEqual(files, [ledgerUri.toString(), till.uri.toString()].sort(), 'the edit changes both files');

    // One applyEdit per file, so each file has its own undo step (VS Code asks before undoing one edit across files).
    for (const [uri, edits] of edit.entries()) {
      const single = new vscode.WorkspaceEdit();
      single.set(uri, edits);
      assert.ok(await vscode.workspace.applyEdit(single), `the edit of ${uri.toString()} applies`);
    }
    const ledger = await vscode.workspace.openTextDocument(ledgerUri);
    const ledgerBefore = new TextDecoder().decode(await vscode.workspace.fs.readFile(ledgerUri));
    assert.equal(till.getText(), tillBefore.replaceAll('ledgerTotal', 'tillTotal'));
    assert.equal(ledger.getText(), ledgerBefore.replaceAll('ledgerTotal', 'tillTotal'));

    for (const [document, before] of [
      [till, tillBefore],
      [ledger, ledgerBefore],
    ] as const) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('undo');
      await waitFor(`the undo of ${document.uri.path}`, () => (document.getText() === before ? true : undefined));
      assert.equal(document.getText(), before);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
