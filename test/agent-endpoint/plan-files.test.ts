// Plans across files on the real server, over real sockets: node ids repeat across files (each
// file numbers its own), so a plan's targets are bound to one file each, and an approval given for
// a node of one file never lets a change delete the node with the same id in another.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

// The decoy's file: one small function that statements are inserted into.
const SCRATCH = 'fn scratch(): number {\n  return 0;\n}\n';
// The victim's file: enough code before `fn audit` that its id is one the scratch file reaches.
const LEDGER = [
  'fn total(items: list<number>): number {',
  '  let sum = 0;',
  '  for item in items {',
  '    sum = sum + item;',
  '  }',
  '  return sum;',
  '}',
  '',
  'fn audit(): number {',
  '  return total([1, 2, 3]);',
  '}',
  '',
].join('\n');

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
  body?: AstNode;
}

interface Target {
  op: string;
  nodeId: string;
  uri?: string;
}

const idNumber = (id: string): number => Number(id.replace(/^node_/, ''));

async function functionIn(client: AgentClient, uri: string, name: string): Promise<AstNode> {
  const { ast } = await client.request<{ ast: AstNode }>('getAST', { uri });
  const found = ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
  assert.ok(found, `fn ${name} in ${uri}`);
  return found;
}

const statement = (name: string, initializer: unknown) => ({ type: 'VariableDeclaration', kind: 'let', name, initializer });

/**
 * Inserts `let leftover = 0;` statements into `fn scratch` until one of them has the id `wanted`
 * (each insert takes fresh ids of the scratch file; a 3-node statement fixes the parity once).
 * Returns the decoy's id, which is `wanted`.
 */
async function decoyWithId(client: AgentClient, uri: string, wanted: string): Promise<string> {
  const body = (await functionIn(client, uri, 'scratch')).body!.id;
  for (let attempt = 0; attempt < 200; attempt++) {
    const inserted = await client.request<{ insertedNodeIds: string[] }>('applyMutation', {
      uri,
      type: 'insertNode',
      parentId: body,
      role: 'statements',
      index: 0,
      node: statement('leftover', { type: 'Literal', value: 0 }),
    });
    const ids = inserted.insertedNodeIds;
    if (ids.includes(wanted)) {
      const { node } = await client.request<{ node: AstNode }>('getNode', { uri, nodeId: wanted });
      if (node.type === 'VariableDeclaration') return wanted;
      assert.fail(`the id ${wanted} went to a ${node.type}`);
    }
    assert.ok(ids.every((id) => idNumber(id) < idNumber(wanted)), `passed ${wanted}: ${ids.join(', ')}`);
    const [declaration] = ids;
    if ((idNumber(wanted) - idNumber(declaration)) % 2 === 1) {
      await client.request('applyMutation', { uri, type: 'insertNode', parentId: body, role: 'statements', index: 0, node: statement('pad', { type: 'ArrayLiteral', elements: [{ type: 'Literal', value: 0 }] }) });
    }
  }
  assert.fail(`no decoy got the id ${wanted}`);
}

async function refactorer(server: ServeProcess): Promise<AgentClient> {
  const client = await AgentClient.connect(server);
  await client.request('setAgentRole', { role: 'refactor' });
  return client;
}

