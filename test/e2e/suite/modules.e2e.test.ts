// Modules in a real VS Code, on the files of crossnav/ (a folder of the workspace, so its modules
// are `crossnav.pricing` and so on): F12 on an imported name opens the module's file at the
// declaration, Ctrl+T finds a function in a file that was never opened, and completion offers a
// module's members after `pricing.` and a name of another module with the `use` that imports it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor, workspaceUri } from './helpers';

/** The position of the `occurrence`-th `text` in the document (0-based), `shift` characters in. */
function positionOf(document: vscode.TextDocument, text: string, shift = 0, occurrence = 0): vscode.Position {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) offset = document.getText().indexOf(text, offset + 1);
  assert.ok(offset >= 0, `"${text}" is in ${document.uri.path}`);
  return document.positionAt(offset + shift);
}

const labelOf = (item: vscode.CompletionItem): string => (typeof item.label === 'string' ? item.label : item.label.label);

describe('modules', () => {
  before(async () => {
    await readyApi();
  });

  it('F12 on an imported name opens the module file at its declaration', async () => {
    const editor = await openFile('crossnav/orders.wst');
    const call = positionOf(editor.document, 'orderTotal', 2, 1);
    const pricing = workspaceUri('crossnav/pricing.wst');
    // The declaration's name: line 2 of pricing.wst (`fn orderTotal(…`), from character 3.
    const declaration = new vscode.Range(1, 3, 1, 3 + 'orderTotal'.length);

    const locations = await waitFor('the definition in pricing.wst', async () => {
      const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', editor.document.uri, call);
      return found.length > 0 ? found : undefined;
    });
    const [first] = locations;
    const target = 'targetUri' in first ? { uri: first.targetUri, range: first.targetSelectionRange ?? first.targetRange } : first;
    assert.equal(target.uri.toString(), pricing.toString());
    assert.ok(target.range.isEqual(declaration), `the name of the declaration, not ${JSON.stringify(target.range)}`);

    // The key's command, as a person presses F12.
    editor.selection = new vscode.Selection(call, call);
    await vscode.commands.executeCommand('editor.action.revealDefinition');
    const opened = await waitFor('pricing.wst to be the active editor', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === pricing.toString() ? active : undefined;
    });
    assert.ok(opened.selection.start.isEqual(declaration.start), `the cursor at the declaration, not ${JSON.stringify(opened.selection.start)}`);
  });

  it('Ctrl+T finds a function declared in a file that is not open', async () => {
    const warehouse = workspaceUri('crossnav/warehouse.wst');
    assert.ok(!vscode.workspace.textDocuments.some((document) => document.uri.toString() === warehouse.toString()), 'warehouse.wst is not open');
    const symbols = await waitFor('the workspace symbol restockShelves', async () => {
      const found = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'restockShel');
      return found.some((symbol) => symbol.name === 'restockShelves') ? found : undefined;
    });
    const symbol = symbols.find((candidate) => candidate.name === 'restockShelves');
    assert.equal(symbol?.location.uri.toString(), warehouse.toString());
    assert.equal(symbol?.location.range.start.line, 0);
  });

  it("completes a module's members after `pricing.`, with their signatures", async () => {
    const editor = await openFile('crossnav/shop.wst');
    const afterDot = positionOf(editor.document, 'pricing.taxRate', 'pricing.'.length);
    const list = await waitFor('the members of crossnav.pricing', async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, afterDot, '.');
      return found.items.some((item) => labelOf(item) === 'orderTotal') ? found : undefined;
    });
    const orderTotal = list.items.find((item) => labelOf(item) === 'orderTotal');
    assert.equal(orderTotal?.kind, vscode.CompletionItemKind.Function);
    assert.equal(orderTotal?.detail, 'fn orderTotal(prices: list<number>): number');
    assert.ok(list.items.some((item) => labelOf(item) === 'taxRate'));
  });

  it('completes a name of another module and adds its `use` when the item is applied', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'whetstone', content: 'let stock = restockS' });
    const editor = await vscode.window.showTextDocument(document);
    try {
      const end = document.positionAt(document.getText().length);
      const list = await waitFor('restockShelves offered with its import', async () => {
        const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, end);
        return found.items.some((item) => labelOf(item) === 'restockShelves' && item.additionalTextEdits?.length) ? found : undefined;
      });
      const item = list.items.find((candidate) => labelOf(candidate) === 'restockShelves');
      assert.ok(item);
      // As accepting the item does: its own text in place of the word, then its additional edits.
      const word = document.getWordRangeAtPosition(end) ?? new vscode.Range(end, end);
      const applied = await editor.edit((builder) => {
        builder.replace(word, typeof item.insertText === 'string' ? item.insertText : labelOf(item));
        for (const edit of item.additionalTextEdits ?? []) builder.replace(edit.range, edit.newText);
      });
      assert.ok(applied);
      assert.equal(document.getText(), 'use crossnav.warehouse.{restockShelves};\n\nlet stock = restockShelves');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
