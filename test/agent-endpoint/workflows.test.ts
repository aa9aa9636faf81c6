// Workflow recording and replay on the real server: what is recorded (successful recorded calls,
// with the ids they inserted), and a replay on a fresh copy of the file that maps the recorded
// inserted ids to the ones the replay creates, runs with the replaying session's role, and stops
// at the first failure unless continueOnError.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn main(): number {\n  let a = 1;\n  return a;\n}\n\nprint(main());\n';

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
  body?: AstNode & { statements: AstNode[] };
}

interface Workflow {
  name: string | null;
  recording: boolean;
  steps: { method: string; params: Record<string, unknown>; timestamp: number; insertedNodeIds?: string[] }[];
}

interface Replay {
  count: number;
  responses: ({ error?: { code: number; message: string } } & Record<string, unknown>)[];
  stoppedAt?: number;
}

async function mainBody(client: AgentClient): Promise<AstNode & { statements: AstNode[] }> {
  const { ast } = await client.request<{ ast: AstNode }>('getAST');
  const main = ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === 'main');
  assert.ok(main?.body, 'main has a body');
  return main.body;
}

function variable(name: string, value: number): Record<string, unknown> {
  return { type: 'VariableDeclaration', name, kind: 'let', varType: null, initializer: { type: 'Literal', value, raw: String(value) } };
}

describe('serve: workflows', () => {
  let recorder: ServeProcess;
  let fresh: ServeProcess;
  before(async () => {
    recorder = await startServe({ files: { 'main.wst': SOURCE } });
    fresh = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await recorder.stop();
    await fresh.stop();
  });

  it('shows an empty recording before any was started', async () => {
    const client = await AgentClient.connect(recorder);
    assert.deepEqual(await client.request('getWorkflowRecording'), { name: null, steps: [], recording: false });
    await client.close();
  });

  let recorded: Workflow;

  it('records the successful mutations with the ids they inserted, and nothing else', async () => {
    const client = await AgentClient.connect(recorder);
    await client.request('setAgentRole', { role: 'refactor' });
    assert.deepEqual(await client.request('startWorkflowRecording', { name: 'Add and rename' }), { recording: true, name: 'Add and rename' });
    const body = await mainBody(client);
    const inserted = await client.request<{ insertedNodeIds: string[] }>('applyMutation', { type: 'insertNode', parentId: body.id, role: 'statements', index: 0, node: variable('b', 2) });
    assert.equal(inserted.insertedNodeIds.length, 1);
    const newId = inserted.insertedNodeIds[0];
    await client.request('applyMutation', { type: 'setProperty', nodeId: newId, property: 'name', value: 'renamed' });
    // Neither a failed call nor a session method is recorded.
    assert.ok((await client.call('applyMutation', { type: 'setProperty', nodeId: 'node_does_not_exist', property: 'name', value: 'x' })).error);
    await client.request('ping');
    await client.request('setAgentName', { name: 'Recorder' });

    const during = await client.request<Workflow>('getWorkflowRecording');
    assert.equal(during.recording, true);
    recorded = await client.request<Workflow>('stopWorkflowRecording');
    assert.equal(recorded.recording, false);
    assert.equal(recorded.name, 'Add and rename');
    const mutations = recorded.steps.filter((step) => step.method === 'applyMutation');
    assert.deepEqual(
      mutations.map((step) => step.params),
      [
        { type: 'insertNode', parentId: body.id, role: 'statements', index: 0, node: variable('b', 2) },
        { type: 'setProperty', nodeId: newId, property: 'name', value: 'renamed' },
      ],
    );
    assert.deepEqual(mutations[0].insertedNodeIds, [newId]);
    assert.ok(recorded.steps.every((step) => typeof step.timestamp === 'number'));
    assert.ok(!recorded.steps.some((step) => ['ping', 'setAgentName', 'getWorkflowRecording'].includes(step.method)));
    assert.deepEqual(during.steps, recorded.steps);
    assert.match(readFileSync(join(recorder.folder, 'main.wst'), 'utf8'), /let renamed = 2;/);
    await client.close();
  });

  it('replays on a fresh copy, mapping the inserted id to the one the replay created', async () => {
    const client = await AgentClient.connect(fresh);
    await client.request('setAgentRole', { role: 'refactor' });
    // Something else is inserted first, so the recorded id now names another node.
    const body = await mainBody(client);
    const pad = await client.request<{ insertedNodeIds: string[] }>('applyMutation', { type: 'insertNode', parentId: body.id, role: 'statements', index: 0, node: variable('pad', 0) });
    const replay = await client.request<Replay>('replayWorkflow', { workflow: recorded });
    assert.equal(replay.count, recorded.steps.length);
    assert.equal(replay.responses.length, recorded.steps.length);
    assert.ok(replay.responses.every((response) => response.error === undefined), JSON.stringify(replay.responses));
    const statements = (await mainBody(client)).statements;
    const names = statements.filter((statement) => statement.type === 'VariableDeclaration').map((statement) => statement.name);
    assert.deepEqual(names.sort(), ['a', 'pad', 'renamed']);
    assert.ok(statements.some((statement) => statement.id === pad.insertedNodeIds[0] && statement.name === 'pad'), 'the node the recorded id names now is untouched');
    const text = readFileSync(join(fresh.folder, 'main.wst'), 'utf8');
    assert.match(text, /let renamed = 2;/);
    assert.match(text, /let pad = 0;/);
    await client.close();
  });

  it('replays with the current session\'s role and stops at the first failure unless continueOnError', async () => {
    const client = await AgentClient.connect(fresh);
    const workflow = {
      name: 'three steps',
      steps: [
        { method: 'ping', params: {} },
        { method: 'applyMutation', params: { type: 'setProperty', nodeId: 'node_x', property: 'name', value: 'y' } },
        { method: 'getSessionInfo' },
      ],
    };
    const stopped = await client.request<Replay>('replayWorkflow', { workflow });
    assert.equal(stopped.count, 2);
    assert.equal(stopped.stoppedAt, 1);
    assert.equal((stopped.responses[0] as { message?: string }).message, 'pong');
    assert.equal(stopped.responses[1].error?.code, -32031, 'a linter session replays as a linter');
    const all = await client.request<Replay>('replayWorkflow', { workflow, continueOnError: true });
    assert.equal(all.count, 3);
    assert.equal(all.stoppedAt, undefined);
    assert.equal((all.responses[2] as { sessionId?: string }).sessionId !== undefined, true);
    await client.close();
  });

  it('refuses workflow methods as steps, and malformed workflows with -32602', async () => {
    const client = await AgentClient.connect(fresh);
    const nested = await client.request<Replay>('replayWorkflow', { workflow: { steps: [{ method: 'replayWorkflow', params: { workflow: { steps: [] } } }] } });
    assert.equal(nested.responses[0].error?.code, -32602);
    const malformed = await client.call('replayWorkflow', { workflow: { steps: [{ params: {} }] } });
    assert.equal(malformed.error?.code, -32602);
    assert.match(malformed.error.message, /params\.workflow\.steps\[0\]\.method is required/);
    await client.close();
  });

  it('restarting a recording says how many steps it dropped', async () => {
    const client = await AgentClient.connect(fresh);
    await client.request('startWorkflowRecording', {});
    await client.request('getAST');
    const restarted = await client.request<{ recording: boolean; name: string; discardedSteps?: number }>('startWorkflowRecording', { name: 'again' });
    assert.equal(restarted.recording, true);
    assert.equal(restarted.name, 'again');
    assert.equal(restarted.discardedSteps, 1);
    await client.close();
  });
});
