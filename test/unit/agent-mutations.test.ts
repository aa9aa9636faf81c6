// applyMutation, applyBatch and undo driven directly on real files through the headless host
// (docs/AGENT-ENDPOINT.md "Revisions and conflicts", "Plans"): results, one edit per change, all or
// nothing with the file's bytes unchanged on failure, conflicts, previews, the syntax refusal,
// strict mode, destructive operations behind approved plans, and undo.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, it } from 'node:test';
import { ErrorCode } from '../../server/src/agent/errors';
import { METHODS_BY_NAME } from '../../server/src/agent/methods/index';
import { takeApprovedPlan } from '../../server/src/agent/plans/plan-gate';
import { planStoreOf } from '../../server/src/agent/plans/plan-store';
import { SocketSession } from '../../server/src/websocket/socket-session';
import type { FunctionDeclaration, Node, Program, VariableDeclaration } from '../../server/src/core/ast';
import { readLibraryContext } from '../../server/src/core/semantics';
import { applyTextEdits } from '../../server/src/core/syntax';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { allNodes, readRepoFile } from '../helpers/core';

const ORDERS = readRepoFile('test', 'fixtures', 'agent', 'orders.wst');

interface MutationResult {
  success: boolean;
  appliedCount?: number;
  warning: string | null;
  libraryWarning: string | null;
  unknownFunctions: string[];
  revision: number;
  changedNodeIds: string[];
  insertedNodeIds: string[];
  diagnostics: { code: string; severity: string }[];
  uri: string;
}

function ast(f: AgentFixture, name = 'orders.wst'): Program {
  const buffer = f.workspace.get(f.uri(name));
  assert.ok(buffer);
  return buffer.document.ast;
}

