// Importing Python where the checker's types say nothing (a parameter without a hint): a loop, an
// `in` test and an unpacking read a value by what it holds, and Python reads a dict (its keys),
// and compares lists and bools (==), otherwise than Whetstone. The import's run of the program
// decides where it ends; otherwise each is an error at import. The same run reports an int beyond
// 2^53 (Python's ints are exact), int(…) of an infinity and a division by zero (Python raises), and
// a text holding a character above U+FFFF measured or cut (counted otherwise). An attribute read that
// is not a call is an error: a dict has no attributes in Python.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

/** Spends the step budget of the import's run of the program, so only the types decide. */
const NO_RUN = 'spin = 0\nwhile spin < 300000:\n    spin += 1\n';

/** The import's errors, as `line: message`, but what the run at import did not check (tested in projection-python-run-gaps). */
const errors = (source: string): string[] =>
  importSource(source, 'python')
    .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
    .map((d) => `${d.line}: ${d.message}`);

describe('Python values of unknown type, exact ints and attributes at import', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-unknown-types');
  });
  after(() => scratch.dispose());

  const pythonPrints = (source: string): string => scratch.prints(source, 'python');

  it('a for loop over a parameter that holds a dict is an error; over lists and texts it prints the same', () => {
    const walksDict = 'def count(c):\n    n = 0\n    for k in c:\n        n += 1\n    return n\n\nprint(count({"a": 1, "b": 2}))\n';
    assert.equal(pythonPrints(walksDict), '2\n');
    const found = errors(walksDict);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^3: .*for loop walks a value whose type is not known at import: Python walks a dict's keys/);
    const walksLists = 'def count(c):\n    n = 0\n    for k in c:\n        n += 1\n    return n\n\nprint(count([4, 5, 6]))\nprint(count("ab"))\n';
    scratch.keepsItsMeaning(walksLists, 'python', /for k in c \{/);
    // Without the run, the types alone leave the loop undecided.
    assert.match(errors(NO_RUN + walksLists).join('\n'), /^6: .*for loop walks a value whose type is not known/);
  });

  it('enumerate over a parameter that holds a dict is an error', () => {
    const source = 'def firsts(c):\n    out = 0\n    for i, k in enumerate(c):\n        out += i\n    return out\n\nprint(firsts({"a": 1, "b": 2}))\n';
    assert.equal(pythonPrints(source), '1\n');
    assert.match(errors(source).join('\n'), /^3: .*this for loop walks a value whose type is not known at import: Python walks a dict's keys/);
  });

  it('unpacking a parameter that holds a dict is an error; a known dict too; a list prints the same', () => {
    const unpacksDict = 'def first(d):\n    a, b = d\n    return a\n\nprint(first({"x": 1, "y": 2}))\n';
    assert.equal(pythonPrints(unpacksDict), 'x\n');
    assert.match(errors(unpacksDict).join('\n'), /^2: .*this unpacking reads a value whose type is not known at import: Python reads a dict's keys/);
    const knownDict = 'd = {"x": 1, "y": 2}\na, b = d\nprint(a)\n';
    assert.equal(pythonPrints(knownDict), 'x\n');
    assert.match(errors(knownDict).join('\n'), /^2: .*this unpacking reads a value that may be a dict/);
    scratch.keepsItsMeaning('def first(d):\n    a, b = d\n    return a + b\n\nprint(first([3, 4]))\n', 'python', /unpacked\d+\[0\]/);
  });

  it('`in` with the value and the elements of unknown type is an error where the run cannot compare them; numbers print the same', () => {
    const lists = 'def has(xs, v):\n    return v in xs\n\nprint(has([[1], [2]], [1]))\n';
    assert.equal(pythonPrints(lists), 'True\n');
    // The only call gives both their types (python-call-site-types.ts): the error is the typed one.
    assert.match(errors(lists).join('\n'), /^2: .*`in` looks for a list, dict or bool in a list/);
    const unknownLists = 'def has(xs, v):\n    return v in xs\n\nprint(has([[1], [2]], [1]), has("ab", "a"))\n';
    assert.match(errors(unknownLists).join('\n'), /^2: .*`in` looks for a value in something whose types are not both known at import/);
    const bools = 'def has(xs, v):\n    return v in xs\n\nprint(has([True, False], 1))\n';
    assert.equal(pythonPrints(bools), 'True\n');
    assert.match(errors(bools).join('\n'), /^2: .*`in` looks for a list, dict or bool in a list/);
    const numbers = 'def has(xs, v):\n    if v in xs:\n        return "yes"\n    return "no"\n\nprint(has([1, 2], 2))\nprint(has("abc", "d"))\n';
    scratch.keepsItsMeaning(numbers, 'python', /includes\(xs, v\)/);
    assert.match(errors(NO_RUN + numbers).join('\n'), /^5: .*`in` looks for a value/);
  });

  it('a whole number beyond 2^53 is an error where the run computes it, or where it is written', () => {
    const factorial = 'def fact(n):\n    r = 1\n    for i in range(1, n + 1):\n        r *= i\n    return r\n\nprint(fact(10))\nprint(fact(25))\n';
    assert.equal(pythonPrints(factorial), '3628800\n15511210043330985984000000\n');
    const found = errors(factorial);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^4: .*computes a whole number here beyond 2\^53/);
    assert.match(errors('n = 12345678901234567891\nprint(n)\n').join('\n'), /^1: .*an integer beyond 2\^53 \(12345678901234567891\)/);
    scratch.keepsItsMeaning('def fact(n):\n    r = 1\n    for i in range(1, n + 1):\n        r *= i\n    return r\n\nprint(fact(18))\nprint(9007199254740991)\n', 'python', /r \*= i/);
  });

  it('int(…) of an infinity is an error; an infinity shown is reported as a float', () => {
    const source = 'def whole(v):\n    return int(v)\n\nbig = 1e308\nprint(whole(big * 10))\n';
    assert.notEqual(scratch.runProgram(source, 'python').status, 0, 'Python raises OverflowError');
    assert.match(errors(source).join('\n'), /^2: .*gives int\(…\) here an infinity or NaN: Python's int raises/);
    assert.match(errors('big = 1e308\nprint(big * 10)\n').join('\n'), /^2: .*may be a float/);
  });

  it('a division by zero the run meets is an error (Python raises ZeroDivisionError)', () => {
    const source = 'def rest(a, b):\n    return a % b\n\ndef half(a, b):\n    return a // b\n\nprint(half(8, 2))\nprint(rest(7, 0))\n';
    assert.notEqual(scratch.runProgram(source, 'python').status, 0, 'Python raises ZeroDivisionError');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^2: .*divides by zero here: Python raises ZeroDivisionError/);
    assert.match(errors('def half(a, b):\n    return a // b\n\nprint(half(8, 0))\n').join('\n'), /^2: .*divides by zero/);
  });

  it('measuring or cutting a text that holds a character above U+FFFF is an error where the run meets it; walking it is not', () => {
    const measured = 'def width(label):\n    return len(label)\n\nprint(width("ab"))\nprint(width("a😀b"))\n';
    assert.equal(pythonPrints(measured), '2\n3\n');
    const found = errors(measured);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^2: .*holds a character above U\+FFFF/);
    assert.match(errors('s = "x😀y"\nprint(s[2])\n').join('\n'), /^2: .*above U\+FFFF/);
    assert.match(errors('s = "x😀y"\nprint(s.find("y"))\n').join('\n'), /^2: .*above U\+FFFF/);
    assert.match(errors('s = "x😀y"\nprint(s[1:])\n').join('\n'), /^2: .*above U\+FFFF/);
    // A loop walks characters in both; texts without such a character are measured alike.
    scratch.keepsItsMeaning('s = "a😀b"\nn = 0\nfor ch in s:\n    n += 1\nprint(n)\nprint(len("plain"))\n', 'python', /for ch in s/);
  });

  it('an attribute read that is not a call is an error: a dict has none in Python', () => {
    const source = 'from typing import TypedDict\n\nclass P(TypedDict):\n    name: str\n\ndef name_of(p: P):\n    return p.name\n\nprint(name_of({"name": "a"}))\n';
    assert.notEqual(scratch.runProgram(source, 'python').status, 0, 'Python raises AttributeError');
    assert.match(errors(source).join('\n'), /^7: .*the attribute name read without a call/);
    assert.match(errors('def up(s):\n    f = s.upper\n    return f()\n\nprint(up("a"))\n').join('\n'), /^2: .*the attribute upper read without a call/);
  });
});
