// Mutations (docs/AGENT-ENDPOINT.md: setProperty, updateNode, insertNode, deleteNode; batches
// are all or nothing) and the minimal text edits they turn into.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  ROLES,
  walk,
  NODE_RULES,
  type Block,
  type ForStatement,
  type FunctionDeclaration,
  type Node,
  type NodeType,
  type ObjectLiteral,
  type ReturnStatement,
  type TypeDeclaration,
  type VariableDeclaration,
  type Mutation,
  type NodeSpec,
} from '../../server/src/core/ast';
import { applyMutations, MutationError, type MutationResult } from '../../server/src/core/editing';
import type { TextEdit, WhetstoneDocument } from '../../server/src/core/syntax';
import { allNodes, declaration, parse, readRepoFile, repoRoot, shape } from '../helpers/core';

const SOURCE = [
  '// billing.wst',
  'use math.{round};',
  '',
  '/* Totals */',
  'fn total(items: list<number>, rate: number = 0.2): number {',
  '  let sum = 0;   // running sum',
  '  for x in items {',
  '    sum += x;',
  '  }',
  '',
  '  // apply the rate',
  '  return   round(sum * (1 + rate), 2);',
  '}',
  '',
  'type Point { x: number, y: number }',
  'let  origin = {};',
  '',
].join('\n');

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.startOffset - a.startOffset)) {
    out = out.slice(0, edit.startOffset) + edit.newText + out.slice(edit.endOffset);
  }
  return out;
}

function idAllocator(start = 10_000): () => string {
  let next = start;
  return () => `node_${next++}`;
}

/**
 * Applies the batch and checks what every result must satisfy: edits sorted and apart, the
 * original AST untouched, and the edited text parsing (without syntax errors) to the mutated AST.
 */
async function mutate(doc: WhetstoneDocument, mutations: Mutation[]): Promise<{ result: MutationResult; text: string }> {
  const before = JSON.stringify(doc.ast);
  const result = applyMutations(doc, mutations, idAllocator());
  assert.equal(JSON.stringify(doc.ast), before, 'the document AST must not change');
  result.edits.forEach((edit, k) => {
    if (k > 0) assert.ok(result.edits[k - 1].endOffset < edit.startOffset, 'edits are sorted and apart');
  });
  const text = applyEdits(doc.text, result.edits);
  const reparsed = await parse(text);
  assert.deepEqual(reparsed.syntaxDiagnostics, [], text);
  assert.deepEqual(shape(reparsed.ast), shape(result.ast), text);
  return { result, text };
}

const fn = (doc: WhetstoneDocument, name: string) => declaration(doc.ast, name) as FunctionDeclaration;

