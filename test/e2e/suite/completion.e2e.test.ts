// Completion after `@` offers the annotation types of the language.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi } from './helpers';

const ANNOTATION_TYPES = ['performance', 'security', 'memory', 'concurrency', 'semantic', 'style', 'contract'];

describe('completion', () => {
  it('offers every annotation type right after @', async () => {
    await readyApi();
    const editor = await openFile('annotation.wst');
    // Line 1 of the fixture is a lone `@`; the cursor is right after it.
    const position = new vscode.Position(0, 1);
    assert.equal(editor.document.lineAt(0).text, '@');

    const list = await vscode.commands.executeCommand<vscode.CompletionList | undefined>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
      '@',
    );
    assert.ok(list, 'the completion provider answers');
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label).replace(/^@/, ''));
    for (const type of ANNOTATION_TYPES) assert.ok(labels.includes(type), `"${type}" is offered (got ${labels.join(', ')})`);
  });
});
