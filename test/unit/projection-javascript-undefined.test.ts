// JavaScript's undefined where Whetstone has null: the same where the value is only tested
// (compared with undefined or null, the left of ??, taken for its truth), so a function that
// returns undefined only to such calls returns null; anywhere the value may show, an error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of undefined returned to tests', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('javascript-undefined');
  });
  after(() => scratch.dispose());

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
        'console.log(findByName(items, "jam") !== undefined, findByName(items, "cake") === undefined);',
        'if (findByName(items, "tea")) console.log("has tea");',
        'if (!findByName(items, "cake")) console.log("no cake");',
        'console.log((findByName(items, "cake") ?? items[0]).name, (findByName(items, "jam") ?? items[0]).price);',
        'console.log(firstNegative([1, -0, 2]) === undefined ? "none" : "some", firstNegative([3, -2.5]) ?? 0, firstNegative([]) ?? -1);',
        'console.log(firstNegative([1]) == null && findByName([], "x") == null);',
        '',
      ].join('\n'),
      'typescript',
      /fn findByName\(items: list<Item>, name: string\): Item\? \{[^]*return null;\n\}/,
    );
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
});