function fn(f: AgentFixture, name: string, file = 'orders.wst'): FunctionDeclaration {
  const found = ast(f, file).children.find((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration' && child.name === name);
  assert.ok(found, `function ${name}`);
  return found;
}

function revision(f: AgentFixture, name = 'orders.wst'): number {
  return f.workspace.get(f.uri(name))?.revision ?? -1;
}

describe('applyMutation', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('renames with setProperty: one edit of the name, on disk, with revision, changed ids and the new errors as a warning', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'calculateTotal');
    const result = await f.call<MutationResult>('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'calculateTotalOptimized' });
    assert.equal(result.success, true);
    assert.equal(result.revision, 2);
    assert.equal(result.uri, f.uri('orders.wst'));
    assert.deepEqual(result.changedNodeIds, [target.id]);
    assert.deepEqual(result.insertedNodeIds, []);
    assert.equal(result.libraryWarning, null);
    assert.deepEqual(result.unknownFunctions, []);
    const expected = ORDERS.replace('fn calculateTotal(', 'fn calculateTotalOptimized(');
    assert.equal(f.disk('orders.wst'), expected, 'only the declaration\'s name changed, on disk');
    assert.equal(fn(f, 'calculateTotalOptimized').id, target.id, 'the id survives the rename');
    // The top-level call still says calculateTotal: a new semantic error, applied and reported.
    assert.match(result.warning ?? '', /1 semantic error: E_UNDEFINED Cannot find name 'calculateTotal'/);
    assert.deepEqual(
      result.diagnostics.map((d) => d.code),
      ['E_UNDEFINED'],
    );
  });

  it('strictMode refuses a change that adds semantic errors (-32010), and nothing changes', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const error = await f.fails('applyMutation', { type: 'setProperty', nodeId: fn(f, 'calculateTotal').id, property: 'name', value: 'renamed', strictMode: true }, ErrorCode.MutationFailed);
    assert.equal(error.data?.reason, 'semantic');
    assert.deepEqual(
      (error.data?.diagnostics as { code: string; line: number }[]).map((d) => [d.code, d.line]),
      [['E_UNDEFINED', 29]],
      'where the error would be in the edited text',
    );
    assert.equal(f.disk('orders.wst'), ORDERS);
    assert.equal(revision(f), 1);
  });

  it('inserts the reference\'s ReturnStatement and returns the new node\'s id', async () => {
    f = await agentFixture({ 'answer.wst': 'fn answer() {\n}\n' });
    const target = fn(f, 'answer', 'answer.wst');
    const result = await f.call<MutationResult>('applyMutation', {
      type: 'insertNode',
      parentId: target.body.id,
      role: 'statements',
      node: { type: 'ReturnStatement', value: { type: 'Literal', value: 42 } },
    });
    assert.equal(f.disk('answer.wst'), 'fn answer() {\n  return 42;\n}\n');
    assert.equal(result.insertedNodeIds.length, 1);
    const inserted = fn(f, 'answer', 'answer.wst').body.statements[0];
    assert.equal(inserted.id, result.insertedNodeIds[0], 'the buffer\'s new node has the id the result names');
    assert.equal(inserted.type, 'ReturnStatement');
    assert.deepEqual(result.changedNodeIds, [target.body.id]);
  });

  it('applies the reference\'s updateNode example (properties), reporting the unknown return type', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'lineTotal');
    const result = await f.call<MutationResult>('applyMutation', { type: 'updateNode', nodeId: target.id, properties: { async: true, returnType: 'Promise' } });
    assert.match(f.disk('orders.wst'), /\nasync fn lineTotal\(item: Item\): Promise \{/);
    assert.match(result.warning ?? '', /Cannot find type 'Promise'/);
  });

  it('fails with -32010 naming the field when the engine refuses, and with -32002 for unknown ids', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const error = await f.fails('applyMutation', { type: 'setProperty', nodeId: fn(f, 'lineTotal').id, property: 'name', value: 'not valid' }, ErrorCode.MutationFailed);
    assert.equal(error.data?.index, 0);
    assert.match(String(error.data?.reason), /mutations\[0\] \(setProperty\): value for 'name' must be/);
    const unknown = await f.fails('applyMutation', { type: 'deleteNode', nodeId: 'node_424242' }, ErrorCode.NodeNotFound);
    assert.match(unknown.message, /^Node not found: no node node_424242 in file:/);
    assert.doesNotMatch(unknown.message, /mutations\[/);
    assert.equal(unknown.data?.nodeId, 'node_424242');
    assert.ok(unknown.data?.hint);
    assert.equal(f.disk('orders.wst'), ORDERS);
  });

  it('-32012 when ifRevision is not the buffer\'s revision, with currentRevision; nothing changes', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'lineTotal');
    await f.call('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'itemTotal', ifRevision: 1 });
    const after = f.disk('orders.wst');
    const error = await f.fails('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'again', ifRevision: 1 }, ErrorCode.RevisionConflict);
    assert.equal(error.data?.currentRevision, 2);
    assert.ok(error.data?.hint);
    assert.equal(f.disk('orders.wst'), after);
    assert.equal(revision(f), 2);
  });

  it('dryRun returns the edits and the diagnostics before and after, and changes nothing', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'calculateTotal');
    const preview = await f.call<{
      success: boolean;
      dryRun: boolean;
      edits: { startOffset: number; endOffset: number; newText: string }[];
      diagnosticsBefore: { code: string }[];
      diagnosticsAfter: { code: string; line: number }[];
      revision: number;
      insertedNodeIds: string[];
      planTargets: unknown[];
      warning: string | null;
    }>('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'total', dryRun: true });
    assert.equal(preview.dryRun, true);
    assert.equal(preview.revision, 1);
    assert.equal(preview.edits.length, 1, 'one edit, inside the name');
    assert.equal(applyTextEdits(ORDERS, preview.edits), ORDERS.replace('fn calculateTotal(', 'fn total('));
    assert.deepEqual(preview.diagnosticsBefore, []);
    assert.deepEqual(
      preview.diagnosticsAfter.map((d) => [d.code, d.line]),
      [['E_UNDEFINED', 29]],
      'after: computed on the previewed text, at its real line',
    );
    assert.match(preview.warning ?? '', /E_UNDEFINED/);
    assert.deepEqual(preview.planTargets, []);
    assert.equal(f.disk('orders.wst'), ORDERS);
    assert.equal(revision(f), 1);
    assert.equal(fn(f, 'calculateTotal').id, target.id);
  });

  it('refuses a change that would add syntax errors (-32010, the errors in data), and the file stays as it was', async () => {
    const broken = 'fn f() {\n  let a = ;\n  return a;\n}\n';
    f = await agentFixture({ 'broken.wst': broken });
    const statement = fn(f, 'f', 'broken.wst').body.statements.find((s) => s.type === 'ReturnStatement');
    assert.ok(statement);
    const error = await f.fails(
      'applyMutation',
      { type: 'updateNode', nodeId: statement.id, node: { type: 'ExpressionStatement', expression: { type: 'Identifier', name: 'y' } } },
      ErrorCode.MutationFailed,
    );
    assert.equal(error.data?.reason, 'syntax');
    assert.deepEqual(
      (error.data?.diagnostics as { code: string; message: string; line: number }[]).map((d) => [d.code, d.message, d.line]),
      [['E_SYNTAX', "Unexpected ';'", 2]],
    );
    assert.equal(f.disk('broken.wst'), broken);
    // Replacing the broken statement with one that parses is fine: it removes the error.
    const repaired = await f.call<MutationResult>('applyMutation', {
      type: 'updateNode',
      nodeId: fn(f, 'f', 'broken.wst').body.statements[0].id,
      node: { type: 'VariableDeclaration', name: 'a', initializer: { type: 'Literal', value: 1 } },
      planId: await f.plan([{ op: 'updateNode', nodeId: fn(f, 'f', 'broken.wst').body.statements[0].id }]),
    });
    assert.equal(f.disk('broken.wst'), 'fn f() {\n  let a = 1;\n  return a;\n}\n');
    assert.deepEqual(repaired.diagnostics, []);
  });

  it('review mode changes nothing until the person accepts, then applies the change and says so', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const proposed = await f.call<{ pending: boolean; suggestionId: string; revision: number; edits: unknown[] }>('applyMutation', {
      type: 'setProperty',
      nodeId: fn(f, 'lineTotal').id,
      property: 'name',
      value: 'x',
      review: true,
    });
    assert.equal(proposed.pending, true);
    assert.match(proposed.suggestionId, /^sugg_\d+$/);
    assert.equal(proposed.edits.length, 1);
    assert.equal(f.disk('orders.wst'), ORDERS, 'nothing changed while the change waits for review');
    await waitUntil(() => f.notifications.some((n) => n.method === 'suggestionDecided'));
    const decided = f.notifications.find((n) => n.method === 'suggestionDecided');
    assert.deepEqual(decided?.params, { suggestionId: proposed.suggestionId, accepted: true, revision: proposed.revision + 1 });
    assert.equal(f.disk('orders.wst'), ORDERS.replace('fn lineTotal(', 'fn x('));
  });

  it('takes exactly the reference\'s params, and refuses (schema, -32602) what they do not allow', () => {
    return agentFixture({ 'orders.wst': ORDERS }).then((fixture) => {
      f = fixture;
      assert.ok(f.paramsValid('applyMutation', { type: 'setProperty', nodeId: 'node_42', property: 'name', value: 'newFunctionName' }));
      assert.ok(f.paramsValid('applyMutation', { type: 'insertNode', parentId: 'node_3', role: 'statements', node: { type: 'ReturnStatement', value: { type: 'Literal', value: 42 } } }));
      assert.ok(f.paramsValid('applyMutation', { type: 'updateNode', nodeId: 'node_42', properties: { async: true, returnType: 'Promise' } }));
      assert.ok(f.paramsValid('applyMutation', { type: 'deleteNode', nodeId: 'node_42' }));
      assert.ok(f.paramsValid('applyMutation', { type: 'setProperty', nodeId: 'n', property: 'name', value: 'x', preferImports: true, strictMode: true, ifRevision: 3, dryRun: true, planId: 'p', uri: 'file:///a.wst' }));
      assert.equal(f.paramsValid('applyMutation', { type: 'setProperty', nodeId: 'node_42', property: 'name' }), false, 'value is required');
      assert.equal(f.paramsValid('applyMutation', { type: 'insertNode', parentId: 'node_3', node: { type: 'Identifier', name: 'x' } }), false, 'role is required');
      assert.equal(f.paramsValid('applyMutation', { type: 'updateNode', nodeId: 'node_42' }), false, 'node or properties');
      assert.equal(f.paramsValid('applyMutation', { type: 'renameNode', nodeId: 'node_42' }), false);
      assert.equal(f.paramsValid('applyMutation', { type: 'deleteNode', nodeID: 'node_42' }), false, 'a misspelt field is refused, not ignored');
      assert.ok(f.paramsValid('applyBatch', { mutations: [{ type: 'deleteNode', nodeId: 'node_99' }] }));
      assert.equal(f.paramsValid('applyBatch', { mutations: [{ type: 'deleteNode' }] }), false);
    });
  });
});

