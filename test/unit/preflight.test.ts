// What the agent endpoint checks before an edit reaches a buffer (core/editing/preflight.ts,
// core/syntax/text-edits.ts, core/editing/mutation-impact.ts, core/editing/library-policy.ts):
// inverse edits restore the text exactly; the syntax preflight finds exactly the errors an edit
// adds, reported where they are in the whole document; destructive changes are recognised by
// their effect;
// introduced calls are classified.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Mutation, FunctionDeclaration } from '../../server/src/core/ast';
import {
  applyMutations,
  describeUnknownFunctions,
  importMutations,
  introducedUses,
  reviewChange,
  destructiveTargets,
  addedSyntaxErrors,
} from '../../server/src/core/editing';
import { LibraryIndex, readLibraryContext, analyze } from '../../server/src/core/semantics';
import { applyTextEdits, invertEdits, type TextEdit } from '../../server/src/core/syntax';
import { declaration, parse, readRepoFile } from '../helpers/core';

const LIBRARY = new LibraryIndex(readLibraryContext(JSON.parse(readRepoFile('test', 'fixtures', 'agent', 'library.json'))));

describe('text edits', () => {
  it('invertEdits undoes any set of edits byte for byte', () => {
    const editsOf = (text: string) =>
      fc
        .uniqueArray(fc.integer({ min: 0, max: text.length }), { maxLength: 8 })
        .chain((cuts) => {
          const points = [...cuts].sort((a, b) => a - b);
          // Pairs of points give apart ranges (an empty range is an insertion).
          const ranges: [number, number][] = [];
          for (let i = 0; i + 1 < points.length; i += 2) ranges.push([points[i], points[i + 1]]);
          return fc.tuple(...ranges.map(([start, end]) => fc.string({ maxLength: 6 }).map((newText): TextEdit => ({ startOffset: start, endOffset: end, newText }))));
        });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).chain((text) => fc.tuple(fc.constant(text), editsOf(text))),
        ([text, edits]) => {
          const apart = edits.every((edit, k) => k === 0 || edits[k - 1].endOffset < edit.startOffset);
          fc.pre(apart);
          const changed = applyTextEdits(text, edits);
          assert.equal(applyTextEdits(changed, invertEdits(text, edits)), text);
        },
      ),
    );
  });
});

describe('syntax preflight', () => {
  const SOURCE = ['fn a(): number {', '  return 1;', '}', '', 'fn b(): number {', '  return 2;', '}', '', 'let c = 3;', ''].join('\n');

  it('finds no error in a clean edit, and reports an added one at its place in the whole document', async () => {
    const doc = await parse(SOURCE);
    const at = SOURCE.indexOf('return 2;');
    assert.deepEqual(addedSyntaxErrors(doc, [{ startOffset: at + 7, endOffset: at + 8, newText: '20' }]), []);
    const broken = addedSyntaxErrors(doc, [{ startOffset: at + 8, endOffset: at + 9, newText: '' }]);
    assert.equal(broken.length, 1);
    assert.equal(broken[0].code, 'E_SYNTAX');
    assert.equal(broken[0].line, 6, 'the line in the document, not in the fragment checked');
  });

  it('does not count errors the buffer had already, and sees errors an insertion between items adds', async () => {
    const text = `${SOURCE}let d = ;\n`;
    const doc = await parse(text);
    assert.equal(doc.syntaxDiagnostics.length, 1);
    const at = text.indexOf('return 1;');
    assert.deepEqual(addedSyntaxErrors(doc, [{ startOffset: at + 7, endOffset: at + 8, newText: '10' }]), [], 'the old error elsewhere is not new');
    const between = text.indexOf('\nfn b');
    assert.equal(addedSyntaxErrors(doc, [{ startOffset: between, endOffset: between, newText: '\nlet e = (;\n' }]).length, 1);
  });

  it('a rename of names (edits of part of a name, as the engine makes them) adds nothing, unless a name becomes a keyword or a number', async () => {
    const text = 'use lists.{sumAll};\nfn total(types: list<number>): number {\n  let sums = sumAll(types);\n  return sums;\n}\n';
    const doc = await parse(text);
    const all = (name: string, from: string, to: string): TextEdit[] => {
      const edits: TextEdit[] = [];
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) edits.push({ startOffset: at + name.indexOf(from), endOffset: at + name.indexOf(from) + from.length, newText: to });
      return edits;
    };
    assert.deepEqual(addedSyntaxErrors(doc, all('sumAll', 'All', 'Every')), []);
    assert.equal(addedSyntaxErrors(doc, all('types', 's', '')).length > 0, true, "'types' made 'type', a keyword");
    assert.equal(addedSyntaxErrors(doc, all('sums', 'sums', '2sums')).length > 0, true, 'a name made to start with a digit');
    assert.equal(addedSyntaxErrors(doc, [{ startOffset: text.indexOf('sums'), endOffset: text.indexOf('sums') + 4, newText: 'a b' }]).length > 0, true, 'a name split in two');
  });
});

