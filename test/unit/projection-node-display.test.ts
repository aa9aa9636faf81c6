// jsstr shows a value as Node's console.log does: random nested values (lists of 1–120 items,
// objects with identifier and other keys, texts with quotes and escapes, numbers of many widths,
// nesting 0–4 deep) shown by the generated Python, JavaScript and TypeScript helpers, each
// against Node's own util.inspect of the same value. One process per language runs the batch.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { inspect } from 'node:util';
import { NODE_WIDTHS_FROM } from '../../server/src/projection/generate/node-column-widths';
import { jsHelperSource } from '../../server/src/projection/generate/runtime-javascript';
import { pyHelperSource } from '../../server/src/projection/generate/runtime-python';
import { prepareProjection, Scratch, type RunResult } from '../helpers/projection';
import { Random } from '../helpers/random';

type Value = null | boolean | number | string | Value[] | { [key: string]: Value };

const SPECIAL_NUMBERS = [0, -0, NaN, Infinity, -Infinity, 1e21, 1.5e-7, 2 ** 53, -(2 ** 31), 0.1 + 0.2, 123456789.125];
const PIECES = ['a', 'Z', ' ', "'", '"', '`', '${', '\\', '\n', '\t', '\r', '\b', '\x01', '\x1b', '\x7f', '\x85', '\xa0', 'é', 'e\u0301', '中', '😀', '\u200b', 'word', 'x_1'];
const KEYS = ['a', 'b', 'name', 'x_1', '_private', 'camelCase', 'a-b', 'with space', '$dollar', '1', '42', '007', '', 'é', "it's", '__proto__', '4294967295', '-1'];

function randomValue(random: () => number, depth: number, budget: { left: number }): Value {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  // Below the depth asked for, lists and objects half the time.
  const kind = depth > 0 && budget.left > 0 && random() < 0.5 ? 0.7 + random() * 0.3 : random() * 0.7;
  budget.left--;
  if (kind < 0.3) return randomNumber(random);
  if (kind < 0.5) {
    const length = random() < 0.15 ? 60 + Math.floor(random() * 90) : Math.floor(random() * 12);
    let text = '';
    while (text.length < length) text += random() < 0.6 ? String.fromCharCode(97 + Math.floor(random() * 26)) : pick(PIECES);
    return text;
  }
  if (kind < 0.6) return random() < 0.5;
  if (kind < 0.7) return null;
  if (kind < 0.85) {
    // Long lists of numbers are where Node lays items out in columns.
    const length = 1 + Math.floor(random() ** 2 * 120);
    const numbers = random() < 0.5;
    return Array.from({ length }, () => (numbers ? randomNumber(random) : randomValue(random, depth - 1, budget)));
  }
  const object: { [key: string]: Value } = {};
  const count = Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    // defineProperty, so __proto__ is an own key, as generated code makes it.
    Object.defineProperty(object, pick(KEYS), { value: randomValue(random, depth - 1, budget), enumerable: true, writable: true, configurable: true });
  }
  return object;
}

function randomNumber(random: () => number): number {
  const choice = random();
  if (choice < 0.1) return SPECIAL_NUMBERS[Math.floor(random() * SPECIAL_NUMBERS.length)];
  const digits = 1 + Math.floor(random() * 9);
  const whole = Math.floor(random() * 10 ** digits) * (random() < 0.2 ? -1 : 1);
  return choice < 0.7 ? whole : whole / 10 ** Math.floor(random() * 4 + 1);
}

