// JavaScript values the checker has no type for (an unannotated parameter, what an unannotated
// function returns, the elements of a list built by push) turned into text, given to console.log
// first, joined or destructured: followed over the whole file, they keep their meaning in every
// target where what they may be is known, and are an error at import naming the place otherwise.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of JavaScript values of unknown type', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('javascript-values');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'javascript')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  /** What the source prints when run as written. */
  const printed = (source: string): string => scratch.prints(source, 'javascript');

  it('a value joined to a text with + or a template that may be a list is an error at import (JavaScript shows 1,2)', () => {
    const source = 'function show(v) {\n  return "value: " + v;\n}\nfunction wrap(v) {\n  return `<${v}>`;\n}\nconsole.log(show(5));\nconsole.log(show([1, 2]));\nconsole.log(wrap({ a: 1 }));\n';
    assert.equal(printed(source), 'value: 5\nvalue: 1,2\n<[object Object]>\n');
    const errors = importErrors(source);
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '5'],
      errors.join('\n'),
    );
    assert.match(errors[0], /not known.*1,2/);
  });

  it('a value of unknown type that the file only ever gives numbers, texts and bools keeps its meaning in + , templates and String()', () => {
    scratch.keepsItsMeaning(
      'function double(n) {\n  return n * 2;\n}\nfunction label(x) {\n  return "item " + x;\n}\nfunction describe(xs) {\n  return `${xs.length} items, first ${xs[0]}`;\n}\n' +
        'function flatten(items) {\n  const out = [];\n  for (const item of items) {\n    if (item instanceof Array) {\n      for (const inner of flatten(item)) out.push(inner);\n    } else {\n      out.push(item);\n    }\n  }\n  return out;\n}\n' +
        'console.log(`double: ${double(21)}`);\nconsole.log(label(3) + " / " + label("x") + " / " + label(true));\nconsole.log(describe([4, 5]), describe(["a"]));\nconsole.log(String(double(4)));\nconsole.log(`${flatten([1, [2, ["three"]]])[2]}`);\n',
      'javascript',
      /print\("double: " \+ str\(double\(21\)\)\);/,
    );
  });

  it('console.log whose first argument is a name or a call that may hold a % and more values follow is an error at import', () => {
    const source = 'const format = "%d items";\nfunction percent(k) {\n  return k + "%";\n}\nconsole.log(format, 3);\nconsole.log(percent(50), "off");\n';
    assert.equal(printed(source), '3 items\n50% off\n');
    const errors = importErrors(source);
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['5', '6'],
      errors.join('\n'),
    );
    assert.match(errors[0], /as a format/);
  });

  it('console.log whose first argument cannot be a text with a % keeps its meaning', () => {
    scratch.keepsItsMeaning(
      'const label = "Sum:";\nfunction total(xs) {\n  let sum = 0;\n  for (const x of xs) sum += x;\n  return sum;\n}\nconst n = total([1, 2, 3]);\nconsole.log(label, n);\nconsole.log(total([4]), "%d");\nconsole.log(String(n), "items");\n',
      'javascript',
      /print\(label, jsstr\(n\)\);/,
    );
  });

  it('join of items that may be null, undefined or lists is an error at import (JavaScript shows an empty text and 1,2)', () => {
    const source = 'function line(cells) {\n  return cells.join(" | ");\n}\nconsole.log(line([1, 2]));\nconsole.log(line(["a", null, [3, 4]]));\nconst grid = [[1, 2], [3]];\nconsole.log(grid.join(";"));\n';
    assert.equal(printed(source), '1 | 2\na |  | 3,4\n1,2;3\n');
    const errors = importErrors(source);
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '7'],
      errors.join('\n'),
    );
    assert.match(errors[0], /join\(\) of items not known/);
  });

  it('join of items known to be texts, numbers or bools keeps its meaning, through pushes, calls and rows of a grid', () => {
    scratch.keepsItsMeaning(
      'function squares(n) {\n  const out = [];\n  for (let i = 1; i <= n; i++) out.push(i * i);\n  return out;\n}\nfunction line(cells) {\n  return cells.join(" ");\n}\n' +
        'const grid = [[1, 2], [3, 4]];\nfor (const row of grid) console.log(line(row));\nconsole.log(squares(4).join(","), [true, false].join("/"), "a-b".split("-").join("+"));\n',
      'javascript',
      /join\(cells, " "\)/,
    );
  });

  it('const [a, b] = a call of a function that returns a list literal of enough elements keeps its meaning', () => {
    scratch.keepsItsMeaning(
      'function minMax(values) {\n  let lo = values[0];\n  let hi = values[0];\n  for (const v of values) {\n    if (v < lo) lo = v;\n    if (v > hi) hi = v;\n  }\n  return [lo, hi];\n}\n' +
        'function divide(a, b) {\n  if (b === 0) return [0, 0];\n  return [Math.floor(a / b), a % b];\n}\nconst [low, high] = minMax([7, -2, 15]);\nconst [q, r] = divide(17, 5);\nconsole.log(low, high, q, r);\n',
      'javascript',
      /const low = unpacked\d+\[0\];/,
    );
  });

  it('const [a, b] = a value not known to hold enough elements is an error at import (undefined past the end, code points of a text)', () => {
    const source = 'function firsts(xs) {\n  const [a, b] = xs;\n  return a + "," + b;\n}\nconsole.log(firsts([1]));\nconst circle = [1, 2, 3];\nconst [gone] = circle.splice(5, 1);\nconsole.log(gone);\nconst [face] = "😀!";\nconsole.log(face.length);\n';
    assert.equal(printed(source), '1,undefined\nundefined\n2\n');
    const errors = importErrors(source);
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '7', '9'],
      errors.join('\n'),
    );
    assert.match(errors[0], /destructuring of 2 names .* undefined past the end/);
  });
});