describe('applyBatch', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('applies the reference session\'s batch as one edit and one undo step', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'calculateTotal');
    const result = await f.call<MutationResult>('applyBatch', {
      mutations: [
        { type: 'setProperty', nodeId: target.id, property: 'name', value: 'calculateTotalOptimized' },
        { type: 'insertNode', parentId: target.body.id, role: 'statements', node: { type: 'VariableDeclaration', name: 'cache', initializer: { type: 'ObjectLiteral', properties: [] } } },
      ],
    });
    assert.equal(result.success, true);
    assert.equal(result.appliedCount, 2);
    assert.equal(result.revision, 2, 'one change: one revision');
    assert.deepEqual(result.changedNodeIds.sort(), [target.id, target.body.id].sort());
    const inserted = fn(f, 'calculateTotalOptimized').body.statements.at(-1) as VariableDeclaration;
    assert.equal(inserted.id, result.insertedNodeIds[0]);
    assert.equal(inserted.name, 'cache');
    assert.equal(inserted.initializer?.type, 'ObjectLiteral');
    assert.match(f.disk('orders.wst'), / {2}return clamp\(round\(subtotal, 2\), 0, 1000000\);\n {2}let cache = \{\};\n\}/);
    const undone = await f.call<{ success: boolean; revision: number }>('undo');
    assert.equal(undone.revision, 3);
    assert.equal(f.disk('orders.wst'), ORDERS, 'one undo takes back the whole batch, byte for byte');
  });

  it('is all or nothing: a failing mutation names its index, and the file\'s bytes and the buffer are unchanged', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'calculateTotal');
    const before = f.workspace.get(f.uri('orders.wst'))?.text;
    const error = await f.fails(
      'applyBatch',
      {
        mutations: [
          { type: 'setProperty', nodeId: target.id, property: 'name', value: 'renamed' },
          { type: 'insertNode', parentId: target.body.id, role: 'statements', node: { type: 'VariableDeclaration', name: 'cache' } },
          { type: 'deleteNode', nodeId: 'node_99' },
        ],
      },
      ErrorCode.NodeNotFound,
    );
    assert.equal(error.data?.index, 2);
    assert.equal(error.data?.nodeId, 'node_99');
    assert.match(error.message, /^Node not found: mutations\[2\] names node_99/);
    assert.equal(f.disk('orders.wst'), ORDERS);
    assert.equal(f.workspace.get(f.uri('orders.wst'))?.text, before);
    assert.equal(revision(f), 1);
    assert.equal(fn(f, 'calculateTotal').id, target.id);
    await f.fails('undo', {}, ErrorCode.NothingToUndo);
  });

  it('-32012 for a stale ifRevision; dryRun of a batch changes nothing', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'lineTotal');
    const conflict = await f.fails('applyBatch', { ifRevision: 7, mutations: [{ type: 'setProperty', nodeId: target.id, property: 'name', value: 'x' }] }, ErrorCode.RevisionConflict);
    assert.equal(conflict.data?.currentRevision, 1);
    const preview = await f.call<{ appliedCount: number; dryRun: boolean; edits: unknown[] }>('applyBatch', {
      dryRun: true,
      mutations: [{ type: 'setProperty', nodeId: target.id, property: 'name', value: 'x' }],
    });
    assert.equal(preview.dryRun, true);
    assert.equal(preview.appliedCount, 0);
    assert.equal(preview.edits.length, 1);
    assert.equal(f.disk('orders.wst'), ORDERS);
  });
});

