// pop, shift, concat, sum and the list walks that call a function of the program (map, filter,
// reduce, some, every, find, forEach), imported from JavaScript and Python in any expression
// position, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run: each
// prints what the source prints, or the import is an error naming the construct and its line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: pop, shift, concat, sum and the list walks', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-walks');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  const checkErrors = (source: string): string[] => {
    const doc = WhetstoneDocument.create(source, 1);
    try {
      return analyze(doc.ast)
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => d.message);
    } finally {
      doc.dispose();
    }
  };

  it("JavaScript's pop, shift, concat and the Array walks with a function are the built-ins, in any expression position", () => {
    scratch.keepsItsMeaning(
      [
        'function evens(values) {',
        '  return values.filter((v) => v % 2 === 0).map((v, i) => v * 10 + i);',
        '}',
        'const stack = [1, 2, 3];',
        'const popped = stack.pop();',
        'const queue = ["x", "y", "z"];',
        'const first = queue.shift();',
        'let total = 0;',
        '[4, 5, 6].forEach((n, i) => {',
        '  total += n * i;',
        '});',
        'const words = ["kiwi", "fig", "banana"];',
        'console.log("evens", evens([1, 2, 3, 4, 6]).join(" "), popped, stack.length, first, queue.join(""), total);',
        'console.log(words.some((w) => w.length > 5), words.every((w) => w.length > 3), [].some((x) => x > 0), [].every((x) => x > 0));',
        'console.log(words.map((w) => w.length).reduce((a, b) => a + b), words.reduce((acc, w) => acc + w[0], ""), [1, 2].concat([3], 4).join(","));',
        'console.log(words.find((w) => w.length === 3) !== undefined, words.find((w) => w.length === 9) === undefined);',
      ].join('\n') + '\n',
      'javascript',
      /return map\(filter\(values, fn\(v\) => v % 2 == 0\), fn\(v, i\) => v \* 10 \+ i\);[^]*pop\(stack\)[^]*shift\(queue\)[^]*forEach\(\[4, 5, 6\], fn\(n, i\) \{[^]*reduce\(map\(words, fn\(w\) => len\(w\)\), fn\(a, b\) => a \+ b\)[^]*concat\(concat\(\[1, 2\], \[3\]\), 4\)[^]*find\(words, fn\(w\) => len\(w\) == 3\) != null/,
    );
  });

  it("Python's pop, pop(0), map and filter in list(…), functools.reduce, any, all, sum, next and + of a list literal are the built-ins", () => {
    scratch.keepsItsMeaning(
      [
        'from functools import reduce',
        '',
        '',
        'def total_length(words: list[str]) -> int:',
        '    return sum(len(w) for w in words)',
        '',
        '',
        'stack = [1, 2, 3]',
        'top = stack.pop()',
        'queue = ["a", "b", "c"]',
        'front = queue.pop(0)',
        'middle = [5, 6, 7, 8].pop(1)',
        'nums = [3, 8, 1, 9]',
        'doubled = list(map(lambda n: n * 2, nums))',
        'odd = list(filter(lambda n: n % 2 == 1, nums))',
        'product = reduce(lambda a, b: a * b, nums, 1)',
        'print(top, stack, front, queue, middle, doubled, odd, product)',
        'print(any(n > 8 for n in nums), all(n > 0 for n in nums), any(n > 100 for n in nums), all(n > 5 for n in nums if n > 2))',
        'print(total_length(["ab", "cde"]), sum(nums), sum([]), sum([0.5, 0.25]), nums + [10], [0] + nums)',
        'print(next((n for n in nums if n > 5), None), next((n for n in nums if n > 50), None))',
      ].join('\n') + '\n',
      'python',
      /sum\(map\(words, fn\(w: string\) => len\(w\)\)\)[^]*pop\(stack\)[^]*shift\(queue\)[^]*splice\(\[5, 6, 7, 8\], 1, 1\)\[0\][^]*map\(nums, fn\(n: number\) => n \* 2\)[^]*filter\(nums, [^]*reduce\(nums, fn\(a, b\) => a \* b, 1\)[^]*some\(nums, fn\(n: number\) => n > 8\)[^]*every\(nums, fn\(n: number\) => !\(n > 2\) \|\| n > 5\)[^]*concat\(nums, \[10\]\), concat\(\[0\], nums\)[^]*find\(nums, fn\(n: number\) => n > 5\)/,
    );
  });

  it("JavaScript's spread of a list into a list literal is a copy (slice) or concat; a spread of what may be a text is an error at import", () => {
    scratch.keepsItsMeaning(
      'const xs = [3, 1, 2];\nconst ys = [...xs];\nys.sort((a, b) => a - b);\nconst zs = [0, ...ys, 9, ...[xs.length]];\nconsole.log(xs.join(","), ys.join(","), zs.join(","));\n',
      'javascript',
      /const ys = slice\(xs, 0\);[^]*const zs = concat\(concat\(concat\(\[0\], ys\), \[9\]\), slice\(\[len\(xs\)\], 0\)\)|const zs = concat\(concat\(concat\(\[0\], ys\), \[9\]\), \[len\(xs\)\]\)/,
    );
    const errors = importErrors('function letters(word) {\n  return [...word];\n}\nconsole.log(letters("ab").length);\n', 'javascript');
    assert.ok(errors.some((error) => /^2: .*a spread \(\.\.\.\) of a value not known to be a list/.test(error)), errors.join('\n'));
  });

  it("JavaScript's concat of a value that may be a text is an error at import (a text's concat joins texts); of a list it is Whetstone's concat", () => {
    const errors = importErrors('function shout(s) {\n  return s.concat("!");\n}\nconsole.log(shout("hi"));\n', 'javascript');
    assert.ok(errors.some((error) => /^2: .*concat\(…\) of a value not known to be a list; a text's concat joins texts/.test(error)), errors.join('\n'));
    scratch.keepsItsMeaning('function more(xs) {\n  return xs.concat([4], 5);\n}\nconsole.log(more([1, 2]).join(","));\n', 'javascript', /concat\(concat\(xs, \[4\]\), 5\)/);
  });

  it("Python's xs.copy() is slice(xs, 0), and the copy of a dict is an error at import", () => {
    scratch.keepsItsMeaning('xs = [3, 1, 2]\nys = xs.copy()\nys.pop()\nprint(len(xs), len(ys))\n', 'python', /const ys = slice\(xs, 0\);\s*pop\(ys\);/);
    const errors = importErrors('def f(d):\n    return d.copy()\n\n\nprint(f({"a": 1}))\n', 'python');
    assert.ok(errors.some((error) => /^2: .*the run of the program at import stopped here/.test(error)), errors.join('\n'));
  });

  it("Python's generator expression over a dict walks its keys, as a for loop over it does", () => {
    scratch.keepsItsMeaning(
      'ages: dict[str, int] = {"ann": 31, "bob": 17}\nprint(any(ages[name] < 18 for name in ages), sum(ages[name] for name in ages), next((name for name in ages if ages[name] > 30), None))\n',
      'python',
      /some\(keys\(ages\), fn\(name: string\) => ages\[name\] < 18\)[^]*sum\(map\(keys\(ages\), fn\(name: string\) => ages\[name\]\)\)[^]*find\(keys\(ages\), /,
    );
  });

  it("what the run of a Python program at import did not check in a walk is reported: a function that may resize the list", () => {
    const errors = importErrors('def grow(xs, x):\n    xs.append(x)\n    return x\n\n\ndef twice(xs):\n    return list(map(lambda x: grow(xs, x), xs)) + xs\n', 'python');
    assert.ok(errors.some((error) => /never reached the function twice.*walked by a function that may change its length[^]*on line 7/.test(error)), errors.join('\n'));
  });

  it('pop, shift, the walks, concat and sum mean the same at their edges in every target', () => {
    scratch.printsInEveryTarget(
      [
        'let stack = [1, 2, 3];',
        'let top = pop(stack);',
        'let queue = ["a", "b", "c"];',
        'let head = shift(queue);',
        'print(top, stack, head, queue);',
        'let xs = [3, 1, 4, 1, 5];',
        'print(map(xs, fn(x) => x * 2), map(xs, fn(x, i) => x + i), filter(xs, fn(x) => x > 1), filter(xs, fn(x, i) => i % 2 == 0));',
        'print(reduce(xs, fn(a, b) => a + b, 0), reduce(xs, fn(a, b) => a * b), reduce(xs, fn(t, x, i) => t + str(i) + str(x), ""), reduce([7], fn(a, b) => a - b));',
        'let empty: list<number> = [];',
        'print(some(xs, fn(x) => x > 4), some(empty, fn(x) => x > 0), every(xs, fn(x) => x > 0), every(empty, fn(x) => x < 0), some(xs, fn(x, i) => i == 4));',
        'print(find(xs, fn(x) => x > 3), find(xs, fn(x) => x > 9), find(xs, fn(x, i) => i == 2), find([null, 2], fn(x) => x == null));',
        'let total = 0;',
        'forEach(xs, fn(x, i) {',
        '  total = total + x * i;',
        '});',
        'let nested = [[1]];',
        'print(total, concat(xs, [9]), concat(empty, empty), concat(xs, 6), concat(nested, [[2]]), len(concat(nested, [])));',
        'print(sum(xs), sum(empty), sum([0.1, 0.2, 0.3]), sum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]), sum([9007199254740992, 1, 1]), sum([-0]));',
        // The walk covers the starting length: what the function pushes is not visited, and it stops where the list became shorter.
        'let grow = [1, 2];',
        'print(map(grow, fn(x) => len(concat(grow, [])) + x + len(splice(grow, len(grow), 0, [x]))), grow);',
        'let shrink = [1, 2, 3, 4];',
        'print(map(shrink, fn(x) => x + len(splice(shrink, 0, 1))), shrink);',
        'let shrink2 = [1, 2, 3, 4];',
        'print(filter(shrink2, fn(x) => pop(shrink2) > 0), shrink2);',
        'let shrink3 = [1, 2, 3, 4];',
        'print(find(shrink3, fn(x) => len(splice(shrink3, 1, 2)) < 0), reduce(shrink3, fn(a, b) => a + b), some(shrink3, fn(x) => x > 1 and x < 5));',
        'let count = 0;',
        'fn counted(x: number): bool {',
        '  count = count + 1;',
        '  return x > 2;',
        '}',
        'print(some(xs, counted), count, every(xs, counted), count, find(xs, counted), count);',
      ].join('\n') + '\n',
      [
        '3 [1, 2] a ["b", "c"]',
        '[6, 2, 8, 2, 10] [3, 2, 6, 4, 9] [3, 4, 5] [3, 4, 5]',
        '14 60 0311243145 7',
        'true false true true true',
        '4 null 4 null',
        '32 [3, 1, 4, 1, 5, 9] [] [3, 1, 4, 1, 5, 6] [[1], [2]] 1',
        '14 0 0.6000000000000001 0.9999999999999999 9007199254740992 0',
        '[3, 5] [1, 2, 1, 2]',
        '[2, 4] [3, 4]',
        '[1, 2] [1, 2]',
        'null 1 false',
        'true 1 false 3 3 4',
        '',
      ].join('\n'),
    );
  });

  it('pop and shift of an empty list stop the program with an error in every target', () => {
    for (const call of ['pop(xs)', 'shift(xs)']) {
      const doc = WhetstoneDocument.create(`let xs: list<number> = [];\nprint(${call});\n`, 1);
      try {
        for (const target of ['javascript', 'typescript', 'python'] as const) {
          const ran = scratch.runProgram(generate(doc.ast, target).code, target);
          assert.notEqual(ran.status, 0, `${call} ${target}`);
          assert.equal(ran.stdout, '', `${call} ${target}`);
          assert.match(ran.stderr, /(pop|shift)\(\) of an empty list|pop from empty list/, `${call} ${target}`);
        }
      } finally {
        doc.dispose();
      }
    }
  });

  it('the checker refuses a walk whose function takes the list too, a test that is not a bool, and pop of a text', () => {
    const errors = checkErrors('let xs = [1, 2];\nlet text = "ab";\nprint(map(xs, fn(x, i, all) => x), filter(xs, fn(x) => x * 2), pop(text), reduce(xs, fn(a) => a), some(xs, 3), concat(xs, ["a"]));\n');
    for (const expected of [
      /map\(\) calls its function with the element and its index: it takes 1 or 2 parameters, not 3/,
      /filter\(\) takes a function that returns a bool, not number/,
      /pop\(\) takes a list, not string/,
      /reduce\(\) calls its function with the total, the element and its index: it takes 2 or 3 parameters, not 1/,
      /some\(\) takes a function or lambda of 1 or 2 parameters, not number/,
      /Cannot concat list<string> to list<number>/,
    ]) {
      assert.ok(errors.some((error) => expected.test(error)), `${expected}\n${errors.join('\n')}`);
    }
  });

  it("JavaScript's walk with a parameter for the list, and find not compared with undefined or in a list that may hold null, are errors at import", () => {
    const errors = importErrors(
      'const xs = [1, 2];\nconst ys = [null, 1];\nconsole.log(xs.map((x, i, all) => x + all.length).length);\nconsole.log(xs.find((x) => x > 1));\nconsole.log(ys.find((y) => y === null) !== undefined);\nconsole.log(xs.filter((x) => x > 1, xs).length);\n',
      'javascript',
    );
    assert.equal(errors.length, 4, errors.join('\n'));
    assert.match(errors[0], /^3: .*map\(\) with a function of 3 parameters \(the last would receive the list itself\)/);
    assert.match(errors[1], /^4: .*find\(\) other than compared with undefined/);
    assert.match(errors[2], /^5: .*find\(\) in a list that may hold null or undefined/);
    assert.match(errors[3], /^6: .*'\.filter' is outside the projection's library tables/);
  });

  it("Python's map outside list(…), a callback of more parameters, pop(i) of a sum and a float sum Python 3.12 corrects are errors at import", () => {
    const cases: [string, RegExp][] = [
      ['xs = [1, 2, 3]\nys = map(lambda x: x + 1, xs)\n', /^2: .*map\(…\) other than inside list\(…\)/],
      ['def scale(x, factor=2):\n    return x * factor\n\n\nprint(list(map(scale, [1, 2])))\n', /^5: .*map\(…\) of something other than a lambda or a function of this file of 1 parameter/],
      ['xs = [1, 2, 3]\ni = 1\nprint(xs.pop(i + 1))\n', /^3: .*xs\.pop\(i\) of other than a name, with other than a name or a number/],
      ['print(sum([0.1] * 10) > 0.99)\n', /^1: .*from Python 3\.12 on, sum corrects the rounding/],
    ];
    for (const [source, expected] of cases) {
      const errors = importErrors(source, 'python');
      assert.ok(errors.some((error) => expected.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });
});
