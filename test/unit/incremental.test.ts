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
});
