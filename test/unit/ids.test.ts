// Node identity across re-parses (docs/LANGUAGE.md "Node identity").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Block, FunctionDeclaration, Node } from '../../server/src/core/ast';
import { allNodes, declaration, parse, readRepoFile, replaceText } from '../helpers/core';

const source = readRepoFile('examples', 'orders.wst');

/** id of every node, keyed by a description that does not depend on position. */
function idsOf(nodes: Node[]): string[] {
  return nodes.map((node) => node.id);
}

function fn(ast: import('../../server/src/core/ast').Program, name: string): FunctionDeclaration {
  return declaration(ast, name) as FunctionDeclaration;
}

describe('node ids', () => {
  it('are node_<n> and unique within a buffer', async () => {
    const doc = await parse(source);
    const ids = idsOf(allNodes(doc.ast));
    assert.ok(ids.every((id) => /^node_\d+$/.test(id)));
    assert.equal(new Set(ids).size, ids.length);
  });

  it('are handed out top to bottom on a first parse: a node before its children, roles in order', async () => {
    const texts = ['orders.wst', 'inventory.wst', 'diagnostics.wst', 'security.wst', 'text.wst']
      .map((name) => readRepoFile('examples', name))
      .concat([
        '@pure @performance(memoize) fn f(a: number = g(1, [2, {k: 3}]), b) -> number { @inline let x = a; if a { return fn(y) => y + x; } else if b { while x { x -= 1; } } for i in [a] { x = h(i)[0].k; } return -x; }',
        'use m.{a, b};\n@doc(text: "t") type T { x: number, y: list<string>? }\nlet z = T { x: 1, y: null };',
        'fn broken( { let = ; if ( } let q = 1 +;',
      ]);
    for (const text of texts) {
      const doc = await parse(text);
      const numbers = idsOf(allNodes(doc.ast)).map((id) => Number(id.slice('node_'.length)));
      assert.equal(numbers[0], 1, text);
      for (let i = 1; i < numbers.length; i++) assert.ok(numbers[i] > numbers[i - 1], `${text}: node_${numbers[i]} comes after node_${numbers[i - 1]}`);
    }
  });

  it('survive an edit before a declaration', async () => {
    const doc = await parse(source);
    const before = idsOf(allNodes(fn(doc.ast, 'calculateTotal')));
    doc.applyEdits([{ startOffset: 0, endOffset: 0, newText: 'const extra = 1;\n\n' }]);
    assert.deepEqual(idsOf(allNodes(fn(doc.ast, 'calculateTotal'))), before);
    assert.equal(doc.revision, 2);
  });

  it('survive an edit inside a declaration: the edited statement and its siblings keep theirs', async () => {
    const doc = await parse(source);
    const total = fn(doc.ast, 'calculateTotal');
    const statementIds = total.body.statements.map((s) => s.id);
    const parameterIds = total.parameters.map((p) => p.id);
    replaceText(doc, 'subtotal * 0.9', 'subtotal * 0.85');
    const after = fn(doc.ast, 'calculateTotal');
    assert.equal(after.id, total.id);
    assert.deepEqual(after.body.statements.map((s) => s.id), statementIds);
    assert.deepEqual(after.parameters.map((p) => p.id), parameterIds);
    assert.equal(after.body.id, total.body.id);
  });

  it('survive an edit after a declaration', async () => {
    const doc = await parse(source);
    const before = idsOf(allNodes(fn(doc.ast, 'lineTotal')));
    doc.applyEdits([{ startOffset: doc.text.length, endOffset: doc.text.length, newText: '\nprint(1);\n' }]);
    assert.deepEqual(idsOf(allNodes(fn(doc.ast, 'lineTotal'))), before);
  });

  it('follow a declaration that moved to another place in the file', async () => {
    const doc = await parse(source);
    const moved = fn(doc.ast, 'lineTotal');
    const before = idsOf(allNodes(moved));
    const text = doc.textOf(moved);
    // Cut the function (with its annotation) and paste it at the end, as one edit each.
    doc.applyEdits([
      { startOffset: moved.span.startOffset, endOffset: moved.span.endOffset, newText: '' },
      { startOffset: doc.text.length, endOffset: doc.text.length, newText: `\n${text}\n` },
    ]);
    const after = fn(doc.ast, 'lineTotal');
    assert.ok(after.span.startOffset > fn(doc.ast, 'loadOrder').span.startOffset, 'moved to the end');
    assert.deepEqual(idsOf(allNodes(after)), before);
  });

  it('keep existing parameters when one is added', async () => {
    const doc = await parse(source);
    const total = fn(doc.ast, 'calculateTotal');
    const [order, taxRate] = total.parameters.map((p) => p.id);
    replaceText(doc, 'fn calculateTotal(order: Order, ', 'fn calculateTotal(region: string, order: Order, ');
    const after = fn(doc.ast, 'calculateTotal');
    assert.equal(after.id, total.id);
    assert.deepEqual(after.parameters.map((p) => p.name), ['region', 'order', 'taxRate']);
    assert.equal(after.parameters[1].id, order);
    assert.equal(after.parameters[2].id, taxRate);
    assert.ok(![order, taxRate].includes(after.parameters[0].id), 'the new parameter has a fresh id');
  });

  it('keep the rest of the file while the person types an unfinished line', async () => {
    const doc = await parse(source);
    const untouched = ['lineTotal', 'loadOrder', 'Item', 'Order'].map((name) => idsOf(allNodes(declaration(doc.ast, name))));
    const total = fn(doc.ast, 'calculateTotal');
    const laterStatements = total.body.statements.slice(1).map((s) => s.id);
    // Type "let discount = " character by character before `for`; every prefix is a reparse.
    const at = doc.text.indexOf('  for item in');
    const typed = 'let discount = ';
    for (let i = 0; i < typed.length; i++) {
      doc.applyEdits([{ startOffset: at + i, endOffset: at + i, newText: typed[i] }]);
    }
    assert.ok(doc.syntaxDiagnostics.length > 0, 'the unfinished line is a syntax error');
    assert.deepEqual(
      ['lineTotal', 'loadOrder', 'Item', 'Order'].map((name) => idsOf(allNodes(declaration(doc.ast, name)))),
      untouched,
    );
    const after = fn(doc.ast, 'calculateTotal');
    assert.equal(after.id, total.id);
    const afterIds = after.body.statements.map((s) => s.id);
    for (const id of laterStatements) assert.ok(afterIds.includes(id), `statement ${id} kept its id`);
  });

  it('give an inserted node the id chosen for it when the expected tree is passed', async () => {
    const doc = await parse('fn f() {\n  return 1;\n}\n');
    const f = doc.ast.children[0] as FunctionDeclaration;
    const expected = structuredClone(doc.ast);
    const body = (expected.children[0] as FunctionDeclaration).body as Block;
    body.statements.unshift({
      type: 'ExpressionStatement',
      id: 'node_500',
      span: { start: { line: 0, column: 0 }, end: { line: 0, column: 0 }, startOffset: -1, endOffset: -1 },
      annotations: [],
      expression: {
        type: 'Identifier',
        id: 'node_501',
        span: { start: { line: 0, column: 0 }, end: { line: 0, column: 0 }, startOffset: -1, endOffset: -1 },
        name: 'x',
      },
    });
    const at = doc.text.indexOf('  return');
    doc.applyEdits([{ startOffset: at, endOffset: at, newText: '  x;\n' }], { expected });
    const after = doc.ast.children[0] as FunctionDeclaration;
    assert.equal(after.id, f.id);
    assert.deepEqual(after.body.statements.map((s) => s.id), ['node_500', f.body.statements[0].id]);
    // Fresh ids never collide with the ones the expected tree brought in.
    doc.applyEdits([{ startOffset: 0, endOffset: 0, newText: 'let y = 2;\n' }]);
    const ids = allNodes(doc.ast).map((n) => n.id);
    assert.equal(new Set(ids).size, ids.length);
  });
});