describe('destructive changes, judged by their effect on the tree', () => {
  const SOURCE = 'use math.{round, clamp};\nfn f(x: number): number {\n  let y = x;\n  for i in [1, 2] {\n    y = y + i;\n  }\n  return round(y + 1);\n}\nfn g() {\n}\n';

  /** The targets of `mutations` (one batch) as [op, nodeId, what], with the nodes they name. */
  async function targetsOf(build: (nodes: ReturnType<typeof nodesOf>) => Mutation[]): Promise<{ targets: string[][]; nodes: ReturnType<typeof nodesOf> }> {
    const doc = await parse(SOURCE);
    const nodes = nodesOf(doc.ast);
    const mutations = build(nodes);
    let n = 0;
    const result = applyMutations(doc, mutations, () => `node_new_${++n}`);
    return { targets: destructiveTargets(doc, result, mutations).map((t) => [t.op, t.nodeId, t.what]), nodes };
  }

  function nodesOf(ast: Parameters<typeof declaration>[0]) {
    const f = declaration(ast, 'f') as FunctionDeclaration;
    const [letY, loop, ret] = f.body.statements;
    if (loop.type !== 'ForStatement' || ret.type !== 'ReturnStatement') throw new Error('unexpected source');
    return { f, g: declaration(ast, 'g') as FunctionDeclaration, importDecl: ast.children[0], letY, loop, ret };
  }

  it('deleting or replacing a statement or declaration, by any kind, is destructive; the outermost node stands for what it held', async () => {
    const { targets, nodes } = await targetsOf(({ letY, loop, f }) => [
      { type: 'deleteNode', nodeId: letY.id },
      { type: 'updateNode', nodeId: loop.id, node: { type: 'BreakStatement' } },
      { type: 'deleteNode', nodeId: f.parameters[0].id },
    ]);
    assert.deepEqual(targets, [
      ['deleteNode', nodes.f.parameters[0].id, 'Parameter x'],
      ['deleteNode', nodes.letY.id, 'VariableDeclaration y'],
      ['updateNode', nodes.loop.id, 'ForStatement'],
    ]);
    const body = await targetsOf(({ f, letY }) => [
      { type: 'deleteNode', nodeId: letY.id },
      { type: 'updateNode', nodeId: f.body.id, node: { type: 'Block' } },
    ]);
    assert.deepEqual(body.targets, [['updateNode', body.nodes.f.body.id, 'Block (with VariableDeclaration y)']], 'the replaced body covers the statement deleted inside it');
    const loopBody = await targetsOf(({ loop }) => [{ type: 'updateNode', nodeId: loop.type === 'ForStatement' ? loop.body.id : '', node: { type: 'Block' } }]);
    assert.equal(loopBody.targets.length, 1);
    assert.match(loopBody.targets[0][2], /^Block \(with AssignmentStatement\)$/);
    const statement = await targetsOf(({ ret }) => [{ type: 'updateNode', nodeId: ret.id, node: { type: 'ReturnStatement' } }]);
    assert.deepEqual(statement.targets, [['updateNode', statement.nodes.ret.id, 'ReturnStatement']]);
  });

  it('dropping an imported name is destructive, with the op the agent used', async () => {
    const set = await targetsOf(({ importDecl }) => [{ type: 'setProperty', nodeId: importDecl.id, property: 'names', value: ['round'] }]);
    assert.deepEqual(set.targets, [['setProperty', set.nodes.importDecl.id, 'names imported by ImportDeclaration math']]);
    const update = await targetsOf(({ importDecl }) => [{ type: 'updateNode', nodeId: importDecl.id, properties: { names: ['clamp'] } }]);
    assert.deepEqual(update.targets, [['updateNode', update.nodes.importDecl.id, 'names imported by ImportDeclaration math']]);
  });

  it('renames, property edits, inserts, replaced expressions, an emptied empty block and the batch\'s own nodes are not', async () => {
    const { targets } = await targetsOf(({ f, g, importDecl, letY, ret }) => [
      { type: 'setProperty', nodeId: f.id, property: 'name', value: 'h' },
      { type: 'setProperty', nodeId: importDecl.id, property: 'names', value: ['round', 'clamp', 'cbrt'] },
      { type: 'updateNode', nodeId: letY.type === 'VariableDeclaration' && letY.initializer ? letY.initializer.id : '', node: { type: 'Literal', value: 2 } },
      { type: 'updateNode', nodeId: ret.type === 'ReturnStatement' && ret.value ? ret.value.id : '', node: { type: 'Literal', value: 0 } },
      { type: 'updateNode', nodeId: g.body.id, node: { type: 'Block' } },
      { type: 'insertNode', parentId: g.body.id, role: 'statements', node: { type: 'ExpressionStatement', expression: { type: 'Literal', value: 1 } } },
      { type: 'deleteNode', nodeId: 'node_new_4' },
    ]);
    assert.deepEqual(targets, []);
  });
});

