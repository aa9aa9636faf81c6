// Maps keyed by numbers or by values of any type, JavaScript's Map and Set, and object literals
// used as maps: imported, checked, generated into JavaScript, TypeScript (tsc --strict) and Python
// and run. Each prints what the source prints (keys compared as a Map compares them: NaN is one
// key, -0 is 0, the text "1" is not the number 1; insertion order kept), or is an error naming the
// construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: maps and sets', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('maps-sets');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'typescript' = 'javascript'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('a map keyed by numbers keeps its keys as numbers, in insertion order, -0 as 0 and NaN as one key, in every target', () => {
    scratch.printsInEveryTarget(
      [
        'fn main(): void {',
        '  let m: map<number, string> = {};',
        '  m[10] = "ten";',
        '  m[2] = "two";',
        '  m[-0] = "zero";',
        '  m[0.5] = "half";',
        '  m[num("NaN")] = "nan";',
        '  m[0] = "zero again";',
        '  m[-3] = "minus three";',
        '  print(len(m), m[2], m[0], m[num("NaN")], m[7], includes(m, 0), includes(m, 7));',
        '  print(keys(m));',
        '  print(values(m));',
        '  let total = 0;',
        '  for k in keys(m) {',
        '    if k == k {',
        '      total += k;',
        '    }',
        '  }',
        '  print(total);',
        '  removeKey(m, 2);',
        '  removeKey(m, 99);',
        '  print(m);',
        '  print(pystr(m));',
        '  let counts: map<number, number> = {};',
        '  for x in [3, 1, 3, -0, 0, 3] {',
        '    if includes(counts, x) {',
        '      counts[x] += 1;',
        '    } else {',
        '      counts[x] = 1;',
        '    }',
        '  }',
        '  print(counts);',
        '}',
        'main();',
        '',
      ].join('\n'),
      '6 two zero again nan null true false\n[10, 2, 0, 0.5, NaN, -3]\n["ten", "two", "zero again", "half", "nan", "minus three"]\n9.5\n{10: "ten", 0: "zero again", 0.5: "half", NaN: "nan", -3: "minus three"}\n{10: \'ten\', 0: \'zero again\', 0.5: \'half\', NaN: \'nan\', -3: \'minus three\'}\n{3: 3, 1: 1, 0: 2}\n',
    );
  });

  it('JavaScript Map: construction, get, set, has, delete, size, iteration and keys compared as a Map compares them', () => {
    scratch.keepsItsMeaning(
      [
        'function twoSum(nums, target) {',
        '  const seen = new Map();',
        '  for (let i = 0; i < nums.length; i++) {',
        '    const need = target - nums[i];',
        '    if (seen.has(need)) return [seen.get(need), i];',
        '    seen.set(nums[i], i);',
        '  }',
        '  return [];',
        '}',
        'const m = new Map([[1, "one"], ["1", "text one"], [NaN, "nan"], [-0, "zero"]]);',
        'm.set(10, "ten");',
        'm.set(2, "two");',
        'm.set(1, "uno");',
        'console.log(m.size, m.get(1), m.get("1"), m.get(NaN), m.get(0), m.has(3), m.get(3) === undefined);',
        'm.delete("1");',
        'm.delete("nothing");',
        'for (const [k, v] of m) {',
        '  console.log(k);',
        '  console.log(v);',
        '}',
        'for (const [k, v] of m.entries()) console.log(v);',
        'for (const k of m.keys()) console.log(k);',
        'console.log([...m.values()], [...m.keys()].length);',
        'const empty = new Map();',
        'console.log(empty.size, empty.has(0));',
        'console.log(twoSum([2, 7, 11, 15], 9), twoSum([3, 3], 6), twoSum([-1, -0, 1], 0), twoSum([1], 5));',
        '',
      ].join('\n'),
      'javascript',
      /const seen: map<any, any> = \{\};[^]*if includes\(seen, need\) \{\s*return \[seen\[need\], i\];[^]*seen\[nums\[i\]\] = i;[^]*const m: map<any, any> = \{\};\s*m\[1\] = "one";\s*m\["1"\] = "text one";[^]*removeKey\(m, "1"\);/,
    );
  });

  it('JavaScript Set: new Set(xs), add, has, delete, size, a spread and for…of, in insertion order', () => {
    scratch.keepsItsMeaning(
      [
        'function uniq(xs) {',
        '  const s = new Set(xs);',
        '  return [...s];',
        '}',
        'const st = new Set([3, 1, 3, 10, 2, "3"]);',
        'st.add(1);',
        'st.add(-0);',
        'st.add(NaN);',
        'st.add(NaN);',
        'for (const x of st) console.log(x);',
        'console.log(st.size, st.has(0), st.has("1"), st.has(NaN), st.has(3));',
        'st.delete(3);',
        'st.delete(-0);',
        'console.log([...st], st.size);',
        'const copy = new Set(st);',
        'copy.add(99);',
        'console.log(copy.size, st.size, [...copy.values()]);',
        'const seen = new Set();',
        'for (const ch of "abracadabra") if (!seen.has(ch)) seen.add(ch);',
        'console.log([...seen].join(""));',
        'console.log(uniq([1, 2, 2, 3, 1, -1]), uniq("héllo😀😀"), uniq([]));',
        'function distinct(xs) {',
        '  return [...new Set(xs)];',
        '}',
        'const once = [...new Set([NaN, 0, -0, NaN, "0", 2, 2])];',
        'console.log(distinct([5, 3, 5, 1, 3]), distinct("banana"), once.length);',
        '',
      ].join('\n'),
      'javascript',
      /const s: map<any, bool> = \{\};\s*for item\d+ in xs \{\s*s\[item\d+\] = true;\s*\}\s*return keys\(s\);[^]*st\[1\] = true;[^]*for x in keys\(st\)[^]*const distinct\d+: map<any, bool> = \{\};\s*for item\d+ in xs \{\s*distinct\d+\[item\d+\] = true;\s*\}\s*return keys\(distinct\d+\);/,
    );
  });

  it('an object literal with keys that are not names is a map from texts, and k in it tests its keys', () => {
    scratch.keepsItsMeaning(
      [
        'function isBalanced(s) {',
        "  const pairs = { ')': '(', ']': '[', '}': '{' };",
        '  const stack = [];',
        '  for (const ch of s) {',
        "    if ('([{'.includes(ch)) stack.push(ch);",
        '    else if (ch in pairs) {',
        '      if (stack.length === 0 || stack.pop() !== pairs[ch]) return false;',
        '    }',
        '  }',
        '  return stack.length === 0;',
        '}',
        "const scores = { 'a-b': 1, plain: 2, 'with space': 3 };",
        "console.log(isBalanced('([]{})'), isBalanced('(]'), isBalanced(''), isBalanced('(('), isBalanced('a)'));",
        "console.log('a-b' in scores, 'x' in scores, scores['with space'], Object.keys(scores).join('|'));",
        '',
      ].join('\n'),
      'javascript',
      /const pairs: map<string, string> = \{\};\s*pairs\["\)"\] = "\(";[^]*\} else if includes\(pairs, ch\) \{[^]*const scores: map<string, number> = \{\};/,
    );
  });

  it('a TypeScript Map and Set with type arguments import as the JavaScript ones do', () => {
    scratch.keepsItsMeaning(
      [
        'function firstRepeat(xs: number[]): number {',
        '  const seen = new Set<number>();',
        '  for (const x of xs) {',
        '    if (seen.has(x)) return x;',
        '    seen.add(x);',
        '  }',
        '  return -1;',
        '}',
        'console.log(firstRepeat([5, 3, 9, 3, 5]), firstRepeat([]));',
        'const words = ["b", "10", "a", "b", "2", "10", "b"];',
        'const total = new Map<string, number>();',
        'for (const w of words) total.set(w, total.has(w) ? total.get(w)! + 1 : 1);',
        'for (const [w, n] of total) {',
        '  console.log(w);',
        '  console.log(n);',
        '}',
        '',
      ].join('\n'),
      'typescript',
      /const seen: map<any, bool> = \{\};/,
    );
  });

  it('a Map or Set used other than through its methods, changed while walked, or built from a list made elsewhere is an error at import', () => {
    const cases: [string, RegExp][] = [
      ['const xs = [1, 1];\nconsole.log([...new Set(xs)].length);\n', /^2: .*new Set\(…\) other than as the value of a declaration/],
      ['const m = new Map();\nconsole.log(m);\n', /^2: .*the Map 'm' used other than through its methods/],
      ['function size(c) {\n  return c.size;\n}\nconst s = new Set([1]);\nconsole.log(size(s));\n', /^5: .*the Set 's' used other than through its methods/],
      ['const s = new Set([1, 2]);\nfor (const x of s) {\n  if (x < 5) s.add(x + 10);\n}\n', /^2: .*a for loop over the Set 's' whose body changes it/],
      ['const pairs = [[1, 2]];\nconst m = new Map(pairs);\n', /^2: .*new Map\(…\) of anything but a list of \[key, value\] pairs written out/],
      ['const m = new Map();\nconst same = m.set(1, 2);\n', /^2: .*m\.set\(…\) of the Map 'm' used as a value/],
      ['const m = new Map();\nfor (const e of m) console.log(e.length);\n', /^2: .*a for…of loop over the Map 'm' with one name/],
      ['const xs = [1, 2];\nconsole.log(1 in xs);\n', /^2: .*the in operator on a value other than a name bound to an object literal/],
      ['const m = new Map();\nm = new Map();\nm.set(1, 2);\n', /^3: .*the method '\.set' is outside the projection's library tables/],
    ];
    for (const [source, expected] of cases) {
      const errors = importErrors(source);
      assert.ok(errors.some((error) => expected.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });

  it('an object literal with whole-number or __proto__ keys stays an error (JavaScript orders the first, the second is the prototype)', () => {
    for (const source of ["const o = { '2': 'b', '1': 'a', 'x-y': 3 };\n", "const o = { '__proto__': 1, 'a-b': 2 };\n"]) {
      const errors = importErrors(source);
      assert.ok(errors.some((error) => /^1: .*a Whetstone property name is an identifier/.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });

  it('Python sets: set(), set(xs), {a, b}, add, discard, remove, in, len and sorted', () => {
    scratch.keepsItsMeaning(
      [
        'def first_repeat(xs: list[int]) -> int:',
        '    seen = set()',
        '    for x in xs:',
        '        if x in seen:',
        '            return x',
        '        seen.add(x)',
        '    return -1',
        '',
        '',
        'def distinct_count(text: str) -> int:',
        '    letters = set(text)',
        '    return len(letters)',
        '',
        '',
        's = {3, 1, 3, 10}',
        's.add(2)',
        's.add(0)',
        's.discard(10)',
        's.discard(99)',
        's.remove(3)',
        'print(len(s), 1 in s, 3 in s, 10 not in s, 0 in s, "1" in s)',
        'print(sorted(s))',
        't = set([5, 5, 6])',
        'u = set(t)',
        'u.add(7)',
        'print(len(t), len(u), sorted(u))',
        'print(first_repeat([4, 2, 7, 2, 4]), first_repeat([]))',
        'print(distinct_count("mississippi"), distinct_count(""), distinct_count("héllo😀😀"))',
        'words = set()',
        'for w in "the cat and the hat and the bat".split(" "):',
        '    words.add(w)',
        'print(len(words), sorted(words))',
        '',
      ].join('\n'),
      'python',
      /const seen: map<any, bool> = \{\};[^]*seen\[x\] = true;[^]*const s: map<any, bool> = \{\};\s*s\[3\] = true;[^]*removeKey\(s, 10\);[^]*assert\(includes\(s, 3\), "KeyError: 3"\);\s*removeKey\(s, 3\);/,
    );
  });

  it('a Python set walked, printed, listed or passed is an error at import: Python walks a set in an order of its own', () => {
    const cases: [string, RegExp][] = [
      ['s = {3, 1, 2}\nfor x in s:\n    print(x)\n', /^2: .*the set 's' used other than by add, discard, remove, in, len or sorted: Python walks and prints a set in an order of its own/],
      ['s = set()\ns.add("b")\nprint(s)\n', /^3: .*the set 's' used other than/],
      ['s = {1}\nxs = list(s)\n', /^2: .*the set 's' used other than/],
      ['s = {1}\nt = s.union({2})\n', /^2: .*s\.union\(…\) of the set 's'/],
      ['def f():\n    return 1\n\n\ns = {1}\ns.remove(f())\n', /^6: .*remove of an element that is not a name or a literal/],
    ];
    for (const [source, expected] of cases) {
      const errors = importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
      assert.ok(errors.some((error) => expected.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });

  it('Python sets passed to parameters hinted a set: a depth-first walk with a seen set, optional or given, and set() as the argument', () => {
    scratch.keepsItsMeaning(
      [
        'Graph = dict[str, list[str]]',
        '',
        '',
        'def dfs(graph: Graph, node: str, seen: set[str] | None = None) -> list[str]:',
        '    if seen is None:',
        '        seen = set()',
        '    seen.add(node)',
        '    out = [node]',
        '    for nxt in graph.get(node, []):',
        '        if nxt not in seen:',
        '            out.extend(dfs(graph, nxt, seen))',
        '    return out',
        '',
        '',
        'def mark(graph: Graph, start: str, seen: set[str]) -> int:',
        '    if start in seen:',
        '        return len(seen)',
        '    seen.add(start)',
        '    for nxt in graph[start]:',
        '        mark(graph, nxt, seen)',
        '    return len(seen)',
        '',
        '',
        'def components(graph: Graph) -> int:',
        '    done: set[str] = set()',
        '    count = 0',
        '    for node in sorted(graph):',
        '        if node not in done:',
        '            mark(graph, node, done)',
        '            count += 1',
        '    return count',
        '',
        '',
        'g: Graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "é"], "d": ["f"], "é": ["f"], "f": [], "x": ["y"], "y": [], "z": []}',
        'print(dfs(g, "a"))',
        'print(dfs(g, "x", set()), dfs({}, "q"))',
        'print(mark(g, "c", set()), components(g), components({}))',
        '',
      ].join('\n'),
      'python',
      /fn dfs\(graph: map<string, list<string>>, node: string, seen: map<string, bool>\? = null\)[^]*fn mark\(graph: map<string, list<string>>, start: string, seen: map<string, bool>\)[^]*mark\(graph, node, done\)[^]*mark\(g, "c", \{\}\)/,
    );
  });

  it('a parameter hinted a set walked or printed, and a set passed where no set is hinted, stay errors at import', () => {
    const cases: [string, RegExp][] = [
      ['def f(s: set[int]) -> None:\n    for x in s:\n        print(x)\n\n\nf({3, 1})\n', /^2: .*the set 's' used other than by add/],
      ['def f(s: set[int]) -> None:\n    print(s)\n\n\nf(set())\n', /^2: .*the set 's' used other than by add/],
      ['def f(s) -> int:\n    return len(s)\n\n\nt = {1}\nprint(f(t))\n', /^6: .*the set 't' used other than by add/],
    ];
    for (const [source, expected] of cases) {
      const errors = importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
      assert.ok(errors.some((error) => expected.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });

  it("a Python set's or dict's key that may be a bool is an error at import: Python takes True as the key 1, a Whetstone map keeps them apart", () => {
    const cases: [string, RegExp][] = [
      ['s = set()\ns.add(1)\nprint(True in s, len(s))\n', /^3: .*this dict or set key may be a bool: Python takes True as the key 1/],
      ['s = {1}\ns.add(True)\nprint(len(s))\n', /^2: .*this dict or set key may be a bool/],
    ];
    for (const [source, expected] of cases) {
      const errors = importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
      assert.ok(errors.some((error) => expected.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });

  it('a map held in a Map passed where a plain object is read is an error at projection to JavaScript and TypeScript', () => {
    const doc = WhetstoneDocument.create('fn size(m): number {\n  return len(m);\n}\nlet m: map<number, string> = {};\nm[1] = "a";\nprint(size(m));\nlet texts: map<string, string> = {};\nprint(size(texts));\n', 1);
    try {
      for (const target of ['javascript', 'typescript'] as const) {
        const found = generate(doc.ast, target).diagnostics.map((d) => `${d.line}: ${d.code} ${d.message}`);
        // A map keyed by texts is a Map too: both calls give a Map where len reads a plain object.
        assert.deepEqual(found.filter((message) => /W_UNFAITHFUL/.test(message)).map((message) => message.slice(0, 3)), ['6: ', '8: '], found.join('\n'));
        assert.match(found[0], /a map \(a Map in (Java|Type)Script\) passed as an argument, where a record or a value of any type is read as a plain object/);
      }
    } finally {
      doc.dispose();
    }
  });

  it('jsstr of a map keyed by numbers is an error at projection: Node shows a Map as Map(n) { key => value }', () => {
    const doc = WhetstoneDocument.create('let m: map<number, number> = {};\nm[1] = 2;\nprint(jsstr(m));\n', 1);
    try {
      for (const target of ['javascript', 'typescript', 'python'] as const) {
        const messages = generate(doc.ast, target).diagnostics.map((d) => `${d.code} ${d.message}`);
        assert.ok(messages.some((message) => /^W_UNFAITHFUL .*jsstr of a map keyed by other than texts/.test(message)), `${target}: ${messages.join('\n')}`);
      }
    } finally {
      doc.dispose();
    }
  });
});