describe('serve --approve auto: a plan is bound to the file of each target', () => {
  let server: ServeProcess;
  let scratch: string;
  let ledger: string;
  before(async () => {
    server = await startServe({ files: { 'a/scratch.wst': SCRATCH, 'b/ledger.wst': LEDGER } });
    scratch = pathToFileURL(join(server.folder, 'a', 'scratch.wst')).href;
    ledger = pathToFileURL(join(server.folder, 'b', 'ledger.wst')).href;
  });
  after(async () => {
    await server.stop();
  });

  const ledgerText = (): string => readFileSync(join(server.folder, 'b', 'ledger.wst'), 'utf8');

  it('refuses (-32041) deleting fn audit in one file under a plan approved for a same-numbered decoy in another; fn audit stays', async () => {
    const agent = await refactorer(server);
    try {
      const audit = (await functionIn(agent, ledger, 'audit')).id;
      const decoy = await decoyWithId(agent, scratch, audit);
      assert.equal(decoy, audit, 'the decoy in the scratch file has the id of fn audit in the ledger');

      // The plan is proposed without a uri, as agents written from the reference do: the person is
      // shown the decoy (the scratch file is the active buffer, the first served).
      const { planId } = await agent.request<{ planId: string }>('proposePlan', { steps: ['remove the leftover variable'], reason: 'unused', targets: [{ op: 'deleteNode', nodeId: decoy }] });
      const decided = await agent.planDecided(planId);
      assert.equal((decided.params as { status: string }).status, 'approved');

      const before = ledgerText();
      const refused = await agent.call('applyMutation', { uri: ledger, type: 'deleteNode', nodeId: decoy, planId });
      assert.equal(refused.error?.code, -32041, JSON.stringify(refused));
      assert.equal(ledgerText(), before, 'fn audit is still there');
      assert.deepEqual(refused.error.data?.missingTargets, [{ op: 'deleteNode', nodeId: decoy, uri: ledger }]);
      assert.equal((await agent.request<{ status: string }>('getPlan', { planId })).status, 'approved', 'the plan is not used up');
      // The plan holds the file the person was shown the target in.
      assert.deepEqual((await agent.request<{ targets: Target[] }>('getPlan', { planId })).targets, [{ op: 'deleteNode', nodeId: decoy, uri: scratch }]);
    } finally {
      await agent.close();
    }
  });

  it('binds a target to the file its uri names: the decoy\'s plan deletes the decoy, never fn audit', async () => {
    const agent = await refactorer(server);
    try {
      const audit = (await functionIn(agent, ledger, 'audit')).id;
      const { node } = await agent.request<{ node: AstNode }>('getNode', { uri: scratch, nodeId: audit });
      assert.equal(node.type, 'VariableDeclaration', 'the decoy of the test before is still there');

      const { planId } = await agent.request<{ planId: string }>('proposePlan', { steps: ['remove the decoy'], reason: 'unused', targets: [{ op: 'deleteNode', nodeId: audit, uri: scratch }] });
      await agent.planDecided(planId);
      assert.deepEqual((await agent.request<{ targets: Target[] }>('getPlan', { planId })).targets, [{ op: 'deleteNode', nodeId: audit, uri: scratch }]);
      assert.deepEqual(
        (await agent.request<{ targets: Target[] }[]>('listPlans')).at(-1)?.targets,
        [{ op: 'deleteNode', nodeId: audit, uri: scratch }],
        'listPlans shows the file too',
      );

      const before = ledgerText();
      const refused = await agent.call('applyMutation', { uri: ledger, type: 'deleteNode', nodeId: audit, planId });
      assert.equal(refused.error?.code, -32041, JSON.stringify(refused));
      assert.equal(ledgerText(), before, 'fn audit is still there');

      // The change the person approved still applies, in its own file.
      const deleted = await agent.call('applyMutation', { uri: scratch, type: 'deleteNode', nodeId: audit, planId });
      assert.equal(deleted.error, undefined, JSON.stringify(deleted.error));
      assert.match(ledgerText(), /fn audit\(\)/);
    } finally {
      await agent.close();
    }
  });

  it('puts the file into -32040\'s targets, so passing them to proposePlan binds the right file', async () => {
    const agent = await refactorer(server);
    try {
      const audit = (await functionIn(agent, ledger, 'audit')).id;
      const required = await agent.call('applyMutation', { uri: ledger, type: 'deleteNode', nodeId: audit });
      assert.equal(required.error?.code, -32040, JSON.stringify(required));
      assert.deepEqual(required.error.data?.targets, [{ op: 'deleteNode', nodeId: audit, uri: ledger }]);
      const { planId } = await agent.request<{ planId: string }>('proposePlan', { steps: ['delete audit'], reason: 'test', targets: required.error.data?.targets });
      await agent.planDecided(planId);
      const deleted = await agent.call('applyMutation', { uri: ledger, type: 'deleteNode', nodeId: audit, planId });
      assert.equal(deleted.error, undefined, JSON.stringify(deleted.error));
      assert.doesNotMatch(ledgerText(), /fn audit/);
    } finally {
      await agent.close();
    }
  });

  it('refuses (-32602) a target whose uri is no open buffer or whose node is not in that file, naming the field', async () => {
    const agent = await refactorer(server);
    try {
      const unknown = await agent.call('proposePlan', { steps: ['s'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: 'node_1', uri: 'file:///nowhere/x.wst' }] });
      assert.equal(unknown.error?.code, -32602, JSON.stringify(unknown));
      assert.equal(unknown.error.data?.field, 'params.targets[0].uri');
      const absent = await agent.call('proposePlan', { steps: ['s'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: 'node_999999', uri: ledger }] });
      assert.equal(absent.error?.code, -32602, JSON.stringify(absent));
      assert.equal(absent.error.data?.field, 'params.targets[0].nodeId');
      const nowhere = await agent.call('proposePlan', { steps: ['s'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: 'node_999999' }] });
      assert.equal(nowhere.error?.code, -32602, JSON.stringify(nowhere));
      assert.deepEqual(await agent.request<unknown[]>('listPlans'), [], 'no plan was made');
    } finally {
      await agent.close();
    }
  });
});

describe('serve --approve ask: the person is shown the file of each target', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'a/main.wst': SCRATCH, 'b/main.wst': LEDGER }, args: ['--approve', 'ask'] });
  });
  after(async () => {
    await server.stop();
  });

  it('names the file (with its folder when two files share a name) and shows the node of that file', async () => {
    const agent = await refactorer(server);
    try {
      const ledger = pathToFileURL(join(server.folder, 'b', 'main.wst')).href;
      const audit = (await functionIn(agent, ledger, 'audit')).id;
      const { planId } = await agent.request<{ planId: string }>('proposePlan', { steps: ['delete audit'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: audit, uri: ledger }] });
      const deadline = Date.now() + 10_000;
      while (!server.stderr().includes(`Approve plan ${planId}?`)) {
        assert.ok(Date.now() < deadline, server.stderr());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.match(server.stderr(), new RegExp(`deleteNode ${audit}: function audit, lines 9–11 of b/main\\.wst`));
      assert.match(server.stderr(), /\| fn audit\(\): number \{/);
      server.child.stdin!.write('n\n');
      await agent.planDecided(planId);
    } finally {
      await agent.close();
    }
  });
});
