// An edited document must equal a fresh parse of the same text in everything but ids: the AST
// with its spans, name spans, comments and syntax diagnostics. The document reuses unchanged
// top-level nodes and moves their spans, so this is what keeps that honest.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateProgram } from '../../bench/generate';
import { childNodes, type Node } from '../../server/src/core/ast';
import type { WhetstoneDocument } from '../../server/src/core/syntax';
import { allNodes, parse, readRepoFile } from '../helpers/core';
import { Random, randomEdit } from '../helpers/random';

function withoutIds(node: unknown): string {
  return JSON.stringify(node, (key, value: unknown) => (key === 'id' ? undefined : value));
}

function nameSpans(doc: WhetstoneDocument): unknown[] {
  return allNodes(doc.ast).map((node) => doc.nameSpan(node.id) ?? null);
}

function assertSameAsFresh(doc: WhetstoneDocument, fresh: WhetstoneDocument, context: string): void {
  assert.equal(withoutIds(doc.ast), withoutIds(fresh.ast), `AST differs ${context}`);
  assert.deepEqual(nameSpans(doc), nameSpans(fresh), `name spans differ ${context}`);
  assert.deepEqual(doc.comments, fresh.comments, `comments differ ${context}`);
  assert.deepEqual(
    doc.syntaxDiagnostics.map((d) => [d.message, d.span]),
    fresh.syntaxDiagnostics.map((d) => [d.message, d.span]),
    `syntax diagnostics differ ${context}`,
  );
  // The id index agrees with the tree.
  const nodes = allNodes(doc.ast);
  const ids = nodes.map((n) => n.id);
  assert.equal(new Set(ids).size, ids.length, `duplicate ids ${context}`);
  const check = (node: Node): void => {
    assert.equal(doc.nodeById(node.id), node, `index misses ${node.id} ${context}`);
    for (const child of childNodes(node)) {
      assert.equal(doc.parentOf(child.id), node, `wrong parent of ${child.id} ${context}`);
      check(child);
    }
  };
  check(doc.ast);
}

describe('incremental reparse', () => {
  for (const [name, source] of [
    ['orders example', () => readRepoFile('examples', 'orders.wst')],
    ['generated file', () => generateProgram(300)],
  ] as const) {
    it(`equals a fresh parse after each of 150 random edits (${name})`, async () => {
      const random = new Random(0x5eed + name.length);
      const doc = await parse(source());
      for (let i = 0; i < 150; i++) {
        const edit = randomEdit(random, doc.text);
        doc.applyEdits([edit]);
        const fresh = await parse(doc.text);
        assertSameAsFresh(doc, fresh, `after edit ${i} (seed ${random.seed}): ${JSON.stringify(edit)}`);
        fresh.dispose();
      }
      doc.dispose();
    });
  }

  it('equals a fresh parse after several edits at once and sequential LSP-style changes', async () => {
    const random = new Random(77);
    const doc = await parse(generateProgram(200));
    for (let i = 0; i < 40; i++) {
      // Simultaneous non-overlapping edits, all in the current text's offsets.
      const a = randomEdit(random, doc.text);
      const b = randomEdit(random, doc.text);
      const edits = a.endOffset <= b.startOffset || b.endOffset <= a.startOffset ? [a, b] : [a];
      doc.applyEdits(edits);
      assertSameAsFresh(doc, await parse(doc.text), `simultaneous ${i}`);
      // Sequential: the second edit's offsets are into the text after the first.
      const first = randomEdit(random, doc.text);
      const after = doc.text.slice(0, first.startOffset) + first.newText + doc.text.slice(first.endOffset);
      const second = randomEdit(random, after);
      doc.applyEdits([first, second], { sequential: true });
      const expected = after.slice(0, second.startOffset) + second.newText + after.slice(second.endOffset);
      assert.equal(doc.text, expected);
      assertSameAsFresh(doc, await parse(doc.text), `sequential ${i}`);
    }
  });

  it('equals a fresh parse after many scattered edits at once, and in an editor\'s last-to-first order', async () => {
    const random = new Random(4242);
    const doc = await parse(generateProgram(300));
    for (let i = 0; i < 40; i++) {
      // Up to 12 edits that lie apart, all in the current text's offsets.
      const edits: { startOffset: number; endOffset: number; newText: string }[] = [];
      for (let tries = 0; tries < 12; tries++) {
        const edit = randomEdit(random, doc.text);
        if (edits.every((other) => edit.endOffset < other.startOffset || other.endOffset < edit.startOffset)) edits.push(edit);
      }
      const sequential = i % 2 === 1;
      if (sequential) edits.sort((a, b) => b.startOffset - a.startOffset);
      doc.applyEdits(edits, { sequential });
      assertSameAsFresh(doc, await parse(doc.text), `${edits.length} edits at once ${i} (${sequential ? 'last to first' : 'any order'}): ${JSON.stringify(edits)}`);
    }
    doc.dispose();
  });

  it('keeps the items between a rename\'s scattered edits, and the ids of the nodes in the items it changes', async () => {
    const text = [
      'fn total(xs: list<number>): number {',
      '  let t = 0;',
      '  for x in xs { t = t + x; }',
      '  return t;',
      '}',
      '',
      'fn untouched(a: number): number { return a * 2; }',
      '',
      'fn twice(xs: list<number>): number {',
      '  return total(xs) + total(xs);',
      '}',
      '',
      'type Point { x: number, y: number }',
      '',
      'fn alsoUntouched(p: Point): number {',
      '  return p.x;',
      '}',
      '',
      'print(total([1, 2]));',
    ].join('\n');
    const doc = await parse(text);
    const before = [...doc.ast.children];
    const idsBefore = allNodes(doc.ast).map((node) => node.id);
    const edits = [...text.matchAll(/\btotal\b/g)].map((match) => ({ startOffset: match.index, endOffset: match.index + 'total'.length, newText: 'sumOf' }));
    doc.applyEdits(edits);
    const fresh = await parse(doc.text);
    assertSameAsFresh(doc, fresh, 'after the rename');
    fresh.dispose();
    const names = (items: readonly Node[]): string[] => items.map((item) => ('name' in item ? String(item.name) : item.type));
    const kept = doc.ast.children.filter((item) => before.includes(item));
    assert.deepEqual(names(kept), ['untouched', 'Point', 'alsoUntouched']);
    // Only names changed: every node keeps its id.
    assert.deepEqual(allNodes(doc.ast).map((node) => node.id), idsBefore);
    doc.dispose();
  });
});
