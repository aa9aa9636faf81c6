// throw and try/catch in the core: parsed into ThrowStatement and TryStatement, printed back,
// checked (a thrown message is a string, the caught name is a string seen only in the handler,
// a throw leaves its block so a function ending in one needs no return), written by agents
// through mutations, renamed, and the caught name classified for semantic tokens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FunctionDeclaration, TryStatement } from '../../server/src/core/ast';
import { applyMutations, MutationError, printDocument, renameMutations } from '../../server/src/core/editing';
import { nameOccurrences } from '../../server/src/core/queries';
import { analyze } from '../../server/src/core/semantics';
import { applyTextEdits } from '../../server/src/core/syntax';
import { allNodes, idAllocator, parse, shape } from '../helpers/core';

async function problems(text: string, all = false): Promise<string[]> {
  const doc = await parse(text);
  return [...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics]
    .filter((d) => all || d.severity === 'error')
    .map((d) => `${d.line}: ${d.code} ${d.message}`);
}

describe('throw and try/catch in the core', () => {
  it('parse into ThrowStatement and TryStatement and print back the same', async () => {
    const source = [
      'fn parse(s: string): number {',
      '  try {',
      '    if s == "" {',
      '      throw "empty";',
      '    }',
      '    return len(s);',
      '  } catch (e) {',
      '    throw "bad text: " + e;',
      '  }',
      '}',
      '',
      'try {',
      '  print(parse(""));',
      '} catch (message) {',
      '  print(message);',
      '}',
      '',
    ].join('\n');
    const doc = await parse(source);
    assert.deepEqual(doc.syntaxDiagnostics, []);
    assert.equal(printDocument(doc.ast), source);
    const top = doc.ast.children[1] as TryStatement;
    assert.deepEqual(shape(top), {
      type: 'TryStatement',
      annotations: [],
      body: { type: 'Block', statements: [{ type: 'ExpressionStatement', annotations: [], expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'CallExpression', callee: { type: 'Identifier', name: 'parse' }, arguments: [{ type: 'Literal', value: '', raw: '""' }] }] } }] },
      catchName: 'message',
      handler: { type: 'Block', statements: [{ type: 'ExpressionStatement', annotations: [], expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'Identifier', name: 'message' }] } }] },
    });
    assert.deepEqual(allNodes(doc.ast).filter((node) => node.type === 'ThrowStatement').length, 2);
    assert.deepEqual(await problems(source, true), []);
  });

  it('are keywords: throw, try and catch are not names', async () => {
    for (const word of ['throw', 'try', 'catch']) {
      assert.ok((await problems(`let ${word} = 1;\n`)).some((p) => p.includes('E_SYNTAX')), word);
    }
  });

  it('throw takes a string; the caught name is a string seen only in the handler', async () => {
    assert.deepEqual(await problems('fn f(n: number, s: string?, x: any) {\n  if n > 0 {\n    throw n;\n  }\n  if n < 0 {\n    throw s;\n  }\n  if n == 0 {\n    throw null;\n  }\n  throw x;\n}\n'), [
      '3: E_TYPE_MISMATCH throw takes a message of type string, not number',
      '6: E_TYPE_MISMATCH throw takes a message of type string, not string?',
      '9: E_TYPE_MISMATCH throw takes a message of type string, not null (null is only allowed where the type ends in ?)',
    ]);
    assert.deepEqual(
      await problems('try {\n  print(e);\n} catch (e) {\n  let n: number = e;\n  e = e + "!";\n  print(n);\n}\nprint(e);\n'),
      [
        "2: E_UNDEFINED Cannot find name 'e'",
        "4: E_TYPE_MISMATCH Type string is not assignable to 'n' of type number",
        "8: E_UNDEFINED Cannot find name 'e'",
      ],
    );
  });

  it('a throw leaves its block: no missing return after it, the code after it unreachable', async () => {
    const source = [
      'fn digit(c: string): number {',
      '  for d in range(10) {',
      '    if str(d) == c {',
      '      return d;',
      '    }',
      '  }',
      '  throw "not a digit: " + c;',
      '}',
      '',
      'fn first(xs: list<number>): number {',
      '  try {',
      '    return xs[0];',
      '  } catch (e) {',
      '    throw "no first: " + e;',
      '  }',
      '}',
      '',
      'fn maybe(xs: list<number>): number {',
      '  try {',
      '    return xs[0];',
      '  } catch (e) {',
      '    print(e);',
      '  }',
      '}',
      '',
      'fn loop(): number {',
      '  while true {',
      '    try {',
      '      break;',
      '    } catch (e) {',
      '      print(e);',
      '    }',
      '  }',
      '  return 1;',
      '}',
      '',
      'fn after() {',
      '  throw "stop";',
      '  print("never");',
      '}',
      '',
      'print(digit("1"), first([1]), maybe([2]), loop());',
      'after();',
      '',
    ].join('\n');
    assert.deepEqual(await problems(source, true), [
      "18: W_MISSING_RETURN Function 'maybe' declares return type number but can end without returning a value",
      '39: W_UNREACHABLE Unreachable code: this statement can never run',
    ]);
  });

  it('can be written by agents, the catch name an identifier', async () => {
    const doc = await parse('fn f(s: string) {\n  print(s);\n}\n');
    const fn = doc.ast.children[0] as FunctionDeclaration;
    const result = applyMutations(
      doc,
      [
        {
          type: 'insertNode',
          parentId: fn.body.id,
          role: 'statements',
          node: {
            type: 'TryStatement',
            catchName: 'problem',
            body: { type: 'Block', statements: [{ type: 'ThrowStatement', value: { type: 'Literal', value: 'bad', raw: '"bad"' } }] },
            handler: { type: 'Block', statements: [{ type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'Identifier', name: 'problem' }] } }] },
          },
        },
      ],
      idAllocator(),
    );
    const text = applyTextEdits(doc.text, result.edits);
    assert.equal(text, 'fn f(s: string) {\n  print(s);\n  try {\n    throw "bad";\n  } catch (problem) {\n    print(problem);\n  }\n}\n');
    const reparsed = await parse(text);
    assert.deepEqual(shape(reparsed.ast), shape(result.ast));
    assert.throws(
      () =>
        applyMutations(
          doc,
          [{ type: 'insertNode', parentId: fn.body.id, role: 'statements', node: { type: 'TryStatement', catchName: 'try', body: { type: 'Block', statements: [] }, handler: { type: 'Block', statements: [] } } }],
          idAllocator(),
        ),
      (error: unknown) => error instanceof MutationError && /catchName/.test(error.message),
    );
  });

  it('reports an unused caught message with a fix that names it _e', async () => {
    const doc = await parse('try {\n  throw "x";\n} catch (e) {\n  print("failed");\n}\n');
    const unused = analyze(doc).diagnostics.filter((d) => d.code === 'W_UNUSED');
    assert.deepEqual(unused.map((d) => `${d.line}: ${d.message} | ${d.hint}`), ["3: Unused caught message 'e' | Name it _e to mark it as intentionally unused"]);
    const result = applyMutations(doc, unused[0].fix ?? [], idAllocator());
    assert.equal(applyTextEdits(doc.text, result.edits), 'try {\n  throw "x";\n} catch (_e) {\n  print("failed");\n}\n');
  });

  it('renames the caught name with its uses, and marks it a parameter for semantic tokens', async () => {
    const doc = await parse('try {\n  throw "x";\n} catch (e) {\n  print(e);\n}\n');
    const renamed = renameMutations(doc, analyze(doc), doc.text.indexOf('e)'), 'problem');
    assert.ok(renamed.ok, renamed.ok ? '' : renamed.reason);
    const result = applyMutations(doc, renamed.mutations, idAllocator());
    assert.equal(applyTextEdits(doc.text, result.edits), 'try {\n  throw "x";\n} catch (problem) {\n  print(problem);\n}\n');
    const occurrences = nameOccurrences(doc, analyze(doc)).map((o) => ({ name: o.name, line: o.span.start.line, column: o.span.start.column, declaration: o.declaration, kind: o.symbol?.kind }));
    assert.deepEqual(occurrences, [
      { name: 'e', line: 3, column: 9, declaration: true, kind: 'parameter' },
      { name: 'print', line: 4, column: 2, declaration: false, kind: 'builtin' },
      { name: 'e', line: 4, column: 8, declaration: false, kind: 'parameter' },
    ]);
  });
});
