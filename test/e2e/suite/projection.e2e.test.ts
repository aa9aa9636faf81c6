// The person's projection commands in a real VS Code: "Show as …" opens a read-only preview
// beside the editor without taking the focus, and it follows the buffer as it changes; "Import
// from JavaScript" turns the active file into a new .wst file and shows what was left out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor, workspaceUri } from './helpers';

const PREVIEW_SCHEME = 'whetstone-projection';

function previewEditor(extension: string): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find((editor) => editor.document.uri.scheme === PREVIEW_SCHEME && editor.document.uri.path.endsWith(extension));
}

describe('projection', () => {
  it('"Show as Python" opens a preview beside the editor, keeps the focus, and follows the buffer', async () => {
    await readyApi();
    const editor = await openFile('projection.wst');
    await vscode.commands.executeCommand('whetstone.showAsPython');
    const preview = await waitFor('the Python preview', () => previewEditor('.wst.py'));
    assert.match(preview.document.getText(), /def total\(prices: list\[float\]\) -> float:\n {4}sum = 0\n/);
    // The person keeps typing where they were.
    assert.equal(vscode.window.activeTextEditor?.document, editor.document);
    assert.notEqual(preview.viewColumn, editor.viewColumn);

    // An edit to the buffer reaches the preview.
    const end = editor.document.positionAt(editor.document.getText().length);
    await editor.edit((edit) => edit.insert(end, '\nfn half(x: number): number {\n  return x / 2;\n}\n'));
    await waitFor('the preview to show the new function', () => (/def half\(x: float\) -> float:\n {4}return x \/ 2/.test(preview.document.getText()) ? true : undefined));
    assert.equal(vscode.window.activeTextEditor?.document, editor.document);
    // Leave the file as it was for the other tests.
    const added = editor.document.getText().indexOf('\nfn half');
    await editor.edit((edit) => edit.delete(new vscode.Range(editor.document.positionAt(added), editor.document.positionAt(editor.document.getText().length))));
    await editor.document.save();
  });

  it('"Show as TypeScript" and "Show as JavaScript" open previews in their languages', async () => {
    await readyApi();
    await openFile('projection.wst');
    await vscode.commands.executeCommand('whetstone.showAsTypeScript');
    const ts = await waitFor('the TypeScript preview', () => previewEditor('.wst.ts'));
    assert.match(ts.document.getText(), /function total\(prices: number\[\]\): number \{/);
    await openFile('projection.wst');
    await vscode.commands.executeCommand('whetstone.showAsJavaScript');
    const js = await waitFor('the JavaScript preview', () => previewEditor('.wst.js'));
    assert.match(js.document.getText(), /for \(const price of prices\) \{/);
  });

  it('"Import from JavaScript" writes a new .wst file and shows what had no Whetstone form', async () => {
    await readyApi();
    const source = await openFile('legacy.js');
    const document = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('whetstone.importFromJavaScript');
    assert.ok(document, 'the command opened the imported file');
    assert.equal(document.uri.toString(), workspaceUri('legacy.wst').toString());
    assert.equal(document.languageId, 'whetstone');
    assert.equal(document.getText(), 'fn double(x) {\n  return x * 2;\n}\n\nprint(jsstr(double(21)));\n');
    const problems = await waitFor('the W_UNSUPPORTED diagnostic on the source', () => {
      const found = vscode.languages.getDiagnostics(source.document.uri).filter((d) => d.code === 'W_UNSUPPORTED');
      return found.length > 0 ? found : undefined;
    });
    assert.equal(problems.length, 1);
    assert.equal(problems[0].range.start.line, 1);
    assert.match(problems[0].message, /class/);
  });
});
