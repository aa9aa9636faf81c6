// Plans on the real server: an agent proposes, the person decides (here --approve auto, deny and
// ask on the terminal), the proposing session hears planDecided, and no agent can decide. The
// plan gate itself (a destructive mutation needs an approved plan listing it, used once) is
// exercised through applyMutation deleteNode.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn unused(): number {\n  return 1;\n}\n\nfn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';

interface PlanView {
  planId: string;
  status: string;
  steps: string[];
  targets: { op: string; nodeId: string; uri: string }[];
  reason: string;
  decidedBy?: string;
  decisionReason?: string;
}

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
}

async function functionId(client: AgentClient, name: string): Promise<string> {
  const { ast } = await client.request<{ ast: AstNode }>('getAST');
  const node = ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
  assert.ok(node, `function ${name} in ${JSON.stringify(ast).slice(0, 200)}`);
  return node.id;
}

async function refactorer(server: ServeProcess): Promise<AgentClient> {
  const client = await AgentClient.connect(server);
  await client.request('setAgentRole', { role: 'refactor' });
  return client;
}

describe('serve --approve auto: plans', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await server.stop();
  });

  it('answers proposePlan pending, then notifies planDecided approved', async () => {
    const client = await refactorer(server);
    const proposed = await client.request<{ planId: string; status: string }>('proposePlan', {
      steps: ['delete the unused function'],
      reason: 'it is never called',
      targets: [{ op: 'deleteNode', nodeId: 'node_1' }],
    });
    assert.deepEqual(Object.keys(proposed).sort(), ['planId', 'status']);
    assert.equal(proposed.status, 'pending');
    const decided = await client.planDecided(proposed.planId);
    assert.deepEqual(decided.params, { planId: proposed.planId, status: 'approved', reason: 'approved by serve --approve auto' });
    const plan = await client.request<PlanView>('getPlan', { planId: proposed.planId });
    assert.equal(plan.status, 'approved');
    assert.deepEqual(plan.steps, ['delete the unused function']);
    assert.deepEqual(plan.targets, [{ op: 'deleteNode', nodeId: 'node_1', uri: pathToFileURL(join(server.folder, 'main.wst')).href }], 'bound to the one served file');
    assert.equal(plan.reason, 'it is never called');
    assert.equal(plan.decidedBy, 'auto');
    await client.close();
  });

  it('keeps an agent-chosen planId, refuses a used one, and lists only this session\'s plans', async () => {
    const client = await refactorer(server);
    const other = await refactorer(server);
    const proposed = await client.request<{ planId: string }>('proposePlan', { planId: 'my-plan', steps: ['s'], reason: 'r', targets: [] });
    assert.equal(proposed.planId, 'my-plan');
    const again = await other.call('proposePlan', { planId: 'my-plan', steps: ['s'], reason: 'r', targets: [] });
    assert.equal(again.error?.code, -32602);
    assert.deepEqual((await client.request<PlanView[]>('listPlans')).map((plan) => plan.planId), ['my-plan']);
    assert.deepEqual(await other.request<PlanView[]>('listPlans'), []);
    assert.equal((await other.call('getPlan', { planId: 'my-plan' })).error?.code, -32602, 'another session\'s plan is not visible');
    await client.close();
    await other.close();
  });

  it('refuses approvePlan from the proposing agent itself, leaving the plan as the person decided it', async () => {
    const client = await refactorer(server);
    await client.request('setAgentRole', { role: 'generator' });
    const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['s'], reason: 'r', targets: [] });
    const refused = await client.call('rejectPlan', { planId, reason: 'changed my mind' });
    assert.equal(refused.error?.code, -32031);
    await client.planDecided(planId);
    assert.equal((await client.request<PlanView>('getPlan', { planId })).status, 'approved');
    await client.close();
  });

  it('gates a destructive mutation: -32040 without a plan, runs with the approved plan once, then -32041', async () => {
    const client = await refactorer(server);
    const nodeId = await functionId(client, 'unused');
    const required = await client.call('applyMutation', { type: 'deleteNode', nodeId });
    assert.equal(required.error?.code, -32040, JSON.stringify(required));
    const targets = required.error.data?.targets as { op: string; nodeId: string }[];
    assert.ok(Array.isArray(targets) && targets.some((target) => target.nodeId === nodeId), JSON.stringify(required.error.data));
    assert.ok(required.error.data?.hint);

    const unknown = await client.call('applyMutation', { type: 'deleteNode', nodeId, planId: 'no-such-plan' });
    assert.equal(unknown.error?.code, -32041);

    const absent = await client.call('proposePlan', { steps: ['delete a node that is not there'], reason: 'r', targets: [{ op: targets[0].op, nodeId: 'node_999999' }] });
    assert.equal(absent.error?.code, -32602, 'a plan targets nodes that exist');
    const wrong = await client.request<{ planId: string }>('proposePlan', { steps: ['delete another node'], reason: 'r', targets: [{ op: targets[0].op, nodeId: await functionId(client, 'double') }] });
    await client.planDecided(wrong.planId);
    const notListed = await client.call('applyMutation', { type: 'deleteNode', nodeId, planId: wrong.planId });
    assert.equal(notListed.error?.code, -32041, 'an approved plan that does not list the target');

    const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['delete unused'], reason: 'never called', targets });
    await client.planDecided(planId);
    const deleted = await client.call('applyMutation', { type: 'deleteNode', nodeId, planId });
    assert.equal(deleted.error, undefined, JSON.stringify(deleted.error));
    assert.equal((await client.request<PlanView>('getPlan', { planId })).status, 'consumed');
    const reused = await client.call('applyMutation', { type: 'deleteNode', nodeId: await functionId(client, 'double'), planId });
    assert.ok(reused.error?.code === -32041, JSON.stringify(reused));
    await client.close();
  });
});

