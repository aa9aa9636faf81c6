// Which plans "Approve similar" may cover (standing-approvals.ts), on real buffers: only steps inside
// function bodies, one kind per file, never a top-level item or any part of a declaration's
// signature; and the file each target is shown in (plan-display.ts shortPath).
import * as assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { walk, type Node } from '../../server/src/core/ast';
import { shortPath } from '../../server/src/agent/plans/plan-display';
import { similarKind } from '../../server/src/agent/plans/standing-approvals';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';

const SOURCE = [
  'type Point { x: number, y: number }',
  '',
  '@performance(cache)',
  'fn total(xs: list<number>, start: number = 0): number {',
  '  let sum = start;',
  '  for x in xs {',
  '    let doubled = x * 2;',
  '    sum = sum + doubled;',
  '  }',
  '  let pick = fn(p: Point): number => p.x;',
  '  return sum;',
  '}',
  '',
  'let limit = 3;',
  'print(total([1, 2]));',
  '',
].join('\n');

const A = 'file:///work/a/main.wst';
const B = 'file:///work/b/main.wst';

before(async () => {
  await loadGrammar();
});

function find(workspace: Workspace, uri: string, test: (node: Node) => boolean, what = 'the node'): Node {
  const nodes: Node[] = [];
  walk(workspace.get(uri)!.document.ast, (node) => nodes.push(node));
  const found = nodes.find(test);
  assert.ok(found, `${what} is in the buffer`);
  return found;
}

const named = (type: string, name: string) => (node: Node) => node.type === type && 'name' in node && node.name === name;

describe('similarKind', () => {
  const workspace = new Workspace();
  before(() => {
    workspace.open(A, SOURCE);
    workspace.open(B, SOURCE);
    workspace.setActive(A);
  });

  it('offers a kind for statements inside a function body, at any depth, naming the file', () => {
    const sum = find(workspace, A, named('VariableDeclaration', 'sum')).id;
    const doubled = find(workspace, A, named('VariableDeclaration', 'doubled')).id;
    const kind = similarKind(workspace, [
      { op: 'deleteNode', nodeId: sum, uri: A },
      { op: 'deleteNode', nodeId: doubled, uri: A },
    ]);
    assert.deepEqual(kind, { kind: `deleteNode local VariableDeclaration in ${A}`, label: 'delete variables inside functions of a/main.wst' });
  });

  it('gives the same step in another file another kind, and none to a plan over two files', () => {
    const sumA = find(workspace, A, named('VariableDeclaration', 'sum')).id;
    const sumB = find(workspace, B, named('VariableDeclaration', 'sum')).id;
    assert.equal(similarKind(workspace, [{ op: 'deleteNode', nodeId: sumB, uri: B }])?.kind, `deleteNode local VariableDeclaration in ${B}`);
    assert.equal(
      similarKind(workspace, [
        { op: 'deleteNode', nodeId: sumA, uri: A },
        { op: 'deleteNode', nodeId: sumB, uri: B },
      ]),
      undefined,
    );
  });

  it('offers none for a top-level item or any part of a signature', () => {
    const cases: [string, (node: Node) => boolean][] = [
      ['a function', named('FunctionDeclaration', 'total')],
      ['a type', named('TypeDeclaration', 'Point')],
      ['a field of a type', named('Field', 'x')],
      ['a parameter of a top-level function', named('Parameter', 'xs')],
      ['a parameter with a default', named('Parameter', 'start')],
      ['a parameter\'s default value', (node) => node.type === 'Literal' && workspace.get(A)!.document.parentOf(node.id)?.type === 'Parameter'],
      ['an annotation of a function', (node) => node.type === 'Annotation'],
      ['a function\'s whole body', (node) => node.type === 'Block' && workspace.get(A)!.document.parentOf(node.id)?.type === 'FunctionDeclaration'],
      ['a lambda\'s parameter', named('Parameter', 'p')],
      ['a top-level variable', named('VariableDeclaration', 'limit')],
      ['a top-level statement', (node) => node.type === 'ExpressionStatement' && workspace.get(A)!.document.parentOf(node.id)?.type === 'Program'],
    ];
    for (const [what, test] of cases) {
      const node = find(workspace, A, test, what);
      for (const op of ['deleteNode', 'updateNode', 'setProperty']) {
        assert.equal(similarKind(workspace, [{ op, nodeId: node.id, uri: A }]), undefined, `${op} of ${what}`);
      }
    }
  });
});

describe('shortPath', () => {
  it('names a file by its name, with as many folders as tell it from the other open files', () => {
    const workspace = new Workspace();
    workspace.open(A, SOURCE);
    workspace.open('file:///work/orders.wst', SOURCE);
    assert.equal(shortPath('file:///work/orders.wst', workspace), 'orders.wst');
    assert.equal(shortPath(A, workspace), 'main.wst');
    workspace.open(B, SOURCE);
    assert.equal(shortPath(A, workspace), 'a/main.wst');
    assert.equal(shortPath('file:///work/my%20dir/x.wst', workspace), 'x.wst', 'decoded');
  });
});
