// TypeScript's type parameters: Whetstone has no generics, so a type parameter reads as any (exact
// at run time, since TypeScript's types erase) and a generic interface or alias as the type it
// declares. Each program is run as written and in every target, and the outputs compared.
import { after, before, describe, it } from 'node:test';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of TypeScript generics', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('typescript-generics');
  });
  after(() => scratch.dispose());

  it('type parameters of functions, arrow functions, interfaces and aliases read as any; explicit type arguments erase', () => {
    scratch.keepsItsMeaning(
      [
        'interface Box<T> {',
        '  value: T;',
        '  label: string;',
        '}',
        'type Pair<A, B> = { first: A; second: B };',
        'type Bag<T> = T[];',
        '',
        'function rotate<T>(xs: T[], k: number): T[] {',
        '  const n = xs.length;',
        '  if (n === 0) return [];',
        '  const s = ((k % n) + n) % n;',
        '  const out: T[] = [];',
        '  for (let i = 0; i < n; i++) out.push(xs[(i + n - s) % n]);',
        '  return out;',
        '}',
        '',
        'function wrap<T>(value: T, label: string): Box<T> {',
        '  return { value, label };',
        '}',
        '',
        'function pairUp<A, B>(xs: A[], ys: B[]): Pair<A, B>[] {',
        '  const out: Pair<A, B>[] = [];',
        '  for (let i = 0; i < Math.min(xs.length, ys.length); i++) out.push({ first: xs[i], second: ys[i] });',
        '  return out;',
        '}',
        '',
        'function lastOf<T>(xs: Bag<T>, fallback: T): T {',
        '  return xs.length > 0 ? xs[xs.length - 1] : fallback;',
        '}',
        '',
        'const firstOf = <T,>(xs: T[], fallback: T): T => (xs.length > 0 ? xs[0] : fallback);',
        '',
        'const zeros = new Array<number>(3).fill(0);',
        'const words: Array<string> = ["b😀", "a", "-0"];',
        'console.log(rotate([1, 2, 3, 4, 5], 2), rotate(words, -1), rotate<number>([], 3));',
        'console.log(wrap<number>(-0.5, "x").value, wrap("s", "t").label);',
        'console.log(pairUp([1, 2, 3], ["a", "b"]), pairUp([], [1]));',
        'console.log(lastOf(zeros, 7), lastOf<string>([], "none"), firstOf([NaN], 1), firstOf<number>([], -1));',
        '',
      ].join('\n'),
      'typescript',
      /type Box \{ value: any, label: string \}[\s\S]*fn rotate\(xs: list<any>, k: number\): list<any> \{[\s\S]*fn pairUp\(xs: list<any>, ys: list<any>\): list<Pair> \{/,
    );
  });
});
