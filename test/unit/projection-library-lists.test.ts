// The list and text built-ins published algorithms call (split, join, reversed, reverse, repeat,
// includes of a key, a loop over a text's characters or a dict's keys), imported from JavaScript
// and Python, and the generated JavaScript, TypeScript (tsc --strict) and Python run: each prints
// what the source prints, or the import is an error naming the construct and its line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch, type RunResult } from '../helpers/projection';

type Target = 'javascript' | 'typescript' | 'python';

describe('projection library: lists and texts', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-lists');
  });
  after(() => scratch.dispose());

  const run = (code: string, language: Target): RunResult => scratch.runProgram(code, language);

  // What the run of a Python program at import did not check is tested in projection-python-run-gaps.
  const importErrors = (source: string, language: 'javascript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
      .map((d) => `${d.line}: ${d.message}`);

  it("Python's in and not in are includes: a text in a text, an element of a list, a key of a dict", () => {
    scratch.keepsItsMeaning(
      'def count_letters(text: str) -> dict[str, int]:\n    counts: dict[str, int] = {}\n    for char in text:\n        if char in counts:\n            counts[char] += 1\n        elif char not in " .":\n            counts[char] = 1\n    return counts\n\n\ncounts = count_letters("a banana.")\nfor letter in counts:\n    print(letter, counts[letter])\nseen = [3, 5]\nprint(1 if 3 in seen else 0, 1 if 4 in seen else 0, 1 if "an" in "banana" else 0, 1 if "x" not in "banana" else 0, 1 if "b" in counts else 0)\n',
      'python',
      /for char in text[^]*includes\(counts, char\)[^]*!includes\(" \.", char\)[^]*for letter in keys\(counts\)/,
    );
  });

  it("Python's in that looks for a list or a bool in a list is an error at import (== against identity)", () => {
    const errors = importErrors('pairs = [[1, 2], [3, 4]]\nflags = [True]\nprint(len(pairs), 1 if [1, 2] in pairs else 0, 1 if 1 in flags else 0)\n', 'python');
    assert.equal(errors.length, 2, errors.join('\n'));
    for (const error of errors) assert.match(error, /^3: .*in` looks for a list, dict or bool in a list/);
  });

  it("JavaScript's split, reverse and join are split, reversed and join; a reverse() statement reverses in place", () => {
    scratch.keepsItsMeaning(
      'function reverseWords(sentence) {\n  return sentence.split(" ").reverse().join(" ");\n}\nconst digits = [3, 1, 2];\ndigits.reverse();\nconsole.log(reverseWords("the quick brown fox"), digits.join(), digits.join("-"), "a,b,,c".split(",").length, "abc".split("").join("|"));\n',
      'javascript',
      /join\(reversed\(split\(sentence, " "\)\), " "\)[^]*reverse\(digits\);[^]*join\(digits, ","\)/,
    );
  });

  it('Array(n).fill(x) and new Array(n).fill(x) are repeat(x, n)', () => {
    scratch.keepsItsMeaning(
      'function sieve(limit) {\n  const isPrime = Array(limit + 1).fill(true);\n  const primes = [];\n  for (let n = 2; n <= limit; n++) {\n    if (!isPrime[n]) continue;\n    primes.push(n);\n    for (let m = n * n; m <= limit; m += n) isPrime[m] = false;\n  }\n  return primes;\n}\nconst zeros = new Array(3).fill(0);\nconsole.log(sieve(30).length, zeros.length, zeros[2]);\n',
      'javascript',
      /repeat\(true, limit \+ 1\)[^]*repeat\(0, 3\)/,
    );
  });

  it("Python's sep.join, reversed, s.split(sep), [x] * n and xs.reverse() map to the built-ins", () => {
    scratch.keepsItsMeaning(
      'def reverse_text(text: str) -> str:\n    return "".join(reversed(text))\n\n\nflags = [False] * 4\nzeros = 3 * [0]\nwords = "to be or not".split(" ")\nwords.reverse()\nfor word in reversed(words):\n    print(word)\nprint(reverse_text("stressed"), len(flags), len(zeros), "-".join(words), ", ".join(list(reversed(words))))\n',
      'python',
      /join\(reversed\(text\), ""\)[^]*repeat\(false, 4\)[^]*repeat\(0, 3\)[^]*split\("to be or not", " "\)[^]*reverse\(words\);/,
    );
  });

  it("Python's reversed shown or kept is an error at import (an iterator there, a list in Whetstone)", () => {
    const errors = importErrors('xs = [1, 2]\nbackwards = reversed(xs)\nprint(backwards)\n', 'python');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^2: .*reversed\(…\) used other than in a for loop/);
  });

  it("JavaScript's sort() and reverse() of a name as the whole value of a return, a declaration or an assignment run first, and the value is the list", () => {
    scratch.keepsItsMeaning(
      [
        'function uniqueSorted(words) {',
        '  const seen = [];',
        '  for (const w of words) {',
        '    if (!seen.includes(w)) seen.push(w);',
        '  }',
        '  return seen.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));',
        '}',
        'function byValue(nums) {',
        '  const ys = nums.sort((a, b) => a - b);',
        '  ys.push(-0);',
        '  return [ys === nums, nums];',
        '}',
        'function backwards(xs) {',
        '  let out;',
        '  out = xs.reverse();',
        '  if (xs.length > 2) return (xs.reverse());',
        '  return out;',
        '}',
        'const letters = ["b", "a", "😀", "c", "A"];',
        'const sortedLetters = letters.sort();',
        'console.log(uniqueSorted(["pear", "apple", "fig", "apple", "banana"]), uniqueSorted([]));',
        'console.log(byValue([10, 9, -1, 1.5, 100]), byValue([]));',
        'console.log(backwards([1, 2, 3]), backwards([NaN, 2]), sortedLetters, letters);',
        '',
      ].join('\n'),
      'javascript',
      /sort\(seen, fn\(a, b\) => [^\n]*\);\n\s*return seen;[^]*sort\(nums, fn\(a, b\) => a - b\);\n\s*const ys = nums;[^]*reverse\(xs\);\n\s*out = xs;/,
    );
  });

  it("JavaScript's reverse() and sort() as another part of a value of a list a name holds are an error at import (they change that list too)", () => {
    const errors = importErrors('const xs = [1, 2, 3];\nconsole.log(xs.reverse()[0], xs[0]);\nconst n = xs.length + xs.sort((a, b) => a - b).length;\nconsole.log(n);\n', 'javascript');
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0], /^2: .*reverse\(\) used as a value/);
    assert.match(errors[1], /^3: .*sort\(\) used as a value/);
  });

  it("Python's sorted, xs.sort(), slices, s.find, s.rfind and xs.index are sorted, sort, slice, indexOf and lastIndexOf", () => {
    scratch.keepsItsMeaning(
      'def median(values: list) -> float:\n    ordered = sorted(values)\n    return ordered[len(ordered) // 2]\n\n\nwords = ["pear", "apple", "fig"]\nwords.sort()\nnums = [10, 9, 1, 100]\nprint(median(nums), words[0], words[-1], nums[1:3], nums[-2:], nums[:1], nums[5:], nums[:])\nprint("banana".find("an"), "banana".find("x"), words.index("fig"), "hello"[1:-1], len(nums[-9:9]))\nfor path in ["a/b.txt", "archive.tar.gz", ".bashrc", "dir.d/file", "x/", ""]:\n    print(path.rfind("."), path.rfind("/"), path.rfind(""), path.rfind("zz"))\n',
      'python',
      /sorted\(values\)[^]*sort\(words\);[^]*slice\(nums, 1, 3\), slice\(nums, -2\), slice\(nums, 0, 1\)[^]*indexOf\("banana", "an"\)[^]*lastIndexOf\(path, "\."\)/,
    );
  });

  it("JavaScript's sort with a comparison, slice and indexOf are sort, sorted, slice and indexOf", () => {
    scratch.keepsItsMeaning(
      'function topThree(scores) {\n  return scores.slice().sort((a, b) => b - a).slice(0, 3);\n}\nconst names = ["kim", "al", "Bo"];\nnames.sort();\nconst scores = [40, 100, 9, 75];\nscores.sort((a, b) => a - b);\nconsole.log(topThree([5, 30, 12, 8]).join(" "), names.join(","), scores.join(","), scores.indexOf(75), scores.indexOf(7), "banana".indexOf("na"), "banana".slice(-3), scores.slice(1, -1).length);\n',
      'javascript',
      /slice\(sorted\(slice\(scores, 0\), fn\(a, b\) => b - a\), 0, 3\)[^]*sort\(names\);[^]*sort\(scores, fn\(a, b\) => a - b\);/,
    );
  });

  it("JavaScript's sort() without a comparison on a list not known to hold strings is an error at import (it orders texts)", () => {
    const errors = importErrors('const xs = [10, 9, 1];\nxs.sort();\nconst words = ["b", "a"];\nwords.sort();\nconsole.log(xs[0], words[0]);\n', 'javascript');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^2: .*sort\(\) without a comparison on a list not known to hold strings/);
  });

  it("JavaScript's sort() without a comparison of what map makes of a string field orders texts as every target does", () => {
    scratch.keepsItsMeaning(
      [
        'interface Item {',
        '  name: string;',
        '  price: number;',
        '}',
        '',
        'function names(items: Item[]): string[] {',
        '  return items.map((it) => it.name).sort();',
        '}',
        '',
        'function cheapNames(items: Item[]): string[] {',
        '  return items.filter((it) => it.price < 3).map((it) => { return it.name.toUpperCase(); }).sort();',
        '}',
        '',
        'const items: Item[] = [',
        '  { name: "tea", price: 3.5 },',
        '  { name: "Cake", price: 2.25 },',
        '  { name: "jam", price: -0 },',
        '  { name: "éclair", price: 10 },',
        '  { name: "😀", price: 9 },',
        '];',
        'console.log(names(items), names([]), cheapNames(items));',
        '',
      ].join('\n'),
      'typescript',
      /return sorted\(map\(items, fn\(it\) => it\.name\)\);/,
    );
  });

  it("JavaScript's sort() without a comparison of a list filled only by push of texts orders texts as every target does", () => {
    scratch.keepsItsMeaning(
      [
        'function initials(words) {',
        '  const out = [];',
        '  for (const w of words) {',
        '    const first = w.slice(0, 1).toLowerCase();',
        '    if (!out.includes(first)) out.push(first);',
        '  }',
        '  out.sort();',
        '  return out;',
        '}',
        '',
        'function labels(items) {',
        '  const seen = [];',
        '  items.forEach((it) => seen.push(String(Math.abs(it.price)).padStart(4)));',
        '  return seen.sort();',
        '}',
        '',
        'console.log(initials(["b", "a", "", "B", "ab", "😀x", "Émile"]), initials([]));',
        'console.log(labels([{ price: 10 }, { price: 9 }, { price: -1 }, { price: 100 }]));',
        '',
      ].join('\n'),
      'javascript',
      /push\(out, first\);[^]*sort\(out\);[^]*sort\(seen\);\n\s*return seen;/,
    );
  });

  it("JavaScript's sort() without a comparison stays an error where a mapped field is a number, or the pushed list may hold other than texts", () => {
    const errors = importSource(
      [
        'interface Item {',
        '  name: string;',
        '  price: number;',
        '}',
        'function prices(items: Item[]): number[] {',
        '  return items.map((it) => it.price).sort();',
        '}',
        'function mixed(words: string[]): (string | number)[] {',
        '  const out = [];',
        '  for (const w of words) out.push(w);',
        '  out.push(10);',
        '  return out.sort();',
        '}',
        'function leaked(words: string[]): string[] {',
        '  const out = [];',
        '  for (const w of words) out.push(w);',
        '  fill9(out);',
        '  out.sort();',
        '  return out;',
        '}',
        'function fill9(xs: any[]): void {',
        '  xs.push(9);',
        '}',
        'function assigned(words: string[]): string[] {',
        '  const out = [];',
        '  out.push("a");',
        '  out[1] = 5;',
        '  out.sort();',
        '  return out;',
        '}',
        'console.log(prices([{ name: "a", price: 10 }, { name: "b", price: 9 }]), mixed(["b"]), leaked(["x"]), assigned([]));',
        '',
      ].join('\n'),
      'typescript',
    ).diagnostics.filter((d) => /sort\(\) without a comparison/.test(d.message));
    assert.deepEqual(
      errors.map((d) => d.line),
      [6, 12, 18, 28],
    );
  });

  it('sort, sorted, slice and indexOf mean the same at their edges in every target', () => {
    scratch.printsInEveryTarget(
      [
        'let xs = [10, 9, 1, 100, 2.5];',
        'let ys = sorted(xs);',
        'let mixed: list<any> = [3, 1, 2];',
        'sort(mixed);',
        'let pairs = [[2, "b"], [1, "z"], [2, "a"]];',
        'sort(pairs, fn(p, q) => p[0] - q[0]);',
        'let zero = 0;',
        'print(xs, ys, mixed, pairs, sorted(["b", "B", "a"]));',
        'print(slice(xs, 1, 2.9), slice(xs, -2, 99), slice(xs, 3, 1), slice(xs, zero / zero), slice("héllo", -3), slice(xs, -1 / zero, 1 / zero));',
        'let row = [1];',
        'let texts: list<any> = ["1"];',
        'print(indexOf([row, [1]], row), indexOf([[1]], row), indexOf([1, 2, 1], 1), indexOf([zero / zero], zero / zero), indexOf("abcabc", "c"), indexOf("abc", ""), indexOf(texts, 1));',
      ].join('\n') + '\n',
      '[10, 9, 1, 100, 2.5] [1, 2.5, 9, 10, 100] [1, 2, 3] [[1, "z"], [2, "b"], [2, "a"]] ["B", "a", "b"]\n[9] [100, 2.5] [] [10, 9, 1, 100, 2.5] llo [10, 9, 1, 100, 2.5]\n0 -1 0 -1 2 0 -1\n',
    );
  });

  it("Python's for i, x in enumerate(xs) and for x, y in zip(xs, ys) walk the first list with a count beside it", () => {
    scratch.keepsItsMeaning(
      'def positions(items: list[str], wanted: str) -> list[int]:\n    found = []\n    for index, item in enumerate(items):\n        if item == wanted:\n            found.append(index)\n            items[index] = "-"\n    return found\n\n\ndef dot(xs: list[int], ys: list[int]) -> int:\n    total = 0\n    for x, y in zip(xs, ys):\n        total += x * y\n    return total\n\n\nletters = ["a", "b", "a"]\nprint(positions(letters, "a"), dot([1, 2, 3], [4, 5, 6, 7]), dot([], [1]), "".join(letters))\n',
      'python',
      /for item(\d+) in items \{\n\s*const index = count\d+;\n\s*count\d+ \+= 1;\n\s*const item = item\1;[^]*for item(\d+) in xs \{\n\s*if count\d+ >= len\(ys\) \{\n\s*break;\n\s*\}\n\s*const x = item\2;\n\s*const y = ys\[count\d+\];/,
    );
  });

  it('an enumerate or zip loop that resizes its list, assigns its names or keeps them after it prints what Python prints', () => {
    scratch.keepsItsMeaning(
      'xs = [1, 2]\nfor i, x in enumerate(xs):\n    if x < 3:\n        xs.append(x + 2)\nfor i, x in enumerate(xs):\n    x = 0\nfor a, b in zip(xs, xs):\n    pass\nprint(a, len(xs), i, x)\nfor i, x in enumerate(xs, start=1):\n    pass\nprint(i, x)\n',
      'python',
      /x = 0;[^]*let count\d+ = 1;/,
    );
  });

  it("Python's int(x) and JavaScript's Math.trunc(x) are int: toward zero, and the whole number a literal text spells", () => {
    scratch.keepsItsMeaning(
      'def halves(n: int) -> int:\n    return int(n / 2) + int(-n / 2)\n\n\nprint(halves(7), int(7 / 2), int(-7 / 2), int(" -42 "), int(2.99), int("+8"))\n',
      'python',
      /return int\(n \/ 2\) \+ int\(-n \/ 2\);[^]*print\(halves\(7\), int\(7 \/ 2\), int\(-7 \/ 2\), -42, 2, 8\);/,
    );
    scratch.keepsItsMeaning('console.log(Math.trunc(-4.5), Math.trunc(9.99), Math.trunc(3 / 2));\n', 'javascript', /int\(-4\.5\)/);
  });

  it('int keeps NaN and the infinities, and gives NaN for a text that is not decimal digits, in every target', () => {
    scratch.printsInEveryTarget(
      'let zero = 0;\nlet texts: list<any> = ["12", "1.5", "", "0x10", "1e3", " 7 "];\nfor t in texts {\n  print(int(t));\n}\nprint(int(zero / zero), int(1 / zero), int(-1 / zero), int(-0.5) + 1);\n',
      '12\nNaN\nNaN\nNaN\nNaN\n7\nNaN Infinity -Infinity 1\n',
    );
  });

  it('repeat, split, join, reversed and includes mean the same at their edges in every target', () => {
    scratch.printsInEveryTarget(
      [
        'let n = -2;',
        'let shared = repeat([], 2);',
        'push(shared[0], 1);',
        'print(len(repeat(0, n)), len(shared[1]), repeat("a", 4 / 2));',
        'let sep = "";',
        'print(split("abc", sep), split("a--b", "-"), split("", ","));',
        'print(join([1.5, 2, 30], ", "), join([], "-"), join(["x"], "-"));',
        'let xs = [1, 2, 3];',
        'let ys = reversed(xs);',
        'reverse(xs);',
        'print(xs, ys, reversed("abc"));',
        'let ages: map<string, number> = {ann: 3};',
        // A record, a plain object: a map (a Map in JavaScript) given to an any would be W_UNFAITHFUL.
        'let unknown: any = {ann: 3};',
        'print(includes(ages, "ann"), includes(ages, "bob"), includes(unknown, "ann"), includes(unknown, "toString"));',
        'for ch in "héllo" {',
        '  print(ch);',
        '}',
      ].join('\n') + '\n',
      '0 1 ["a", "a"]\n["a", "b", "c"] ["a", "", "b"] [""]\n1.5, 2, 30  x\n[3, 2, 1] [3, 2, 1] ["c", "b", "a"]\ntrue false true false\nh\né\nl\nl\no\n',
    );
  });

  it('repeat with a count that is not whole stops the program with an error in every target', () => {
    const doc = WhetstoneDocument.create('let n = 2.5;\nprint(len(repeat(0, n)));\n', 1);
    try {
      for (const target of ['javascript', 'typescript', 'python'] as const) {
        const ran = run(generate(doc.ast, target).code, target);
        assert.notEqual(ran.status, 0, target);
        assert.equal(ran.stdout, '', target);
        assert.match(ran.stderr, /repeat\(\) count must be a whole number/, target);
      }
    } finally {
      doc.dispose();
    }
  });

  it('the checker refuses join of records and includes in a number, and walks a text as strings', () => {
    const doc = WhetstoneDocument.create('type P { x: number }\nlet ps: list<P> = [];\nprint(join(ps, ","), includes(3, 1));\nfor ch in "ab" {\n  print(len(ch) + 1);\n}\n', 1);
    try {
      const errors = analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
      assert.equal(errors.length, 2, errors.join('\n'));
      assert.match(errors[0], /join\(\) joins strings and numbers, not P/);
      assert.match(errors[1], /includes\(\) takes a list, a string, a map or an object, not number/);
    } finally {
      doc.dispose();
    }
  });
  it("JavaScript's map and filter with a one-parameter arrow, held by a name, are a loop that pushes", () => {
    scratch.keepsItsMeaning(
      'function squaresOfEvens(values) {\n  const evens = values.filter((v) => v % 2 === 0);\n  const squares = evens.map(v => v * v);\n  return squares;\n}\nconst words = ["kiwi", "fig", "banana"];\nlet lengths = words.map((word) => word.length);\nconst long = words.filter((w) => w.length > 3);\nconsole.log(squaresOfEvens([1, 2, 3, 4, 6]).join(" "), lengths.join(","), long.join("|"));\n',
      'javascript',
      /const evens = \[\];\s*for v in values \{\s*if v % 2 == 0 \{\s*push\(evens, v\);[^]*for v in evens \{\s*push\(squares, v \* v\);[^]*let lengths = \[\];/,
    );
  });

  it("JavaScript's map with the index parameter, not held by a name, or whose parameter is the name that holds it, is the map built-in", () => {
    scratch.keepsItsMeaning(
      'const xs = [1, 2];\nconst ys = xs.map((x, i) => x + i);\nconst x = xs.map((x) => x * 3);\nconsole.log(xs.map((x) => x * 2).join(","), ys.length, ys.join(","), x.join(","));\n',
      'javascript',
      /const ys = map\(xs, fn\(x, i\) => x \+ i\);\s*const x = map\(xs, fn\(x\) => x \* 3\);[^]*join\(map\(xs, fn\(x\) => x \* 2\), ","\)/,
    );
  });
  it("JavaScript's reduce with an initial value, held by a name, is a loop that assigns it", () => {
    scratch.keepsItsMeaning(
      'function sumOfDigits(text) {\n  const digits = text.split("");\n  const total = digits.reduce((sum, d) => sum + "0123456789".indexOf(d), 0);\n  return total;\n}\nconst words = ["a", "bb", "ccc"];\nconst longest = words.reduce((best, w) => (w.length > best.length ? w : best), "");\nconst product = [2, 3, 4].reduce((acc, x) => acc * x, 1);\nconsole.log(sumOfDigits("1234"), longest, product);\n',
      'javascript',
      /let total = 0;\s*for d in digits \{\s*total = total \+ indexOf\("0123456789", d\);[^]*let product = 1;\s*for x in \[2, 3, 4\] \{\s*product = product \* x;/,
    );
  });

  it("JavaScript's reduce without an initial value, or whose parts call functions, is the reduce built-in (the list, the function, then the start, as JavaScript evaluates them)", () => {
    scratch.keepsItsMeaning(
      'let calls = 0;\nfunction start() {\n  calls += 1;\n  return 1;\n}\nconst xs = [1, 2];\nconst total = xs.reduce((a, b) => a + b);\nconst more = [1, 2].reduce((a, b) => a + b, start());\nconsole.log(total, more, calls);\n',
      'javascript',
      /const total = reduce\(xs, fn\(a, b\) => a \+ b\);\s*const more = reduce\(\[1, 2\], fn\(a, b\) => a \+ b, start\(\)\);/,
    );
  });
  it("Python's sorted with a key lambda and reverse is sorted with a comparison of the keys, stable in every target", () => {
    scratch.keepsItsMeaning(
      'words = ["pear", "fig", "apple", "kiwi", "date"]\nby_length = sorted(words, key=lambda w: len(w))\nlongest_first = sorted(words, key=lambda w: len(w), reverse=True)\npairs = [[3, "c"], [1, "a"], [3, "b"], [2, "z"]]\nby_first = sorted(pairs, key=lambda p: p[0])\nprint(" ".join(by_length), " ".join(longest_first), " ".join([p[1] for p in by_first]))\nprint(" ".join(sorted(words, key=lambda w: w[1], reverse=False)))\nwords.sort(key=lambda w: w[-1], reverse=True)\nprint(" ".join(words))\n',
      'python',
      /sorted\(words, fn\(left, right\) => \(fn\(keyFirst, keySecond\) => keyFirst < keySecond \? -1 : 0\)\(\(fn\(w\) => len\(w\)\)\(left\), /,
    );
  });

  it("Python's sorted with a key that calls a function of the file, or with other keywords, is an error at import", () => {
    const errors = importErrors('def weight(x):\n    return -x\n\n\nxs = [1, 2]\nprint(sorted(xs, key=lambda x: weight(x))[0], sorted(xs, key=weight, reverse=True)[0])\n', 'python');
    assert.ok(errors.length >= 1, errors.join('\n'));
    for (const error of errors) assert.match(error, /^6: .*sorted\(…\) with key=/);
  });
  it('num reads the same texts in every target: decimal numbers and Infinity, NaN for the forms only one language reads', () => {
    scratch.printsInEveryTarget(
      'for text in [" 12 ", "-3.5", "1e3", ".5", "7.", "+Infinity", "-Infinity"] {\n  print(num(text));\n}\nfor text in ["", "  ", "0x10", "0b1", "1_000", "inf", "nan", "12abc", "1e", "--1"] {\n  print(num(text) != num(text));\n}\n',
      '12\n-3.5\n1000\n0.5\n7\nInfinity\n-Infinity\n' + 'true\n'.repeat(10),
    );
  });
});
