// The AST of section 3 with its spans, syntax diagnostics and error recovery.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cloneTree, walk, type ExpressionStatement, type FunctionDeclaration, type Literal, type Span, type VariableDeclaration } from '../../server/src/core/ast';
import { LineIndex } from '../../server/src/core/syntax';
import { declaration, parse, readRepoFile } from '../helpers/core';

describe('document', () => {
  it('builds the AST of section 3 for the example', async () => {
    const doc = await parse(readRepoFile('examples', 'orders.wst'));
    assert.deepEqual(doc.syntaxDiagnostics, []);
    const kinds = doc.ast.children.map((c) => c.type);
    assert.deepEqual(kinds, [
      'ImportDeclaration',
      'ImportDeclaration',
      'TypeDeclaration',
      'TypeDeclaration',
      'FunctionDeclaration',
      'FunctionDeclaration',
      'FunctionDeclaration',
    ]);
    const imports = doc.ast.children[0];
    assert.deepEqual(imports, { ...imports, module: 'math', names: ['round', 'clamp'] });
    const total = declaration(doc.ast, 'calculateTotal') as FunctionDeclaration;
    assert.equal(total.returnType, 'number');
    assert.deepEqual(
      total.parameters.map((p) => [p.name, p.paramType, p.defaultValue?.type ?? null]),
      [
        ['order', 'Order', null],
        ['taxRate', 'number', 'Literal'],
      ],
    );
    const [annotation] = total.annotations;
    assert.equal(annotation.annotationType, 'performance');
    assert.equal(annotation.strategy, 'cache');
    assert.equal(annotation.reason, 'called for every order in a report');
    assert.equal(annotation.confidence, 0.8);
    // The declaration's span starts at its annotation.
    assert.equal(total.span.start.line, annotation.span.start.line);
    const load = declaration(doc.ast, 'loadOrder') as FunctionDeclaration;
    assert.equal(load.async, true);
    const order = declaration(doc.ast, 'Order');
    assert.deepEqual(
      'fields' in order ? order.fields.map((f) => [f.name, f.fieldType]) : [],
      [
        ['id', 'string'],
        ['items', 'list<Item>'],
        ['coupon', 'string?'],
      ],
    );
  });

  it('counts spans in UTF-16 code units with 1-based lines', async () => {
    const doc = await parse('let s = "é😀";\nlet t = 1;\n');
    const [s, t] = doc.ast.children as VariableDeclaration[];
    const literal = s.initializer as Literal;
    assert.equal(literal.value, 'é😀');
    assert.deepEqual(JSON.parse(JSON.stringify(literal.span)), { start: { line: 1, column: 8 }, end: { line: 1, column: 13 }, startOffset: 8, endOffset: 13 });
    assert.deepEqual(t.span.start, { line: 2, column: 0 });
    assert.equal(t.span.startOffset, doc.text.indexOf('let t'));
    assert.deepEqual(doc.nameSpan(t.id)?.start, { line: 2, column: 4 });
  });

  it('gives spans that read and write as plain spans, and a copy of the AST whose spans are its own', async () => {
    const doc = await parse('fn f(a: number): number {\n  return a + 1;\n}\n');
    const plain = (span: Span): Span => ({ start: { ...span.start }, end: { ...span.end }, startOffset: span.startOffset, endOffset: span.endOffset });
    walk(doc.ast, (node) => {
      assert.deepEqual(JSON.parse(JSON.stringify(node.span)), plain(node.span));
      assert.equal(node.span.start.line, doc.positionAt(node.span.startOffset).line);
      assert.equal(node.span.end.column, doc.positionAt(node.span.endOffset).column);
    });
    const copy = cloneTree(doc.ast);
    assert.equal(JSON.stringify(copy), JSON.stringify(doc.ast));
    copy.children[0].span.startOffset = 99;
    assert.equal(doc.ast.children[0].span.startOffset, 0, 'the copy has spans of its own');
  });

  it('maps operators as section 3 says', async () => {
    const doc = await parse('a and b or not c;\n');
    const statement = doc.ast.children[0] as ExpressionStatement;
    assert.deepEqual(
      JSON.parse(JSON.stringify(statement.expression, ['type', 'operator', 'left', 'right', 'operand', 'name'])),
      {
        type: 'BinaryExpression',
        operator: '||',
        left: { type: 'BinaryExpression', operator: '&&', left: { type: 'Identifier', name: 'a' }, right: { type: 'Identifier', name: 'b' } },
        right: { type: 'UnaryExpression', operator: '!', operand: { type: 'Identifier', name: 'c' } },
      },
    );
  });

  it('reports a missing semicolon precisely and keeps the statement', async () => {
    const doc = await parse('let a = 1\nlet b = 2;\n');
    assert.equal(doc.syntaxDiagnostics.length, 1);
    const [d] = doc.syntaxDiagnostics;
    assert.equal(d.code, 'E_SYNTAX');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /Missing ';'/);
    assert.deepEqual([d.line, d.column], [1, 9]);
    assert.deepEqual(
      doc.ast.children.map((c) => c.type),
      ['VariableDeclaration', 'VariableDeclaration'],
    );
    assert.ok(doc.nodeById(d.nodeId), 'the diagnostic names a node of the AST');
  });

  it('turns text it cannot place into ErrorNodes with the source text', async () => {
    const doc = await parse('fn f() {\n  let q = \n  let r = 1;\n  return r;\n}\n');
    const f = doc.ast.children[0] as FunctionDeclaration;
    const error = f.body.statements.find((s) => s.type === 'ErrorNode');
    assert.ok(error && error.type === 'ErrorNode');
    assert.match(error.text, /let q =/);
    assert.deepEqual(
      f.body.statements.map((s) => s.type),
      ['ErrorNode', 'VariableDeclaration', 'ReturnStatement'],
    );
    assert.ok(doc.syntaxDiagnostics.some((d) => d.nodeId === error.id));
  });

  it('reports unterminated strings and comments', async () => {
    for (const text of ['let s = "abc;\nlet t = 1;\n', 'let t = 1; /* never closed\n']) {
      const doc = await parse(text);
      assert.ok(doc.syntaxDiagnostics.length > 0, text);
      assert.ok(doc.syntaxDiagnostics.every((d) => d.code === 'E_SYNTAX'));
    }
  });

  it('keeps comments with their spans', async () => {
    const doc = await parse('// lead\nlet a = 1; /* inline */\n');
    assert.deepEqual(
      doc.comments.map((c) => [c.text, c.span.start.line]),
      [
        ['// lead', 1],
        ['/* inline */', 1 + 1],
      ],
    );
  });

  it('converts positions and offsets both ways', async () => {
    const doc = await parse('let a = 1;\n\nlet b = 2;');
    assert.deepEqual(doc.positionAt(12), { line: 3, column: 0 });
    assert.equal(doc.offsetAt({ line: 3, column: 4 }), 16);
    assert.equal(doc.offsetAt({ line: 1, column: 999 }), 10, 'a column past the end clamps to the line end');
    assert.equal(doc.nodeAt(16).type, 'VariableDeclaration');
  });

  it('finds the line of any offset, asked in any order (the index remembers the last line)', () => {
    const text = 'a\n\nbc\r\nd\n';
    const lines = new LineIndex(text);
    const expected = (offset: number) => {
      const before = text.slice(0, Math.max(0, Math.min(offset, text.length))).split('\n');
      return { line: before.length, column: before[before.length - 1].length };
    };
    const offsets = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -3, 99];
    for (const order of [offsets, [...offsets].reverse(), [5, 0, 9, 2, 2, 3, 8, 1, 10, 4]]) {
      for (const offset of order) assert.deepEqual(lines.positionAt(offset), expected(offset), `offset ${offset}`);
    }
  });
});
