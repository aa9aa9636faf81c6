// Differences of maps that showed only in the printed values: a JavaScript map read at a key it
// does not hold (undefined, where Whetstone's is null), -0.0 made a key of a Python dict or set
// (kept as -0.0, where a Whetstone map keys it as 0), and a Python function hinted with a bare
// `dict` that returns a `{}` it built (a Map in the generated JavaScript). Each is an error at
// import naming the place and why, or imports and prints what its source prints in every target.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

describe('projection: map differences that would print something else', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('silent-maps');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'typescript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
      .map((d) => `${d.line}: ${d.message}`);

  it('a JavaScript map read shown at a key it may not hold is an error at import, at the read, saying undefined is shown as null', () => {
    const cases: [string, 'javascript' | 'typescript', number, string][] = [
      ['const m = new Map([["a", 1]]);\nconsole.log(m.get("b"));', 'javascript', 2, "'m'"],
      ['const o = { x: 1 };\nconst k = "y";\nconsole.log(String(o[k]));', 'javascript', 3, "'o'"],
      ['const m = new Map<string, number>();\nm.set("a", -1);\nconsole.log(`a=${m.get("a")} b=${m.get("b")}`);', 'typescript', 3, "'m'"],
      ['const o: Record<string, number> = {};\nconsole.log("n " + o["n"]);', 'typescript', 2, "'o'"],
      ['const m = new Map([["a", 1]]);\nconst v = m.get("zz");\nconsole.log(v);', 'javascript', 2, "through 'v'"],
      ['const m = new Map([["a", 1]]);\nconsole.log([m.get("a"), m.get("zz")]);', 'javascript', 2, "'m'"],
      ['function show(d, k) {\n  console.log(d[k]);\n}\nshow({ x: 1 }, "q");', 'javascript', 2, "'d'"],
      ['const m = new Map([["a", 1]]);\nconst show = (v) => console.log(v);\nshow(m.get("zz"));', 'javascript', 3, "through 'v'"],
      ['const m = new Map([["a", 1]]);\nfunction find(k) {\n  return m.get(k);\n}\nconsole.log(find("q"));', 'javascript', 3, "through 'find"],
      // Counted, then one key removed: the second loop reads it.
      ['const words = ["a", "b"];\nconst c = new Map();\nfor (const w of words) c.set(w, 1);\nc.delete("a");\nfor (const w of words) console.log(c.get(w));', 'javascript', 5, "'c'"],
      // Counted over a list written out that does not hold the key read.
      ['const c = {};\nfor (const w of ["a", "b"]) c[w] = 1;\nconsole.log(c["a"], c["z"]);', 'javascript', 3, "'c'"],
      // The guard tests another key.
      ['const m = new Map([["a", 1]]);\nif (m.has("a")) console.log(m.get("b"));', 'javascript', 2, "'m'"],
      // A loop that skips some words before counting.
      ['const words = ["a", "", "b"];\nconst c = {};\nfor (const w of words) {\n  if (w === "") continue;\n  c[w] = 1;\n}\nfor (const w of words) console.log(c[w]);', 'javascript', 7, "'c'"],
    ];
    const computed: [string, number][] = [
      ['const m = new Map([["a", 1]]);\nconsole.log(m.get("z") + 1);', 2],
      ['const m = new Map([["a", 1]]);\nlet total = 0;\nfor (const k of ["a", "b"]) total += m.get(k);\nconsole.log(total);', 3],
      ['const o: Record<string, number> = { a: 2 };\nconst k: string = "b";\nconsole.log(-o[k] * 2);', 3],
    ];
    for (const [source, line] of computed) {
      const errors = importErrors(source, 'typescript');
      assert.ok(
        errors.some((error) => error.startsWith(`${line}: `) && /at a key it may not hold is computed with: JavaScript gives undefined for a missing key \(NaN in arithmetic/.test(error)),
        `${source}\n${errors.join('\n')}`,
      );
    }
    for (const [source, language, line, names] of cases) {
      const errors = importErrors(source, language);
      const read = errors.filter((error) => /at a key it may not hold is shown/.test(error));
      assert.equal(read.length, 1, `${source}\n${errors.join('\n')}`);
      assert.match(read[0], new RegExp(`^${line}: .*${names}.*undefined for a missing key and shows undefined, Whetstone gives null`), source);
    }
  });

  it('a JavaScript map read at a key it may not hold, stored, passed on, used as an index or counted up, is an error at import naming where it goes', () => {
    // Each printed something else in every target (undefined in Node, null after the import), or NaN against a number.
    const cases: [string, number, RegExp][] = [
      ['const m = new Map([["a", 1]]);\nconst xs = [];\nxs.push(m.get("zz"));\nconsole.log(xs);', 3, /is given to push\(…\)/],
      ['const m = new Map([["a", 1]]);\nconst o = { v: 0 };\no.v = m.get("zz");\nconsole.log(o.v);', 3, /is stored in a field or an element/],
      ['const m = new Map([["a", 1]]);\nconsole.log(Math.max(m.get("zz"), 1));', 2, /is given to max\(…\)/],
      ['const m = new Map([["1", 5]]);\nconst ys = [1, 2].map((x) => m.get(String(x)));\nconsole.log(ys);', 2, /'m' at a key it may not hold/],
      ['const m = new Map([["a", 1]]);\nconst arr = [10, 20];\nconst i = m.get("zz");\nconsole.log(arr[i] === undefined ? "none" : "some");', 3, /is used as an index/],
      ['const m = new Map([["a", 1]]);\nconst pair = [m.get("zz"), 2];\nconsole.log(pair.length);', 2, /is put in a list/],
      ['const c = {};\nc["x"] += 1;\nconsole.log(c["x"] === undefined);', 2, /is computed with \(\+=\)/],
      // Python's abs(None) raises where JavaScript's !undefined is true.
      ['const c: Record<string, number> = {};\nif (!c["x"]) c["x"] = 1;\nconsole.log(c["x"]);', 2, /is tested for its truth as a number/],
      ['const m = new Map([["a", 2]]);\nfunction twice(v) {\n  const out = { v };\n  return out;\n}\nconsole.log(twice(m.get("q")).v === undefined);', 6, /is stored in an object/],
      // A variable tested, then given another read: the test says nothing of the second.
      ['const m = new Map([["a", 1]]);\nfunction f(k) {\n  let p = m.get(k);\n  if (p == null) return 0;\n  p = m.get(k + "s");\n  return p * 2;\n}\nconsole.log(f("a"));', 5, /is computed with \(\*\)/],
    ];
    for (const [source, line, how] of cases) {
      const errors = importErrors(source, source.includes(': Record') ? 'typescript' : 'javascript').filter((error) => /at a key it may not hold/.test(error));
      const at = errors.find((error) => error.startsWith(`${line}: `));
      assert.ok(at && how.test(at) && /JavaScript gives undefined for a missing key where Whetstone gives null/.test(at), `${source}\n${errors.join('\n')}`);
    }
  });

  it('a map read tested for its key first, counted up after a set, or given where a missing key stops every target keeps its meaning', () => {
    scratch.keepsItsMeaning(
      [
        'const groups = new Map<number, string[]>();',
        'for (const w of ["pear", "fig", "plum", "kiwi"]) {',
        '  const k = w.length;',
        '  if (!groups.has(k)) groups.set(k, []);',
        '  groups.get(k)!.push(w);',
        '}',
        'console.log(groups.get(4)!.length, groups.get(3)!.length);',
        'const counts: Record<string, number> = {};',
        'for (const ch of "banana") {',
        '  if (counts[ch] === undefined) counts[ch] = 0;',
        '  counts[ch] += 1;',
        '}',
        'for (const k of Object.keys(counts)) console.log(`${k}=${counts[k]}`);',
        'const m = new Map<string, number>([["a", 1]]);',
        'const seen = m.get("zz") ?? 0;',
        'if (m.has("a")) console.log(m.get("a")! * 2, seen);',
        'console.log(m.get("b") == null, m.get("b") !== undefined);',
        'const prices: Record<string, number> = { pen: 2 };',
        'function cost(item: string): number {',
        '  const price = prices[item];',
        '  if (price === undefined) return -1;',
        '  return price * 3;',
        '}',
        'console.log(cost("pen"), cost("ink"));',
      ].join('\n'),
      'typescript',
      /if !includes\(groups, k\) \{\n {4}groups\[k\] = \[\];\n {2}\}\n {2}push\(groups\[k\], w\);/,
    );
  });

  it('map reads known to find their key keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      [
        'const m = new Map([["a", 1], ["b", -2]]);',
        'const o = { x: 1.5, y: -3 };',
        'const words = ["b", "a", "b", "😀", ""];',
        'const counts = {};',
        'for (const w of words) counts[w] = (counts[w] ?? 0) + 1;',
        'for (const w of words) console.log(counts[w]);',
        'for (const k of m.keys()) console.log(m.get(k));',
        'for (const [k, v] of m) console.log(m.get(k));',
        'for (const k in o) console.log(o[k]);',
        'for (const k of Object.keys(o)) console.log(String(o[k]));',
        'if (m.has("a") && m.size > 0) console.log(m.get("a"));',
        'if ("x" in o) {',
        '  console.log(o["x"]);',
        '}',
        'console.log(o["y"]);',
        'const c = m.has("q") ? m.get("q") : 0;',
        'console.log(c);',
        'const seen = {};',
        'seen["z"] = NaN;',
        'console.log(seen["z"]);',
        'console.log(m.get("zz") ?? null);',
        'console.log(o["zz"] ?? "none");',
        'if (m.get("q") != null) console.log(m.get("q"));',
        'else console.log("no q");',
        // Keys pushed into a list as they are first set, then walked (the order of first appearance).
        'const firsts = {};',
        'const order = [];',
        'for (const ch of "mississippi") {',
        '  if (firsts[ch] === undefined) {',
        '    firsts[ch] = 0;',
        '    order.push(ch);',
        '  }',
        '  firsts[ch] += 1;',
        '}',
        'for (const ch of order) console.log(firsts[ch]);',
        'const show = (v) => console.log(v);',
        'show(m.get("b"));',
        'let total = 0;',
        'for (const w of words) total += counts[w] * 2;',
        'console.log(total, m.has("b") ? -m.get("b") : 0);',
      ].join('\n'),
      'javascript',
      /for w in words \{\n {2}print\(jsstr\(counts\[w\]\)\);/,
    );
  });

  it('a TypeScript Map read in a template after a has-test or a set keeps its meaning', () => {
    scratch.keepsItsMeaning(
      [
        'const ages = new Map<string, number>();',
        'ages.set("ada", 36);',
        'ages.set("bob", -1);',
        'console.log(`ada is ${ages.get("ada")}`);',
        'for (const name of ["bob", "cy"]) {',
        '  if (ages.has(name)) console.log(`${name}: ${ages.get(name)}`);',
        '  else console.log(`${name}: unknown`);',
        '}',
        'const key = "cy";',
        'ages.set(key, 0);',
        'console.log("cy " + ages.get(key));',
      ].join('\n'),
      'typescript',
      /if includes\(ages, name\)/,
    );
  });

  it('a memo read into a constant and returned only once tested against undefined keeps its meaning, shown through the function', () => {
    scratch.keepsItsMeaning(
      [
        'const memo = new Map<number, number>();',
        'function fib(n: number): number {',
        '  if (n < 2) return n;',
        '  const known = memo.get(n);',
        '  if (known !== undefined) return known;',
        '  const v = fib(n - 1) + fib(n - 2);',
        '  memo.set(n, v);',
        '  return v;',
        '}',
        'console.log(fib(50), fib(10), memo.size);',
      ].join('\n'),
      'typescript',
      /const known = memo\[n\];\s*if known != null \{\s*return known;/,
    );
    // Returned without the test, the missing entry is shown: still an error at the read.
    const untested = importSource('const memo = new Map();\nfunction get(n) {\n  const known = memo.get(n);\n  return known;\n}\nconsole.log(get(3));\n', 'javascript');
    assert.ok(untested.diagnostics.some((d) => d.line === 3 && /is shown \(through/.test(d.message)), untested.diagnostics.map((d) => `${d.line}: ${d.message}`).join('\n'));
  });

  it('Python: -0.0 made a key of a set or dict is an error at import, where the run meets it', () => {
    const cases: [string, number][] = [
      ['s = set()\ns.add(1.5)\ns.add(-0.0)\nprint(sorted(s))', 3],
      ['xs = [2.0, -0.0, 1.0]\ns = set(xs)\nprint(len(s))', 2],
      ['d = {}\nfor x in [0.5, -0.0]:\n    d[x] = True\nprint(len(d))', 3],
      ['def zero():\n    return -1.0 * 0.0\n\n\ncounts = {}\ncounts[zero()] = 1\nprint(len(counts))', 6],
    ];
    for (const [source, line] of cases) {
      const errors = importErrors(source, 'python');
      assert.ok(
        errors.some((error) => error.startsWith(`${line}: `) && /makes -0\.0 a key of a dict or an element of a set here: Python keeps it as -0\.0/.test(error)),
        `${source}\n${errors.join('\n')}`,
      );
    }
  });

  it('Python: a set and a dict of 0.0 and other floats keep their meaning', () => {
    scratch.keepsItsMeaning(['s = set()', 's.add(0.0)', 's.add(-2.5)', 's.add(0.0)', 'print(len(s), 0.0 in s, -0.0 in s)'].join('\n'), 'python', /s\[0\.0\] = true/, true);
  });

  it('Python: a function hinted with a bare dict that returns a {} it built prints the same in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def count_letters(text: str) -> dict:',
        '    counts = {}',
        '    for char in text:',
        '        if char == " ":',
        '            continue',
        '        if char in counts:',
        '            counts[char] += 1',
        '        else:',
        '            counts[char] = 1',
        '    return counts',
        '',
        '',
        'def digit_counts(numbers: list[int]) -> dict:',
        '    seen = {}',
        '    for n in numbers:',
        '        d = n % 10',
        '        if d in seen:',
        '            seen[d] = seen[d] + 1',
        '        else:',
        '            seen[d] = 1',
        '    return seen',
        '',
        '',
        'letters = count_letters("hello wörld 😀")',
        'for letter in letters:',
        '    print(letter, letters[letter])',
        'print(len(count_letters("")))',
        'digits = digit_counts([12, 22, 7, 100, 0])',
        'for d in digits:',
        '    print(d, digits[d])',
      ].join('\n'),
      'python',
      /const counts: map<any, any> = \{\};/,
      true,
    );
  });
});