describe('library policy of a change', () => {
  const SOURCE = 'use math.{round};\nuse http;\nfn f(x: number): number {\n  return round(x);\n}\n';

  async function review(mutations: Mutation[]) {
    const doc = await parse(SOURCE);
    let n = 0;
    const result = applyMutations(doc, mutations, () => `node_t${++n}`);
    return { doc, result, review: reviewChange((id) => doc.nodeById(id), result.ast, () => analyze(result.ast, { library: LIBRARY }), LIBRARY) };
  }

  const callStatement = (doc: Awaited<ReturnType<typeof parse>>, callee: unknown, index = 0): Mutation => ({
    type: 'insertNode',
    parentId: (declaration(doc.ast, 'f') as FunctionDeclaration).body.id,
    role: 'statements',
    index,
    node: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee, arguments: [{ type: 'Literal', value: 1 }] } },
  });

  it('classifies each introduced call by where its function comes from', async () => {
    const doc = await parse(SOURCE);
    const { review: r } = await review([
      callStatement(doc, { type: 'Identifier', name: 'round' }),
      callStatement(doc, { type: 'Identifier', name: 'cbrt' }),
      callStatement(doc, { type: 'Identifier', name: 'print' }),
      callStatement(doc, { type: 'Identifier', name: 'f' }),
      callStatement(doc, { type: 'MemberExpression', property: 'fetchJson', object: { type: 'Identifier', name: 'http' } }),
      callStatement(doc, { type: 'Identifier', name: 'rond' }),
    ]);
    assert.deepEqual(
      r.calls.map((c) => [c.callee, c.origin, c.module]),
      [
        ['rond', 'unknown', null],
        ['http.fetchJson', 'imported', 'http'],
        ['f', 'declared', null],
        ['print', 'builtin', null],
        ['cbrt', 'library', 'math'],
        ['round', 'imported', 'math'],
      ],
    );
    assert.deepEqual(r.unknownFunctions, ['rond']);
    assert.equal(r.didYouMean.rond, 'round');
    assert.deepEqual(r.missingImports, [{ module: 'math', name: 'cbrt' }]);
    assert.match(describeUnknownFunctions(r, true) ?? '', /'rond' \(did you mean 'round'\?\) is neither defined in this buffer nor in the library/);
  });

  it('blocks what the policy blocks, whether imported, qualified or bare', async () => {
    const doc = await parse(SOURCE);
    const { review: r } = await review([
      callStatement(doc, { type: 'MemberExpression', property: 'fetchRaw', object: { type: 'Identifier', name: 'http' } }),
      callStatement(doc, { type: 'Identifier', name: 'eval' }),
      callStatement(doc, { type: 'Identifier', name: 'exec' }),
      { type: 'setProperty', nodeId: doc.ast.children[0].id, property: 'names', value: ['round', 'cbrt'] },
    ]);
    assert.deepEqual(
      r.blocked.map((b) => b.reason),
      [
        "the library policy blocks the module 'os'",
        "the library policy blocks 'eval'",
        "the library policy blocks 'http.fetchRaw'",
      ],
    );
  });

  it('a call whose callee did not change is not introduced; import mutations extend or add a use', async () => {
    const doc = await parse(SOURCE);
    const call = (declaration(doc.ast, 'f') as FunctionDeclaration).body.statements[0];
    assert.equal(call.type, 'ReturnStatement');
    const { result } = await review([{ type: 'updateNode', nodeId: call.value?.type === 'CallExpression' ? call.value.arguments[0].id : '', node: { type: 'Literal', value: 2 } }]);
    assert.deepEqual(introducedUses((id) => doc.nodeById(id), result.ast).calls, []);
    assert.deepEqual(importMutations(doc.ast, [{ module: 'math', name: 'cbrt' }, { module: 'text', name: 'slugify' }]), [
      { type: 'setProperty', nodeId: doc.ast.children[0].id, property: 'names', value: ['round', 'cbrt'] },
      { type: 'insertNode', parentId: doc.ast.id, role: 'children', index: 2, node: { type: 'ImportDeclaration', module: 'text', names: ['slugify'] } },
    ]);
  });
});
