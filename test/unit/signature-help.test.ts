// Signature help in the core: which call the cursor writes the arguments of and which argument
// (commas counted at the call's own nesting, in nested calls, object literals and lambdas, after a
// trailing comma and in a call still being typed that does not parse), and the signature of what
// is called: a user function with its parameters and the comment lines above it, a value holding
// a lambda, a module's library function, a built-in; nothing for an unknown function.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signatureHelpAt, type SignatureHelp } from '../../server/src/core/queries';
import { analyze, readLibraryContext } from '../../server/src/core/semantics';
import { parse } from '../helpers/core';

const PROGRAM = `use math;

type Item { name: string, price: number }

// The price with tax added.
// The rate is a fraction: 0.2 is 20%.
fn withTax(price: number, rate: number = 0.2): number {
  return price * (1 + rate);
}

fn add(a: number, b: number): number {
  return a + b;
}

fn priceOf(item: Item, discount: number): number {
  return item.price - discount;
}

fn applyAll(values: list<number>, step: any): list<number> {
  return values;
}

let twice = fn(n: number): number { return n * 2; };
`;

const LIBRARY = readLibraryContext({
  modules: [{ name: 'math', functions: [{ name: 'clamp', signature: '(x: number, lo: number, hi: number): number', description: 'Keeps x between lo and hi.' }] }],
  policy: { blockedFunctions: [], blockedModules: [], requireImports: false },
});

/** The help at the `|` of `line`, written after the program. */
async function helpAt(line: string): Promise<SignatureHelp | undefined> {
  const text = PROGRAM + line;
  const offset = text.indexOf('|');
  assert.ok(offset >= 0, 'the line marks the cursor with |');
  const document = await parse(text.slice(0, offset) + text.slice(offset + 1));
  return signatureHelpAt(document, analyze(document, { library: LIBRARY }), offset);
}

/** The label of the active signature and of its active parameter. */
function active(help: SignatureHelp | undefined): { signature: string; parameter: string | undefined; argument: number } {
  assert.ok(help, 'the cursor is in a call of a known function');
  const signature = help.signatures[help.activeSignature];
  const parameter = help.activeParameter === undefined ? undefined : signature.parameters[help.activeParameter];
  return { signature: signature.label, parameter: parameter && signature.label.slice(parameter.start, parameter.end), argument: help.argumentIndex };
}

describe('signature help: which call and which argument', () => {
  it('counts the commas of the innermost call only, in nested calls', async () => {
    assert.deepEqual(active(await helpAt('let x = withTax(add(1, 2), |);')), {
      signature: 'fn withTax(price: number, rate: number = 0.2): number',
      parameter: 'rate: number = 0.2',
      argument: 1,
    });
    assert.deepEqual(active(await helpAt('let x = withTax(add(1, |2), 3);')), { signature: 'fn add(a: number, b: number): number', parameter: 'b: number', argument: 1 });
    assert.deepEqual(active(await helpAt('let x = withTax(add(1, 2)|, 3);')), { signature: 'fn withTax(price: number, rate: number = 0.2): number', parameter: 'price: number', argument: 0 });
  });

  it('does not count the commas of an object literal or a lambda written as an argument', async () => {
    assert.deepEqual(active(await helpAt('let x = priceOf({ name: "a, b", price: 2| }, 1);')), { signature: 'fn priceOf(item: Item, discount: number): number', parameter: 'item: Item', argument: 0 });
    assert.deepEqual(active(await helpAt('let x = priceOf({ name: "a", price: 2 }, |);')).parameter, 'discount: number');
    const afterLambda = await helpAt('let x = applyAll([1, 2], fn(v: number): number { let w = add(v, 1); return w; }|);');
    assert.deepEqual(active(afterLambda), { signature: 'fn applyAll(values: list<number>, step: any): list<number>', parameter: 'step: any', argument: 1 });
    assert.deepEqual(active(await helpAt('let x = applyAll([1, 2], fn(v: number): number { return add(v, |); });')).signature, 'fn add(a: number, b: number): number');
    // Among a lambda's statements the call the lambda is passed to is not the one being written.
    assert.equal(await helpAt('let x = applyAll([1, 2], fn(v: number): number { let w = 1; return w|; });'), undefined);
  });

  it('follows a call being typed, which does not parse, at the top level and in a function', async () => {
    assert.deepEqual(active(await helpAt('let x = withTax(|')), { signature: 'fn withTax(price: number, rate: number = 0.2): number', parameter: 'price: number', argument: 0 });
    assert.deepEqual(active(await helpAt('let x = withTax(1, |')).parameter, 'rate: number = 0.2');
    assert.deepEqual(active(await helpAt('fn main() {\n  let x = add(withTax(1), |\n}\n')), { signature: 'fn add(a: number, b: number): number', parameter: 'b: number', argument: 1 });
    assert.deepEqual(active(await helpAt('fn main() {\n  let y = 1;\n  math.clamp(y, |\n}\n')).parameter, 'lo: number');
  });

  it('marks no parameter for one argument too many, after a trailing comma too', async () => {
    const trailing = await helpAt('let x = withTax(1, 2,|);');
    assert.deepEqual(active(trailing), { signature: 'fn withTax(price: number, rate: number = 0.2): number', parameter: undefined, argument: 2 });
  });

  it('answers nothing outside an argument list: a parameter list, a closed call, a parenthesised expression', async () => {
    assert.equal(await helpAt('fn h(x: number|) {}'), undefined);
    assert.equal(await helpAt('let x = withTax(1)|;'), undefined);
    assert.equal(await helpAt('let x = (1 + |2);'), undefined);
    assert.equal(await helpAt('let x = "withTax(1, |";'), undefined);
    assert.equal(await helpAt('// withTax(1, |'), undefined);
  });

  it('answers nothing for a call of an unknown function', async () => {
    assert.equal(await helpAt('let x = nothing(1, |);'), undefined);
    assert.equal(await helpAt('let x = nothing(1, |'), undefined);
    assert.equal(await helpAt('let x = math.nothing(|);'), undefined);
  });
});