describe('destructive mutations need an approved plan', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('-32040 without a plan (data: the targets to propose), then applies under an approved plan, once', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'loadOrder');
    const required = await f.fails('applyMutation', { type: 'deleteNode', nodeId: target.id }, ErrorCode.PlanRequired);
    assert.deepEqual(required.data?.targets, [{ op: 'deleteNode', nodeId: target.id, uri: f.uri('orders.wst') }]);
    assert.equal(f.disk('orders.wst'), ORDERS);
    const preview = await f.call<{ planTargets: unknown[] }>('applyMutation', { type: 'deleteNode', nodeId: target.id, dryRun: true });
    assert.deepEqual(preview.planTargets, [{ op: 'deleteNode', nodeId: target.id, uri: f.uri('orders.wst') }], 'a preview says which plan the change needs, in which file');
    const planId = await f.plan([{ op: 'deleteNode', nodeId: target.id }]);
    assert.equal(planStoreOf(f.host).get(planId)?.status, 'approved');
    await f.call('applyMutation', { type: 'deleteNode', nodeId: target.id, planId });
    assert.ok(!f.disk('orders.wst').includes('loadOrder'));
    assert.equal(planStoreOf(f.host).get(planId)?.status, 'consumed');
    const lineTotal = fn(f, 'lineTotal');
    const reused = await f.fails('applyMutation', { type: 'deleteNode', nodeId: lineTotal.id, planId }, ErrorCode.PlanNotApproved);
    assert.match(reused.message, /consumed/);
  });

  it('-32041 for a rejected plan; statements, replaced declarations and batches are gated too; annotations are not', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { approvePlans: false });
    const calculateTotal = fn(f, 'calculateTotal');
    const statement = calculateTotal.body.statements[0];
    const planId = await f.plan([{ op: 'deleteNode', nodeId: statement.id }]);
    const rejected = await f.fails('applyMutation', { type: 'deleteNode', nodeId: statement.id, planId }, ErrorCode.PlanNotApproved);
    assert.equal(rejected.data?.status, 'rejected');
    const replaced = await f.fails(
      'applyMutation',
      { type: 'updateNode', nodeId: statement.id, node: { type: 'ExpressionStatement', expression: { type: 'Literal', value: 1 } } },
      ErrorCode.PlanRequired,
    );
    assert.deepEqual(replaced.data?.targets, [{ op: 'updateNode', nodeId: statement.id, uri: f.uri('orders.wst') }]);
    const batch = await f.fails(
      'applyBatch',
      {
        mutations: [
          { type: 'setProperty', nodeId: calculateTotal.id, property: 'name', value: 'total' },
          { type: 'deleteNode', nodeId: fn(f, 'loadOrder').id },
        ],
      },
      ErrorCode.PlanRequired,
    );
    assert.deepEqual(batch.data?.targets, [{ op: 'deleteNode', nodeId: fn(f, 'loadOrder').id, uri: f.uri('orders.wst') }]);
    assert.equal(f.disk('orders.wst'), ORDERS);
    // An annotation is information, not code: removing one needs no plan.
    const annotation = fn(f, 'lineTotal').annotations[0];
    await f.call('applyMutation', { type: 'deleteNode', nodeId: annotation.id });
    assert.ok(!f.disk('orders.wst').includes('@semantic(pure)'));
  });

  it('holds an approved plan while its change is on its way (nothing else may use it), and a change that fails leaves it approved', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'loadOrder');
    const targets = [{ op: 'deleteNode', nodeId: target.id }];
    const planId = await f.plan(targets);
    const buffer = f.workspace.get(f.uri('orders.wst'));
    assert.ok(buffer);
    const held = takeApprovedPlan({ host: f.host, session: f.session }, planId, targets, buffer);
    const busy = await f.fails('applyMutation', { type: 'deleteNode', nodeId: target.id, planId }, ErrorCode.PlanNotApproved);
    assert.match(busy.message, /in use/);
    held.release();
    assert.equal(planStoreOf(f.host).get(planId)?.status, 'approved');
    await f.call('applyMutation', { type: 'deleteNode', nodeId: target.id, planId });
    assert.equal(planStoreOf(f.host).get(planId)?.status, 'consumed');
  });
});

