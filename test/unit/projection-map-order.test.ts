// The order a map's keys are walked in. Whetstone and Python walk a map in insertion order; a
// JavaScript object walks the keys that look like array indexes ("2", "10") first, in numeric
// order, so the generated JavaScript holds maps in Maps. An imported JavaScript or TypeScript
// program's Object.keys, for…in, Object.entries and Object.values walk an object's order, which
// jsKeys and jsValues carry into every target; an object indexed by a number is an error at import.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: the order of a map walked', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('map-order');
  });
  after(() => scratch.dispose());

  it('a map keyed by texts that look like array indexes walks, shows and counts in insertion order in every target', () => {
    const source = [
      'const m: map<string, number> = {};',
      'm["b"] = 1;',
      'm["10"] = 2;',
      'm["2"] = 3;',
      'm["-1"] = 4;',
      'm["01"] = 5;',
      'm["4294967295"] = 6;',
      'm["4294967294"] = 7;',
      'm["😀"] = -2.5;',
      'print(keys(m));',
      'print(values(m));',
      'print(m);',
      'print(pystr(m));',
      'print(len(m), includes(m, "10"), includes(m, "3"), m["zz"]);',
      'removeKey(m, "10");',
      'm["b"] += 5;',
      'm["10"] = 8;',
      'print(keys(m), m["b"]);',
      'print(jsKeys(m));',
      'print(jsValues(m));',
    ].join('\n');
    const expected = [
      '["b", "10", "2", "-1", "01", "4294967295", "4294967294", "😀"]',
      '[1, 2, 3, 4, 5, 6, 7, -2.5]',
      '{b: 1, 10: 2, 2: 3, -1: 4, 01: 5, 4294967295: 6, 4294967294: 7, 😀: -2.5}',
      "{'b': 1, '10': 2, '2': 3, '-1': 4, '01': 5, '4294967295': 6, '4294967294': 7, '😀': -2.5}",
      '8 true false null',
      '["b", "2", "-1", "01", "4294967295", "4294967294", "😀", "10"] 6',
      '["2", "10", "4294967294", "b", "-1", "01", "4294967295", "😀"]',
      '[3, 8, 7, 6, 4, 5, 6, -2.5]',
      '',
    ].join('\n');
    scratch.printsInEveryTarget(source, expected);
  });

  it('an object of no fields filled by key, passed to functions that take maps, keeps its order in every target; jsstr shows it as Node shows the object', () => {
    const source = [
      'fn total(counts: map<string, number>): number {',
      '  let sum = 0;',
      '  for key in keys(counts) {',
      '    sum += counts[key];',
      '  }',
      '  return sum;',
      '}',
      '',
      'fn tally(words: list<string>): map<string, number> {',
      '  const counts = {};',
      '  for word in words {',
      '    counts[word] = (includes(counts, word) ? counts[word] : 0) + 1;',
      '  }',
      '  return counts;',
      '}',
      '',
      'const counts = tally(split("zeta 7 alpha 7 3 __proto__ 3 3", " "));',
      'print(keys(counts), total(counts));',
      'print(counts);',
      'print(jsstr(counts));',
      'print(jsstr([counts, {}]));',
    ].join('\n');
    const expected = [
      '["zeta", "7", "alpha", "3", "__proto__"] 8',
      '{zeta: 1, 7: 2, alpha: 1, 3: 3, __proto__: 1}',
      "{ '3': 3, '7': 2, zeta: 1, alpha: 1, ['__proto__']: 1 }",
      "[ { '3': 3, '7': 2, zeta: 1, alpha: 1, ['__proto__']: 1 }, {} ]",
      '',
    ].join('\n');
    scratch.printsInEveryTarget(source, expected);
  });

  it('JavaScript: Object.keys, for…in, Object.entries and Object.values of an object with array-index keys walk them first in every target', () => {
    const source = [
      'const counts = {};',
      'for (const w of "b 10 2 b a 2 2 007".split(" ")) counts[w] = (counts[w] || 0) + 1;',
      'console.log(Object.keys(counts));',
      'for (const k in counts) console.log(k + ": " + counts[k]);',
      'console.log(Object.values(counts), Object.entries(counts));',
      'for (const [k, v] of Object.entries(counts)) console.log(`${k}=${v}`);',
      'console.log(counts, Object.keys(counts).length);',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'javascript', /jsKeys\(counts\)[\s\S]*for k in jsKeys\(counts\)[\s\S]*jsValues\(counts\)/);
  });

  it('TypeScript: a Record<string, number> built by key and walked keeps the object order in every target', () => {
    const source = [
      'function histogram(values: number[]): Record<string, number> {',
      '  const bins: Record<string, number> = {};',
      '  for (const v of values) {',
      '    const bin = v < 0 ? "negative" : String(Math.floor(v / 10) * 10);',
      '    bins[bin] = (bins[bin] ?? 0) + 1;',
      '  }',
      '  return bins;',
      '}',
      'const bins = histogram([25, -3, 7, 31, 12, 28, -0.5, 100]);',
      'for (const [bin, n] of Object.entries(bins)) console.log(`${bin.padStart(8)} ${"#".repeat(n)}`);',
      'console.log(Object.values(bins), Object.keys(bins).join(","));',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'typescript', /jsKeys\(/);
  });

  it('a JavaScript object passed to functions without types stays a plain object and prints the same', () => {
    const source = [
      'function frequencies(text) {',
      '  const counts = {};',
      '  for (const ch of text) {',
      '    if (counts[ch] === undefined) counts[ch] = 0;',
      '    counts[ch] += 1;',
      '  }',
      '  return counts;',
      '}',
      'function best(counts) {',
      '  let top = "";',
      '  let most = 0;',
      '  for (const key of Object.keys(counts)) {',
      '    if (counts[key] > most) {',
      '      top = key;',
      '      most = counts[key];',
      '    }',
      '  }',
      '  return top;',
      '}',
      'const f = frequencies("a1 22 b 333");',
      'console.log(f, best(f));',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'javascript', /for key in jsKeys\(counts\)/);
  });

  it('a counting program with ordinary word keys imports with no diagnostic and prints the same', () => {
    const source = [
      'const text = "the cat and the hat and the bat";',
      'const counts = {};',
      'for (const word of text.split(" ")) counts[word] = (counts[word] ?? 0) + 1;',
      'for (const w of Object.keys(counts)) console.log(`${w}: ${counts[w]}`);',
      'console.log(counts);',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'javascript', /jsKeys\(counts\)/);
  });

  it('Python: a dict keyed by texts that look like numbers keeps its insertion order in the generated JavaScript and TypeScript', () => {
    const source = [
      'counts = {}',
      'for w in "b 10 2 b a 2 2".split(" "):',
      '    counts[w] = counts.get(w, 0) + 1',
      'print(list(counts.keys()))',
      'for k in counts:',
      '    print(k, counts[k])',
      'print(counts, len(counts))',
    ].join('\n');
    scratch.keepsItsMeaning(`${source}\n`, 'python', /for k in keys\(counts\)/, true);
  });

  it('an object of no fields that the program passes where a plain object is read stays plain, and walking it is an error at projection to JavaScript and TypeScript', () => {
    const doc = WhetstoneDocument.create('fn mark(m, k) {\n  m[k] = 1;\n}\nconst seen = {};\nmark(seen, "b");\nseen["10"] = 2;\nprint(keys(seen));\nprint(jsstr(seen));\n', 1);
    try {
      for (const target of ['javascript', 'typescript'] as const) {
        const generated = generate(doc.ast, target);
        const found = generated.diagnostics.map((d) => `${d.line}: ${d.code} ${d.message}`);
        assert.deepEqual(found.map((message) => message.slice(0, 3)), ['7: '], found.join('\n'));
        assert.match(found[0], /W_UNFAITHFUL .*an object of no fields \(\{\}\) that the program also passes where a plain object is read/);
        assert.match(generated.code, /const seen(: any)? = \{\};/);
      }
      assert.deepEqual(generate(doc.ast, 'python').diagnostics, []);
    } finally {
      doc.dispose();
    }
  });

  it('an object written with fields and later given a key that may look like an array index is an error at projection to JavaScript and TypeScript where it is walked or shown', () => {
    const source = 'const o = { x: 1, y: 2 };\no["3"] = 5;\nfor k in keys(o) {\n  print(k);\n}\nconst p = { name: "a" };\np["name2"] = "b";\nprint(keys(p));\nconst q = { a: 1, b: 2 };\nfor key in keys(q) {\n  q[key] = q[key] * 2;\n}\nprint(q);\n';
    const doc = WhetstoneDocument.create(source, 1);
    try {
      for (const target of ['javascript', 'typescript'] as const) {
        const found = generate(doc.ast, target).diagnostics.map((d) => `${d.line}: ${d.code} ${d.message}`);
        // `p` gets a key that is no array index: a plain object keeps it after its fields; `q` only its own keys again.
        assert.deepEqual(found.map((message) => message.slice(0, 3)), ['3: '], found.join('\n'));
        assert.match(found[0], /W_UNFAITHFUL .*an object written with fields that the program also gives a key that may look like an array index/);
      }
      assert.deepEqual(generate(doc.ast, 'python').diagnostics, []);
    } finally {
      doc.dispose();
    }
  });

  it('Python: a dict written with text keys and later given keys that look like numbers is a map, in insertion order in every target', () => {
    const source = [
      'stock = {"apples": 3, "pears": 0}',
      'stock["10"] = 4',
      'for code in ["7", "pears", "2", "apples"]:',
      '    if code in stock:',
      '        stock[code] += 1',
      '    else:',
      '        stock[code] = 1',
      'for name in stock:',
      '    print(name, stock[name])',
      'print(stock)',
      'print(len(stock), list(stock.keys()))',
    ].join('\n');
    scratch.keepsItsMeaning(`${source}\n`, 'python', /const stock: map<string, number> = \{/, true);
  });

  it('Python: a dict written with keys that are no names (brackets, symbols, numbers as texts) is a map filled entry by entry, in every target', () => {
    const source = [
      'def balanced(text: str) -> bool:',
      '    pairs = {")": "(", "]": "[", "}": "{"}',
      '    stack = []',
      '    for ch in text:',
      '        if ch in "([{":',
      '            stack.append(ch)',
      '        elif ch in pairs:',
      '            if not stack or stack.pop() != pairs[ch]:',
      '                return False',
      '    return not stack',
      '',
      '',
      'ROMAN = {"M": 1000, "CM": 900, "D": 500, "CD": 400, "C": 100, "XC": 90, "L": 50, "XL": 40, "X": 10, "IX": 9, "V": 5, "IV": 4, "I": 1}',
      'CODES = {"a": ".-", "s": "...", "o": "---", "10": "x", "2": "y", "a": "dup"}',
      '',
      '',
      'def to_roman(n: int) -> str:',
      '    out = ""',
      '    for sym in ROMAN:',
      '        while n >= ROMAN[sym]:',
      '            out += sym',
      '            n -= ROMAN[sym]',
      '    return out',
      '',
      '',
      'for t in ["(a[b]{c})", "(]", "((", ""]:',
      '    print(t, balanced(t))',
      'print(to_roman(1994), to_roman(2024))',
      'print(" ".join(CODES[c] for c in "so"), list(CODES.keys()), CODES)',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'python', /const pairs: map<string, string> = \{\};\s*pairs\["\)"\] = "\(";[\s\S]*CODES\["10"\] = "x";/);
  });

  it('JavaScript: an object indexed by a number is an error at import (JavaScript turns the key into a text)', () => {
    const source = [
      'const groups = {};',
      'for (const w of ["aa", "b", "ccc", "dd"]) {',
      '  if (!groups[w.length]) groups[w.length] = [];',
      '  groups[w.length].push(w);',
      '}',
      'console.log(Object.keys(groups));',
    ].join('\n');
    const errors = importSource(source, 'javascript').diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
    assert.ok(errors.length > 0 && errors.every((error) => /^[34]: .*an object indexed by a number; JavaScript turns the key into a text/.test(error)), errors.join('\n'));
  });
});