describe('mutations: text edits', () => {
  it('setProperty name renames a function by editing only its name', async () => {
    const doc = await parse(SOURCE);
    const { result, text } = await mutate(doc, [{ type: 'setProperty', nodeId: fn(doc, 'total').id, property: 'name', value: 'grandTotal' }]);
    assert.equal(text, SOURCE.replace('fn total(', 'fn grandTotal('));
    assert.equal(result.edits.length, 1);
    assert.ok(result.edits[0].endOffset - result.edits[0].startOffset <= 'total'.length);
    assert.deepEqual(result.changedNodeIds, [fn(doc, 'total').id]);
  });

  it('insertNode puts a statement on its own line at the index, indented like its siblings', async () => {
    const doc = await parse(SOURCE);
    const body = fn(doc, 'total').body;
    const { result, text } = await mutate(doc, [
      { type: 'insertNode', parentId: body.id, role: 'statements', index: 1, node: { type: 'VariableDeclaration', name: 'count', initializer: { type: 'Literal', value: 0 } } },
    ]);
    assert.equal(text, SOURCE.replace('  let sum = 0;   // running sum\n', '  let sum = 0;   // running sum\n  let count = 0;\n'));
    const inserted = result.ast.children
      .flatMap((child) => (child.type === 'FunctionDeclaration' ? child.body.statements : []))
      .find((s) => s.id === result.insertedNodeIds[0]) as VariableDeclaration;
    assert.deepEqual(
      { kind: inserted.kind, varType: inserted.varType, annotations: inserted.annotations },
      { kind: 'let', varType: null, annotations: [] },
      'omitted fields get their defaults',
    );
  });

  it('insertNode at index 0 and into a nested block uses that block’s indentation', async () => {
    const doc = await parse(SOURCE);
    const total = fn(doc, 'total');
    const loop = total.body.statements[1] as ForStatement;
    const { text } = await mutate(doc, [
      { type: 'insertNode', parentId: total.body.id, role: 'statements', index: 0, node: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'log' } } } },
      { type: 'insertNode', parentId: loop.body.id, role: 'statements', node: { type: 'ReturnStatement', value: { type: 'Literal', value: 42 } } },
    ]);
    assert.equal(
      text,
      SOURCE.replace('{\n  let sum', '{\n  log();\n  let sum').replace('    sum += x;\n', '    sum += x;\n    return 42;\n'),
    );
  });

  it('insertNode into an empty block or object literal fills it', async () => {
    const doc = await parse('fn f() {}\nlet o = {};\n');
    const f = fn(doc, 'f');
    const object = (doc.ast.children[1] as VariableDeclaration).initializer as ObjectLiteral;
    const { text } = await mutate(doc, [
      { type: 'insertNode', parentId: f.body.id, role: 'statements', node: { type: 'ReturnStatement' } },
      { type: 'insertNode', parentId: object.id, role: 'properties', node: { type: 'Property', key: 'k', value: { type: 'Literal', value: 'v' } } },
    ]);
    assert.equal(text, 'fn f() {\n  return;\n}\nlet o = { k: "v" };\n');
  });

  it('deleteNode removes the statement with its line and the comments attached to it', async () => {
    const doc = await parse(SOURCE);
    const statements = fn(doc, 'total').body.statements;
    const first = await mutate(doc, [{ type: 'deleteNode', nodeId: statements[0].id }]);
    assert.equal(first.text, SOURCE.replace('  let sum = 0;   // running sum\n', ''));
    assert.deepEqual(first.result.deletedNodeIds, [statements[0].id]);
    // The return goes with the comment above it and the blank line that separated them from the loop.
    const last = await mutate(doc, [{ type: 'deleteNode', nodeId: statements[2].id }]);
    assert.equal(last.text, SOURCE.replace('  }\n\n  // apply the rate\n  return   round(sum * (1 + rate), 2);\n', '  }\n'));
  });

  it('deleteNode of a top-level declaration leaves one blank line between its neighbours', async () => {
    const doc = await parse('fn a() {}\n\nfn b() {}\n\nfn c() {}\n');
    const { text } = await mutate(doc, [{ type: 'deleteNode', nodeId: fn(doc, 'b').id }]);
    assert.equal(text, 'fn a() {}\n\nfn c() {}\n');
  });

  it('updateNode properties (async, returnType) changes only the header', async () => {
    const doc = await parse(SOURCE);
    const { result, text } = await mutate(doc, [
      { type: 'updateNode', nodeId: fn(doc, 'total').id, properties: { async: true, returnType: 'list< number >' } },
    ]);
    assert.equal(text, SOURCE.replace('fn total(', 'async fn total(').replace('): number {', '): list<number> {'));
    const changed = result.ast.children.find((c) => c.id === fn(doc, 'total').id) as FunctionDeclaration;
    assert.equal(changed.returnType, 'list<number>', 'type strings are stored in canonical spelling');
    for (const edit of result.edits) assert.ok(edit.endOffset - edit.startOffset <= 'number'.length);
  });

  it('updateNode node replaces an expression, adding the parentheses the context needs', async () => {
    const doc = await parse('let y = x * 2;\n');
    const x = allNodes(doc.ast).find((n) => n.type === 'Identifier' && n.name === 'x') as Node;
    const { result, text } = await mutate(doc, [
      {
        type: 'updateNode',
        nodeId: x.id,
        node: { type: 'BinaryExpression', operator: '+', left: { type: 'Identifier', name: 'a' }, right: { type: 'Identifier', name: 'b' } },
      },
    ]);
    assert.equal(text, 'let y = (a + b) * 2;\n');
    assert.ok(allNodes(result.ast).some((n) => n.id === x.id && n.type === 'BinaryExpression'), 'the replacement keeps the id');
  });

  it('edits bracketed lists in place: parameters, arguments, fields', async () => {
    const doc = await parse(SOURCE);
    const total = fn(doc, 'total');
    const call = allNodes(doc.ast).find((n) => n.type === 'CallExpression') as Node & { type: 'CallExpression' };
    const point = declaration(doc.ast, 'Point') as TypeDeclaration;
    const { text } = await mutate(doc, [
      { type: 'deleteNode', nodeId: total.parameters[1].id },
      { type: 'insertNode', parentId: total.id, role: 'parameters', node: { type: 'Parameter', name: 'digits', paramType: 'number' } },
      { type: 'insertNode', parentId: call.id, role: 'arguments', index: 0, node: { type: 'Identifier', name: 'mode' } },
      { type: 'insertNode', parentId: point.id, role: 'fields', node: { type: 'Field', name: 'z', fieldType: 'number?' } },
    ]);
    assert.equal(
      text,
      SOURCE.replace('rate: number = 0.2', 'digits: number')
        .replace('round(sum', 'round(mode, sum')
        .replace('y: number }', 'y: number, z: number? }'),
    );
  });

  it('adds and removes annotations on lines of their own', async () => {
    const doc = await parse('@semantic(pure)\nfn a() {}\n\nfn b() {\n  let x = 1;\n}\n');
    const b = fn(doc, 'b');
    const { text } = await mutate(doc, [
      { type: 'deleteNode', nodeId: fn(doc, 'a').annotations[0].id },
      { type: 'insertNode', parentId: b.id, role: 'annotations', node: { type: 'Annotation', annotationType: 'performance', strategy: 'cache', reason: 'hot' } },
      { type: 'insertNode', parentId: b.body.statements[0].id, role: 'annotations', node: { type: 'Annotation', annotationType: 'memory', strategy: 'scope' } },
    ]);
    assert.equal(text, 'fn a() {}\n\n@performance(cache, reason: "hot")\nfn b() {\n  @memory(scope)\n  let x = 1;\n}\n');
  });

  it('keeps comments inside and around re-printed nodes byte for byte', async () => {
    const text = 'fn f(a) { // opening\n  /* keep */ return a; // why\n}\n';
    const doc = await parse(text);
    const f = fn(doc, 'f');
    const { text: after } = await mutate(doc, [
      { type: 'setProperty', nodeId: f.id, property: 'name', value: 'g' },
      { type: 'setProperty', nodeId: f.parameters[0].id, property: 'name', value: 'b' },
      { type: 'setProperty', nodeId: ((f.body.statements[0] as ReturnStatement).value as Node).id, property: 'name', value: 'b' },
    ]);
    assert.equal(after, 'fn g(b) { // opening\n  /* keep */ return b; // why\n}\n');
  });

  it('combines a mixed batch into one set of edits against the original text', async () => {
    const doc = await parse(SOURCE);
    const total = fn(doc, 'total');
    const { result, text } = await mutate(doc, [
      { type: 'setProperty', nodeId: total.id, property: 'name', value: 'sumAll' },
      { type: 'insertNode', parentId: total.body.id, role: 'statements', index: 2, node: { type: 'ExpressionStatement', expression: { type: 'Identifier', name: 'sum' } } },
      { type: 'insertNode', parentId: total.body.id, role: 'statements', index: 2, node: { type: 'BreakStatement' } },
      { type: 'deleteNode', nodeId: total.body.statements[0].id },
      { type: 'setProperty', nodeId: (doc.ast.children[3] as VariableDeclaration).id, property: 'kind', value: 'const' },
    ]);
    assert.equal(result.insertedNodeIds.length, 2);
    // Each insert applies to the tree the previous mutations left: the second lands before the first.
    const body = (result.ast.children[1] as FunctionDeclaration).body.statements.map((s) => s.type);
    assert.deepEqual(body, ['ForStatement', 'BreakStatement', 'ExpressionStatement', 'ReturnStatement']);
    assert.ok(text.includes('\nconst origin = {};\n'), 'the changed declaration is re-printed');
    assert.ok(text.includes('  return   round(sum * (1 + rate), 2);\n'), 'an unchanged statement survives byte for byte');
    assert.ok(text.startsWith('// billing.wst\nuse math.{round};\n\n/* Totals */\nfn sumAll('));
  });

  it('setProperty value of a literal re-spells it', async () => {
    const doc = await parse('let s = "a";\nlet n = 1.0;\n');
    const literals = allNodes(doc.ast).filter((n) => n.type === 'Literal');
    const { text } = await mutate(doc, [
      { type: 'setProperty', nodeId: literals[0].id, property: 'value', value: 'say "hi"' },
      { type: 'setProperty', nodeId: literals[1].id, property: 'value', value: 2.5 },
    ]);
    assert.equal(text, 'let s = "say \\"hi\\"";\nlet n = 2.5;\n');
  });

  it('writes new lines with the document’s line breaks', async () => {
    const doc = await parse('fn f() {\r\n  a();\r\n}\r\n');
    const { text } = await mutate(doc, [
      { type: 'insertNode', parentId: fn(doc, 'f').body.id, role: 'statements', node: { type: 'IfStatement', condition: { type: 'Identifier', name: 'c' } } },
    ]);
    assert.equal(text, 'fn f() {\r\n  a();\r\n  if c {}\r\n}\r\n');
  });

  it('gives the document what it needs to keep the ids of inserted nodes', async () => {
    const doc = await parse(SOURCE);
    const result = applyMutations(
      doc,
      [{ type: 'insertNode', parentId: fn(doc, 'total').body.id, role: 'statements', index: 0, node: { type: 'BreakStatement' } }],
      idAllocator(),
    );
    doc.applyEdits(result.edits, { expected: result.ast });
    assert.equal(doc.nodeById(result.insertedNodeIds[0])?.type, 'BreakStatement');
  });
});

