// Diagnostics of the language server reach VS Code's diagnostics (the Problems panel).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor } from './helpers';

function codeOf(diagnostic: vscode.Diagnostic): string | number | undefined {
  const code = diagnostic.code;
  return typeof code === 'object' ? code.value : code;
}

describe('diagnostics', () => {
  it('reports an undefined name with its code, source and range', async () => {
    await readyApi();
    const editor = await openFile('undefined-name.wst');
    const uri = editor.document.uri;

    const found = await waitFor('an E_UNDEFINED diagnostic', () =>
      vscode.languages.getDiagnostics(uri).find((diagnostic) => codeOf(diagnostic) === 'E_UNDEFINED'),
    );
    assert.equal(found.severity, vscode.DiagnosticSeverity.Error);
    assert.match(found.source ?? '', /whetstone/i);
    // `nmae` on line 3 (0-based 2) of the fixture.
    const line = editor.document.lineAt(2).text;
    const column = line.indexOf('nmae');
    assert.deepEqual(
      [found.range.start.line, found.range.start.character, found.range.end.line, found.range.end.character],
      [2, column, 2, column + 'nmae'.length],
    );
    // The correct name in the same file is not reported.
    const undefinedNames = vscode.languages.getDiagnostics(uri).filter((diagnostic) => codeOf(diagnostic) === 'E_UNDEFINED');
    assert.equal(undefinedNames.length, 1, 'only the misspelt name is undefined');
  });
});
