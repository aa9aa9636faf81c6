// Formatting a document through VS Code prints it in the canonical layout.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { applyEdits, openFile, readyApi } from './helpers';

// The canonical text of fixtures/e2e-workspace/format.wst: 2-space indent, one statement per
// line, a space around binary operators. Blank lines between declarations are the printer's
// choice, so the comparison ignores them.
const CANONICAL = ['fn add(a: number, b: number): number {', '  return a + b;', '}', 'let total = add(1, 2) * 3;', 'print(total);'];

function nonBlankLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

const options: vscode.FormattingOptions = { tabSize: 2, insertSpaces: true };

describe('formatting', () => {
  it('turns a badly formatted document into canonical text, and leaves that text as it is', async () => {
    await readyApi();
    const editor = await openFile('format.wst');
    const document = editor.document;

    const edits = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>('vscode.executeFormatDocumentProvider', document.uri, options);
    assert.ok(edits && edits.length > 0, 'the formatter changes the badly formatted document');
    const formatted = applyEdits(document, edits);
    assert.deepEqual(nonBlankLines(formatted), CANONICAL);

    // Formatting canonical text again changes nothing.
    const workspaceEdit = new vscode.WorkspaceEdit();
    workspaceEdit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(workspaceEdit));
    assert.equal(document.getText(), formatted);
    const again = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>('vscode.executeFormatDocumentProvider', document.uri, options);
    assert.equal(applyEdits(document, again ?? []), formatted);
  });
});