/** A value as a JavaScript expression. */
function javascript(value: Value): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(javascript).join(', ')}]`;
  return `{ ${Object.entries(value)
    .map(([key, item]) => `[${JSON.stringify(key)}]: ${javascript(item)}`)
    .join(', ')} }`;
}

/**
 * A value as a Python expression, as generated Python holds it: whole numbers as ints (some as
 * floats, which Python also holds), -0 as a float, maps as dicts.
 */
function python(value: Value, random: () => number): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'math.nan';
    if (!Number.isFinite(value)) return value > 0 ? 'math.inf' : '-math.inf';
    if (Object.is(value, -0)) return '-0.0';
    if (Number.isInteger(value) && Math.abs(value) < 2 ** 53) return random() < 0.2 ? `${value}.0` : String(value);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null) return 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => python(item, random)).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${python(item, random)}`)
    .join(', ')}}`;
}

/** Where a list or object sits in a value: itself, and the lists and objects it is inside, outermost first. */
interface Place {
  container: Value[] | { [key: string]: Value };
  ancestors: (Value[] | { [key: string]: Value })[];
}

function places(value: Value, ancestors: Place['ancestors'] = [], found: Place[] = []): Place[] {
  if (value === null || typeof value !== 'object') return found;
  found.push({ container: value, ancestors });
  for (const item of Object.values(value)) places(item, [...ancestors, value], found);
  return found;
}

/**
 * A random value that holds itself: a list or object of random values, into which one to three
 * of its lists and objects put one that holds them (or themselves), at a random place, so Node
 * numbers several circular targets; some also hold a list or object twice without a circle.
 */
function selfHoldingValue(random: () => number, depth: number): Value {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const children = Array.from({ length: 1 + Math.floor(random() * 4) }, () => randomValue(random, depth, { left: 60 }));
  const root: Value = random() < 0.5 ? children : Object.fromEntries(children.map((child, index) => [pick(KEYS) + String(index), child]));
  const inside = places(root);
  for (let links = 1 + Math.floor(random() * 3); links > 0; links--) {
    const { container, ancestors } = pick(inside);
    const target = random() < 0.15 ? pick(inside).container : pick([...ancestors, container]);
    if (Array.isArray(container)) container.splice(Math.floor(random() * (container.length + 1)), 0, target);
    else Object.defineProperty(container, pick(KEYS), { value: target, enumerable: true, writable: true, configurable: true });
  }
  return root;
}

/**
 * Statements that build a value that may hold itself, named `prefix`…: every list and object is
 * made empty first and filled after, so any may hold any. Returns the statements and the name of
 * the value (or its expression when it holds no list or object).
 */
function built(value: Value, prefix: string, language: 'python' | 'javascript' | 'typescript', leaf: (value: Value) => string): { statements: string[]; name: string } {
  const names = new Map<object, string>();
  const visit = (item: Value): void => {
    if (item === null || typeof item !== 'object' || names.has(item)) return;
    names.set(item, `${prefix}_${names.size}`);
    for (const child of Object.values(item)) visit(child);
  };
  visit(value);
  if (value === null || typeof value !== 'object') return { statements: [], name: leaf(value) };
  const ref = (item: Value): string => (item !== null && typeof item === 'object' ? names.get(item)! : leaf(item));
  const statements: string[] = [];
  for (const [item, name] of names) {
    const list = Array.isArray(item);
    if (language === 'python') statements.push(`${name} = ${list ? '[]' : '{}'}`);
    else statements.push(`const ${name}${language === 'typescript' ? (list ? ': unknown[]' : ': Record<string, unknown>') : ''} = ${list ? '[]' : '{}'};`);
  }
  for (const [item, name] of names) {
    const entries = Object.entries(item as object) as [string, Value][];
    if (Array.isArray(item)) {
      if (item.length > 0) statements.push(language === 'python' ? `${name}.extend([${item.map(ref).join(', ')}])` : `${name}.push(${item.map(ref).join(', ')});`);
    } else if (language === 'python') {
      if (entries.length > 0) statements.push(`${name}.update({${entries.map(([key, child]) => `${JSON.stringify(key)}: ${ref(child)}`).join(', ')}})`);
    } else {
      // defineProperty, so __proto__ is an own key, as generated code makes it.
      for (const [key, child] of entries) statements.push(`Object.defineProperty(${name}, ${JSON.stringify(key)}, { value: ${ref(child)}, enumerable: true, writable: true, configurable: true });`);
    }
  }
  return { statements, name: names.get(value)! };
}

/** The Python helpers jsstr needs, each under its own name, with their imports. */
function pythonHelpers(): string[] {
  const name = (base: string): string => base;
  return ['import bisect, json, math, re, unicodedata', ...(['show', 'text_width', 'node_text'] as const).map((helper) => pyHelperSource(helper, name))];
}

describe('jsstr shows values as Node does', () => {
  let scratch: Scratch;
  const seeded = new Random(20261205);
  const random = (): number => seeded.next();
  const values: Value[] = [];
  before(() => {
    scratch = new Scratch('node-display');
    for (let i = 0; i < 600; i++) values.push(randomValue(random, i % 5, { left: 300 }));
    // Top-level texts as they are; a few hand-picked layouts at the edges.
    values.push('top level, as it is', 'it\'s "quoted"', Array.from({ length: 101 }, (_, i) => i * i), Array.from({ length: 7 }, () => 'x'.repeat(22)), [[[[1]]], { a: { b: { c: {} } } }, []]);
  });
  after(() => scratch.dispose());

  /** What Node's console.log shows for each value. */
  const expected = (): string[] => values.map((value) => (typeof value === 'string' ? value : inspect(value)));

  it('the Python helper (node_text) shows each random value as util.inspect does', () => {
    const program = [
      ...pythonHelpers(),
      `values = [\n${values.map((value) => `    ${python(value, random)},`).join('\n')}\n]`,
      'for value in values:',
      '    print(json.dumps(node_text(value)))',
      '',
    ].join('\n\n');
    const ran = scratch.python(scratch.write('values.py', program));
    assert.equal(ran.status, 0, ran.stderr);
    const shown = ran.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as string);
    const want = expected();
    assert.equal(shown.length, want.length);
    for (const [index, text] of shown.entries()) assert.equal(text, want[index], `value ${index}: ${javascript(values[index])}`);
  });

  for (const typescript of [false, true]) {
    it(`the ${typescript ? 'TypeScript' : 'JavaScript'} helper (nodeText) shows each random value as util.inspect does`, () => {
      const name = (base: string): string => base;
      const program = [
        jsHelperSource('nodeInspect', typescript, name),
        jsHelperSource('nodeText', typescript, name),
        `const values${typescript ? ': unknown[]' : ''} = [\n${values.map((value) => `  ${javascript(value)},`).join('\n')}\n];`,
        'for (const value of values) console.log(JSON.stringify(nodeText(value)));',
        '',
      ].join('\n\n');
      const ran = scratch.runProgram(program, typescript ? 'typescript' : 'javascript');
      assert.equal(ran.status, 0, ran.stderr);
      assert.deepEqual(
        ran.stdout
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as string),
        expected(),
      );
    });
  }

  describe('values that hold themselves', () => {
    const circular: Value[] = [];
    before(() => {
      const seededCircular = new Random(20261206);
      const randomCircular = (): number => seededCircular.next();
      for (let i = 0; i < 200; i++) circular.push(selfHoldingValue(randomCircular, i % 4));
    });

    /** A program that shows each value that holds itself through `helper`, one JSON line each. */
    const program = (language: 'python' | 'javascript' | 'typescript', helpers: string[], show: string): string => {
      const randomLeaf = new Random(7);
      const leaf = (value: Value): string => (language === 'python' ? python(value, () => randomLeaf.next()) : javascript(value));
      const lines: string[] = [];
      const names: string[] = [];
      circular.forEach((value, index) => {
        const { statements, name } = built(value, `v${index}`, language, leaf);
        lines.push(...statements);
        names.push(name);
      });
      if (language === 'python') return [...helpers, lines.join('\n'), `for value in [${names.join(', ')}]:\n    print(json.dumps(${show}(value)))\n`].join('\n\n');
      return [...helpers, lines.join('\n'), `for (const value of [${names.join(', ')}]) console.log(JSON.stringify(${show}(value)));\n`].join('\n\n');
    };

    const shownBy = (ran: RunResult): string[] => {
      assert.equal(ran.status, 0, ran.stderr);
      return ran.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as string);
    };

    it('the Python helper (node_text) shows each as util.inspect does: <ref *n> where it starts, [Circular *n] where it is met again', () => {
      const code = program('python', pythonHelpers(), 'node_text');
      const shown = shownBy(scratch.python(scratch.write('circular.py', code)));
      const want = circular.map((value) => inspect(value));
      assert.equal(shown.length, want.length);
      assert.ok(want.some((text) => text.includes('<ref *3>')), 'some value has three circular targets');
      for (const [index, text] of shown.entries()) assert.equal(text, want[index], `value ${index}`);
    });

    for (const typescript of [false, true]) {
      it(`the ${typescript ? 'TypeScript' : 'JavaScript'} helper (nodeText) shows each as util.inspect does`, () => {
        const name = (base: string): string => base;
        const language = typescript ? 'typescript' : 'javascript';
        const code = program(language, [jsHelperSource('nodeInspect', typescript, name), jsHelperSource('nodeText', typescript, name)], 'nodeText');
        assert.deepEqual(shownBy(scratch.runProgram(code, language)), circular.map((value) => inspect(value)));
      });
    }

    it('the Python helper numbers hand-picked circular targets as Node does', () => {
      const code = [
        ...pythonHelpers(),
        [
          'shared = [1]',
          'loop = [1]',
          'loop.append(loop)',
          'record = {"x": 1}',
          'record["me"] = record',
          'record["loop"] = loop',
          'deep = [1, [2, [3, [4]]]]',
          'deep[1][1][1].append(deep)',
          'deep[1][1].append(deep[1])',
          'long = list(range(30))',
          'long.append(long)',
          'for value in [[shared, shared], loop, record, [loop, record, loop], deep, long]:',
          '    print(json.dumps(node_text(value)))',
          '',
        ].join('\n'),
      ].join('\n\n');
      const loop: Value[] = [1];
      loop.push(loop);
      const record: { [key: string]: Value } = { x: 1 };
      record.me = record;
      record.loop = loop;
      const deep: Value[] = [1, [2, [3, [4]]]];
      (((deep[1] as Value[])[1] as Value[])[1] as Value[]).push(deep);
      ((deep[1] as Value[])[1] as Value[]).push(deep[1]);
      const long: Value[] = Array.from({ length: 30 }, (_, i) => i);
      long.push(long);
      const shared = [1];
      assert.deepEqual(
        shownBy(scratch.python(scratch.write('loops.py', code))),
        [[shared, shared], loop, record, [loop, record, loop], deep, long].map((value) => inspect(value)),
      );
    });
  });
});

describe("jsstr counts a text's columns as Node does, whatever the Python's Unicode version", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone');
    scratch = new Scratch('node-widths');
  });
  after(() => scratch.dispose());

  /** One code point as a string (a surrogate as its lone UTF-16 unit). */
  const char = (code: number): string => (code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code));

  it('text_width counts every code point, and every sequence NFC composes or keeps, as this Node does', (t) => {
    if (!NODE_WIDTHS_FROM.includes(`(ICU ${process.versions.icu}, Unicode ${process.versions.unicode})`)) {
      t.skip(`the widths are from ${NODE_WIDTHS_FROM}, this is ICU ${process.versions.icu}: run scripts/node-column-widths.mjs`);
      return;
    }
    // The canonical and compatibility decompositions of every character (what NFC composes again,
    // or not), and sequences Node counts part by part: emoji joined by U+200D, flags, skin tones,
    // keycaps, a letter with several marks, Hangul jamo, controls, an ASCII start.
    const sequences = new Set<string>(['👨‍👩‍👧‍👦', '🏳️‍🌈', '🇫🇷🇯🇵', '👍🏽', '1️⃣', '❤️', 'é', 'ȩ̂̃', 'ạ̈̀', 'ᄒ', '하', '한', '한글', '\u1100\u1161\u11a8\u11a8', 'a\u0301\u0327', 'x\x1b[31my', '\x7f\x85é', 'abc中', 'ｱﾞ', 'ア\u3099', '\u{16d63}\u{16d67}\u{16d67}', '\u{11382}\u0301\u{113c9}']);
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      for (const form of ['NFD', 'NFKD'] as const) {
        const parts = char(code).normalize(form);
        if (parts !== char(code)) sequences.add(parts);
      }
    }
    const list = [...sequences];
    const input = scratch.write('sequences.json', JSON.stringify(list));
    // Node's own count (util.inspect's getStringWidth, which is internal): one digit a code point, then the sequences.
    const node = spawnSync(
      process.execPath,
      [
        '--expose-internals',
        '--no-warnings',
        '-e',
        `const { getStringWidth } = require('internal/util/inspect');
         const char = ${char.toString()};
         let out = '';
         for (let code = 0; code <= 0x10ffff; code++) out += getStringWidth(char(code), false);
         const list = JSON.parse(require('fs').readFileSync(${JSON.stringify(input)}, 'utf8'));
         console.log(out + '\\n' + JSON.stringify(list.map((text) => getStringWidth(text, false))));`,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 22 },
    );
    assert.equal(node.status, 0, node.stderr);
    const nodeWidths = scratch.write('node-widths.txt', node.stdout);
    // Python compares, as a million code points would make too long an output.
    const program = [
      ...pythonHelpers(),
      `texts = json.load(open(${JSON.stringify(input)}, encoding="utf-8"))`,
      `singles, sequences = open(${JSON.stringify(nodeWidths)}, encoding="utf-8").read().split("\\n")[:2]`,
      [
        'differing = []',
        'for code in range(0x110000):',
        '    if str(text_width(chr(code))) != singles[code]:',
        '        differing.append("U+%X: Node %s, Python %d" % (code, singles[code], text_width(chr(code))))',
        'print(json.dumps(differing))',
        'differing = []',
        'for text, width in zip(texts, json.loads(sequences)):',
        '    if text_width(text) != width:',
        '        differing.append("%s: Node %d, Python %d" % (json.dumps(text), width, text_width(text)))',
        'print(json.dumps(differing))',
      ].join('\n'),
      '',
    ].join('\n\n');
    const ran = scratch.python(scratch.write('widths.py', program));
    assert.equal(ran.status, 0, ran.stderr);
    const [singles, sequencesDiffering] = ran.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as string[]);
    assert.equal(node.stdout.split('\n')[0].length, 0x110000);
    assert.deepEqual(singles.slice(0, 20), [], `${singles.length} code points differ`);
    assert.deepEqual(sequencesDiffering.slice(0, 20), [], `${sequencesDiffering.length} of ${list.length} sequences differ`);
  });

  it('jsstr of long lists of wide, combining and recently assigned characters is laid out as Node lays it out, in every target', () => {
    // Characters whose width Unicode 15 or 16 set or changed (trigrams and hexagrams wide, U+0897 a
    // mark, Kirat Rai vowels that compose, a shaking face), CJK, emoji sequences, combining marks
    // and Hangul jamo; widths that are the same in Unicode 16 and 17.
    const texts = ['☰', '☰☷', '䷀䷁䷂', 'a\u0897', '\u{16d63}\u{16d67}\u{16d67}', '\u{16d67}\u{16d67}x', '🫨', '中文', 'é', 'e\u0301', '👨‍👩‍👧', '🇫🇷', '\u1112\u1161\u11ab', 'ｱﾞ', '⚡x', 'word'];
    const lists = [texts, texts.map((text, index) => text.repeat(1 + (index % 3))), [...texts, ...texts].map((text, index) => (index % 2 ? text : `${index}`))];
    const source = lists.map((list, index) => `let xs${index} = [${list.map((text) => JSON.stringify(text)).join(', ')}];\nprint(jsstr(xs${index}));\n`).join('');
    scratch.printsInEveryTarget(source, lists.map((list) => `${inspect(list)}\n`).join(''));
  });
});