describe('mutations: validation', () => {
  it('a batch whose second mutation is invalid changes nothing and names index 1', async () => {
    const doc = await parse(SOURCE);
    const before = JSON.stringify(doc.ast);
    const text = doc.text;
    assert.throws(
      () =>
        applyMutations(
          doc,
          [
            { type: 'setProperty', nodeId: fn(doc, 'total').id, property: 'name', value: 'fine' },
            { type: 'setProperty', nodeId: fn(doc, 'total').id, property: 'name', value: 'not valid' },
          ],
          idAllocator(),
        ),
      (error: unknown) => {
        assert.ok(error instanceof MutationError);
        assert.equal(error.index, 1);
        assert.match(error.message, /^mutations\[1\] \(setProperty\): .*'name'.*identifier/);
        return true;
      },
    );
    assert.equal(JSON.stringify(doc.ast), before);
    assert.equal(doc.text, text);
  });

  it('refuses each kind of bad mutation with a message that names the problem', async () => {
    const doc = await parse(SOURCE);
    const total = fn(doc, 'total');
    const body: Block = total.body;
    const ret = body.statements[2] as ReturnStatement;
    const origin = doc.ast.children[3] as VariableDeclaration;
    const cases: [Mutation, RegExp][] = [
      [{ type: 'deleteNode', nodeId: 'node_999999' }, /no node node_999999/],
      [{ type: 'setProperty', nodeId: total.id, property: 'colour', value: 1 }, /FunctionDeclaration has no property 'colour'; its properties are: name, async, returnType/],
      [{ type: 'setProperty', nodeId: total.id, property: 'body', value: {} }, /'body' of FunctionDeclaration holds a node \(a role\)/],
      [{ type: 'setProperty', nodeId: total.id, property: 'name', value: 'while' }, /'name' must be an identifier/],
      [{ type: 'setProperty', nodeId: total.id, property: 'name', value: '9lives' }, /'name' must be an identifier/],
      [{ type: 'setProperty', nodeId: total.id, property: 'async', value: 'yes' }, /'async' must be true or false/],
      [{ type: 'setProperty', nodeId: total.id, property: 'returnType', value: 'list<' }, /'returnType' must be a type/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'Parameter', name: 'p' } }, /a Parameter cannot go into 'statements' of Block: it takes a statement/],
      [{ type: 'insertNode', parentId: body.id, role: 'children', node: { type: 'BreakStatement' } }, /Block has no role 'children'; its roles are: statements/],
      [{ type: 'insertNode', parentId: total.id, role: 'name', node: { type: 'Identifier', name: 'x' } }, /'name' of FunctionDeclaration is a plain property, not a role/],
      [{ type: 'insertNode', parentId: ret.id, role: 'value', node: { type: 'Identifier', name: 'x' } }, /'value' of ReturnStatement .* already holds/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', index: 9, node: { type: 'BreakStatement' } }, /'index' must be an integer from 0 to 3/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'VariableDeclaration', name: 5 } }, /node\.name must be an identifier/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'VariableDeclaration' } }, /node\.name is required/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'ReturnStatement', value: { type: 'Literal', value: 1 }, colour: 2 } }, /ReturnStatement has no field 'colour'/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'ReturnStatement', value: { type: 'Block' } } }, /node\.value: a Block cannot go into 'value' of ReturnStatement/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'ReturnStatement', value: { type: 'Literal', value: -1 } } }, /node\.value\.value must be a number \(not negative/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'Frobnicate' } }, /unknown node type "Frobnicate"/],
      [{ type: 'insertNode', parentId: body.id, role: 'statements', node: { type: 'VariableDeclaration', name: 'c', kind: 'const' } }, /a const needs an initializer/],
      [{ type: 'deleteNode', nodeId: total.body.id }, /'body' of FunctionDeclaration is required/],
      [{ type: 'deleteNode', nodeId: doc.ast.id }, /the Program cannot be deleted/],
      [{ type: 'updateNode', nodeId: origin.id }, /give 'node' .* or 'properties'/],
      [{ type: 'updateNode', nodeId: origin.id, properties: { kind: 'var' } }, /'kind' must be one of "let", "const"/],
      [{ type: 'updateNode', nodeId: ret.id, node: { type: 'FunctionDeclaration', name: 'g' } }, /a FunctionDeclaration cannot take the place of/],
      [{ type: 'frobnicate' } as unknown as Mutation, /unknown mutation type "frobnicate"/],
    ];
    for (const [mutation, message] of cases) {
      assert.throws(
        () => applyMutations(doc, [mutation], idAllocator()),
        (error: unknown) => error instanceof MutationError && error.index === 0 && message.test(error.message),
        `${JSON.stringify(mutation)} should fail with ${message}`,
      );
    }
  });

  it('explains how to write a negative number and names a node removed earlier in the batch', async () => {
    const doc = await parse(SOURCE);
    const statement = fn(doc, 'total').body.statements[0];
    assert.throws(
      () => applyMutations(doc, [{ type: 'deleteNode', nodeId: statement.id }, { type: 'deleteNode', nodeId: statement.id }], idAllocator()),
      (error: unknown) => error instanceof MutationError && error.index === 1 && /removed by mutations\[0\]/.test(error.message),
    );
    const literal = allNodes(doc.ast).find((n) => n.type === 'Literal') as Node;
    assert.throws(
      () => applyMutations(doc, [{ type: 'setProperty', nodeId: literal.id, property: 'value', value: -3 }], idAllocator()),
      (error: unknown) => error instanceof MutationError && error.hint !== undefined && error.hint.includes('UnaryExpression'),
    );
  });

  it('knows the roles of every node type exactly as ROLES lists them', () => {
    for (const type of Object.keys(ROLES) as NodeType[]) {
      assert.deepEqual(Object.keys(NODE_RULES[type].roles).sort(), ROLES[type].map((r) => r.name).sort(), type);
    }
  });
});

