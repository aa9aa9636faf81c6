// The Problems panel lists the diagnostics of files that are not open (VS Code's diagnostics, as
// vscode.languages.getDiagnostics() reads them): a file never opened with a cross-file error is
// listed from the start, and a signature change in an open module brings an error into a file
// that is not open, which goes again when the change is undone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor, workspaceUri } from './helpers';

function codes(uri: vscode.Uri): string[] {
  return vscode.languages.getDiagnostics(uri).map((diagnostic) => String(typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code));
}

function isOpen(uri: vscode.Uri): boolean {
  return vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString());
}

describe('problems of files that are not open', () => {
  const receipt = workspaceUri('problems/receipt.wst');
  const checkout = workspaceUri('problems/checkout.wst');

  it('lists the cross-file error of a file never opened', async () => {
    await readyApi();
    // Any Whetstone file starts the server; the index then checks every file of the folder.
    await openFile('hello.wst');
    const found = await waitFor('E_TYPE_MISMATCH in receipt.wst', () => vscode.languages.getDiagnostics(receipt).find((d) => /number is not assignable to 'shown' of type string/.test(d.message)));
    assert.equal(found.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(found.range.start.line, 2);
    assert.ok(!isOpen(receipt), 'receipt.wst is not open');
  });

  it('shows an error in a file that is not open after a signature change in an open module, and clears it when undone', async () => {
    await readyApi();
    const editor = await openFile('problems/rates.wst');
    assert.deepEqual(codes(checkout), [], 'the checkout is clean to begin with');
    const line = editor.document.lineAt(1).text;
    const at = line.indexOf('rate: number') + 'rate: '.length;
    assert.ok(await editor.edit((edit) => edit.replace(new vscode.Range(1, at, 1, at + 'number'.length), 'string')));
    const error = await waitFor('an error in checkout.wst', () =>
      vscode.languages.getDiagnostics(checkout).find((d) => /not assignable to parameter 'rate' of type string/.test(d.message)),
    );
    assert.equal(error.range.start.line, 3);
    assert.ok(!isOpen(checkout), 'checkout.wst was never opened');
    await vscode.commands.executeCommand('undo');
    await waitFor('checkout.wst clean again', () => (codes(checkout).length === 0 ? true : undefined));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
