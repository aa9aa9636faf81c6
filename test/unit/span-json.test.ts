// Shifting the spans inside an item's JSON text (server/src/agent/ast-json/span-json.ts): for any move, the
// text written is what JSON.stringify gives for the item with its spans moved; a span of another
// shape, a number that would turn negative, or too many numbers changing length are refused.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { JsonWriter, spanPositions, writeShifted } from '../../server/src/agent/ast-json/span-json';
import { walk, type Node, type TopLevel } from '../../server/src/core/ast';
import { parse } from '../helpers/core';

const SOURCE = [
  '@performance(memoize, reason: "a \\"span\\":{ in a string", confidence: 0.7)',
  'fn total(items: list<number>, rate: number = 0.2): number {',
  '  let sum = 0;',
  '  for item in items {',
  '    sum = sum + item * 2;',
  '  }',
  '  return sum * (1 + rate);',
  '}',
  '',
].join('\n');

/** The item's JSON with every span moved, written by JSON.stringify. */
function movedJson(item: TopLevel, offsetDelta: number, lineDelta: number): string {
  const copy = JSON.parse(JSON.stringify(item)) as Node;
  walk(copy, (node) => {
    node.span.startOffset += offsetDelta;
    node.span.endOffset += offsetDelta;
    node.span.start.line += lineDelta;
    node.span.end.line += lineDelta;
  });
  return JSON.stringify(copy);
}

describe('shifting spans in JSON text', () => {
  let item: TopLevel;
  let json: Buffer;
  before(async () => {
    // Some text before the item, so its offsets have several digits to grow or shrink.
    const document = await parse(`${'// padding\n'.repeat(90)}${SOURCE}`);
    item = document.ast.children[0];
    json = Buffer.from(JSON.stringify(item), 'utf8');
  });

  it('writes what JSON.stringify gives for the moved item, whatever the move', () => {
    const spans = spanPositions(json);
    assert.ok(spans, 'the spans of a serialised item are found');
    let counted = 0;
    walk(item, () => void counted++);
    assert.equal(spans.length, 2 * counted, 'one span a node, not the text inside the string literal');
    fc.assert(
      fc.property(fc.integer({ min: -item.span.startOffset, max: 200_000 }), fc.integer({ min: -item.span.start.line, max: 20_000 }), (offsetDelta, lineDelta) => {
        const writer = new JsonWriter(16);
        writer.write(Buffer.from('prefix'));
        const moved = writeShifted(writer, json, spans, offsetDelta, lineDelta);
        if (moved === undefined) return; // many numbers changed length: the caller serialises instead (next test)
        const written = writer.bytes.subarray(6, writer.length);
        assert.equal(written.toString('utf8'), movedJson(item, offsetDelta, lineDelta));
        assert.deepEqual(moved, spanPositions(written), 'the positions given are where the spans are in what was written');
      }),
      { numRuns: 300 },
    );
  });

  it('crossing a power of ten in a few numbers is written; in many, or below zero, refused', () => {
    const spans = spanPositions(json)!;
    const start = item.span.startOffset;
    const few = 10_000 - item.span.endOffset + 3; // only the offsets at the item's very end reach 5 digits
    const writer = new JsonWriter(0);
    const moved = writeShifted(writer, json, spans, few, 0);
    assert.ok(moved);
    assert.equal(writer.bytes.subarray(0, writer.length).toString('utf8'), movedJson(item, few, 0));
    assert.equal(writeShifted(new JsonWriter(0), json, spans, 10_000 - start, 0), undefined, 'every offset gains a digit or two');
    assert.equal(writeShifted(new JsonWriter(0), json, spans, -start - 1, 0), undefined, 'an offset would be negative');
  });

  it('finds no positions in text whose spans are not of the shape it shifts', () => {
    assert.deepEqual(spanPositions(Buffer.from('{"type":"X","name":"\\"span\\":{"}')), new Uint32Array(0));
    assert.equal(spanPositions(Buffer.from('{"span":{"startOffset":1,"endOffset":2,"start":{"line":1,"column":0},"end":{"line":1,"column":1}}}')), undefined);
    assert.equal(spanPositions(Buffer.from('{"span":{"start":{"line":1,"column":0},"end":{"line":1,"column":1},"startOffset":-1,"endOffset":2}}')), undefined);
    assert.equal(spanPositions(Buffer.from('{"span":{"start":{"LINE":1,"column":0},"end":{"line":1,"column":1},"startOffset":1,"endOffset":2}}')), undefined);
    assert.equal(spanPositions(Buffer.from('{"span":{"start":{"line":1.5,"column":0},"end":{"line":1,"column":1},"startOffset":1,"endOffset":2}}')), undefined);
  });
});