describe('mutations over the corpus', () => {
  /** Renames, deletions and insertions at both ends of every list, file by file. */
  const SPECS: Record<string, NodeSpec> = {
    statements: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'log' } } },
    children: { type: 'VariableDeclaration', name: 'added', initializer: { type: 'Literal', value: 'x' } },
    parameters: { type: 'Parameter', name: 'p', paramType: 'number' },
    arguments: { type: 'Identifier', name: 'arg' },
    elements: { type: 'Literal', value: 7 },
    properties: { type: 'Property', key: 'k', value: { type: 'Literal', value: true } },
    fields: { type: 'Field', name: 'f', fieldType: 'list<number>' },
    annotations: { type: 'Annotation', annotationType: 'semantic', strategy: 'pure' },
  };
  const NAMES: Partial<Record<NodeType, string>> = {
    TypeDeclaration: 'name',
    Field: 'name',
    FunctionDeclaration: 'name',
    Parameter: 'name',
    VariableDeclaration: 'name',
    Identifier: 'name',
    Property: 'key',
    ForStatement: 'iterator',
    MemberExpression: 'property',
  };
  const dir = join(repoRoot, 'test/fixtures/corpus');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.wst')).sort() : [];
  files.push('../../../examples/orders.wst');

  for (const file of files) {
    it(`${file}: edited text reparses to the mutated AST and keeps the other comments`, async (t) => {
      const doc = await parse(readRepoFile('test/fixtures/corpus', file));
      if (doc.syntaxDiagnostics.length > 0) {
        t.skip('the sample has syntax errors');
        return;
      }
      const batches: Mutation[][] = [];
      walk(doc.ast, (node) => {
        const name = NAMES[node.type];
        if (name) batches.push([{ type: 'setProperty', nodeId: node.id, property: name, value: 'renamed' }]);
        if (node.type !== 'Program') batches.push([{ type: 'deleteNode', nodeId: node.id }]);
        for (const role of ROLES[node.type]) {
          const spec = SPECS[role.name];
          if (!role.list || !spec) continue;
          const length = (node as unknown as Record<string, Node[]>)[role.name].length;
          for (const index of new Set([0, length])) {
            batches.push([{ type: 'insertNode', parentId: node.id, role: role.name, index, node: spec }]);
          }
        }
      });
      for (const batch of batches) {
        let result: MutationResult;
        try {
          result = applyMutations(doc, batch, idAllocator());
        } catch (error) {
          if (error instanceof MutationError) continue; // e.g. deleting a required part
          throw error;
        }
        const text = applyEdits(doc.text, result.edits);
        const reparsed = await parse(text);
        const what = `${JSON.stringify(batch)}\n${text}`;
        assert.deepEqual(reparsed.syntaxDiagnostics, [], what);
        assert.deepEqual(shape(reparsed.ast), shape(result.ast), what);
        if (batch[0].type !== 'deleteNode') {
          const texts = (c: readonly { text: string }[]) => c.map((x) => x.text.trimEnd()).sort();
          assert.deepEqual(texts(reparsed.comments), texts(doc.comments), what);
        }
      }
    });
  }
});
