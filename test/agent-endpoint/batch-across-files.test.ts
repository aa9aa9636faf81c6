// applyBatch whose mutations name their files, over a real WebSocket to `whetstone-agent serve`:
// a signature change and the fixes of its callers in other files go in as one change (each file
// written, one revision each), previewed first, all or nothing on disk: a stale file
// (ifRevisions), a failing mutation in a later file or an unknown key changes no file.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const FILES: Record<string, string> = {
  'shop/pricing.wst': 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n',
  'shop/orders.wst': 'use shop.pricing.{orderTotal};\nfn checkout(items: list<number>): number {\n  return orderTotal(items);\n}\n',
  'reports/weekly.wst': 'use shop.pricing;\nlet monday = pricing.orderTotal([1, 2]);\nprint(monday);\n',
};

interface AstNode {
  id: string;
  type: string;
  name?: string;
  [field: string]: unknown;
}

/** Every node of a getAST answer, depth first. */
function nodesOf(value: unknown): AstNode[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (typeof value !== 'object' || value === null) return [];
  const node = value as AstNode;
  const own = typeof node.type === 'string' && typeof node.id === 'string' ? [node] : [];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => (key === 'span' ? [] : nodesOf(child)))];
}

describe('serve: applyBatch across files', () => {
  let server: ServeProcess;
  let agent: AgentClient;
  const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;
  const onDisk = (file: string): string => readFileSync(join(server.folder, file), 'utf8');

  beforeEach(async () => {
    server = await startServe({ files: FILES });
    agent = await AgentClient.connect(server);
    await agent.request('setAgentRole', { role: 'refactor' });
  });
  afterEach(async () => {
    agent?.socket.close();
    await server?.stop();
  });

  async function read(file: string): Promise<{ nodes: AstNode[]; revision: number }> {
    const answer = await agent.request<{ ast: unknown; revision: number }>('getAST', { uri: uriOf(file) });
    return { nodes: nodesOf(answer.ast), revision: answer.revision };
  }

  /** The signature change and the fix of every call, as one batch naming each mutation's file. */
  async function apiChange(): Promise<{ mutations: Record<string, unknown>[]; revisions: Record<string, number> }> {
    const pricing = await read('shop/pricing.wst');
    const orders = await read('shop/orders.wst');
    const weekly = await read('reports/weekly.wst');
    const fn = pricing.nodes.find((node) => node.type === 'FunctionDeclaration' && node.name === 'orderTotal')!;
    const calls = (nodes: AstNode[]) => nodes.filter((node) => node.type === 'CallExpression');
    const zero = { type: 'Literal', value: 0 };
    return {
      mutations: [
        { uri: uriOf('shop/pricing.wst'), type: 'insertNode', parentId: fn.id, role: 'parameters', node: { type: 'Parameter', name: 'discount', paramType: 'number' } },
        ...calls(orders.nodes).map((call) => ({ uri: uriOf('shop/orders.wst'), type: 'insertNode', parentId: call.id, role: 'arguments', node: zero })),
        ...calls(weekly.nodes)
          .filter((call) => JSON.stringify(call).includes('orderTotal'))
          .map((call) => ({ uri: uriOf('reports/weekly.wst'), type: 'insertNode', parentId: call.id, role: 'arguments', node: zero })),
      ],
      revisions: { [uriOf('shop/pricing.wst')]: pricing.revision, [uriOf('shop/orders.wst')]: orders.revision, [uriOf('reports/weekly.wst')]: weekly.revision },
    };
  }

  it('applies a signature change and the fixes of its callers in other files as one change', async () => {
    const { mutations, revisions } = await apiChange();
    const answer = await agent.request<{ appliedCount: number; files: { uri: string; revision: number; brokenCallers: unknown[]; diagnostics: { code: string }[] }[] }>('applyBatch', { mutations, ifRevisions: revisions });
    assert.equal(answer.appliedCount, mutations.length);
    assert.deepEqual(answer.files.map((file) => file.uri), [uriOf('shop/pricing.wst'), uriOf('shop/orders.wst'), uriOf('reports/weekly.wst')]);
    for (const file of answer.files) assert.equal(file.revision, revisions[file.uri] + 1, `${file.uri}: one revision`);
    assert.deepEqual(answer.files[0].brokenCallers, [], 'the callers the batch fixed are not reported as broken');
    assert.match(onDisk('shop/pricing.wst'), /^fn orderTotal\(prices: list<number>, discount: number\): number/);
    assert.match(onDisk('shop/orders.wst'), /return orderTotal\(items, 0\);/);
    assert.match(onDisk('reports/weekly.wst'), /pricing\.orderTotal\(\[1, 2\], 0\)/);
    for (const file of ['shop/orders.wst', 'reports/weekly.wst']) {
      const { diagnostics } = await agent.request<{ diagnostics: { code: string }[] }>('getDiagnostics', { uri: uriOf(file) });
      assert.deepEqual(diagnostics.filter((d) => d.code === 'E_ARITY'), [], file);
    }
  });

  it('refuses the whole batch when one file is stale, naming it, and writes no file', async () => {
    const { mutations, revisions } = await apiChange();
    const stale = uriOf('reports/weekly.wst');
    const answer = await agent.call('applyBatch', { mutations, ifRevisions: { ...revisions, [stale]: revisions[stale] - 1 } });
    assert.equal(answer.error?.code, -32012, JSON.stringify(answer));
    assert.equal((answer.error?.data as { uri?: string }).uri, stale);
    for (const file of Object.keys(FILES)) assert.equal(onDisk(file), FILES[file], `${file} unchanged`);
  });

  it('changes no file when a mutation of a later file fails', async () => {
    const { mutations } = await apiChange();
    const broken = [...mutations, { uri: uriOf('reports/weekly.wst'), type: 'deleteNode', nodeId: 'node_missing' }];
    const answer = await agent.call('applyBatch', { mutations: broken });
    assert.equal(answer.error?.code, -32002, JSON.stringify(answer));
    assert.equal((answer.error?.data as { uri?: string }).uri, uriOf('reports/weekly.wst'));
    for (const file of Object.keys(FILES)) assert.equal(onDisk(file), FILES[file], `${file} unchanged`);
  });

  it('answers a dry run with each file previewed, and rejects ifRevisions for a file the batch does not change', async () => {
    const { mutations, revisions } = await apiChange();
    const preview = await agent.request<{ dryRun: boolean; files: { uri: string; edits: unknown[] }[] }>('applyBatch', { mutations, ifRevisions: revisions, dryRun: true });
    assert.equal(preview.dryRun, true);
    assert.equal(preview.files.length, 3);
    for (const file of preview.files) assert.ok(file.edits.length > 0, file.uri);
    for (const file of Object.keys(FILES)) assert.equal(onDisk(file), FILES[file], `${file} unchanged by the dry run`);
    const unknown = await agent.call('applyBatch', { mutations: mutations.slice(0, 1), ifRevisions: { [uriOf('elsewhere.wst')]: 1 } });
    assert.equal(unknown.error?.code, -32602, JSON.stringify(unknown));
  });

  it('needs one approved plan listing the destructive targets of every file, and uses it up once', async () => {
    const pricing = await read('shop/pricing.wst');
    const weekly = await read('reports/weekly.wst');
    const loop = pricing.nodes.find((node) => node.type === 'ForStatement')!;
    const printed = weekly.nodes.find((node) => node.type === 'ExpressionStatement')!;
    const mutations = [
      { uri: uriOf('shop/pricing.wst'), type: 'deleteNode', nodeId: loop.id },
      { uri: uriOf('reports/weekly.wst'), type: 'deleteNode', nodeId: printed.id },
    ];
    const unplanned = await agent.call('applyBatch', { mutations });
    assert.equal(unplanned.error?.code, -32040, JSON.stringify(unplanned));
    const targets = [
      { op: 'deleteNode', nodeId: loop.id, uri: uriOf('shop/pricing.wst') },
      { op: 'deleteNode', nodeId: printed.id, uri: uriOf('reports/weekly.wst') },
    ];
    const partial = await agent.request<{ planId: string }>('proposePlan', { steps: ['drop the loop'], reason: 'test', targets: targets.slice(0, 1) });
    await agent.planDecided(partial.planId);
    const uncovered = await agent.call('applyBatch', { mutations, planId: partial.planId });
    assert.equal(uncovered.error?.code, -32041, JSON.stringify(uncovered));
    assert.equal((uncovered.error?.data as { uri?: string }).uri, uriOf('reports/weekly.wst'));
    for (const file of Object.keys(FILES)) assert.equal(onDisk(file), FILES[file], `${file} unchanged`);

    const { planId } = await agent.request<{ planId: string }>('proposePlan', { steps: ['drop both'], reason: 'test', targets });
    await agent.planDecided(planId);
    await agent.request('applyBatch', { mutations, planId });
    assert.doesNotMatch(onDisk('shop/pricing.wst'), /for p in prices/);
    assert.doesNotMatch(onDisk('reports/weekly.wst'), /print\(monday\)/);
    const { status } = await agent.request<{ status: string }>('getPlan', { planId });
    assert.equal(status, 'consumed', 'one approval, one change');
  });
});
