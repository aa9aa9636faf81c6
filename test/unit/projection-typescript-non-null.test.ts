// TypeScript's non-null assertion (`x!`): nothing at run time, so the import leaves it out; the
// generated TypeScript says it again where Whetstone reads a field, an element or a length of a
// value that may be null, so that it passes tsc --strict wherever the Whetstone program checks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of TypeScript non-null assertions', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('typescript-non-null');
  });
  after(() => scratch.dispose());

  it('a field, an element and a length of a call or a name that may be null type-check in the generated TypeScript', () => {
    scratch.keepsItsMeaning(
      [
        'interface Item {',
        '  name: string;',
        '  price: number;',
        '  next: Item | null;',
        '}',
        '',
        'function cheapest(items: Item[]): Item | null {',
        '  if (items.length === 0) return null;',
        '  return items.reduce((best, it) => (it.price < best.price ? it : best));',
        '}',
        '',
        'function byName(items: Item[], name: string): Item | null {',
        '  for (const it of items) if (it.name === name) return it;',
        '  return null;',
        '}',
        '',
        'const tea: Item = { name: "tea", price: 3.5, next: null };',
        'const items: Item[] = [tea, { name: "cake", price: 2.25, next: tea }, { name: "jam", price: -0, next: null }];',
        'console.log(cheapest(items)!.price, cheapest(items)!.name, byName(items, "cake")!.next!.name);',
        'const found = byName(items, "tea");',
        'console.log(found!.price * 2, (byName(items, "jam") as Item).name.length);',
        'function firstOf(xs: number[] | null): number {',
        '  return xs![0] + (xs!.length);',
        '}',
        'console.log(firstOf([4, -0.5]), [byName(items, "jam")!.price]);',
        '',
      ].join('\n'),
      'typescript',
      /print\(jsstr\(cheapest\(items\)\.price\), cheapest\(items\)\.name, byName\(items, "cake"\)\.next\.name\);[^]*return xs\[0\] \+ len\(xs\);/,
    );
  });

  it('a ! after the last operand of an operator, followed by a member, is an error at import: the parser reads it as applying to the whole operation', () => {
    const source = 'function total(n: number, xs: number[] | null): number {\n  return n + xs!.length;\n}\nconst neg = (v: { k: number } | null): number => -v!.k;\nconst ok = (a: number, b: number | null): number => a * b!;\nconsole.log(total(1, [2]), neg({ k: 3 }), ok(2, 3));\n';
    const errors = importSource(source, 'typescript')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0], /^2: .*non-null assertion \(!\) on the last operand of an operator/);
    assert.match(errors[1], /^4: .*non-null assertion/);
  });
});