describe('signature help: what is called', () => {
  it('a user function: its parameters with types and defaults, and the comment lines above it', async () => {
    const help = await helpAt('let x = withTax(|);');
    assert.ok(help);
    const [signature] = help.signatures;
    assert.deepEqual(
      signature.parameters.map((parameter) => parameter.label),
      ['price: number', 'rate: number = 0.2'],
    );
    assert.deepEqual(
      signature.parameters.map((parameter) => signature.label.slice(parameter.start, parameter.end)),
      ['price: number', 'rate: number = 0.2'],
    );
    assert.deepEqual(help.documentation, { text: 'The price with tax added.\nThe rate is a fraction: 0.2 is 20%.', markdown: false });
    assert.equal((await helpAt('let x = add(|);'))?.documentation, undefined, 'no comment above add');
  });

  it('takes as documentation only the comment lines directly above, over its annotations', async () => {
    const documentationOf = async (program: string): Promise<string | undefined> => {
      const offset = program.indexOf('|');
      const document = await parse(program.slice(0, offset) + program.slice(offset + 1));
      return signatureHelpAt(document, analyze(document), offset)?.documentation?.text;
    };
    const fn = 'fn f(a: number): number { return a; }\nlet x = f(|);';
    assert.equal(await documentationOf(`// Doubles nothing.\n@semantic(pure)\n${fn}`), 'Doubles nothing.');
    assert.equal(await documentationOf(`/* A block\n * over two lines. */\n${fn}`), 'A block\nover two lines.');
    assert.equal(await documentationOf(`let y = 1; // about y\n${fn}`), undefined, 'a trailing comment of the line before');
    assert.equal(await documentationOf(`// about something else\n\n${fn}`), undefined, 'after a blank line');
  });

  it('a variable holding a lambda: the lambda type’s parameters', async () => {
    assert.deepEqual(active(await helpAt('let x = twice(|);')), { signature: 'twice(n: number): number', parameter: 'n: number', argument: 0 });
  });

  it('a module’s library function, with its description', async () => {
    const help = await helpAt('let x = math.clamp(1, |);');
    assert.deepEqual(active(help), { signature: 'fn clamp(x: number, lo: number, hi: number): number', parameter: 'lo: number', argument: 1 });
    assert.deepEqual(help?.documentation, { text: 'Keeps x between lo and hi.', markdown: false });
  });

  it('a built-in: its own signature and doc; a rest parameter takes every further argument', async () => {
    const print = await helpAt('print(1, 2, |);');
    assert.deepEqual(active(print), { signature: 'fn print(...values: any): void', parameter: '...values: any', argument: 2 });
    assert.equal(print?.documentation?.markdown, true);
    const len = await helpAt('let n = len(|);');
    assert.deepEqual(active(len).parameter, 'value: list<T> | string | map<K, V>');
    // range's two forms: the one with room for the argument.
    assert.deepEqual(active(await helpAt('let r = range(|);')).signature, 'fn range(n: number): list<number>');
    assert.deepEqual(active(await helpAt('let r = range(1, |);')), { signature: 'fn range(start: number, end: number): list<number>', parameter: 'end: number', argument: 1 });
  });
});
