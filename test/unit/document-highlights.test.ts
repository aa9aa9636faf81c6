// Document highlight in the core: a symbol's places in its file, each marked as a write (its
// declaration, an assignment, a compound assignment, a field assigned through a value or given
// its value by an object literal's key) or a read
// (a use, a type name in an annotation); nothing for a name that resolves to nothing, and a
// shadowing local is a symbol of its own.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentHighlightsAt } from '../../server/src/core/queries';
import { analyze } from '../../server/src/core/semantics';
import { parse } from '../helpers/core';

const PROGRAM = `type Counter { count: number }

fn bump(counter: Counter, by: number): number {
  let total = counter.count;
  total += by;
  counter.count = total;
  let label = str(total);
  return total;
}

fn other(): number {
  let total = 1;
  return total;
}

let first: Counter = { count: 0 };
print(bump(first, 2));
`;

/** The highlights at the `nth` occurrence of `needle` (cursor at its start), as [text, line, kind] triples. */
async function highlightsAt(needle: string, nth = 0): Promise<[string, number, 'write' | 'read'][] | undefined> {
  const document = await parse(PROGRAM);
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = PROGRAM.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `${needle} is in the program`);
  const highlights = documentHighlightsAt(document, analyze(document), offset);
  return highlights?.map((highlight) => [PROGRAM.slice(highlight.span.startOffset, highlight.span.endOffset), highlight.span.start.line, highlight.write ? 'write' : 'read']);
}

describe('document highlight', () => {
  it('marks a local’s declaration and assignments as writes and its uses as reads, in its own function only', async () => {
    assert.deepEqual(await highlightsAt('total', 1), [
      ['total', 4, 'write'],
      ['total', 5, 'write'],
      ['total', 6, 'read'],
      ['total', 7, 'read'],
      ['total', 8, 'read'],
    ]);
    assert.deepEqual(await highlightsAt('total', 6), [
      ['total', 12, 'write'],
      ['total', 13, 'read'],
    ]);
  });

  it('marks a field assigned through a value or given by a literal’s key as a write, its declaration too, and its reads as reads', async () => {
    assert.deepEqual(await highlightsAt('count = total'), [
      ['count', 1, 'write'],
      ['count', 4, 'read'],
      ['count', 6, 'write'],
      ['count', 16, 'write'],
    ]);
  });

  it('marks a function’s and a type’s declaration as writes and their uses (calls, type names) as reads', async () => {
    assert.deepEqual(await highlightsAt('bump(first'), [
      ['bump', 3, 'write'],
      ['bump', 17, 'read'],
    ]);
    assert.deepEqual(await highlightsAt('Counter', 1), [
      ['Counter', 1, 'write'],
      ['Counter', 3, 'read'],
      ['Counter', 16, 'read'],
    ]);
  });

  it('answers nothing where no resolved name is', async () => {
    assert.equal(await highlightsAt('+= by', 0), undefined);
    assert.equal(await highlightsAt('{ count: 0 }', 0), undefined);
  });
});
