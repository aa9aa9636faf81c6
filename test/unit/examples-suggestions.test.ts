// The suggestions budget on the examples as the editor opens them (every file open, the folder's
// library set): at most two CodeLens suggestions in any 30 lines of any example, with the default
// settings and no feedback yet.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LENSES_PER_SCREEN, SCREEN_LINES } from '../../server/src/language-server/editor-suggestions';
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