describe('serve --approve deny: plans', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'deny'] });
  });
  after(async () => {
    await server.stop();
  });

  it('rejects every plan, and a rejected plan does not allow the mutation', async () => {
    const client = await refactorer(server);
    const nodeId = await functionId(client, 'unused');
    const required = await client.call('applyMutation', { type: 'deleteNode', nodeId });
    const targets = (required.error?.data?.targets as { op: string; nodeId: string }[] | undefined) ?? [{ op: 'deleteNode', nodeId }];
    const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['delete unused'], reason: 'r', targets });
    const decided = await client.planDecided(planId);
    assert.deepEqual(decided.params, { planId, status: 'rejected', reason: 'rejected by serve --approve deny' });
    const refused = await client.call('applyMutation', { type: 'deleteNode', nodeId, planId });
    assert.equal(refused.error?.code, -32041);
    assert.equal(refused.error.data?.status, 'rejected');
    await client.close();
  });
});

describe('serve --approve ask: plans on the terminal', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'ask'] });
  });
  after(async () => {
    await server.stop();
  });

  it('prompts with the plan and its targets\' source, and takes y as approval and anything else as rejection', async () => {
    const client = await refactorer(server);
    const nodeId = await functionId(client, 'unused');
    const first = await client.request<{ planId: string; status: string }>('proposePlan', { steps: ['delete unused'], reason: 'never called', targets: [{ op: 'deleteNode', nodeId }] });
    assert.equal(first.status, 'pending');
    await waitUntil(() => server.stderr().includes(`Approve plan ${first.planId}? [y/N]`));
    // On the terminal, as a whole line: a program reading serve's stdout line by line is not given it.
    assert.match(server.stderr(), new RegExp(`^Approve plan ${first.planId}\\? \\[y/N\\]$`, 'm'));
    assert.ok(!server.stdout().includes('Approve plan'), 'not on stdout');
    assert.match(server.stderr(), /never called/);
    assert.match(server.stderr(), /fn unused\(\): number/, 'the target\'s current source is shown');
    assert.equal((await client.request<PlanView>('getPlan', { planId: first.planId })).status, 'pending', 'undecided until the person answers');
    server.child.stdin!.write('y\n');
    const approved = await client.planDecided(first.planId);
    assert.deepEqual(approved.params, { planId: first.planId, status: 'approved', reason: 'approved on the terminal' });
    assert.equal((await client.request<PlanView>('getPlan', { planId: first.planId })).decidedBy, 'person');

    const second = await client.request<{ planId: string }>('proposePlan', { steps: ['s'], reason: 'r', targets: [] });
    await waitUntil(() => server.stderr().includes(`Approve plan ${second.planId}?`));
    server.child.stdin!.write('\n');
    const rejected = await client.planDecided(second.planId);
    assert.equal((rejected.params as { status: string }).status, 'rejected');
    await client.close();
  });

  it('limits the plans one session may have waiting, and does not ask about a gone agent\'s plans', async () => {
    const client = await refactorer(server);
    const planIds: string[] = [];
    for (let i = 0; i < 16; i++) planIds.push((await client.request<{ planId: string }>('proposePlan', { steps: [`step ${i}`], reason: 'r', targets: [] })).planId);
    const refused = await client.call('proposePlan', { steps: ['one too many'], reason: 'r', targets: [] });
    assert.equal(refused.error?.code, -32600);
    assert.match(String(refused.error.data?.hint), /planDecided/);
    await waitUntil(() => server.stderr().includes(`Approve plan ${planIds[0]}?`));
    const { sessionId } = await client.request<{ sessionId: string }>('ping');
    await client.close();
    const observer = await AgentClient.connect(server);
    // Until the server has seen the disconnect, the agent still counts as there.
    const deadline = Date.now() + 5_000;
    while ((await observer.request<{ sessionId: string }[]>('listSessions')).some((session) => session.sessionId === sessionId)) {
      assert.ok(Date.now() < deadline, 'the server did not see the disconnect');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The question on the terminal is answered; the other 15 are not put to the person.
    server.child.stdin!.write('n\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(!server.stderr().includes(`Approve plan ${planIds[1]}?`), server.stderr());
    await observer.close();
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
