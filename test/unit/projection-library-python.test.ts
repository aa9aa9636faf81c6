// Python's library as published algorithms call it: generator expressions given to join, sum, min,
// max, list and sorted; min and max of one list. Each imported, checked, generated into
// JavaScript, TypeScript (tsc --strict) and Python and run: each prints what the source prints, at
// the edges (an empty list, negative numbers, a filter that keeps nothing), or the import is an
// error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: Python', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-python');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('a generator expression given to join, sum (with if), min, max and sorted keeps its meaning in every target', () => {
    scratch.keepsItsMeaning(
      'def cleaned(s: str) -> str:\n    return "".join(c.lower() for c in s if c != " " and c != ",")\n\n\n' +
        'def count_vowels(s: str) -> int:\n    return sum(1 for c in s.lower() if c in "aeiou")\n\n\n' +
        'words = ["Never odd, or even", "kayak", "xyz", ""]\nfor w in words:\n    print(cleaned(w), count_vowels(w))\n' +
        'nums = [3, -7, 12, 0, -2]\nprint(sum(x for x in nums if x < 0), sum(x for x in nums if x > 100), max(x * x for x in nums), min(abs(x) for x in nums if x != 0))\n' +
        'print(", ".join(str(n) for n in nums), "-".join(w.upper() for w in words if len(w) > 3))\n' +
        'print(len(sorted(x for x in nums if x % 2 == 0)), sorted(x for x in nums if x % 2 == 0)[0], len(list(x for x in range(5))))\n' +
        'table = {"b": 2, "a": 1}\nprint(",".join(k for k in table))\n',
      'python',
      /const items\d+ = \[\];\s*for c in s \{\s*if c != " " && c != "," \{\s*push\(items\d+, lower\(c\)\);[^]*return join\(items\d+, ""\);[^]*return sum\(items\d+\);[^]*maxOf\(items\d+\)[^]*minOf\(items\d+\)[^]*sorted\(items\d+\)[^]*for k in keys\(table\)/,
    );
  });

  it('min(xs) and max(xs) of one list are minOf and maxOf, keeping their meaning in every target', () => {
    scratch.keepsItsMeaning(
      'def spread(xs: list[float]) -> float:\n    return max(xs) - min(xs)\n\n\n' +
        'print(max([4, 9, 2]), min([4, 9, 2]), max([-3.5, -1]), min(range(3, 9)))\nprint(spread([2.5, -4, 10]), spread([7]))\n',
      'python',
      /return maxOf\(xs\) - minOf\(xs\);[^]*print\(maxOf\(\[4, 9, 2\]\), minOf\(\[4, 9, 2\]\)/,
    );
  });

  it('min and max of an empty list, of texts, with key= of two numbers or default=, and a generator run only sometimes are errors at import', () => {
    const errors = importErrors(
      'def smallest(xs: list[int]) -> int:\n    return min(xs)\n\n\n' +
        'print(smallest([]))\n' +
        'print(max(["pear", "fig"]), max("abc"))\n' +
        'print(min(3, 1, key=abs), max([], default=0))\n' +
        'nums = [1, 2]\nok = len(nums) > 5 and sum(x for x in nums if x > 1) > 2\nprint(ok)\n' +
        'def show(x):\n    print(x)\n    return x\n\n\nprint(show(1) + sum(x for x in nums if x > 0))\n',
    );
    const lines = errors.map((error) => error.replace(/ \(.*$/, ''));
    assert.ok(errors.some((error) => /^2: .*stopped here \(Python raises an error here.*min\(…\) or max\(…\) of a list \(Python raises ValueError/.test(error)), errors.join('\n'));
    assert.ok(lines.includes("6: Not carried into Whetstone: max(…) of list<string>: Whetstone's maxOf compares the numbers of a list, where Python's max also orders texts, lists and tuples"), errors.join('\n'));
    assert.ok(lines.includes("6: Not carried into Whetstone: max(…) of string: Whetstone's maxOf compares the numbers of a list, where Python's max also orders texts, lists and tuples"), errors.join('\n'));
    assert.ok(lines.some((error) => /^7: .*min\(…\) with key=/.test(error)) && lines.some((error) => /^7: .*max\(…\) with default=/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^9: .*a generator expression after and, which Python runs only sometimes/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^16: .*a generator expression after the call show\(…\)/.test(error)), errors.join('\n'));
  });

  it("Python's isalpha, isdecimal, isdigit, isalnum, isspace, islower and isupper keep their meaning in every target", () => {
    scratch.keepsItsMeaning(
      'def caesar(text: str, shift: int) -> str:\n    out = []\n    for ch in text:\n        if ch.isalpha():\n            base = ord("a") if ch.islower() else ord("A")\n            out.append(chr((ord(ch) - base + shift) % 26 + base))\n        else:\n            out.append(ch)\n    return "".join(out)\n\n\n' +
        'samples = ["abc", "Ab1", "", " \\t\\n", "\\u3000\\x1c", "\\ufeff", "½Ⅻ", "²", "٣३", "12", "ǅemal", "ÉCOLE", "école", "A1", "a1", "1", "ß", "x y", "😀", "𝐀𝐁", "\\u0085", "ǅ"]\n' +
        'i = 0\nfor s in samples:\n    i += 1\n    print(i, s.isalpha(), s.isdecimal(), s.isdigit(), s.isalnum(), s.isspace(), s.islower(), s.isupper())\n' +
        'print(caesar("Hello, World!", 3))\n',
      'python',
      /if isAlpha\(ch\)[^]*isLower\(ch\)[^]*print\(i, isAlpha\(s\) \? "True" : "False", isDecimal\(s\)[^]*isDigit\(s\)[^]*isAlnum\(s\)[^]*isSpace\(s\)[^]*isUpper\(s\)/,
    );
  });

  it('isAlpha … isUpper of characters Unicode gave after Python 3.11 print what Node gives in every target', () => {
    const texts = ['\u{a7cb}', 'a\u{a7cb}', '\u{1ccf0}', 'x\u{16d40}', '\u{a7dc}b', '\u{a7cb}A'];
    const source = texts.map((text) => `print(isAlpha("${text}"), isDecimal("${text}"), isDigit("${text}"), isAlnum("${text}"), isSpace("${text}"), isLower("${text}"), isUpper("${text}"));`).join('\n') + '\n';
    scratch.printsInEveryTarget(source, 'true false false true false false true\ntrue false false true false false false\nfalse true true true false false false\ntrue false false true false true false\ntrue false false true false false false\ntrue false false true false false true\n');
  });

  it('a Python text tested that holds a character Unicode gave after 14.0 is an error at import', () => {
    const errors = importErrors('words = ["ok", "\\ua7cb"]\nfor w in words:\n    print(w.isalpha())\n');
    assert.ok(errors.some((error) => /^3: .*tests a text here \(isalpha, isdigit, islower…\) that holds a character Unicode gave or changed after version 14\.0/.test(error)), errors.join('\n'));
  });

  it("slices with a step keep Python's rules for bounds left out, negative steps and bounds past the ends in every target", () => {
    scratch.keepsItsMeaning(
      'def is_palindrome(s: str) -> bool:\n    return s == s[::-1]\n\n\n' +
        'xs = [1, 2, 3, 4, 5, 6, 7]\nwords = "hello"\n' +
        'print(xs[::2], xs[1::2], xs[::-1], xs[::-2], xs[5:1:-1], xs[-2::-3], xs[10::-1], xs[:-10:-1], xs[1:100:3], xs[-100:3:2])\n' +
        'print(words[::-1], words[1::2], words[::-2], words[3:0:-1], is_palindrome("level"), is_palindrome("ab"))\n' +
        'k = -1\nprint(xs[::k], ""[::2], xs[2:2:-1], xs[::])\n',
      'python',
      /return s == stepSlice\(s, null, null, -1\);[^]*stepSlice\(xs, null, null, 2\), stepSlice\(xs, 1, null, 2\)[^]*stepSlice\(xs, 5, 1, -1\)[^]*stepSlice\(xs, null, -10, -1\)/,
    );
  });

  it('a slice step of 0 stops the program with an error in every target', () => {
    for (const target of ['javascript', 'python'] as const) {
      const generated = generate(WhetstoneDocument.create('const xs = [1, 2];\nprint(stepSlice(xs, null, null, 0));\n', 1).ast, target);
      const ran = scratch.runProgram(generated.code, target);
      assert.notEqual(ran.status, 0, generated.code);
      assert.match(ran.stderr, /slice step cannot be zero/);
    }
  });

  it("d.get(k), s.zfill(n) and s.strip(chars), lstrip and rstrip keep Python's meaning in every target", () => {
    scratch.keepsItsMeaning(
      'prices = {"apple": 3, "pear": 5}\nfor name in ["apple", "kiwi"]:\n    print(name, prices.get(name), prices.get(name, 0))\n' +
        'print("42".zfill(5), "-7".zfill(4), "+3".zfill(3), "12345".zfill(2), "".zfill(3), "😀".zfill(3))\n' +
        'print("xxhixx".strip("x"), "--a-b--".lstrip("-"), "path///".rstrip("/"), "abcba".strip("ab"), "😀a😀".strip("😀"), "aaa".strip("a") == "")\n' +
        'print("  keep  ".strip(" "), "1,200.00".rstrip("0").rstrip("."))\nd = {"a": 1}\nprint(d.get("b"), d.get("a"))\n',
      'python',
      /includes\(prices, name\) \? prices\[name\] : null[^]*zeroFill\("42", 5\)[^]*trimChars\("xxhixx", "x"\), trimStartChars\("--a-b--", "-"\), trimEndChars\("path\/\/\/", "\/"\)/,
    );
  });

  it("xs.count(v) of a list counts its equal elements in every target; where Python's == and Whetstone's sameness may differ, it is an error at import", () => {
    scratch.keepsItsMeaning(
      'def most_common(xs: list[int]) -> int:\n    best = xs[0]\n    for x in xs:\n        if xs.count(x) > xs.count(best):\n            best = x\n    return best\n\n\n' +
        'words = ["a", "b", "a"]\nprint(most_common([1, 3, 3, 2, 1, 3]), words.count("a"), words.count("z"), [1.5, -0.0, 0].count(0), [].count(1), "banana".count("an"))\n',
      'python',
      /if countItems\(xs, x\) > countItems\(xs, best\)[^]*countItems\(words, "a"\)[^]*countOf\("banana", "an"\)/,
    );
    const errors = importErrors('flags = [True, 1]\nprint(flags.count(1))\nrows = [[1], [1]]\nprint(rows.count([1]))\n');
    assert.ok(errors.some((error) => /^2: .*this \.count\(…\) looks for a value in something whose types are not both known at import/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^4: .*this \.count\(…\) looks for a list, dict or bool in a list; Python compares with ==/.test(error)), errors.join('\n'));
  });

  it('xs.remove(v) and xs.extend(ys) keep their meaning in every target, and a remove of a missing value stops the program', () => {
    scratch.keepsItsMeaning(
      'xs = [3, 1, 4, 1, 5]\nxs.remove(1)\nprint(xs)\nxs.extend([9, 2])\nxs.extend(xs)\nprint(xs, len(xs))\nnames = ["a", "b", "c"]\nnames.remove("c")\nnames.extend([])\nprint(names)\n',
      'python',
      /const found\d+ = indexOf\(xs, 1\);\s*assert\(found\d+ >= 0, "list\.remove\(x\): x not in list"\);\s*splice\(xs, found\d+, 1\);[^]*splice\(xs, len\(xs\), 0, \[9, 2\]\);\s*splice\(xs, len\(xs\), 0, xs\);/,
    );
    const imported = importSource('xs = [1]\nxs.remove(2)\nprint(xs)\n', 'python');
    for (const target of ['javascript', 'python'] as const) {
      const ran = scratch.runProgram(generate(imported.ast, target).code, target);
      assert.notEqual(ran.status, 0);
      assert.equal(ran.stdout, '');
      assert.match(ran.stderr, /list\.remove\(x\): x not in list/);
    }
  });

  it('xs.pop(i) of a name or a negative index keeps its meaning in every target, and past either end stops the program', () => {
    scratch.keepsItsMeaning(
      'xs = [10, 20, 30, 40, 50]\ni = 1\nk = -2\na = xs.pop(i)\nb = xs.pop(k)\nprint(a, b, xs)\nprint(xs.pop(-3), xs)\nj = 0\nwhile len(xs) > 0:\n    print(xs.pop(j))\n',
      'python',
      /const at\d+ = i < 0 \? i \+ len\(xs\) : i;\s*assert\(at\d+ >= 0 && at\d+ < len\(xs\) && floor\(at\d+\) == at\d+, "pop index out of range"\);\s*const a = splice\(xs, at\d+, 1\)\[0\];/,
    );
    const imported = importSource('xs = [1, 2]\nk = -3\nprint(xs.pop(k))\n', 'python');
    for (const target of ['javascript', 'python'] as const) {
      const ran = scratch.runProgram(generate(imported.ast, target).code, target);
      assert.notEqual(ran.status, 0);
      assert.match(ran.stderr, /pop index out of range/);
    }
    const errors = importErrors('xs = [1, 2]\nok = len(xs) > 5 and xs.pop(len(xs) - 1) > 0\nprint(ok)\n');
    assert.ok(errors.some((error) => /^2: .*xs\.pop\(i\) of other than a name, with other than a name or a number/.test(error)), errors.join('\n'));
  });
});
