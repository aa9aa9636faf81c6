// Any text gives an AST and diagnostics: never an exception, a hang or a stack overflow.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WhetstoneDocument } from '../../server/src/core/syntax';
import { allNodes, parse, readRepoFile } from '../helpers/core';
import { Random, randomEdit } from '../helpers/random';

function garbage(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(random.int(0x10000));
  return out;
}

const hostile: [string, (random: Random) => string][] = [
  ['binary garbage', (random) => garbage(random, 20_000)],
  ['NUL bytes and control characters', () => '\u0000\u0001\u0002fn\u0000 f() {}\u0007\u001b[0m'.repeat(200)],
  ['a 1 MB line', () => `let x = ${'1 + '.repeat(250_000)}1;`],
  ['10,000 nested parentheses', () => `let x = ${'('.repeat(10_000)}1${')'.repeat(10_000)};`],
  ['10,000 unclosed parentheses', () => `let x = ${'('.repeat(10_000)}`],
  ['10,000 nested blocks', () => `fn f() ${'{ if true '.repeat(10_000)}`],
  ['10,000 nested lists', () => `let x = ${'['.repeat(10_000)}${']'.repeat(10_000)};`],
  ['an unterminated string', () => 'let s = "never closed;\nfn f() { return 1; }\n'],
  ['an unterminated block comment', () => 'let a = 1;\n/* never closed\nfn f() { return 1; }\n'],
  ['lone surrogates', () => 'let s = "\ud800";\nlet \udc00 = 1;\nfn f\ud83d() {}\n"\udfff'],
  ['only operators', () => '+-*/%<>=!&|@.,;:'.repeat(500)],
];

function assertUsable(doc: WhetstoneDocument): void {
  assert.equal(doc.ast.type, 'Program');
  const nodes = allNodes(doc.ast);
  assert.equal(new Set(nodes.map((n) => n.id)).size, nodes.length);
  for (const d of doc.syntaxDiagnostics) {
    assert.equal(d.code, 'E_SYNTAX');
    assert.ok(doc.nodeById(d.nodeId), 'a syntax diagnostic names a node of the AST');
  }
  JSON.stringify(doc.ast); // the AST an agent would get serialises
}

describe('hostile input', () => {
  for (const [name, make] of hostile) {
    it(`${name}: an AST with errors, no exception`, async () => {
      const doc = await parse(make(new Random(name.length)));
      assertUsable(doc);
      assert.ok(doc.syntaxDiagnostics.length > 0, 'the problem is reported');
      // Editing such a buffer keeps working too.
      doc.applyEdits([{ startOffset: 0, endOffset: 0, newText: 'let ok = 1;\n' }]);
      assertUsable(doc);
      doc.dispose();
    });
  }

  it('reports nesting that is too deep instead of overflowing the stack', async () => {
    const doc = await parse(`let x = ${'('.repeat(10_000)}1${')'.repeat(10_000)};`);
    assert.ok(doc.syntaxDiagnostics.some((d) => /too deep/.test(d.message)));
  });

  it('survives 300 random mutations of the example, each reparsed incrementally', async () => {
    const random = new Random(2026);
    const doc = await parse(readRepoFile('examples', 'orders.wst'));
    for (let i = 0; i < 300; i++) {
      doc.applyEdits([randomEdit(random, doc.text)]);
      assertUsable(doc);
    }
    doc.dispose();
  });
});
