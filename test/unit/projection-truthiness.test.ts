// Tests for truth imported from Python and JavaScript: `while queue:`, `if not items`, `name or
// "anon"`, `while (stack.length)`, `if (!node)`, `n || 5`. Whetstone's conditions are bools, and
// Python's truth (an empty list, text or dict is false, NaN true) differs from JavaScript's (every
// list and object true, NaN false): each test is imported as the bool test that gives the source's
// truth, checked, generated into all three languages and run, printing what the source prints;
// a value of no known type, or one `or` that gives values of two types, is an error at import.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { printDocument } from '../../server/src/core/editing';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

/** Spends the step budget of the import's run of the program, so only the types decide. */
const NO_RUN = 'spin = 0\nwhile spin < 300000:\n    spin += 1\n';

/** The import's errors, as `line: message`, but what the run at import did not check (tested in projection-python-run-gaps). */
const errors = (source: string, language: 'python' | 'javascript' | 'typescript'): string[] =>
  importSource(source, language)
    .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
    .map((d) => `${d.line}: ${d.message}`);

describe('tests for truth imported from Python and JavaScript', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('truthiness');
  });
  after(() => scratch.dispose());

  it('Python: a breadth-first search `while queue:` stops when the queue is empty, in every target', () => {
    const source = [
      'def bfs(graph, start):',
      '    seen = [start]',
      '    queue = [start]',
      '    order = []',
      '    while queue:',
      '        node = queue[0]',
      '        queue = queue[1:]',
      '        order.append(node)',
      '        for n in graph[node]:',
      '            if n not in seen:',
      '                seen.append(n)',
      '                queue.append(n)',
      '    return order',
      '',
      'g = {"a": ["b", "c"], "b": ["d"], "c": [], "d": ["a"]}',
      'for name in bfs(g, "a"):',
      '    print(name)',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'python', /while len\(queue\) > 0 \{/);
  });

  it('Python: `not`, `if`, `assert` and a conditional expression test lists, texts, numbers and None by Python’s truth', () => {
    const source = [
      'def describe(items):',
      '    if not items:',
      '        return "none"',
      '    return "some"',
      '',
      'print(describe([]))',
      'print(describe([1]))',
      'empty = []',
      'print("yes" if empty else "no")',
      'word = ""',
      'if word:',
      '    print("a word")',
      'else:',
      '    print("no word")',
      'nan = 0.0',
      'nan = nan * float("inf")',
      'if nan:',
      '    print("NaN is true in Python")',
      'zero = 0',
      'if not zero:',
      '    print("0 is false")',
      'nothing = None',
      'if not nothing:',
      '    print("None is false")',
      'counts = {"a": 1}',
      'if counts and not empty:',
      '    print("a dict with a key")',
      'assert counts',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'python', /if !\(len\(items\) > 0\) \{[\s\S]*len\(empty\) > 0 \? "yes" : "no"[\s\S]*if word != "" \{[\s\S]*if nan != 0 \{[\s\S]*assert\(len\(counts\) > 0\)/);
  });

  it('Python: `x or default` and `x and y` give the operand that decides, with empty text, 0, None and [] values', () => {
    const source = [
      'name = ""',
      'print(name or "anon")',
      'given = "Ada"',
      'print(given or "anon")',
      'count = 0',
      'print(count or 5)',
      'total = 3',
      'print(total or 5)',
      'missing = None',
      'label = missing or "default"',
      'print(label)',
      'xs = []',
      'ys = xs or [7, 8]',
      'print(len(ys))',
      'first = count or total or 9',
      'print(first)',
      'both = total and 4',
      'print(both)',
      'neither = count and 4',
      'print(neither)',
      'def greet(who):',
      '    return "hello " + (who or "you")',
      '',
      'print(greet(""))',
      'print(greet("Bo"))',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'python', /name != "" \? name : "anon"[\s\S]*count != 0 \? count : total != 0 \? total : 9[\s\S]*total != 0 \? 4 : total/);
  });

  it('JavaScript: `while (stack.length)`, `if (!node)`, `n || 5` with 0 and NaN, `s && s.length` as a condition, a call that gives bools, `ready && start()` as a statement', () => {
    const source = [
      'let stack = [3, 1, 2];',
      'let total = 0;',
      'while (stack.length) {',
      '  total += stack[0];',
      '  stack = stack.slice(1);',
      '}',
      'console.log(total);',
      'const tree = { value: 1, left: null };',
      'if (!tree.left) console.log("no left child");',
      'const zero = 0;',
      'console.log(zero || 5);',
      'const nan = 0 / 0;',
      'console.log(nan || 5);',
      'const seven = 7;',
      'console.log(seven || 5);',
      'let s = "";',
      'if (!s) console.log("empty text");',
      's = "abc";',
      'if (s && s.length > 2) console.log("long text");',
      'const list = [];',
      'if (list) console.log("an empty list is true");',
      'console.log(nan ? "NaN is true" : "NaN is false");',
      'const isEven = (n) => {',
      '  if (n === 0) return true;',
      '  return n % 2 === 0 && !isOdd(n);',
      '};',
      'function isOdd(n) {',
      '  return n % 2 === 1;',
      '}',
      'if (isEven(4)) console.log("a call that gives bools is tested as it is");',
      'stack.length || console.log("an empty stack");',
      'zero || console.log("0 is false");',
      'seven && console.log("7 is true");',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'javascript', /while len\(stack\) != 0 \{[\s\S]*if !\(tree\.left != null\) \{[\s\S]*abs\(zero\) > 0 \? zero : 5[\s\S]*if isEven\(4\) \{[\s\S]*if !\(abs\(zero\) > 0\) \{/);
  });

  it('filter keeps what its function gives that the source takes for true: numbers, texts, NaN, in Python and JavaScript', () => {
    scratch.keepsItsMeaning(
      [
        'xs = [5, 3, 8, 0, 9, -2, 1]',
        'print(list(filter(lambda x: x % 2, xs)), list(filter(lambda x: x, xs)))',
        'words = ["", "a", "bb", ""]',
        'print(list(filter(lambda w: w, words)), list(filter(lambda w: len(w) > 1, words)))',
        'print(17 % -5, -17 % -5, 7.5 % -2, [n % -3 for n in range(-4, 5)])',
        '',
      ].join('\n'),
      'python',
      /filter\(xs, fn\(x: number\) => \(x % 2 \+ 2\) % 2 != 0\), filter\(xs, fn\(x: number\) => x != 0\)[^]*filter\(words, fn\(w: string\) => w != ""\)[^]*\(17 % -5 \+ -5\) % -5/,
    );
    scratch.keepsItsMeaning(
      [
        'const xs = [5, 3, 8, 0, 9, -2, 1, NaN];',
        'console.log(xs.filter((x) => x % 2), xs.filter((x) => x));',
        'const words = ["", "a", "bb", ""];',
        'console.log(words.filter((w) => w), words.filter((w) => w.length));',
        '',
      ].join('\n'),
      'javascript',
      /filter\(xs, fn\(x(: number)?\) => abs\(x % 2\) > 0\)/,
    );
  });

  it('TypeScript: typed parameters and optional records tested by JavaScript’s truth', () => {
    const source = [
      'interface Node { value: number; next: Node | null }',
      'function orFive(n: number): number {',
      '  return n || 5;',
      '}',
      'console.log(orFive(0), orFive(0 / 0), orFive(-0), orFive(3));',
      'function sum(head: Node | null): number {',
      '  let total = 0;',
      '  let node = head;',
      '  while (node) {',
      '    total += node.value;',
      '    node = node.next;',
      '  }',
      '  return total;',
      '}',
      'const list: Node = { value: 1, next: { value: 2, next: null } };',
      'console.log(sum(list), sum(null));',
      'function nameOf(s: string): string {',
      '  return s || "anon";',
      '}',
      'console.log(nameOf(""), nameOf("Ada"));',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'typescript', /abs\(n\) > 0 \? n : 5[\s\S]*while node != null \{[\s\S]*s != "" \? s : "anon"/);
  });

  it('JavaScript: a value of no known type tested for truth is tested by jsTruthy, which gives JavaScript\'s truth in every target', () => {
    // 0, -0, NaN, "", null and undefined false; every list and object true, empty or not (an empty one is false in Python).
    const source = [
      'function orFive(n) {',
      '  return n || 5;',
      '}',
      'function isEmpty(xs) {',
      '  if (!xs) return true;',
      '  return false;',
      '}',
      'function firstSet(values) {',
      '  for (const v of values) {',
      '    if (v) return v;',
      '  }',
      '  return "none";',
      '}',
      'let kept = 0;',
      'for (const v of [0, -0, 1, "", "0", " ", [], {}, null, NaN, false, true, [0], -1.5]) {',
      '  if (v) kept++;',
      '}',
      'console.log(orFive(0), orFive(-0), orFive(7), orFive(""), orFive("x"), orFive(null), orFive(NaN));',
      'console.log(isEmpty([]), isEmpty(""), isEmpty({}), isEmpty(0), kept);',
      'console.log(firstSet([0, "", null, [], "x"]).length, firstSet([NaN, false]));',
      'function label(n) {',
      '  return n.name || "anonymous";',
      '}',
      'console.log(label({ name: "" }), label({ name: "b" }));',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'javascript', /return jsTruthy\(n\) \? n : 5;[\s\S]*if !jsTruthy\(xs\) \{[\s\S]*if jsTruthy\(v\) \{/);
  });

  it('a test of what the import reports already is not reported twice', () => {
    const outside = errors('const x = [1];\nif (isNaN(x)) console.log(1);\n', 'javascript');
    assert.equal(outside.length, 1, outside.join('\n'));
    assert.match(outside[0], /^2: .*'isNaN' is not declared/);
  });

  it('Python: a value of no known type whose run at import met two kinds there, or that the run did not reach, is tested by pyTruthy, Python\'s truth in every target', () => {
    // An empty list and 0 are false in Python; an empty list is true in JavaScript, NaN false.
    const twoKinds = 'def empty(x):\n    if not x:\n        return "empty"\n    return "full"\n\nprint(empty([]))\nprint(empty(0))\nprint(empty(float("nan")))\nprint(empty({}))\nprint(empty([0]))\nprint(empty(""))\n';
    assert.equal(scratch.prints(twoKinds, 'python'), 'empty\nempty\nfull\nempty\nfull\nempty\n');
    scratch.keepsItsMeaning(twoKinds, 'python', /if !pyTruthy\(x\) \{/);
    const notRun = NO_RUN + 'def first(xs):\n    while xs:\n        return xs[0]\n    return None\n\nprint(first([4]))\n';
    const imported = importSource(notRun, 'python');
    assert.ok(!imported.diagnostics.some((d) => /tests a value for truth/.test(d.message)), imported.diagnostics.map((d) => d.message).join('\n'));
    assert.match(printDocument(imported.ast), /while pyTruthy\(xs\) \{/);
  });

  it("Python: bool(x) is pyTruthy(x), Python's truth of any value, in every target", () => {
    scratch.keepsItsMeaning(
      [
        'def has_items(xs):',
        '    return bool(xs)',
        '',
        '',
        'values = [0, 1, -0.0, 2.5, "", "0", [], [0], {}, {"a": 1}, None, float("nan")]',
        'for v in values:',
        '    print(bool(v))',
        'print(has_items([]), has_items([3]), bool(len("ab") - 2))',
        'print([bool(n % 2) for n in range(5)])',
        '',
      ].join('\n'),
      'python',
      /return pyTruthy\(xs\);/,
    );
  });

  it('an `or` that gives values of two types, or that would read a call twice after another argument, is an error at import', () => {
    const mixed = errors('s = "abc"\nn = s and len(s)\nprint(n)\n', 'python');
    assert.match(mixed.join('\n'), /^2: .*this and gives the operand that decides, as it is: here a text or a number, where a Whetstone value has one type/);
    const jsMixed = errors('const s = "";\nconsole.log(s && s.length);\n', 'javascript');
    assert.match(jsMixed.join('\n'), /^2: .*this && gives the operand that decides, as it is: here a text or a number/);
    // Held in a constant first where the statement does nothing before it (n = count() or 5); not after another argument.
    const twice = errors('def count():\n    return 0\n\nprint(1, count() or 5)\n', 'python');
    assert.match(twice.join('\n'), /^4: .*this or gives its first operand when it is true, so reading it would be done twice/);
  });
});