describe('undo', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('takes back this session\'s mutations one by one, while nothing else changed the buffer', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    await f.fails('undo', {}, ErrorCode.NothingToUndo);
    const target = fn(f, 'lineTotal');
    await f.call('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'itemTotal' });
    const afterFirst = f.disk('orders.wst');
    await f.call('applyMutation', { type: 'setProperty', nodeId: fn(f, 'calculateTotal').id, property: 'name', value: 'total' });
    const first = await f.call<{ success: boolean; revision: number; undone: string }>('undo');
    assert.equal(first.revision, 4);
    assert.match(first.undone, /setProperty name/);
    assert.equal(f.disk('orders.wst'), afterFirst);
    await f.call('undo');
    assert.equal(f.disk('orders.wst'), ORDERS);
    assert.equal(fn(f, 'lineTotal').id, target.id);
    const nothing = await f.fails('undo', {}, ErrorCode.NothingToUndo);
    assert.ok(nothing.data?.hint);
  });

  it('refuses (-32050) once someone else has changed the buffer since', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    await f.call('applyMutation', { type: 'setProperty', nodeId: fn(f, 'lineTotal').id, property: 'name', value: 'itemTotal' });
    const other = new SocketSession('generator', () => undefined);
    other.role = 'refactor';
    const applyMutation = METHODS_BY_NAME.get('applyMutation');
    assert.ok(applyMutation);
    await applyMutation.handler({ type: 'setProperty', nodeId: fn(f, 'loadOrder').id, property: 'name', value: 'fetchOrder' }, { session: other, host: f.host });
    const changed = f.disk('orders.wst');
    const error = await f.fails('undo', {}, ErrorCode.NothingToUndo);
    assert.match(error.message, /changed after this session's last mutation \(revision 2, now 3\)/);
    assert.equal(f.disk('orders.wst'), changed);
  });
});

