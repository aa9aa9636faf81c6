// Never silently wrong: each construct an importer or generator cannot carry with its meaning is
// an error naming it and its place; what it can carry prints the same when run. Each case is a
// small program of the kind published algorithm collections are full of.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

type Foreign = 'javascript' | 'typescript' | 'python';

/** Imports `source`, prints it as a person's .wst, reads it back: the import errors, the check errors, the AST. */
function throughWhetstone(source: string, language: Foreign): { importErrors: string[]; checkErrors: string[]; printed: string; doc: WhetstoneDocument } {
  const imported = importSource(source, language);
  const printed = printDocument(imported.ast);
  const doc = WhetstoneDocument.create(printed, 1);
  return {
    importErrors: imported.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`),
    checkErrors: [...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics].filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`),
    printed,
    doc,
  };
}

describe('projection never silently wrong', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('fidelity');
  });
  after(() => scratch.dispose());

  /** Runs the program in each target and asserts it prints `expected`. */
  function printsInEveryTarget(doc: WhetstoneDocument, expected: string): void {
    const js = generate(doc.ast, 'javascript');
    assert.deepEqual(js.diagnostics, []);
    assert.equal(scratch.node(scratch.write(`t${Math.random().toString(36).slice(2)}.js`, js.code)).stdout, expected, js.code);
    const py = generate(doc.ast, 'python');
    assert.deepEqual(py.diagnostics, []);
    const ran = scratch.python(scratch.write(`t${Math.random().toString(36).slice(2)}.py`, py.code));
    assert.equal(ran.stdout, expected, py.code + ran.stderr);
  }

  it('left-out source is a placeholder that does not check, never other code (a @ m, print(s, end=" "))', () => {
    const { importErrors, checkErrors, printed } = throughWhetstone('def mid(a, b, m):\n    return (a + b) @ m\n\n\ndef show(s):\n    print(s, end=" ")\n    return s\n', 'python');
    assert.match(importErrors[0], /^2: .*the @ operator/);
    assert.match(importErrors[1], /^6: .*keyword arguments/);
    assert.doesNotMatch(printed.replace(/\/\*[^]*?\*\//g, ''), /a \+ b|print\(s|end=/);
    assert.match(printed, /not_carried \/\* \(a \+ b\) @ m \*\//);
    assert.equal(checkErrors.length, 2, checkErrors.join('\n'));
    assert.match(printed, /return s;/, 'the statement after the left-out one is kept');
  });

  it('a left-out expression never swallows the statements after it', () => {
    const { importErrors, printed } = throughWhetstone('function f(xs) {\n  const m = new WeakMap([[1, "a */ b"],\n    [2, "c"]]);\n  return xs;\n}\nconsole.log(f([]).length);\n', 'javascript');
    assert.match(importErrors[0], /^2: .*new/);
    assert.match(printed, /return xs;/);
    assert.match(printed, /print\(len\(f\(\[\]\)\)\);/);
  });

  it('a parenthesised conditional keeps its meaning: x = (a if a > b else b)', () => {
    const { importErrors, checkErrors, doc } = throughWhetstone('def big(a, b):\n    x = (a if a > b else b)\n    return (x if x > 0 else 0)\n\n\nprint(big(3, 5), big(-4, -2))\n', 'python');
    assert.deepEqual([...importErrors, ...checkErrors], []);
    printsInEveryTarget(doc, '5 0\n');
  });

  it("Python's % keeps its sign rule (7 % -3 is -2); a divisor that is not a name or a number literal is an error", () => {
    const { importErrors } = throughWhetstone('a = 2\nprint(7 % (a - 5))\n', 'python');
    assert.match(importErrors[0], /^2: .*the % operator/);
    const { importErrors: clean, doc } = throughWhetstone('print(7 % 3, -7 % 3, 7 % -3, -7 % -3)\n', 'python');
    assert.deepEqual(clean, []);
    printsInEveryTarget(doc, '1 2 -2 -1\n');
  });

  it("rounding keeps each language's rule: Math.round(-2.5) is -2, Python's round(2.5) is 2", () => {
    const { importErrors, doc } = throughWhetstone('console.log(Math.round(-2.5), Math.round(2.5), Math.round(-2.6));\n', 'javascript');
    assert.deepEqual(importErrors, []);
    printsInEveryTarget(doc, '-2 3 -3\n');
    const python = throughWhetstone('print(round(2.5), round(-0.5), round(3.5))\n', 'python');
    assert.deepEqual(python.importErrors, []);
    printsInEveryTarget(python.doc, '2 0 4\n');
  });

  it('a counted loop to n / 2 runs as often as in JavaScript', () => {
    const { importErrors, checkErrors, doc } = throughWhetstone('function sum(n) {\n  let c = 0;\n  for (let i = 1; i <= n / 2; i++) c += i;\n  for (let i = 0; i < n / 2; i++) c += 100;\n  return c;\n}\nconsole.log(sum(5), sum(6));\n', 'javascript');
    assert.deepEqual([...importErrors, ...checkErrors], []);
    printsInEveryTarget(doc, '303 306\n');
  });

  it('library names outside the tables are errors at import, with the target that lacks them, and are not renamed', () => {
    const py = throughWhetstone('print(callable(int), zip([3], [1]))\n', 'python');
    assert.deepEqual(py.importErrors.filter((e) => !e.includes('the run of the program at import')).map((e) => /'(\w+)'/.exec(e)?.[1]), ['callable', 'int', 'zip']);
    assert.match(py.importErrors[0], /JavaScript and TypeScript would have no 'callable'/);
    assert.match(py.printed, /callable\(not_carried \/\* int \*\/\)/, "Python's type int is left out, not read as Whetstone's int");
    assert.doesNotMatch(generate(py.doc.ast, 'python').code, /callable_|int_/);
    const js = throughWhetstone('const xs = Array.of(1, 2).map((v, i) => v + i);\nxs.copyWithin(0, 1);\nconsole.log(Math.fround(3), globalThis, xs);\n', 'javascript');
    assert.deepEqual(js.importErrors.map((e) => /'\.?(\w+)'/.exec(e)?.[1]), ['Array', 'of', 'copyWithin', 'Math', 'fround', 'globalThis']);
    assert.match(js.importErrors.find((e) => e.includes("'.copyWithin'"))!, /Python would have no such method/);
    assert.doesNotMatch(js.printed, /globalThis_/);
    assert.doesNotMatch(generate(js.doc.ast, 'javascript').code, /globalThis_/);
    const declared = generate(WhetstoneDocument.create('const eval = 2;\nprint(eval);\n', 1).ast, 'javascript').code;
    assert.match(declared, /const eval_ = 2;/, 'a declared name is still kept away from a reserved word');
  });

  it('undefined is null only where it is compared; elsewhere it is an error', () => {
    const { importErrors } = throughWhetstone('function f(a, b) {\n  if (b === undefined) return a;\n  return a.localeCompare(b, undefined, { numeric: true });\n}\n', 'javascript');
    assert.equal(importErrors.length, 2, importErrors.join('\n'));
    assert.match(importErrors[0], /^3: .*'\.localeCompare'/);
    assert.match(importErrors[1], /^3: .*undefined outside a comparison/);
  });

  it('a JavaScript declaration named like a mapped built-in is renamed, not a capture of the library calls; in Python it is an error', () => {
    const js = throughWhetstone('function floor(x) { return x * 2; }\nconsole.log(Math.floor(3.5), floor(2));\n', 'javascript');
    assert.deepEqual([...js.importErrors, ...js.checkErrors], []);
    assert.match(js.printed, /fn floor_\(x\)[^]*print\(floor\(3\.5\), jsstr\(floor_\(2\)\)\)/);
    printsInEveryTarget(js.doc, '3 4\n');
    const param = throughWhetstone('function scale(floor) { return Math.floor(floor / 2); }\nconsole.log(scale(7));\n', 'javascript');
    assert.deepEqual([...param.importErrors, ...param.checkErrors], []);
    assert.match(param.printed, /fn scale\(floor_\) \{\n {2}return floor\(floor_ \/ 2\);/);
    printsInEveryTarget(param.doc, '3\n');
    // In Python the calls name the file's own str: mapping them to the built-in would be wrong.
    const py = throughWhetstone('def str(x):\n    return x\n\n\nprint(str(1))\n', 'python');
    assert.match(py.importErrors[0], /^1: .*'str' is declared here/);
  });

  it('a number console.log shows as -0 shows so in every target: Math.round from -0.5 up to -0, ceil, a negated zero', () => {
    const source =
      'function lineTotal(x) {\n  return x - 1;\n}\nconst xs = [-0.4, 1.6, -2.5, 0.49999999999999994].map((x) => Math.round(x));\nconsole.log(xs, xs[0]);\nconsole.log(Math.round(-0.2), Math.ceil(-0.5), -xs[3]);\nconsole.log(Math.round(lineTotal(0.6)), Math.round(lineTotal(-1.5)), Math.round(NaN));\nconsole.log(`${Math.round(-0.2)}`, String(Math.ceil(-0.5)));\n';
    const { importErrors, checkErrors, doc } = throughWhetstone(source, 'javascript');
    assert.deepEqual([...importErrors, ...checkErrors], []);
    printsInEveryTarget(doc, '[ -0, 2, -2, 0 ] -0\n-0 -0 -0\n-0 -2 NaN\n0 0\n');
  });

  it('a Python declaration named like a built-in the file’s calls were mapped to is an error only where those calls are in its scope', () => {
    // `values` is a parameter of median; `book.values()` (the built-in values) is in another function.
    const apart = throughWhetstone(
      'def median(values: list[float]) -> float:\n    ordered = sorted(values)\n    return ordered[len(ordered) // 2]\n\n\ndef total(book: dict[str, list[int]]) -> int:\n    n = 0\n    for scores in book.values():\n        n += len(scores)\n    return n\n\n\nprint(median([3.5, 1.0, 2.25]), total({"a": [1, 2], "b": [3]}))\n',
      'python',
    );
    assert.deepEqual([...apart.importErrors, ...apart.checkErrors], []);
    printsInEveryTarget(apart.doc, '2.25 3\n');
    // The same call inside the function whose parameter is `values`: it would call the parameter.
    const inside = throughWhetstone('def total(values: dict[str, int]) -> int:\n    n = 0\n    for v in values.values():\n        n += v\n    return n\n\n\nprint(total({"a": 1}))\n', 'python');
    assert.equal(inside.importErrors.length, 1, inside.importErrors.join('\n'));
    assert.match(inside.importErrors[0], /^1: .*'values' is declared here/);
    // A name declared outside every function is in scope everywhere.
    const top = throughWhetstone('values = [1, 2]\n\n\ndef total(d: dict[str, int]) -> int:\n    return sum(d.values())\n\n\nprint(total({"a": 1}), values)\n', 'python');
    assert.ok(top.importErrors.some((e) => /'values' is declared here/.test(e)), top.importErrors.join('\n'));
  });

  it('a ?? b on a name, member or element is a == null ? b : a (undefined too); on a call, the call given to a lambda called at once', () => {
    const { importErrors, checkErrors, printed, doc } = throughWhetstone(
      'const counts = {};\nfor (const w of ["a", "b", "a"]) counts[w] = (counts[w] ?? 0) + 1;\nconst box = { size: null, name: "x" };\nconst zero = 0;\nconsole.log(counts["a"], counts["b"], box.size ?? 5, box.name ?? "none", zero ?? 7);\n',
      'javascript',
    );
    assert.deepEqual([...importErrors, ...checkErrors], []);
    assert.match(printed, /counts\[w\] == null \? 0 : counts\[w\]/);
    printsInEveryTarget(doc, '2 1 5 x 0\n');
    // A call on the left is evaluated once, given to a lambda called at once.
    const call = throughWhetstone('function f() { return null; }\nconsole.log(f() ?? 1);\n', 'javascript');
    assert.deepEqual([...call.importErrors, ...call.checkErrors], []);
    assert.match(call.printed, /\(fn\(value\d+\) => value\d+ == null \? 1 : value\d+\)\(f\(\)\)/);
    printsInEveryTarget(call.doc, '1\n');
  });

  it('do … while runs its body before the first test, and a continue goes to the test', () => {
    const { importErrors, checkErrors, printed, doc } = throughWhetstone(
      'function digits(n) {\n  let count = 0;\n  do {\n    count++;\n    n = Math.floor(n / 10);\n  } while (n > 0);\n  return count;\n}\nconsole.log(digits(0), digits(12345));\n',
      'javascript',
    );
    assert.deepEqual([...importErrors, ...checkErrors], []);
    assert.match(printed, /while true \{[^]*if !\(n > 0\) \{\n\s*break;/);
    printsInEveryTarget(doc, '1 5\n');
    const skipping = throughWhetstone('let i = 0;\ndo {\n  i++;\n  if (i < 3) continue;\n} while (i < 5);\nconsole.log(i);\n', 'javascript');
    assert.deepEqual([...skipping.importErrors, ...skipping.checkErrors], []);
    printsInEveryTarget(skipping.doc, '5\n');
  });

  it('a Python variable named console and a "__proto__" key keep their meaning in JavaScript', () => {
    const { importErrors, doc } = throughWhetstone('console = 3\nt = {"__proto__": 2, "a": 1}\nprint(console, t["__proto__"], len(t))\n', 'python');
    assert.deepEqual(importErrors, []);
    printsInEveryTarget(doc, '3 2 2\n');
  });

  it('t[k] on an object used as a map reads a missing key as JavaScript does, not as a KeyError', () => {
    const { importErrors, checkErrors, doc } = throughWhetstone('const t = {};\nt["a"] = 1;\nfor (const k of ["a", "b"]) {\n  if (t[k] === undefined) console.log(k, "missing");\n  else console.log(k, t[k]);\n}\n', 'javascript');
    assert.deepEqual([...importErrors, ...checkErrors], []);
    printsInEveryTarget(doc, 'a 1\nb missing\n');
  });

  it('a negative Python index counts from the end in every target, or is an error', () => {
    const { importErrors, checkErrors, doc } = throughWhetstone('xs = [1, 2, 3]\nword = "abc"\nprint(xs[-1], word[-2])\n', 'python');
    assert.deepEqual([...importErrors, ...checkErrors], []);
    printsInEveryTarget(doc, '3 b\n');
    assert.match(throughWhetstone('def f(xs):\n    return f(xs)[-1]\n', 'python').importErrors[0], /^2: .*negative index/);
  });

  it('standard library modules are errors naming the target that lacks them, not imports that do not load', () => {
    // (deque, defaultdict and Counter of collections are carried: python-collections.ts.)
    const py = importSource('import sys\nfrom collections import OrderedDict\nprint(1)\n', 'python');
    assert.deepEqual(py.diagnostics.map((d) => `${d.severity} ${d.line}: ${d.message}`), [
      'error 1: Not carried into Whetstone: the Python standard module sys has no Whetstone form',
      'error 2: Not carried into Whetstone: an import from the Python standard module collections has no Whetstone form',
    ]);
    // The imports stay in the tree, so the library policy still sees them.
    assert.match(printDocument(py.ast), /use sys;\nuse collections\.\{OrderedDict\};/);
    assert.deepEqual(importSource('from math import floor, ceil\nprint(floor(2.5), ceil(2.5))\n', 'python').diagnostics, []);
    assert.deepEqual(importSource('from math import sqrt, gcd\nprint(sqrt(2.25), gcd(12, 18))\n', 'python').diagnostics, []);
    assert.equal(importSource('from math import comb\n', 'python').diagnostics.length, 1);
    const js = importSource('import { readFileSync } from "fs";\nconsole.log(1);\n', 'javascript');
    assert.match(js.diagnostics[0].message, /the Node.js module 'fs'/);
    assert.equal(js.diagnostics[0].hint, 'Python has no module of that name.');
  });

  it('a float from round used as a Python index is an int', () => {
    const { doc } = throughWhetstone('const xs = [10, 20, 30];\nconsole.log(xs[Math.round(1.4)], xs[Math.floor(5 / 2)]);\n', 'javascript');
    printsInEveryTarget(doc, '20 30\n');
    const wst = WhetstoneDocument.create('const xs = [10, 20, 30];\nprint(xs[round(1.6)]);\n', 1);
    printsInEveryTarget(wst, '30\n');
  });

  it('deeply nested TypeScript generics are a clear error, not a crash', () => {
    const type = `${'Array<'.repeat(3000)}number${'>'.repeat(3000)}`;
    const result = importSource(`function f(x: ${type}): number { return 1; }\n`, 'typescript');
    assert.ok(result.diagnostics.some((d) => d.severity === 'error' && /nested deeper than 400/.test(d.message)));
  });

  it('test scaffolding is recognised without a diagnostic: doctest, __future__, export lists, module.exports', () => {
    const py = importSource('from __future__ import annotations\nimport doctest\n\n\ndef f(x: int) -> int:\n    """\n    >>> f(1)\n    2\n    """\n    return x + 1\n\n\nif __name__ == "__main__":\n    doctest.testmod()\n    print(f(1))\n', 'python');
    assert.deepEqual(py.diagnostics, []);
    assert.equal(printDocument(py.ast), 'fn f(x: number): number {\n  return x + 1;\n}\n\nprint(f(1));\n');
    const js = importSource('function f(x) { return x + 1; }\nconsole.log(f(1));\nexport { f };\nmodule.exports = { f };\nmodule.exports.f = f;\n', 'javascript');
    assert.deepEqual(js.diagnostics, []);
    assert.equal(printDocument(js.ast), 'fn f(x) {\n  return x + 1;\n}\n\nprint(jsstr(f(1)));\n');
    const script = importSource('"use strict";\nfunction main() {\n  console.log(1);\n}\nif (require.main === module) {\n  main();\n}\nexport default main;\n', 'javascript');
    assert.deepEqual(script.diagnostics, []);
    assert.equal(printDocument(script.ast), 'fn main() {\n  print(1);\n}\n\nmain();\n');
  });
});
