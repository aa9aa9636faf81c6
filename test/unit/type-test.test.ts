// The type test `x is number` in the core: parsed into a TypeTest node, printed back, checked
// (a bool; only number, string, bool and list; a test that can never pass), written by agents
// through mutations, and its type name classified for semantic tokens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node, TypeTest, VariableDeclaration } from '../../server/src/core/ast';
import { applyMutations, MutationError, printDocument } from '../../server/src/core/editing';
import { nameOccurrences } from '../../server/src/core/queries';
import { analyze } from '../../server/src/core/semantics';
import { applyTextEdits } from '../../server/src/core/syntax';
import { allNodes, idAllocator, parse, shape } from '../helpers/core';

async function problems(text: string): Promise<string[]> {
  const doc = await parse(text);
  return [...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics]
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.line}: ${d.code} ${d.message}`);
}

describe('type tests in the core', () => {
  it('parse into a TypeTest at the level of the comparisons and print back the same', async () => {
    const source =
      'fn f(x: any, y: any): bool {\n  return x is number && !(y is list) || x is string == true;\n}\n\nlet is = 1;\nlet n = is + 1 is number;\nlet c = f(1, 2) is bool ? 1 : 2;\nprint(n, c);\n';
    const doc = await parse(source);
    assert.deepEqual(doc.syntaxDiagnostics, []);
    assert.equal(printDocument(doc.ast), source);
    const tests = allNodes(doc.ast).filter((node): node is TypeTest => node.type === 'TypeTest');
    assert.deepEqual(tests.map((test) => test.testedType), ['number', 'list', 'string', 'number', 'bool']);
    const n = doc.ast.children.find((child) => child.type === 'VariableDeclaration' && child.name === 'n') as VariableDeclaration;
    assert.deepEqual(shape(n.initializer), {
      type: 'TypeTest',
      operand: { type: 'BinaryExpression', operator: '+', left: { type: 'Identifier', name: 'is' }, right: { type: 'Literal', value: 1, raw: '1' } },
      testedType: 'number',
    });
  });

  it('is a bool taking any operand, and refuses the types no value can be told by', async () => {
    assert.deepEqual(await problems('fn f(x: any, m: number?, xs: list<number>) {\n  let a: bool = x is number;\n  let b: bool = m is number;\n  let c: bool = xs is list;\n  let d: number = x is string;\n  print(a, b, c, d);\n}\n'), [
      "5: E_TYPE_MISMATCH Type bool is not assignable to 'd' of type number",
    ]);
    assert.deepEqual(await problems('type Book { title: string }\nfn f(x: any) {\n  print(x is Book, x is map, x is any);\n}\n'), [
      "3: E_TYPE_MISMATCH A type test takes number, string, bool or list, not 'Book'",
      "3: E_TYPE_MISMATCH A type test takes number, string, bool or list, not 'map'",
      "3: E_TYPE_MISMATCH A type test takes number, string, bool or list, not 'any'",
    ]);
    // A missing type is one syntax error, not also a type error.
    assert.deepEqual(await problems('fn f(x: any) {\n  if x is {\n    print(x);\n  }\n}\n'), ['2: E_SYNTAX Missing tested type']);
    // Written with arguments it does not parse: the type is one name.
    assert.ok((await problems('fn f(x: any) { print(x is list<number>); }\n')).some((p) => p.includes('E_SYNTAX')));
  });

  it('reports a test the operand’s known type can never pass, with the reading of not x is T', async () => {
    const doc = await parse('type Book { title: string }\nfn f(n: number, s: string?, flag: bool, b: Book, u: Unknown) {\n  print(n is string, s is string, s is number, not flag is bool, not flag is number, b is list, u is list);\n}\n');
    const found = analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint ?? ''}`);
    assert.deepEqual(found, [
      // An unknown type is reported once, where it is written, not again by the test.
      "Cannot find type 'Unknown' | Declare it with type Unknown { … }, or use number, string, bool, any, list<T>, map<K, V>",
      'This value is number: it is never a string, so the test is always false | A type test is for a value whose type is any',
      'This value is string?: it is never a number, so the test is always false | A type test is for a value whose type is any',
      "This value is bool: it is never a number, so the test is always false | 'not x is number' tests 'not x'; write not (x is number)",
      'This value is Book: it is never a list, so the test is always false | A type test is for a value whose type is any',
    ]);
  });

  it('narrows a name of type any where the test has passed, when nothing assigns the name', async () => {
    const source = [
      'fn f(x, y: any, items: list<any>) {',
      '  if x is number {',
      '    let a: string = x;',
      '  } else {',
      '    let b: string = x;',
      '  }',
      '  let c = y is string && y > 1;',
      '  let d = x is bool ? x + 1 : 0;',
      '  for item in items {',
      '    if item is list && len(item) > 0 {',
      '      let e: number = item;',
      '    }',
      '  }',
      '  let z: any = 1;',
      '  if z is number {',
      '    z = "text";',
      '    let g: string = z;',
      '  }',
      '  if x is number && !(x is list) {',
      '    print(x);',
      '  }',
      '  print(c, d);',
      '}',
      'const top: any = 1;',
      'if top is number {',
      '  let h: string = top;',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      (await problems(source)).filter((p) => !p.includes('W_UNUSED')),
      [
        "3: E_TYPE_MISMATCH Type number is not assignable to 'a' of type string",
        "7: E_TYPE_MISMATCH Cannot compare string with number using '>'",
        "8: E_TYPE_MISMATCH Operator '+' cannot be applied to bool and number",
        "11: E_TYPE_MISMATCH Type list<any> is not assignable to 'e' of type number",
      ],
    );
  });

  it('can be written by agents: the operand bracketed where it must be, only the four types', async () => {
    const doc = await parse('fn f(x: any, y: any) {\n  print(x);\n}\n');
    const call = allNodes(doc.ast).find((node) => node.type === 'CallExpression') as Node & { arguments: Node[] };
    const result = applyMutations(
      doc,
      [
        {
          type: 'insertNode',
          parentId: call.id,
          role: 'arguments',
          node: { type: 'UnaryExpression', operator: '!', operand: { type: 'TypeTest', testedType: 'list', operand: { type: 'BinaryExpression', operator: '||', left: { type: 'Identifier', name: 'x' }, right: { type: 'Identifier', name: 'y' } } } },
        },
      ],
      idAllocator(),
    );
    const text = applyTextEdits(doc.text, result.edits);
    assert.equal(text, 'fn f(x: any, y: any) {\n  print(x, !((x || y) is list));\n}\n');
    const reparsed = await parse(text);
    assert.deepEqual(shape(reparsed.ast), shape(result.ast));
    assert.throws(
      () => applyMutations(doc, [{ type: 'insertNode', parentId: call.id, role: 'arguments', node: { type: 'TypeTest', testedType: 'map', operand: { type: 'Identifier', name: 'x' } } }], idAllocator()),
      (error: unknown) => error instanceof MutationError && /testedType/.test(error.message) && /"number", "string", "bool", "list"/.test(error.message),
    );
  });

  it('marks the tested type as a built-in type name (semantic tokens), not as a name to resolve', async () => {
    const doc = await parse('let x = 1;\nprint(x is /* a */ number);\n');
    const occurrences = nameOccurrences(doc, analyze(doc)).map((o) => ({ kind: o.kind, name: o.name, column: o.span.start.column, builtin: o.builtinType ?? false }));
    assert.deepEqual(occurrences.slice(1), [
      { kind: 'name', name: 'print', column: 0, builtin: false },
      { kind: 'name', name: 'x', column: 6, builtin: false },
      { kind: 'typeName', name: 'number', column: 19, builtin: true },
    ]);
  });
});
