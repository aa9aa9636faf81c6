// The plan gate on the real server, over real sockets: what needs a plan is decided by what a
// change destroys (whatever mutation kinds it uses, alone or in a batch), an approval holds only
// for the targets as they were when the plan was proposed, and a plan is used up only by a change
// that was applied (the editor's side of that is in test/lsp/agentRaces.test.ts).
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SOURCE = [
  'fn total(items: list<number>): number {',
  '  let sum = 0;',
  '  for item in items {',
  '    sum = sum + item;',
  '  }',
  '  return sum;',
  '}',
  '',
  'fn helper(): number {',
  '  return 1;',
  '}',
  '',
  'print(total([1, 2]) + helper());',
  '',
].join('\n');

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
  body?: AstNode;
  statements?: AstNode[];
  initializer?: AstNode;
  iterable?: AstNode;
}

interface Target {
  op: string;
  nodeId: string;
  uri?: string;
}

/** The nodes the tests aim at, read from the buffer as it is now. */
async function nodes(client: AgentClient) {
  const { ast, revision } = await client.request<{ ast: AstNode; revision: number }>('getAST');
  const fn = (name: string): AstNode => {
    const found = ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
    assert.ok(found?.body?.statements, `function ${name}`);
    return found;
  };
  const total = fn('total');
  const [letSum, loop, ret] = total.body!.statements!;
  assert.equal(loop.type, 'ForStatement');
  return {
    revision,
    total,
    letSum,
    loop,
    ret,
    get helper() {
      return fn('helper');
    },
  };
}

async function refactorer(server: ServeProcess): Promise<AgentClient> {
  const client = await AgentClient.connect(server);
  await client.request('setAgentRole', { role: 'refactor' });
  return client;
}

const file = (server: ServeProcess): string => readFileSync(join(server.folder, 'main.wst'), 'utf8');

/** Targets as the server reports them: each in its file (node ids repeat across files). */
const inMain = (server: ServeProcess, targets: Target[]): Target[] => targets.map((target) => ({ ...target, uri: pathToFileURL(join(server.folder, 'main.wst')).href }));

const printStatement = (text: string) => ({
  type: 'ExpressionStatement',
  expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'Literal', value: text }] },
});

describe('serve --approve deny: what needs a plan is what a change destroys', () => {
  let server: ServeProcess;
  let client: AgentClient;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'deny'] });
    client = await refactorer(server);
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  /** Sends `method` and expects -32040 naming exactly `targets`, with the file untouched. */
  async function planRequired(method: string, params: Record<string, unknown>, targets: Target[]): Promise<void> {
    const before = file(server);
    const answer = await client.call(method, params);
    assert.equal(answer.error?.code, -32040, `${method} ${JSON.stringify(params)}: ${JSON.stringify(answer)}`);
    assert.deepEqual(answer.error.data?.targets, inMain(server, targets));
    assert.equal(file(server), before, 'nothing changed');
  }

  it('replacing a loop with a break needs the plan deleting it needs', async () => {
    const { loop } = await nodes(client);
    await planRequired('applyMutation', { type: 'deleteNode', nodeId: loop.id }, [{ op: 'deleteNode', nodeId: loop.id }]);
    await planRequired('applyMutation', { type: 'updateNode', nodeId: loop.id, node: { type: 'BreakStatement' } }, [{ op: 'updateNode', nodeId: loop.id }]);
  });

  it('emptying a function\'s body by replacing it with an empty Block needs a plan', async () => {
    const { helper, total } = await nodes(client);
    await planRequired('applyMutation', { type: 'updateNode', nodeId: helper.body!.id, node: { type: 'Block' } }, [{ op: 'updateNode', nodeId: helper.body!.id }]);
    await planRequired('applyMutation', { type: 'updateNode', nodeId: total.body!.id, node: { type: 'Block', statements: [{ type: 'ReturnStatement', value: { type: 'Literal', value: 0 } }] } }, [
      { op: 'updateNode', nodeId: total.body!.id },
    ]);
  });

  it('a batch is judged as a whole: its destroyed statements are its targets, whichever mutation destroyed them', async () => {
    const { helper, loop, ret } = await nodes(client);
    await planRequired(
      'applyBatch',
      {
        mutations: [
          { type: 'setProperty', nodeId: helper.id, property: 'name', value: 'one' },
          { type: 'insertNode', parentId: helper.body!.id, role: 'statements', index: 0, node: printStatement('hi') },
          { type: 'updateNode', nodeId: loop.id, node: { type: 'BreakStatement' } },
          { type: 'updateNode', nodeId: ret.id, node: { type: 'ReturnStatement', value: { type: 'Literal', value: 0 } } },
        ],
      },
      [
        { op: 'updateNode', nodeId: loop.id },
        { op: 'updateNode', nodeId: ret.id },
      ],
    );
  });

  it('dryRun reports the targets by the same rule, and changes nothing', async () => {
    const { loop, revision } = await nodes(client);
    const before = file(server);
    const preview = await client.request<{ dryRun: boolean; planTargets: Target[]; revision: number }>('applyMutation', {
      type: 'updateNode',
      nodeId: loop.id,
      node: { type: 'BreakStatement' },
      dryRun: true,
    });
    assert.equal(preview.dryRun, true);
    assert.deepEqual(preview.planTargets, inMain(server, [{ op: 'updateNode', nodeId: loop.id }]));
    assert.equal(preview.revision, revision);
    assert.equal(file(server), before);
  });

  it('renames, expression edits and inserts that destroy no statement or declaration still apply without a plan', async () => {
    const { helper, letSum, loop } = await nodes(client);
    const renamed = await client.call('applyMutation', { type: 'setProperty', nodeId: helper.id, property: 'name', value: 'one' });
    assert.equal(renamed.error, undefined, JSON.stringify(renamed.error));
    const batch = await client.call('applyBatch', {
      mutations: [
        { type: 'updateNode', nodeId: letSum.initializer!.id, node: { type: 'Literal', value: 10 } },
        { type: 'updateNode', nodeId: loop.iterable!.id, node: { type: 'Identifier', name: 'items' } },
        { type: 'insertNode', parentId: helper.body!.id, role: 'statements', index: 0, node: printStatement('hi') },
      ],
    });
    assert.equal(batch.error, undefined, JSON.stringify(batch.error));
    const text = file(server);
    assert.match(text, /fn one\(\): number \{\n {2}print\("hi"\);\n {2}return 1;/);
    assert.match(text, /let sum = 10;/);
    assert.match(text, /for item in items \{\n {4}sum = sum \+ item;/);
  });
});

