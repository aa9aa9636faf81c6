// Document symbols, hover, go to definition and find references over a real LSP connection.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DefinitionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  ReferencesRequest,
  SymbolKind,
  type DocumentSymbol,
  type Hover,
  type Location,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf, rangeKey, rangeOf, readFixture, wordRanges } from './positions';

const { uri, text } = readFixture('features.wst');

function hoverText(hover: Hover | null): string {
  assert.ok(hover, 'the server answers the hover');
  const contents = hover.contents as MarkupContent;
  return contents.value;
}

describe('navigation', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
    await client.open(uri, text);
  });
  after(async () => {
    await client.shutdown();
  });

  it('lists types with their fields, functions with their parameters, and top-level variables', async () => {
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    const outline = symbols.map((s) => [s.name, s.kind, (s.children ?? []).map((c) => c.name)]);
    assert.deepEqual(outline, [
      ['math', SymbolKind.Module, ['round']],
      ['Item', SymbolKind.Struct, ['name', 'price', 'qty']],
      ['Order', SymbolKind.Struct, ['id', 'items', 'coupon']],
      ['count', SymbolKind.Constant, []],
      ['orders', SymbolKind.Variable, []],
      ['lineTotal', SymbolKind.Function, ['item']],
      ['calculateTotal', SymbolKind.Function, ['order', 'taxRate']],
      ['scale', SymbolKind.Function, ['count']],
    ]);
    const calculateTotal = symbols.find((s) => s.name === 'calculateTotal');
    assert.ok(calculateTotal);
    assert.deepEqual(calculateTotal.selectionRange, rangeOf(text, 'calculateTotal'));
    assert.equal(calculateTotal.detail, 'fn calculateTotal(order: Order, taxRate: number = 0.2): number');
    const order = symbols.find((s) => s.name === 'Order');
    assert.equal(order?.children?.[1].detail, 'list<Item>');
    assert.equal(order?.children?.[1].kind, SymbolKind.Field);
  });

  it('shows the signature of a function on hover, at its declaration and at a call', async () => {
    const atDeclaration = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, 'calculateTotal', 0, 3) });
    assert.match(hoverText(atDeclaration), /fn calculateTotal\(order: Order, taxRate: number = 0\.2\): number/);
    const atCall = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, 'lineTotal(item)', 0, 2) });
    assert.match(hoverText(atCall), /fn lineTotal\(item: Item\): number/);
    // The hover's range is the name under the cursor.
    assert.deepEqual(atCall?.range, { start: positionOf(text, 'lineTotal(item)'), end: positionOf(text, 'lineTotal(item)', 0, 'lineTotal'.length) });
  });

  it('shows the type of a variable, a parameter and a field on hover', async () => {
    const subtotal = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, 'subtotal + ', 0, 1) });
    assert.match(hoverText(subtotal), /subtotal: number/);
    const taxRate = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, '+ taxRate', 0, 3) });
    assert.match(hoverText(taxRate), /taxRate: number/);
    const price = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, 'item.price', 0, 6) });
    assert.match(hoverText(price), /price: number/);
  });

  it('shows the docs of a built-in and of an annotation on hover', async () => {
    const len = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, 'len(orders)', 0, 1) });
    const lenText = hoverText(len);
    assert.match(lenText, /fn len\(/);
    assert.match(lenText, /number of elements/i);
    const annotation = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, '@semantic', 0, 3) });
    const annotationText = hoverText(annotation);
    assert.match(annotationText, /semantic/);
    assert.match(annotationText, /pure/);
  });

  it('answers no hover on whitespace or a comment', async () => {
    const blank = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, 'A block comment', 0, 3) });
    assert.equal(blank, null);
  });

  it('goes to the declaration a name resolves to, following scopes', async () => {
    const toFunction = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(text, 'lineTotal(item)', 0, 1) })) as Location[];
    assert.deepEqual(toFunction.map((l) => [l.uri, rangeKey(l.range)]), [[uri, rangeKey(rangeOf(text, 'lineTotal'))]]);
    // `count` inside scale is its parameter, not the global constant.
    const toParameter = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(text, 'count * 2', 0, 1) })) as Location[];
    assert.deepEqual(toParameter.map((l) => rangeKey(l.range)), [rangeKey({ start: positionOf(text, 'count: number'), end: positionOf(text, 'count: number', 0, 5) })]);
    const toType = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(text, 'order: Order', 0, 8) })) as Location[];
    assert.deepEqual(toType.map((l) => rangeKey(l.range)), [rangeKey({ start: positionOf(text, 'Order {'), end: positionOf(text, 'Order {', 0, 5) })]);
    const toField = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(text, 'order.items', 0, 7) })) as Location[];
    assert.deepEqual(toField.map((l) => rangeKey(l.range)), [rangeKey({ start: positionOf(text, 'items: list'), end: positionOf(text, 'items: list', 0, 5) })]);
  });

  it('has no definition for a built-in', async () => {
    const none = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(text, 'len(orders)', 0, 1) });
    assert.ok(none === null || (Array.isArray(none) && none.length === 0));
  });

  it('finds the references of the global, with and without its declaration, and not the parameter of the same name', async () => {
    const globalCount = positionOf(text, 'const count', 0, 7);
    const withDeclaration = (await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri },
      position: globalCount,
      context: { includeDeclaration: true },
    })) as Location[];
    const all = wordRanges(text, 'count');
    // The words `count`: the constant's declaration, scale's parameter and its two uses, the use in print.
    const [declaration, , , , use] = all;
    assert.deepEqual(withDeclaration.map((l) => rangeKey(l.range)).sort(), [declaration, use].map(rangeKey).sort());
    const withoutDeclaration = (await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri },
      position: globalCount,
      context: { includeDeclaration: false },
    })) as Location[];
    assert.deepEqual(withoutDeclaration.map((l) => rangeKey(l.range)), [rangeKey(use)]);
  });

  it('finds the references of a field through member accesses', async () => {
    const refs = (await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri },
      position: positionOf(text, 'price: number', 0, 1),
      context: { includeDeclaration: true },
    })) as Location[];
    assert.deepEqual(refs.map((l) => rangeKey(l.range)).sort(), [rangeOf(text, 'price'), { start: positionOf(text, 'item.price', 0, 5), end: positionOf(text, 'item.price', 0, 10) }].map(rangeKey).sort());
  });
});