describe('renameSymbol across buffers', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('changes back the buffers it renamed when a later one cannot be written, and says which failed', async () => {
    const shapes = 'fn make(a: number): number {\n  return a;\n}\n';
    const main = 'use shapes.{make};\n\nprint(make(1));\n';
    f = await agentFixture({ 'shapes.wst': shapes, 'main.wst': main });
    const make = fn(f, 'make', 'shapes.wst');
    // Written behind the server's back: main.wst's change passes every check, and its write finds the file changed.
    writeFileSync(f.path('main.wst'), `${main}// saved elsewhere\n`);
    const error = await f.fails('renameSymbol', { nodeId: make.id, newName: 'build', uri: f.uri('shapes.wst') }, ErrorCode.RevisionConflict);
    assert.match(error.message, /the files changed before it were changed back/);
    assert.equal(error.data?.failedUri, f.uri('main.wst'));
    assert.deepEqual(error.data?.changedBuffers, []);
    assert.equal(f.disk('shapes.wst'), shapes, 'shapes.wst is as it was');
    assert.equal(fn(f, 'make', 'shapes.wst').id, make.id, 'the declaration keeps its id');
    assert.equal(f.disk('main.wst'), `${main}// saved elsewhere\n`, 'what was saved elsewhere stays');
  });
});

