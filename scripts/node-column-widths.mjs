// Writes server/src/projection/generate/node-column-widths.ts: the columns Node counts for each
// character (its getStringWidth, by which util.inspect lays long lists out in columns), so that
// jsstr in generated Python counts them as the Node this extension is built with does, whatever
// Unicode version the Python's unicodedata has. Run by hand when Node's ICU changes:
//
//   node --expose-internals scripts/node-column-widths.mjs           (re)writes the module
//   node --expose-internals scripts/node-column-widths.mjs --check   exits 1 if it is not what it would write
//
// It needs --expose-internals for Node's own width of one character (ICU's, before NFC).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'server', 'src', 'projection', 'generate', 'node-column-widths.ts');

let icuWidth;
try {
  const { internalBinding } = require('internal/test/binding');
  icuWidth = internalBinding('icu').getStringWidth;
} catch {
  console.error('run with: node --expose-internals scripts/node-column-widths.mjs');
  process.exit(2);
}

/** The columns of one code point, as ICU counts it for Node (a lone surrogate as its UTF-16 unit). */
const widthOf = (code) => icuWidth(code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code));

// Runs of code points of one width: each as its start less the last start, in base 36, and a mark
// for its width.
const MARKS = '.,:';
const runs = [];
let last = 0;
let lastWidth = -1;
for (let code = 0; code <= 0x10ffff; code++) {
  const width = widthOf(code);
  if (width === lastWidth) continue;
  runs.push(`${(code - last).toString(36)}${MARKS[width]}`);
  last = code;
  lastWidth = width;
}

// The canonical compositions NFC makes that change a width (a spacing vowel sign joined to its
// consonant, a kana and its voicing mark; Hangul is composed by rule), each as the pairs that make
// it, so that a Python whose unicodedata predates one still counts it composed.
const hex = (text) => text.codePointAt(0).toString(16);
const pairs = new Set();
for (let code = 0x80; code <= 0x10ffff; code++) {
  if ((code >= 0xd800 && code <= 0xdfff) || (code >= 0xac00 && code <= 0xd7a3)) continue;
  const char = String.fromCodePoint(code);
  const parts = [...char.normalize('NFD')];
  if (parts.length < 2 || char.normalize('NFC') !== char) continue;
  if (parts.reduce((sum, part) => sum + widthOf(part.codePointAt(0)), 0) === widthOf(code)) continue;
  for (let k = 2; k <= parts.length; k++) {
    const [first, made] = [parts.slice(0, k - 1).join('').normalize('NFC'), parts.slice(0, k).join('').normalize('NFC')];
    if ([...first].length === 1 && [...made].length === 1) pairs.add(`${hex(first)}+${hex(parts[k - 1])}=${hex(made)}`);
  }
}

const source = `${process.versions.node} (ICU ${process.versions.icu}, Unicode ${process.versions.unicode})`;
// Lines of at most 96 characters: the runs cut anywhere, the compositions between two.
const cut = (text) => text.match(/.{1,96}/g);
const wrapped = (items) => items.join(' ').replace(/(.{1,96})( |$)/g, '$1\n').trimEnd().split('\n');
const module = [
  `// Node ${source}'s column widths, written by scripts/node-column-widths.mjs:`,
  '// do not edit; run the script again when Node is updated.',
  '',
  '/** The Node (and its ICU and Unicode) these widths are from. */',
  `export const NODE_WIDTHS_FROM = 'Node ${source}';`,
  '',
  '/**',
  ' * The columns of every code point, as runs of one width: where each starts, less where the last',
  ' * started, in base 36, then its width as a mark (`.` 0, `,` 1, `:` 2).',
  ' */',
  'export const NODE_WIDTH_RUNS = [',
  ...cut(runs.join('')).map((line) => `  '${line}',`),
  "].join('');",
  '',
  '/** The canonical compositions that change a width, as `first+second=composed` in hexadecimal. */',
  'export const NODE_WIDTH_COMPOSITIONS = [',
  ...wrapped([...pairs]).map((line) => `  '${line}',`),
  "].join(' ');",
  '',
].join('\n');

if (process.argv.includes('--check')) {
  const same = readFileSync(target, 'utf8') === module;
  if (!same) console.error(`${target} is not what Node ${source} gives: run node --expose-internals scripts/node-column-widths.mjs`);
  process.exit(same ? 0 : 1);
}
writeFileSync(target, module);
console.log(`wrote ${runs.length} runs and ${pairs.size} compositions from Node ${source}`);
