// What a read-only agent can make the server keep, over real sockets: oversized params are refused
// before anything is kept, a workflow recording stops growing at its byte cap (and stays a prefix
// of what was done), what a session held is released when it disconnects, and a bounded soak of
// the calls that used to grow memory (large findNodes text while recording, large feedback uris,
// sessions that record and leave) keeps the serve process's memory bounded.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startAgentEndpoint } from '../../server/src/endpoint/endpoint';
import { webSocketTransport } from '../../server/src/websocket/websocket-transport';
import { planStoreOf } from '../../server/src/agent/plans/plan-store';
import { MAX_RECORDING_BYTES } from '../../server/src/agent/workflow-recorder';
import { agentFixture } from '../helpers/agent';
import { AgentClient, startServe, type LockFile, type ServeProcess } from './serve-harness';

const MAIN = 'fn calculateTotal(price: number): number {\n  return price * 2;\n}\n\nprint(calculateTotal(21));\n';
const MIB = 1024 * 1024;

/** A valid Whetstone source of about `bytes` (one long comment: cheap to parse). */
function commentSource(bytes: number): string {
  return `// ${'x'.repeat(bytes - 4)}\n`;
}

function rssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  assert.ok(match, 'VmRSS');
  return Number(match[1]) / 1024;
}

async function invalidField(client: AgentClient, method: string, params: Record<string, unknown>): Promise<string> {
  const response = await client.call(method, params);
  assert.equal(response.error?.code, -32602, `${method}: ${JSON.stringify(response.error)?.slice(0, 300)}`);
  return String(response.error.data?.field);
}

describe('memory bounds', () => {
  it('refuses oversized strings and arrays with -32602 naming the field', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      const huge = 'x'.repeat(7.5 * MIB);
      assert.equal(await invalidField(client, 'findNodes', { text: huge }), 'params.text');
      assert.equal(
        await invalidField(client, 'recordAnnotationFeedback', { nodeId: 'node_1', annotationType: 'performance', strategy: 'cache', reason: 'r', confidence: 0.5, accepted: false, uri: huge }),
        'params.uri',
      );
      assert.equal(await invalidField(client, 'proposePlan', { steps: Array.from({ length: 50_000 }, (_, i) => `step ${i}`), reason: 'r', targets: [] }), 'params.steps');
      assert.equal(await invalidField(client, 'applyMutation', { type: 'setProperty', nodeId: 'node_1', property: 'name', value: 'v'.repeat(2 * MIB) }), 'params.value');
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('caps a recording in bytes: once full it is truncated and records nothing more', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('startWorkflowRecording', { name: 'big' });
      const step = commentSource(1 * MIB);
      for (let i = 0; i < 5; i++) await client.request('parseSource', { source: step, language: 'whetstone' });
      await client.request('listBuffers');
      const recording = await client.request<{ steps: { method: string }[]; truncated?: boolean }>('getWorkflowRecording');
      assert.equal(recording.truncated, true);
      const kept = Math.floor(MAX_RECORDING_BYTES / (step.length + 40));
      assert.equal(recording.steps.length, kept, 'the steps that fit, and nothing after the first that did not');
      assert.ok(recording.steps.every((s) => s.method === 'parseSource'), 'a truncated recording is a prefix: the later listBuffers is not in it');
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('releases what a session held when it disconnects: plans, recording, undo history', async () => {
    const f = await agentFixture({ 'main.wst': MAIN });
    const lockDir = mkdtempSync(join(tmpdir(), 'whetstone-release-'));
    const endpoint = await startAgentEndpoint({ host: f.host, port: 0, lockDir, transports: [webSocketTransport()] });
    try {
      const client = await AgentClient.connect({ port: endpoint.port, lock: { token: endpoint.token } as LockFile });
      await client.request('setAgentRole', { role: 'refactor' });
      await client.request('startWorkflowRecording', {});
      const { ast } = await client.request<{ ast: { children: { id: string; type: string }[] } }>('getAST');
      const fn = ast.children.find((node) => node.type === 'FunctionDeclaration')!;
      await client.request('applyMutation', { type: 'setProperty', nodeId: fn.id, property: 'name', value: 'sum' });
      const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['remove it'], reason: 'unused', targets: [{ op: 'deleteNode', nodeId: fn.id }] });
      await client.planDecided(planId);
      const [session] = endpoint.sessions();
      assert.ok(session.state.size > 0, 'the session holds a recording and an undo history');
      assert.equal(planStoreOf(f.host).ofSession(session.id).length, 1);
      await client.close();
      const deadline = Date.now() + 5_000;
      while (endpoint.sessions().length > 0) {
        assert.ok(Date.now() < deadline, 'the server did not see the disconnect');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.equal(session.state.size, 0, 'recording and undo history dropped');
      assert.deepEqual(planStoreOf(f.host).all(), [], 'its plans forgotten');
    } finally {
      await endpoint.close();
      f.dispose();
      rmSync(lockDir, { recursive: true, force: true });
    }
  });

  it('soak: the calls that used to grow memory keep serve under a bound', { skip: !existsSync('/proc/self/status') && 'reads RSS from /proc' }, async () => {
    const server: ServeProcess = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const pid = server.child.pid!;
      const warm = await AgentClient.connect(server);
      await warm.request('parseSource', { source: MAIN, language: 'whetstone' });
      await warm.close();
      const before = rssMib(pid);
      const huge = 'x'.repeat(7.5 * MIB);
      const reader = await AgentClient.connect(server);
      await reader.request('startWorkflowRecording', {});
      for (let i = 0; i < 40; i++) await reader.call('findNodes', { text: `${i}${huge}` });
      for (let i = 0; i < 40; i++) {
        await reader.call('recordAnnotationFeedback', { nodeId: 'node_1', annotationType: 'performance', strategy: 'cache', reason: 'r', confidence: 0.5, accepted: false, uri: `${i}${huge}` });
      }
      // The largest feedback keys that are accepted, each a new one.
      const longUri = `file:///${'u'.repeat(4000)}`;
      for (let i = 0; i < 200; i++) {
        await reader.request('recordAnnotationFeedback', { nodeId: `node_${i}`, annotationType: 'performance', strategy: 'cache', reason: 'r', confidence: 0.5, accepted: false, uri: `${longUri}${i}` });
      }
      await reader.close();
      // Sessions that fill a recording and leave.
      const step = commentSource(1 * MIB);
      for (let s = 0; s < 10; s++) {
        const agent = await AgentClient.connect(server);
        await agent.request('startWorkflowRecording', {});
        for (let i = 0; i < 5; i++) await agent.request('parseSource', { source: step, language: 'whetstone' });
        await agent.close();
      }
      const probe = await AgentClient.connect(server);
      assert.equal((await probe.request<{ message: string }>('ping')).message, 'pong');
      await probe.close();
      const after = rssMib(pid);
      console.log(`serve RSS: ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after the soak`);
      assert.ok(after - before < 250, `serve grew from ${before.toFixed(0)} MiB to ${after.toFixed(0)} MiB`);
    } finally {
      await server.stop();
    }
  });
});
