// Review mode on the real server: a change sent with review: true is checked like a real one,
// answered {pending, suggestionId} without touching the file, and applied (or not) when the person
// decides — here --approve auto, deny, and ask on the terminal — which the proposing session
// hears as suggestionDecided.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn unused(): number {\n  return 1;\n}\n\nfn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
}

interface Proposal {
  success: boolean;
  pending: boolean;
  suggestionId: string;
  uri: string;
  revision: number;
  edits: { startOffset: number; endOffset: number; newText: string }[];
}

interface Decided {
  suggestionId: string;
  accepted: boolean;
  revision?: number;
  reason?: string;
}

async function functionId(client: AgentClient, name: string): Promise<{ id: string; revision: number }> {
  const { ast, revision } = await client.request<{ ast: AstNode; revision: number }>('getAST');
  const node = ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
  assert.ok(node, `function ${name}`);
  return { id: node.id, revision };
}

async function refactorer(server: ServeProcess): Promise<AgentClient> {
  const client = await AgentClient.connect(server);
  await client.request('setAgentRole', { role: 'refactor' });
  return client;
}

function decided(client: AgentClient, suggestionId: string): Promise<Decided> {
  return client.waitForNotification('suggestionDecided', (params) => (params as Decided).suggestionId === suggestionId).then((n) => n.params as Decided);
}

const file = (server: ServeProcess): string => readFileSync(join(server.folder, 'main.wst'), 'utf8');

describe('serve --approve auto: review mode', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await server.stop();
  });

  it('answers pending with the previewed edits, then applies the change and notifies suggestionDecided accepted', async () => {
    const client = await refactorer(server);
    const { id, revision } = await functionId(client, 'double');
    const proposal = await client.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'twice', review: true, ifRevision: revision });
    assert.equal(proposal.pending, true);
    assert.match(proposal.suggestionId, /^sugg_\d+$/);
    assert.equal(proposal.revision, revision, 'nothing changed yet');
    assert.equal(applyEdits(SOURCE, proposal.edits), SOURCE.replace('fn double(', 'fn twice('), 'the edits are the change');
    const decision = await decided(client, proposal.suggestionId);
    assert.deepEqual(decision, { suggestionId: proposal.suggestionId, accepted: true, revision: revision + 1 });
    assert.equal(file(server), SOURCE.replace('fn double(', 'fn twice('));
    assert.equal((await client.request<{ revision: number }>('getAST')).revision, revision + 1);
    // The accepted change is this session's, so it can undo it like any other.
    await client.request('undo');
    assert.equal(file(server), SOURCE);
    await client.close();
  });

  it('refuses a review of a stale ifRevision (-32012) and a destructive one without a plan (-32040) at once', async () => {
    const client = await refactorer(server);
    const { id, revision } = await functionId(client, 'double');
    const stale = await client.call('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'late', review: true, ifRevision: revision - 1 });
    assert.equal(stale.error?.code, -32012);
    const unused = await functionId(client, 'unused');
    const unplanned = await client.call('applyBatch', { mutations: [{ type: 'deleteNode', nodeId: unused.id }], review: true });
    assert.equal(unplanned.error?.code, -32040);
    assert.equal(file(server), SOURCE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(client.notifications.some((n) => n.method === 'suggestionDecided'), false, 'a refused review is never put to the person');
    await client.close();
  });
});

describe('serve --approve deny: review mode', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'deny'] });
  });
  after(async () => {
    await server.stop();
  });

  it('notifies suggestionDecided not accepted and leaves the file byte for byte as it was', async () => {
    const client = await refactorer(server);
    const { id } = await functionId(client, 'double');
    const proposal = await client.request<Proposal>('applyBatch', { mutations: [{ type: 'setProperty', nodeId: id, property: 'name', value: 'twice' }], review: true });
    assert.equal(proposal.pending, true);
    const decision = await decided(client, proposal.suggestionId);
    assert.deepEqual(decision, { suggestionId: proposal.suggestionId, accepted: false });
    assert.equal(file(server), SOURCE);
    assert.equal((await client.request<{ revision: number }>('getAST')).revision, 1);
    await client.close();
  });
});

describe('serve --approve ask: review mode on the terminal', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'ask'] });
  });
  after(async () => {
    await server.stop();
  });

  it('prompts with the edit, and applies the change after an unrelated edit made meanwhile', async () => {
    const client = await refactorer(server);
    const target = await functionId(client, 'double');
    const proposal = await client.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'twice', review: true });
    await waitUntil(() => server.stderr().includes(`Apply change ${proposal.suggestionId} from session `));
    assert.match(server.stderr(), /- fn double\(x: number\): number \{\n/, 'the line as it is');
    assert.match(server.stderr(), /\+ fn twice\(x: number\): number \{\n/, 'the line as the change leaves it');
    // Someone else changes another part of the buffer while the person thinks.
    const other = await refactorer(server);
    const unused = await functionId(other, 'unused');
    await other.request('applyMutation', { type: 'setProperty', nodeId: unused.id, property: 'name', value: 'spare' });
    assert.equal(file(server), SOURCE.replace('fn unused(', 'fn spare('));
    server.child.stdin!.write('y\n');
    const decision = await decided(client, proposal.suggestionId);
    assert.equal(decision.accepted, true, JSON.stringify(decision));
    assert.equal(decision.revision, 3);
    assert.equal(file(server), SOURCE.replace('fn unused(', 'fn spare(').replace('fn double(', 'fn twice('));
    await other.close();
    await client.close();
  });

  it('takes n as a rejection, and reports a change whose node went before it was accepted as not accepted, with the reason', async () => {
    const client = await refactorer(server);
    const before = file(server);
    const target = await functionId(client, 'twice');
    const proposal = await client.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'thrice', review: true });
    await waitUntil(() => server.stderr().includes(`Apply change ${proposal.suggestionId} from`));
    // The function goes (under a plan) before the person answers.
    const plan = await client.request<{ planId: string }>('proposePlan', { steps: ['delete twice'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: target.id }] });
    // The plan's question waits behind the change's: the person rejects the change first.
    server.child.stdin!.write('n\n');
    const rejected = await decided(client, proposal.suggestionId);
    assert.deepEqual(rejected, { suggestionId: proposal.suggestionId, accepted: false });
    assert.equal(file(server), before, 'a rejected change leaves the file alone');
    await waitUntil(() => server.stderr().includes(`Approve plan ${plan.planId}?`));
    server.child.stdin!.write('y\n');
    await client.planDecided(plan.planId);

    const again = await client.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'thrice', review: true });
    await waitUntil(() => server.stderr().includes(`Apply change ${again.suggestionId} from`));
    await client.request('applyMutation', { type: 'deleteNode', nodeId: target.id, planId: plan.planId });
    const afterDelete = file(server);
    server.child.stdin!.write('y\n');
    const failed = await decided(client, again.suggestionId);
    assert.equal(failed.accepted, false);
    assert.match(String(failed.reason), /no longer applies/);
    assert.equal(file(server), afterDelete, 'nothing was written for the change that no longer applies');
    await client.close();
  });
});

function applyEdits(text: string, edits: readonly { startOffset: number; endOffset: number; newText: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.startOffset - a.startOffset)) out = out.slice(0, edit.startOffset) + edit.newText + out.slice(edit.endOffset);
  return out;
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
