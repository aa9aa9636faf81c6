// The escaping of agent- and file-supplied text, one helper per place it is shown: a terminal or
// log line, VS Code's plain UI text (notifications, CodeLens titles, tree items, QuickPicks), and
// Markdown (hovers). Each makes every control, bidi, tag and zero-width character visible; each
// neutralises the syntax of its place.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { labelText, markdownCode, markdownText, MAX_LINE_CHARS, terminalLine, visibleCharacters } from '../../server/src/protocol/display-text';

// A CommonMark renderer (markdown-it, in the lock file with vsce), with raw HTML and bare-URL links
// on: the worst case a Markdown view could be set to.
const MarkdownIt = createRequire(__filename)('markdown-it') as new (options: object) => { render(text: string): string };
const markdown = new MarkdownIt({ html: true, linkify: true });
const render = (text: string): string => markdown.render(text);

/** Every character the helpers must never let through as it is. */
const HIDDEN = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
  0x00ad, 0x061c, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f,
  0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
  0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
  0xe0001, 0xe0020, 0xe0041, 0xe007f,
].map((code) => String.fromCodePoint(code));

function assertNothingHidden(shown: string): void {
  for (const character of HIDDEN) {
    if (character === '\n' && shown.includes('\n')) continue;
    assert.ok(!shown.includes(character), `U+${character.codePointAt(0)!.toString(16)} came through in ${JSON.stringify(shown)}`);
  }
}

describe('terminalLine (a terminal or log line)', () => {
  it('shows controls, ESC, C1, CR/LF, bidi, zero-width and tag characters as escapes, on one line', () => {
    assert.equal(terminalLine('a\nb\r\tc\u001b[2Kd\u0000'), 'a\\nb\\r\\tc\\e[2Kd\\u{0000}');
    assert.equal(terminalLine('left\u202eright\u2066x\u2069\u200ey\u061c'), 'left\\u{202e}right\\u{2066}x\\u{2069}\\u{200e}y\\u{061c}');
    assert.equal(terminalLine('csi\u009b31m tag\u{e0041}\u{e007f} zw\u200b\u200d\ufeff'), 'csi\\u{009b}31m tag\\u{e0041}\\u{e007f} zw\\u{200b}\\u{200d}\\u{feff}');
    const all = HIDDEN.join('');
    const shown = terminalLine(all, all.length);
    assert.ok(!shown.includes('\n'));
    assertNothingHidden(shown);
    assert.match(shown, /^[\x20-\x7e]*$/, 'only printable ASCII is left of them');
  });

  it('cuts long text with a count, never inside a surrogate pair, and leaves ordinary text alone', () => {
    const long = terminalLine('x'.repeat(MAX_LINE_CHARS + 50));
    assert.equal(long, `${'x'.repeat(MAX_LINE_CHARS)}… (50 more characters)`);
    assert.equal(terminalLine('ab😀cd', 3), 'ab… (4 more characters)');
    assert.equal(terminalLine('plain text, ünïcode and emoji 😀, $(x) [a](b)'), 'plain text, ünïcode and emoji 😀, $(x) [a](b)');
  });

  it('shows a lone surrogate as an escape', () => {
    assert.equal(terminalLine('a\ud800b'), 'a\\u{d800}b');
  });
});

describe('labelText (VS Code UI text)', () => {
  it('makes icon syntax and notification links inert, and shows hidden characters', () => {
    assert.equal(labelText('$(alert) [Accept](command:whetstone.acceptAll)'), '$ (alert) [Accept] (command:whetstone.acceptAll)');
    assert.equal(labelText('see [here](https://example.com)\nApprove?'), 'see [here] (https://example.com)\\nApprove?');
    assert.equal(labelText('a\u202eb'), 'a\\u{202e}b');
    // A hidden character between the brackets cannot rebuild a link either.
    assert.equal(labelText('[x]\u200b(command:y)'), '[x]\\u{200b}(command:y)');
  });

  it('is stable: escaping escaped text again changes nothing', () => {
    const once = labelText('$(x) [a](command:b) \u001b\u202e\u{e0041}');
    assert.equal(labelText(once), once);
  });
});

describe('markdownText (a hover, a MarkdownString)', () => {
  it('renders as the plain text it was: no link, image, command link, HTML or emphasis', () => {
    const hostile = '[Accept](command:whetstone.accept) ![x](https://evil.example/p.png) <img src=x onerror=alert(1)> **bold** `code` https://evil.example www.evil.example # heading &amp;';
    const html = render(markdownText(hostile));
    assert.ok(!/<a |<img|<strong|<code|<h1/.test(html), html);
    assert.equal(html.trim(), `<p>${hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</p>`);
  });

  it('keeps lines as paragraphs, shows hidden characters and cuts with a count', () => {
    const html = render(markdownText('first\nsecond\u202e'));
    assert.equal(html.trim(), '<p>first</p>\n<p>second\\u{202e}</p>');
    assert.match(markdownText('x'.repeat(5000), 100), /… \(4900 more characters\)$/);
    assertNothingHidden(markdownText(HIDDEN.join(''), 1000));
  });
});

describe('markdownCode (a fenced block in Markdown)', () => {
  it('cannot be closed from inside, and shows hidden characters', () => {
    const code = 'let s = "```\n![x](https://evil.example/p.png)\n```";\u202e';
    const block = markdownCode(code, 'whetstone');
    const html = render(block);
    assert.ok(!/<img/.test(html), html);
    assert.equal((html.match(/<pre>/g) ?? []).length, 1, html);
    assert.ok(block.startsWith('````whetstone\n'), block);
    assert.ok(block.includes('\\u{202e}'));
    assertNothingHidden(block.replace(/\n/g, ''));
  });

  it('shows the first lines of a long text with a count', () => {
    const block = markdownCode(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n'), 'whetstone', 10);
    assert.ok(block.includes('line 9\n… (40 more lines)\n```'), block);
  });
});

describe('visibleCharacters', () => {
  it('changes only hidden characters', () => {
    assert.equal(visibleCharacters('a\tb'), 'a\\tb');
    assert.equal(visibleCharacters('[a](b) $(c) <d>'), '[a](b) $(c) <d>');
  });
});
