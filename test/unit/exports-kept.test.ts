// editsKeepExports: the cheap answer every agent change asks before looking for broken callers in
// other files. Where it says the exports are kept, a full analysis of the edited text agrees;
// where the analysis would be needed (a signature, a top-level declaration), it does not claim so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze, editsKeepExports, moduleExportsOf } from '../../server/src/core/semantics';
import { applyTextEdits } from '../../server/src/core/syntax';
import { parse } from '../helpers/core';

const MODULE = [
  'type Item { price: number, qty: number }',
  'const RATE: number = 0.2;',
  'let count = 0;',
  'fn total(items: list<Item>): number {',
  '  let sum = 0;',
  '  for item in items { sum = sum + item.price * item.qty; }',
  '  return sum;',
  '}',
  'fn guess(x: number) {',
  '  return x * 2;',
  '}',
  '',
].join('\n');

/** The edit that replaces the first `find` after `after` with `by`. */
function replacing(find: string, by: string, after = ''): { startOffset: number; endOffset: number; newText: string } {
  const start = MODULE.indexOf(find, MODULE.indexOf(after));
  assert.ok(start >= 0, find);
  return { startOffset: start, endOffset: start + find.length, newText: by };
}

async function fingerprint(text: string): Promise<string> {
  const document = await parse(text);
  try {
    return moduleExportsOf(analyze(document)).fingerprint;
  } finally {
    document.dispose();
  }
}

describe('editsKeepExports', () => {
  it('keeps the exports for edits inside function bodies, as the analysis agrees (a return type not written is any)', async () => {
    const document = await parse(MODULE);
    for (const edits of [[replacing('let sum = 0;', 'let sum = 1;'), replacing('return sum;', 'return sum + 0;')], [replacing('return x * 2;', 'return "x";')]]) {
      assert.equal(editsKeepExports(document.ast, edits), true);
      assert.equal(await fingerprint(applyTextEdits(MODULE, edits)), await fingerprint(MODULE));
    }
    document.dispose();
  });

  it('leaves the answer to the analysis for a signature, a top-level declaration or a mix', async () => {
    const document = await parse(MODULE);
    const cases = [
      [replacing('items: list<Item>', 'items: list<Item>, rate: number')],
      [replacing('fn guess(x: number)', 'fn guess(x: string)')],
      [replacing('0.2', '0.25')],
      [replacing('let count = 0;', 'let count = "none";')],
      [replacing('price: number', 'price: string')],
      [replacing('let sum = 0;', 'let sum = 1;'), replacing('qty: number', 'qty: string')],
    ];
    for (const edits of cases) assert.equal(editsKeepExports(document.ast, edits), false, JSON.stringify(edits));
    // These do change the exports (a constant's new value of the same type does not, but only the analysis can tell).
    for (const edits of [cases[0], cases[1], cases[3], cases[4]]) assert.notEqual(await fingerprint(applyTextEdits(MODULE, edits)), await fingerprint(MODULE), JSON.stringify(edits));
    document.dispose();
  });
});