describe('library policy', () => {
  const LIBRARY = JSON.parse(readRepoFile('test', 'fixtures', 'agent', 'library.json')) as Record<string, unknown>;
  let f: AgentFixture;
  afterEach(() => f.dispose());

  async function withLibrary(library: unknown = LIBRARY): Promise<AgentFixture> {
    return agentFixture({ 'orders.wst': ORDERS }, { library: readLibraryContext(library) });
  }

  /** A statement `print(<call>);` at the end of calculateTotal's body. */
  function printCall(fixture: AgentFixture, callee: Record<string, unknown>, args: Record<string, unknown>[] = []): Record<string, unknown> {
    return {
      type: 'insertNode',
      parentId: fn(fixture, 'calculateTotal').body.id,
      role: 'statements',
      index: 0,
      node: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'CallExpression', callee, arguments: args }] } },
    };
  }

  it('-32011 for a call to a blocked function or module, and for importing a blocked module', async () => {
    f = await withLibrary();
    const raw = await f.fails('applyMutation', printCall(f, { type: 'Identifier', name: 'fetchRaw' }, [{ type: 'Literal', value: '/x' }]), ErrorCode.LibraryPolicyViolation);
    assert.match(raw.message, /fetchRaw \(the library policy blocks 'http.fetchRaw'\)/);
    await f.fails('applyMutation', printCall(f, { type: 'Identifier', name: 'eval' }, [{ type: 'Literal', value: '1' }]), ErrorCode.LibraryPolicyViolation);
    const imported = await f.fails(
      'applyMutation',
      { type: 'insertNode', parentId: ast(f).id, role: 'children', index: 0, node: { type: 'ImportDeclaration', module: 'os', names: ['exec'] } },
      ErrorCode.LibraryPolicyViolation,
    );
    assert.match(imported.message, /blocks the module 'os'/);
    assert.equal(f.disk('orders.wst'), ORDERS);
  });

  it('lists names neither defined nor in the library (libraryWarning, did you mean), and strictMode refuses them (-32011)', async () => {
    f = await withLibrary();
    const result = await f.call<MutationResult>('applyMutation', printCall(f, { type: 'Identifier', name: 'fetchJsn' }, [{ type: 'Literal', value: '/x' }]));
    assert.deepEqual(result.unknownFunctions, ['fetchJsn']);
    assert.match(result.libraryWarning ?? '', /'fetchJsn' \(did you mean 'fetchJson'\?\) is neither defined in this buffer nor in the library/);
    await f.call('undo');
    const strict = await f.fails('applyMutation', { ...printCall(f, { type: 'Identifier', name: 'frobnicate' }), strictMode: true }, ErrorCode.LibraryPolicyViolation);
    assert.deepEqual(strict.data?.unknownFunctions, ['frobnicate']);
    assert.equal(f.disk('orders.wst'), ORDERS);
  });

  it('preferImports adds the use import of library functions in the same edit', async () => {
    f = await withLibrary();
    const result = await f.call<MutationResult & { addedImports: unknown[] }>('applyBatch', {
      preferImports: true,
      mutations: [printCall(f, { type: 'Identifier', name: 'cbrt' }, [{ type: 'Literal', value: 2 }]), printCall(f, { type: 'Identifier', name: 'slugify' }, [{ type: 'Literal', value: 'A b' }])],
    });
    // Both statements go first in the body, so slugify's call comes before cbrt's.
    assert.deepEqual(result.addedImports, [
      { module: 'text', name: 'slugify' },
      { module: 'math', name: 'cbrt' },
    ]);
    assert.equal(result.insertedNodeIds.length, 2, 'the ids of the agent\'s own inserts');
    assert.deepEqual(result.diagnostics, []);
    const text = f.disk('orders.wst');
    assert.match(text, /^\/\/ orders\.wst.*\nuse math\.\{round, clamp, cbrt\};\nuse http\.\{fetchJson\};\nuse text\.\{slugify\};\n\ntype Item/s);
    await f.call('undo');
    assert.equal(f.disk('orders.wst'), ORDERS, 'imports and calls are one undo step');
    // Without preferImports the call is applied and its E_UNDEFINED reported.
    const plain = await f.call<MutationResult>('applyMutation', printCall(f, { type: 'Identifier', name: 'cbrt' }, [{ type: 'Literal', value: 2 }]));
    assert.deepEqual(plain.unknownFunctions, [], 'cbrt is in the library: not unknown');
    assert.match(plain.warning ?? '', /Cannot find name 'cbrt'/);
  });

  it('with requireImports, a library call without its import is refused unless preferImports adds it', async () => {
    f = await withLibrary({ ...LIBRARY, policy: { ...(LIBRARY.policy as object), requireImports: true } });
    const error = await f.fails('applyMutation', printCall(f, { type: 'Identifier', name: 'cbrt' }, [{ type: 'Literal', value: 2 }]), ErrorCode.LibraryPolicyViolation);
    assert.deepEqual(error.data?.missingImports, [{ module: 'math', name: 'cbrt' }]);
    await f.call('applyMutation', { ...printCall(f, { type: 'Identifier', name: 'cbrt' }, [{ type: 'Literal', value: 2 }]), preferImports: true });
    assert.match(f.disk('orders.wst'), /use math\.\{round, clamp, cbrt\};/);
  });

  it('a call the mutation does not introduce is not judged again (arguments changed only)', async () => {
    f = await withLibrary();
    const call = allNodes(ast(f)).find((node: Node) => node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'fetchJson');
    assert.ok(call?.type === 'CallExpression');
    const result = await f.call<MutationResult>('applyMutation', { type: 'updateNode', nodeId: call.arguments[0].id, node: { type: 'Literal', value: '/v2/orders' } });
    assert.deepEqual(result.unknownFunctions, []);
    assert.equal(result.libraryWarning, null);
  });
});

/** Polls until `condition` holds (the person's decision arrives on a later turn), failing after 5 s. */
async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
