// More of Python's library as published algorithms call it: s.split() on runs of whitespace,
// list(…) and sorted(…) of a text (its characters), each imported, checked, generated into
// JavaScript, TypeScript (tsc --strict) and Python and run: each prints what the source prints, at
// the edges (whitespace only, Python's whitespace beyond the ASCII blanks, characters above U+FFFF,
// empty texts), or the import is an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: more of Python', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-python-more');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it("s.split() splits on runs of Python's whitespace, the ends dropped, in every target", () => {
    scratch.keepsItsMeaning(
      'def word_count(text: str) -> int:\n    return len(text.split())\n\n\n' +
        'def reverse_words(text: str) -> str:\n    return " ".join(reversed(text.split()))\n\n\n' +
        'samples = ["  the quick  brown\\tfox\\n", "", "   ", "one", "a\\x1cb\\x1fc\\x85d", "x\\u3000y\\u00a0z\\u2028w", "keep\\ufeffthis", "😀 ok  😀"]\n' +
        'for s in samples:\n    print(word_count(s), s.split(), reverse_words(s))\n',
      'python',
      /return len\(splitWords\(text\)\);[^]*join\(reversed\(splitWords\(text\)\), " "\)/,
    );
  });

  it('list(s) and sorted(s) of a text are its characters by code point, and list of a list or dict a copy or its keys, in every target', () => {
    scratch.keepsItsMeaning(
      'def is_anagram(a: str, b: str) -> bool:\n    return "".join(sorted(a.lower())) == "".join(sorted(b.lower()))\n\n\n' +
        'def letters(word: str) -> list[str]:\n    chars = list(word)\n    chars.reverse()\n    return chars\n\n\n' +
        'print(is_anagram("Listen", "Silent"), is_anagram("abc", "abd"), is_anagram("", ""))\n' +
        'print(letters("stressed"), letters(""), len(list("a😀b")), sorted("banana"), list("😀x"))\n' +
        'word = "Mississippi"\nprint("".join(sorted(word)), sorted(word)[0], len(sorted(word)))\n' +
        'nums: list[int] = [3, -1, 2]\ncopy = list(nums)\ncopy.append(9)\nprint(nums, copy)\n' +
        'ages: dict[str, int] = {"b": 2, "a": 1}\nprint(list(ages), sorted(ages))\n',
      'python',
      /join\(sorted\(charsOf\(lower\(a\)\)\), ""\) == join\(sorted\(charsOf\(lower\(b\)\)\), ""\)[^]*charsOf\(word\)[^]*slice\(nums, 0\)[^]*keys\(ages\)\), pystr\(sorted\(keys\(ages\)\)\)/,
    );
  });

  it('sum(xs, start) of a number start, d.setdefault(k, v) and d.setdefault(k, []).append(x) as statements keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      'def group_by_first(words: list[str]) -> dict[str, list[str]]:\n    groups: dict[str, list[str]] = {}\n    for w in words:\n        groups.setdefault(w[:1].upper(), []).append(w)\n    return groups\n\n\n' +
        'def tally(words: list[str]) -> dict[str, int]:\n    counts: dict[str, int] = {}\n    for w in words:\n        counts.setdefault(w, 0)\n        counts[w] += 1\n    return counts\n\n\n' +
        'words = ["fig", "kiwi", "pear", "fig", "", "plum"]\ngroups = group_by_first(words)\nfor n in ["", "F", "P"]:\n    print(n, groups[n])\nprint(len(groups))\n' +
        'c = tally(words)\nprint(c["fig"], c["kiwi"], c[""], len(c))\n' +
        'nums = [3, -7, 12]\nprint(sum(nums, 10), sum([], 5), sum(nums, -100), sum([], -2))\n',
      'python',
      /const (key\d*) = upper\(slice\(w, 0, 1\)\);\s*if !includes\(groups, \1\) \{\s*groups\[\1\] = \[\];\s*\}\s*push\(groups\[\1\], w\);[^]*if !includes\(counts, w\) \{\s*counts\[w\] = 0;[^]*sum\(concat\(\[10\], nums\)\)/,
    );
  });

  it('`f() or "0"` holds the call in a constant first, read once, in every target', () => {
    scratch.keepsItsMeaning(
      'calls = []\n\n\ndef digits(n: int) -> str:\n    calls.append(n)\n    return "".join(c for c in str(n) if c != "0")\n\n\n' +
        'def label(n: int) -> str:\n    return digits(n) or "0"\n\n\n' +
        'for n in [100, 0, 205, -30]:\n    text = digits(n) or "none"\n    print(n, text, label(n))\n    shown = "-"\n    shown = digits(n * 2) or "zero"\n    print(shown)\nprint(digits(7) or "x", len(calls))\n',
      'python',
      /const (held\d*) = digits\(n\);\s*return \1 != "" \? \1 : "0";[^]*const (held\d*) = digits\(n\);\s*const text = \2 != "" \? \2 : "none";/,
    );
  });

  it('list(x) of a value of no known type, and s.split(None) or with maxsplit, are errors at import', () => {
    // Calls of two types leave x untyped (one type would be x's, python-call-site-types.ts).
    const errors = importErrors('def parts(x):\n    return list(x)\n\n\nprint(parts("ab"), parts([1]))\nprint("a b c".split(None), "a b c".split(" ", 1))\n');
    assert.ok(errors.some((error) => /^2: .*list\(…\) of a value of no known type/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^6: /.test(error)), errors.join('\n'));
  });
});
