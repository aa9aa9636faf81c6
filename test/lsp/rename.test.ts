// Rename and prepareRename over a real LSP connection: renaming follows scopes, and names that
// cannot be renamed are refused with a reason; a field's rename changes the open documents that
// import its type's file; a name the projected JavaScript would read otherwise is refused.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PrepareRenameRequest, RenameRequest, ResponseError, ShowMessageNotification, type Range, type ShowMessageParams, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { applyTextEdits, positionOf, rangeKey, readFixture, wordRanges } from './positions';

const { uri, text } = readFixture('features.wst');

function editsOf(edit: WorkspaceEdit | null): TextEdit[] {
  assert.ok(edit, 'the rename answers an edit');
  const fromChanges = edit.changes?.[uri];
  const fromDocumentChanges = edit.documentChanges?.flatMap((change) => ('edits' in change && change.textDocument.uri === uri ? change.edits : []));
  const edits = (fromChanges ?? fromDocumentChanges ?? []) as TextEdit[];
  return edits;
}

async function refusal(promise: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ResponseError, `a ResponseError, not ${String(error)}`);
    return error;
  }
  assert.fail('the request was not refused');
}

describe('rename', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
    await client.open(uri, text);
  });
  after(async () => {
    await client.shutdown();
  });

  it('renames a parameter and its uses, not the global it shadows', async () => {
    // The words `count`: the global's declaration, the parameter, its two uses, the global's use.
    const [, parameter, firstUse, secondUse] = wordRanges(text, 'count');
    const edit = await client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri },
      position: { line: parameter.start.line, character: parameter.start.character + 2 },
      newName: 'n',
    });
    const edits = editsOf(edit);
    assert.deepEqual(edits.map((e) => rangeKey(e.range)).sort(), [parameter, firstUse, secondUse].map(rangeKey).sort());
    assert.ok(edits.every((e) => e.newText === 'n'));
    const renamed = applyTextEdits(text, edits);
    assert.match(renamed, /fn scale\(n: number\): number \{\n {2}let scaled = n \* 2;\n {2}return scaled \+ n;/);
    assert.match(renamed, /const count = 10;/);
    assert.match(renamed, /print\(scale\(count\)/);
  });

  it('renames the global from its use, leaving the parameter alone', async () => {
    const [globalDeclaration, , , , globalUse] = wordRanges(text, 'count');
    const edit = await client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri },
      position: globalUse.start,
      newName: 'limit',
    });
    assert.deepEqual(editsOf(edit).map((e) => rangeKey(e.range)).sort(), [globalDeclaration, globalUse].map(rangeKey).sort());
  });

  it('renames a field at its declaration and its member accesses', async () => {
    const edit = await client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri },
      position: positionOf(text, 'item.qty', 0, 6),
      newName: 'quantity',
    });
    const renamed = applyTextEdits(text, editsOf(edit));
    assert.match(renamed, /type Item \{ name: string, price: number, quantity: number \}/);
    assert.match(renamed, /return item\.price \* item\.quantity;/);
  });

  it('renames a type at its declaration and inside every type annotation', async () => {
    const edit = await client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri },
      position: positionOf(text, 'item: Item', 0, 7),
      newName: 'Product',
    });
    const renamed = applyTextEdits(text, editsOf(edit));
    assert.match(renamed, /type Product \{ name: string, price: number, qty: number \}/);
    assert.match(renamed, /items: list<Product>,/);
    assert.match(renamed, /fn lineTotal\(item: Product\): number/);
    assert.ok(!/\bItem\b/.test(renamed), 'no Item is left');
  });

  it('prepares a rename with the range and text of the name', async () => {
    const prepared = (await client.connection.sendRequest(PrepareRenameRequest.type, {
      textDocument: { uri },
      position: positionOf(text, 'subtotal = 0', 0, 2),
    })) as { range: Range; placeholder: string } | Range | null;
    assert.ok(prepared && 'range' in prepared, 'prepareRename answers {range, placeholder}');
    assert.equal(prepared.placeholder, 'subtotal');
    assert.deepEqual(prepared.range, { start: positionOf(text, 'subtotal = 0'), end: positionOf(text, 'subtotal = 0', 0, 8) });
  });

  it('refuses to rename a keyword, a built-in, or a place with no name', async () => {
    const keyword = await refusal(client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position: positionOf(text, 'return round', 0, 2) }));
    assert.match(keyword.message, /keyword|cannot be renamed|no name/i);
    const builtin = await refusal(client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position: positionOf(text, 'len(orders)', 0, 1) }));
    assert.match(builtin.message, /built-in/i);
  });

  it('refuses a new name that is a keyword or not an identifier', async () => {
    const position = positionOf(text, 'subtotal = 0', 0, 2);
    const keyword = await refusal(client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position, newName: 'while' }));
    assert.match(keyword.message, /keyword/i);
    const invalid = await refusal(client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position, newName: '2fast' }));
    assert.match(invalid.message, /identifier|valid name/i);
  });

  it("renames a field in the open document importing its type's file too, one document change each", async () => {
    const shapesUri = 'file:///project/shapes.wst';
    const mainUri = 'file:///project/main.wst';
    const shapes = 'type Point { x: number, y: number }\n\nfn norm(p: Point): number {\n  return p.x * p.x + p.y * p.y;\n}\n';
    const main = 'use shapes.{norm};\n\nprint(norm({ x: 1, y: 2 }));\n';
    await client.open(shapesUri, shapes);
    await client.open(mainUri, main);
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: shapesUri }, position: positionOf(shapes, 'x: number'), newName: 'px' });
    assert.ok(edit?.documentChanges, 'a versioned edit per document');
    const byUri = new Map(edit.documentChanges.map((change) => ('edits' in change ? [change.textDocument.uri, change.edits as TextEdit[]] : ['', []])));
    assert.deepEqual([...byUri.keys()].sort(), [mainUri, shapesUri]);
    assert.equal(applyTextEdits(main, byUri.get(mainUri)!), 'use shapes.{norm};\n\nprint(norm({ px: 1, y: 2 }));\n');
    assert.match(applyTextEdits(shapes, byUri.get(shapesUri)!), /return p\.px \* p\.px \+ p\.y \* p\.y;/);
  });

  it('refuses `let n = f(1)` renamed to f: the projected JavaScript would read f before it is initialised', async () => {
    const countUri = 'file:///project/count.wst';
    const count = 'fn f(x: number): number {\n  return x + 1;\n}\n\nfn main() {\n  let n = f(1);\n  print(n);\n}\n';
    await client.open(countUri, count);
    const refused = await refusal(client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: countUri }, position: positionOf(count, 'n = f'), newName: 'f' }));
    assert.match(refused.message, /would break the projected code: in JavaScript the variable 'f' \(line 6\) is in scope in its whole block/);
  });

  it('warns where a field rename left a read from a value of unknown type, the file named without markup', async () => {
    const messages: ShowMessageParams[] = [];
    client.connection.onNotification(ShowMessageNotification.type, (params) => {
      messages.push(params);
    });
    const typesUri = 'file:///project/types.wst';
    const readerUri = 'file:///project/%5Bread%5D(command:x).wst';
    const types = 'type Item { qty: number }\n\nfn count(i: Item): number {\n  return i.qty;\n}\n';
    const reader = 'use types.{count};\n\nfn fromJson(raw): number {\n  return raw.qty + count({ qty: 1 });\n}\n';
    await client.open(typesUri, types);
    await client.open(readerUri, reader);
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: typesUri }, position: positionOf(types, 'qty: number'), newName: 'quantity' });
    const readerEdits = edit?.documentChanges?.flatMap((change) => ('edits' in change && change.textDocument.uri === readerUri ? (change.edits as TextEdit[]) : [])) ?? [];
    assert.equal(applyTextEdits(reader, readerEdits), reader.replace('count({ qty: 1 })', 'count({ quantity: 1 })'));
    const warning = await client.waitFor('the warning', () => messages.find((message) => message.message.includes("left '.qty' at line 4 as it is")));
    assert.match(warning.message, /^Rename: in file:\/\/\/project\/%5Bread%5D\(command:x\)\.wst, left '\.qty' at line 4 as it is \(read from a value whose type is not known there\)\.$/);
  });
});
