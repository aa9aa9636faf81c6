// JavaScript's undefined where Whetstone has null: the same where the value is only tested
// (compared with undefined or null, the left of ??, taken for its truth), so a function that
// returns undefined only to such calls returns null, and a?.b so tested is a == null ? null : a.b;
// anywhere the value may show, an error, as is the value of a call of a function that returns nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of undefined and ?. where the value is only tested', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('javascript-undefined');
  });
  after(() => scratch.dispose());

  it('the value of a call of a function that returns nothing is an error: undefined in JavaScript, null in Whetstone; the call as a statement or an arrow body is not', () => {
    const found = importSource(
      [
        'function log(x) {',
        '  console.log(x);',
        '}',
        'class Box {',
        '  constructor() {',
        '    this.v = 0;',
        '  }',
        '  put(x) {',
        '    this.v = x;',
        '  }',
        '}',
        'const b = new Box();',
        'log(1);',
        'b.put(2);',
        'console.log(log(3));',
        'console.log(b.put(4));',
        '[5, 6].forEach((x) => log(x));',
      ].join('\n'),
      'javascript',
    ).diagnostics.map((d) => `${d.line}: ${d.message}`);
    assert.deepEqual(found, [
      '15: Not carried into Whetstone: the value of log(…), which returns nothing, has no Whetstone form',
      '16: Not carried into Whetstone: the value of Box_put(…), which returns nothing, has no Whetstone form',
    ]);
  });

  it('return undefined in a function whose every call is compared, ?? or tested for truth is return null', () => {
    scratch.keepsItsMeaning(
      [
        'interface Item {',
        '  name: string;',
        '  price: number;',
        '}',
        '',
        'function findByName(items: Item[], name: string): Item | undefined {',
        '  for (const it of items) {',
        '    if (it.name === name) return it;',
        '  }',
        '  return undefined;',
        '}',
        '',
        'function firstNegative(xs: number[]): number | undefined {',
        '  for (const x of xs) if (x < 0) return x;',
        '  return undefined;',
        '}',
        '',
        'const items: Item[] = [{ name: "tea", price: 3.5 }, { name: "jam", price: 0 }];',
        'console.log(findByName(items, "jam") != undefined, findByName(items, "cake") == undefined);',
        'if (findByName(items, "tea")) console.log("has tea");',
        'if (!findByName(items, "cake")) console.log("no cake");',
        'console.log((findByName(items, "cake") ?? items[0]).name, (findByName(items, "jam") ?? items[0]).price);',
        'console.log(firstNegative([1, -0, 2]) == undefined ? "none" : "some", firstNegative([3, -2.5]) ?? 0, firstNegative([]) ?? -1);',
        'console.log(firstNegative([1]) == null && findByName([], "x") == null);',
        '',
      ].join('\n'),
      'typescript',
      /fn findByName\(items: list<Item>, name: string\): Item\? \{[^]*return null;\n\}/,
    );
  });

  it('a?.b of a name only tested is a == null ? null : a.b', () => {
    scratch.keepsItsMeaning(
      [
        'interface Node {',
        '  value: number;',
        '  label: string;',
        '  next: Node | null;',
        '}',
        '',
        'function describe(n: Node | null): string {',
        '  if (n?.next) return "has next";',
        '  if (n?.label == undefined) return "empty";',
        '  return n?.next == null && n?.value != undefined ? "last" : "other";',
        '}',
        '',
        'function count(words: string[] | null): number {',
        '  if (words?.length == undefined) return -1;',
        '  return words?.length == null || words.length === 0 ? 0 : words.length;',
        '}',
        '',
        'const tail: Node = { value: -0, label: "", next: null };',
        'const head: Node = { value: 2.5, label: "h", next: tail };',
        'console.log(describe(head), describe(tail), describe(null), describe({ value: 3, label: "x", next: null }));',
        'console.log(count(["a", "b"]), count([]), count(null), (head.next ?? head).label === "");',
        '',
      ].join('\n'),
      'typescript',
      /if \(n == null \? null : n\.next\) != null \{[^]*if \(words == null \? null : len\(words\)\) == null \{/,
    );
  });

  it('a?.b stays an error where its value is shown, compared otherwise, or read further', () => {
    const errors = importSource('function f(n: { v: number; w: { x: number } } | null): void {\n  console.log(n?.v);\n  console.log(n?.v > 0);\n  if (n?.w.x) console.log("x");\n}\nf(null);\n', 'typescript')
      .diagnostics.filter((d) => d.severity === 'error' && /optional chaining/.test(d.message))
      .map((d) => d.line);
    assert.deepEqual(errors, [2, 3, 4]);
  });

  it('return undefined stays an error where a call is printed, kept, passed on, or the left of &&', () => {
    const errors = importSource(
      [
        'function firstNegative(xs: number[]): number | undefined {',
        '  for (const x of xs) if (x < 0) return x;',
        '  return undefined;',
        '}',
        'function lastOf(xs: number[]): number | undefined {',
        '  return xs.length > 0 ? xs[xs.length - 1] : undefined;',
        '}',
        'console.log(firstNegative([1]));',
        'const f = firstNegative;',
        'console.log(firstNegative([1]) && 1, lastOf([]) === undefined);',
        '',
      ].join('\n'),
      'typescript',
    )
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);
    assert.deepEqual(
      errors.map((error) => error.replace(/:.*undefined outside a comparison.*/, '')),
      ['3', '6'],
    );
  });
  it('a strict comparison (=== null, !== undefined) tells undefined from null, so return undefined and ?. compared so stay errors', () => {
    const source = [
      'function find(xs, v) {',
      '  for (const x of xs) if (x === v) return x;',
      '  return undefined;',
      '}',
      'function label(n) {',
      '  return n?.name === undefined ? "none" : "named";',
      '}',
      'if (find([1, 2], 5) === null) console.log("null");',
      'else console.log("not null");',
      'console.log(label({ name: null }));',
      '',
    ].join('\n');
    const errors = importSource(source, 'javascript').diagnostics.filter((d) => d.severity === 'error').map((d) => d.line);
    assert.ok(errors.includes(3) && errors.includes(6), errors.join(', '));
  });
});
