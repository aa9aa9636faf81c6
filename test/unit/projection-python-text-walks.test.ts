// Python walks a text by its characters (code points), one-character texts: in a for loop, in a
// generator expression given to sum, any, all or next, and through reversed(…). Each program is
// imported, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run, each
// printing what the source prints; a walk's name is a text, so int(c) of it reads as Python's int.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { printDocument } from '../../server/src/core/editing';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python walks over a text', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-text-walks');
  });
  after(() => scratch.dispose());

  it('sum(int(c) for c in str(n)) and the other generator walks of a text, in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def digits_sum(n: int) -> int:',
        '    return sum(int(c) for c in str(abs(n)))',
        '',
        '',
        'def digital_root(n: int) -> int:',
        '    while n >= 10:',
        '        n = sum(int(d) for d in str(n))',
        '    return n',
        '',
        '',
        'def has_upper(text: str) -> bool:',
        '    return any(ch.isupper() for ch in text)',
        '',
        '',
        'def only_digits(text: str) -> bool:',
        '    return all(ch in "0123456789" for ch in text)',
        '',
        '',
        'def first_upper(text: str):',
        '    return next((ch for ch in text if ch.isupper()), None)',
        '',
        '',
        'def parts_total(parts: list[str]) -> int:',
        '    return sum(int(p) for p in parts)',
        '',
        '',
        'def key_length(d: dict[str, int]) -> int:',
        '    return sum(len(k) for k in d)',
        '',
        '',
        'print(digits_sum(98765), digits_sum(-4005), digits_sum(0), digits_sum(10 ** 15))',
        'print(digital_root(987654321), digital_root(7))',
        'print(has_upper("abC"), has_upper(""), has_upper("a\u{1F600}"))',
        'print(only_digits("0427"), only_digits("4a"), only_digits(""), only_digits("\u{1F600}"))',
        'print(first_upper("abCd"), first_upper("xyz"), first_upper(""))',
        'print(parts_total(["12", "-3", " 7 ", "1_0"]), parts_total([]))',
        'print(key_length({"ab": 1, "z": 2, "cde": -3}))',
        '',
      ].join('\n'),
      'python',
      /return sum\(map\(charsOf\(str\(abs\(n\)\)\), fn\(c: string\) => pyInt\(c\)\)\);[^]*some\(charsOf\(text\), fn\(ch: string\)[^]*sum\(map\(parts, fn\(p: string\) => pyInt\(p\)\)\)[^]*sum\(map\(keys\(d\), fn\(k: string\) => len\(k\)\)\)/,
    );
  });

  it('a text reversed where it is joined, listed or walked, by characters above U+FFFF too', () => {
    scratch.keepsItsMeaning(
      [
        'def backwards(text: str) -> str:',
        '    return "".join(reversed(text))',
        '',
        '',
        'def letters_back(text: str) -> list[str]:',
        '    return list(reversed(text))',
        '',
        '',
        'def spaced(text: str) -> str:',
        '    out = ""',
        '    for ch in reversed(text):',
        '        out += ch + "."',
        '    return out',
        '',
        '',
        'def is_palindrome(n: int) -> bool:',
        '    s = str(n)',
        '    return s == "".join(reversed(s))',
        '',
        '',
        'print(backwards("stressed"), backwards(""), backwards("a\u{1F600}b"))',
        'print(letters_back("abc"), letters_back(""))',
        'print(spaced("xyz"), spaced("\u{1F600}!"))',
        'print(is_palindrome(12321), is_palindrome(-121), is_palindrome(10))',
        '',
      ].join('\n'),
      'python',
      /return join\(reversed\(text\), ""\);[^]*for ch in reversed\(text\)/,
    );
  });

  it('map and filter of a built-in by name (map(int, str(n))), read whole by list, sum, max, sorted or a join, in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def digits(n: int) -> list[int]:',
        '    return list(map(int, str(n)))',
        '',
        '',
        'def digit_total(n: int) -> int:',
        '    return sum(map(int, str(abs(n))))',
        '',
        '',
        'def csv_row(xs: list[int]) -> str:',
        '    return ",".join(map(str, xs))',
        '',
        '',
        'def longest(words: list[str]) -> int:',
        '    return max(map(len, words))',
        '',
        '',
        'def sizes(words: list[str]) -> list[int]:',
        '    return sorted(map(len, words))',
        '',
        '',
        'def evens(xs: list[int]) -> list[int]:',
        '    return list(filter(lambda v: v % 2 == 0, xs))',
        '',
        '',
        'print(digit_total(4096), digit_total(-77), digit_total(0), len(digits(120)), digits(305)[1])',
        'print(csv_row([3, -1, 0]), csv_row([]) == "")',
        'print(longest(["ab", "", "abc"]), sizes(["ccc", "a", "bb"]) == [1, 2, 3])',
        'print(len(evens([1, 2, 4, -6, 7])), len(evens([])))',
        '',
      ].join('\n'),
      'python',
      /return map\(charsOf\(str\(n\)\), fn\(item\d+: string\) => pyInt\(item\d+\)\);[^]*return sum\(map\(charsOf\(str\(abs\(n\)\)\), fn\(item\d+: string\) => pyInt\(item\d+\)\)\);[^]*join\(map\(xs, fn\(item\d+: number\) => str\(item\d+\)\), ","\)/,
    );
  });

  it('the walk of a value of no known type stays an error at import', () => {
    const source = 'def total(xs):\n    return sum(int(c) for c in xs)\n\n\nprint(total(input()))\n';
    const imported = importSource(source, 'python');
    assert.ok(imported.diagnostics.some((d) => d.severity === 'error' && d.line === 2), printDocument(imported.ast));
  });
});