describe('serve --approve auto: an approval holds for the targets as they were proposed', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await server.stop();
  });

  /** Proposes a plan for `targets` and waits for the (automatic) approval. */
  async function approvedPlan(client: AgentClient, targets: Target[]): Promise<string> {
    const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['delete it'], reason: 'not needed', targets });
    const decided = await client.planDecided(planId);
    assert.equal((decided.params as { status: string }).status, 'approved');
    return planId;
  }

  it('refuses (-32041) a plan whose target another session changed after it was proposed, keeping that work; a new plan applies', async () => {
    const a = await refactorer(server);
    const b = await refactorer(server);
    try {
      const { helper } = await nodes(a);
      const planId = await approvedPlan(a, [{ op: 'deleteNode', nodeId: helper.id }]);
      // Session B adds to the function; an insert needs no plan.
      const inserted = await b.call('applyMutation', { type: 'insertNode', parentId: helper.body!.id, role: 'statements', index: 0, node: printStatement('work of B') });
      assert.equal(inserted.error, undefined, JSON.stringify(inserted.error));
      const withB = file(server);
      assert.match(withB, /work of B/);

      const refused = await a.call('applyMutation', { type: 'deleteNode', nodeId: helper.id, planId });
      assert.equal(refused.error?.code, -32041, JSON.stringify(refused));
      assert.deepEqual(refused.error.data?.changedTargets, inMain(server, [{ op: 'deleteNode', nodeId: helper.id }]));
      assert.match(String(refused.error.data?.hint), /propose a new plan/);
      assert.equal(file(server), withB, 'B\'s work is still there');

      // Proposed again, the person sees the function as it is now; that approval applies.
      const again = await approvedPlan(a, [{ op: 'deleteNode', nodeId: helper.id }]);
      const deleted = await a.call('applyMutation', { type: 'deleteNode', nodeId: helper.id, planId: again });
      assert.equal(deleted.error, undefined, JSON.stringify(deleted.error));
      assert.doesNotMatch(file(server), /fn helper/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('holds when only other code changed: the target moved but its text is what the person saw', async () => {
    const a = await refactorer(server);
    const b = await refactorer(server);
    try {
      const { loop, revision } = await nodes(a);
      const planId = await approvedPlan(a, [{ op: 'updateNode', nodeId: loop.id }]);
      const { ast } = await b.request<{ ast: AstNode }>('getAST');
      const moved = await b.call('applyMutation', {
        type: 'insertNode',
        parentId: ast.id,
        role: 'children',
        index: 0,
        node: { type: 'VariableDeclaration', kind: 'const', name: 'LIMIT', initializer: { type: 'Literal', value: 3 } },
      });
      assert.equal(moved.error, undefined, JSON.stringify(moved.error));
      const replaced = await a.call('applyMutation', { type: 'updateNode', nodeId: loop.id, node: { type: 'BreakStatement' }, planId });
      assert.equal(replaced.error, undefined, JSON.stringify(replaced.error));
      assert.ok((replaced.result as { revision: number }).revision > revision);
      assert.doesNotMatch(file(server), /for item in items/);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('serve: a plan is used up only by a change that was applied', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await server.stop();
  });

  it('keeps the plan approved when the file could not be written, and nothing changed', async () => {
    const client = await refactorer(server);
    try {
      const { helper } = await nodes(client);
      const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['delete helper'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: helper.id }] });
      await client.planDecided(planId);
      // The file cannot be written: a folder stands where it was (the served file is moved aside).
      const path = join(server.folder, 'main.wst');
      const before = file(server);
      renameSync(path, `${path}.aside`);
      mkdirSync(path);
      let refused: Awaited<ReturnType<AgentClient['call']>>;
      try {
        refused = await client.call('applyMutation', { type: 'deleteNode', nodeId: helper.id, planId });
      } finally {
        rmdirSync(path);
        renameSync(`${path}.aside`, path);
      }
      assert.equal(refused.error?.code, -32010, JSON.stringify(refused));
      assert.equal(file(server), before);
      assert.ok((await nodes(client)).helper, 'nothing changed in the buffer');
      assert.equal((await client.request<{ status: string }>('getPlan', { planId })).status, 'approved');
    } finally {
      await client.close();
    }
  });
});
