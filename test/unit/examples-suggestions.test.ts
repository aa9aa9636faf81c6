// The suggestions budget on the examples as the editor opens them (every file open, the folder's
// library set): at most two CodeLens suggestions in any 30 lines of any example, with the default
// settings and no feedback yet.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LENSES_PER_SCREEN, SCREEN_LINES, withinLensBudget } from '../../server/src/editor-process/editor-suggestions';
import { examplesAsShown } from '../helpers/examples';

describe('suggestions on the examples', () => {
  it(`at most ${LENSES_PER_SCREEN} CodeLens suggestions in any ${SCREEN_LINES} lines of every example`, async () => {
    const shown = await examplesAsShown();
    assert.ok(shown.length >= 8, shown.map((s) => s.file).join(', '));
    assert.ok(shown.some((s) => s.lensLines.length > 0), 'some suggestions still stand as a CodeLens');
    for (const { file, lines, lensLines } of shown) {
      for (let start = 0; start < lines; start++) {
        const inWindow = lensLines.filter((line) => line >= start && line < start + SCREEN_LINES);
        assert.ok(inWindow.length <= LENSES_PER_SCREEN, `${file}: lines ${start + 1}–${start + SCREEN_LINES} hold ${inWindow.length} CodeLens suggestions (on lines ${inWindow.map((l) => l + 1).join(', ')})`);
      }
    }
  });
});

describe('the CodeLens budget', () => {
  it('keeps the most worth first, then the surest, and never more than two in any 30 lines', () => {
    const candidates = [
      { line: 0, worth: 0, confidence: 0.9 },
      { line: 5, worth: 3, confidence: 0.65 },
      { line: 10, worth: 3, confidence: 0.75 },
      { line: 20, worth: 4, confidence: 0.7 },
      { line: 29, worth: 2, confidence: 0.8 },
      { line: 40, worth: 1, confidence: 0.5 },
      { line: 60, worth: 1, confidence: 0.5 },
    ];
    const kept = [...withinLensBudget(candidates)].sort((a, b) => a - b);
    assert.deepEqual(kept, [2, 3, 5, 6], 'line 20 (worth 4), line 10 (surer than 5), then 40 and 60; 0, 5 and 29 would make three');
    const lines = kept.map((index) => candidates[index].line);
    for (let start = 0; start < 90; start++) assert.ok(lines.filter((line) => line >= start && line < start + SCREEN_LINES).length <= LENSES_PER_SCREEN);
  });
});
