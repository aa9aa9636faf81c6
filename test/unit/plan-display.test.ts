// The display form of agent text (plan-display.ts): control characters and the Unicode ones that
// reorder or break lines become visible, Markdown links are broken, long text is cut with a count.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayText, MAX_TEXT_CHARS } from '../../server/src/agent/plans/plan-display';

describe('displayText', () => {
  it('makes control characters visible and keeps the text on one line', () => {
    assert.equal(displayText('a\nb\r\tc\u001b[2Kd\u0000'), 'a\\nb\\r\\tc\\e[2Kd\\u{0000}');
    assert.equal(displayText('left\u202eright\u2028next'), 'left\\u{202e}right\\u{2028}next');
    const controls = String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i), 0x7f, 0x9b);
    assert.ok(![...displayText(controls)].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f || character.charCodeAt(0) === 0x9b));
  });

  it('makes tag characters (U+E0000–E007F) and other invisible format characters visible too', () => {
    // Tag characters spell hidden ASCII ("ignore"), invisible in a notification or a terminal.
    const hidden = [...'ignore'].map((character) => String.fromCodePoint(0xe0000 + character.charCodeAt(0))).join('');
    assert.equal(displayText(`ok${hidden}\u{e0001}\u{e007f}`), 'ok\\u{e0069}\\u{e0067}\\u{e006e}\\u{e006f}\\u{e0072}\\u{e0065}\\u{e0001}\\u{e007f}');
    assert.equal(displayText('a\u2060b\u00adc\u180ed'), 'a\\u{2060}b\\u{00ad}c\\u{180e}d');
  });

  it('makes icon syntax inert, as VS Code would draw $(name) as an icon', () => {
    assert.equal(displayText('$(check) approved'), '$ (check) approved');
  });

  it('breaks Markdown link syntax and cuts long text with a count', () => {
    assert.equal(displayText('see [here](command:x)'), 'see [here] (command:x)');
    const long = displayText('x'.repeat(MAX_TEXT_CHARS + 50));
    assert.equal(long, `${'x'.repeat(MAX_TEXT_CHARS)}… (50 more characters)`);
    assert.equal(displayText('plain text'), 'plain text');
  });
});
