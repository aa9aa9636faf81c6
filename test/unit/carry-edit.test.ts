// carryEdit: an edit made without knowing of later edits of the same text, moved past them — the
// late write to a replaced file that serve carries into the new one.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTextEdits, carryEdit, type TextEdit } from '../../server/src/core/syntax';

const TEXT = 'fn greet(name: string): string {\n  return "Hello, " + name;\n}\n';

function edit(text: string, find: string, newText: string, occurrence = 0): TextEdit {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(find, at + 1);
  assert.ok(at >= 0, find);
  return { startOffset: at, endOffset: at + find.length, newText };
}

describe('carryEdit', () => {
  it('keeps an edit before the later ones where it was, and shifts one after them', () => {
    const renamed = edit(TEXT, 'greet', 'welcome');
    const after = applyTextEdits(TEXT, [renamed]);
    const late = edit(TEXT, '"Hello, "', '"Hi, "');
    const carried = carryEdit(late, [renamed]);
    assert.ok(carried);
    assert.equal(applyTextEdits(after, [carried]), 'fn welcome(name: string): string {\n  return "Hi, " + name;\n}\n');
    // And the other way round: the late edit before the later one stays put.
    const early = edit(TEXT, 'fn', 'function');
    assert.deepEqual(carryEdit(early, [edit(TEXT, 'name;', 'who;')]), early);
  });

  it('puts an insertion at the same place as a later one first, as it was made first', () => {
    const end = TEXT.length;
    const appendedFirst: TextEdit = { startOffset: end, endOffset: end, newText: '// one\n' };
    const appendedLater: TextEdit = { startOffset: end, endOffset: end, newText: '// two\n' };
    const now = applyTextEdits(TEXT, [appendedLater]);
    assert.equal(applyTextEdits(now, [carryEdit(appendedFirst, [appendedLater])!]), `${TEXT}// one\n// two\n`);
  });

  it('moves past several later edits in turn, each relative to the text the one before left', () => {
    const first = edit(TEXT, 'greet', 'g');
    const textAfterFirst = applyTextEdits(TEXT, [first]);
    const second = edit(textAfterFirst, 'string', 'str', 1);
    const now = applyTextEdits(textAfterFirst, [second]);
    const late: TextEdit = { startOffset: TEXT.length, endOffset: TEXT.length, newText: '// late\n' };
    const carried = carryEdit(late, [first, second]);
    assert.equal(applyTextEdits(now, [carried!]), `${now}// late\n`);
  });

  it('refuses an edit that overlaps a later one (both changed the same text)', () => {
    assert.equal(carryEdit(edit(TEXT, 'greet(name', 'salute(who'), [edit(TEXT, 'name: string', 'n: number')]), undefined);
    assert.equal(carryEdit(edit(TEXT, 'greet', 'salute'), [edit(TEXT, 'greet', 'welcome')]), undefined);
    // The whole file rewritten with a change inside it overlaps anything changed since.
    assert.equal(carryEdit({ startOffset: 0, endOffset: TEXT.length, newText: 'x' }, [edit(TEXT, 'name;', 'who;')]), undefined);
  });
});
