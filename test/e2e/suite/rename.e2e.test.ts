// Rename through VS Code's rename provider follows scopes: a parameter's uses, not a global of
// the same name.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi } from './helpers';

describe('rename', () => {
  it('renames a parameter and its uses but not the global it shadows', async () => {
    await readyApi();
    const editor = await openFile('rename.wst');
    const document = editor.document;
    const lines = document.getText().split('\n');
    const at = (line: number, text: string, from = 0): vscode.Range => {
      const character = lines[line].indexOf(text, from);
      assert.ok(character >= 0, `"${text}" is on line ${line + 1} of the fixture`);
      return new vscode.Range(line, character, line, character + text.length);
    };
    // 0-based lines: 4 `fn scale(count: …`, 5 `let scaled = count * factor;`, 6 `return scaled + count;`.
    const parameter = at(4, 'count');
    const expected = [parameter, at(5, 'count'), at(6, 'count')];

    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>(
      'vscode.executeDocumentRenameProvider',
      document.uri,
      parameter.start.translate(0, 2),
      'newName',
    );
    assert.ok(edit && edit.size > 0, 'the rename provider returns edits');
    const entries = edit.entries();
    assert.deepEqual(
      entries.map(([uri]) => uri.toString()),
      [document.uri.toString()],
      'only the renamed file changes',
    );
    const edits = entries[0][1];
    assert.ok(edits.every((textEdit) => textEdit.newText === 'newName'));
    const ranges = edits
      .map((textEdit) => textEdit.range)
      .sort((a, b) => a.start.compareTo(b.start))
      .map((range) => [range.start.line, range.start.character, range.end.line, range.end.character]);
    assert.deepEqual(
      ranges,
      expected.map((range) => [range.start.line, range.start.character, range.end.line, range.end.character]),
      'the parameter and its two uses, and neither the global `count` nor its use in the last line',
    );
  });
});
