// The display form of agent text (plan-display.ts): control characters and the Unicode ones that
// reorder or break lines become visible, Markdown links are broken, long text is cut with a count.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayText, MAX_TEXT_CHARS } from '../../server/src/agent/plan-display';

describe('displayText', () => {
  it('makes control characters visible and keeps the text on one line', () => {
    assert.equal(displayText('a\nb\r\tc\u001b[2Kd\u0000'), 'a\\nb\\r\\tc\\e[2Kd\\u{0000}');
    assert.equal(displayText('left\u202eright\u2028next'), 'left\\u{202e}right\\u{2028}next');
    const controls = String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i), 0x7f, 0x9b);
    assert.ok(![...displayText(controls)].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f || character.charCodeAt(0) === 0x9b));
  });

  it('breaks Markdown link syntax and cuts long text with a count', () => {
    assert.equal(displayText('see [here](command:x)'), 'see [here] (command:x)');
    const long = displayText('x'.repeat(MAX_TEXT_CHARS + 50));
    assert.equal(long, `${'x'.repeat(MAX_TEXT_CHARS)}… (50 more characters)`);
    assert.equal(displayText('plain text'), 'plain text');
  });
});
