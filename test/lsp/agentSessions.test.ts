// What the person's side of agents is built on, over real connections (an LSP client like VS
// Code's, WebSocket agents through the lock file): the sessions overview the Agents view draws
// (whetstone/agentSessions), its actions (disconnect, make read-only, revoke an approval),
// approving similar plans (decidedBy "policy", never for a declaration, gone when revoked or
// when the agent disconnects), and the proposed text of a plan's review diff (whetstone/planDiff).
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  AgentSessionActionRequest,
  AgentSessionsNotification,
  DecidePlanRequest,
  PlanDiffRequest,
  type AgentSessionData,
  type DecidePlanParams,
  type DecidePlanResult,
  type PlanDiffResult,
} from '../../server/src/protocol/messages';
import { Agent, FakeEditor, functionNamed, startServer, type AgentStatus, type AstNode } from './agentHarness';
import type { LspClient } from './lspClient';

const SOURCE = 'fn total(xs: list<number>): number {\n  let unused = 1;\n  let spare = 2;\n  let sum = 0;\n  for x in xs {\n    sum = sum + x;\n  }\n  return sum;\n}\n\nfn helper(): number {\n  return 0;\n}\n';
const LOCAL_DELETE = 'deleteNode local VariableDeclaration';

function local(ast: AstNode, name: string): AstNode {
  const found = functionNamed(ast, 'total').body?.statements?.find((statement) => statement.type === 'VariableDeclaration' && statement.name === name);
  assert.ok(found, `a local ${name}`);
  return found;
}

describe('agents as the person sees them', () => {
  let lockDir: string;
  let client: LspClient;
  let editor: FakeEditor;
  let lockFile: string;
  let overviews: AgentSessionData[][];
  /** How the test person answers a plan question; undefined leaves it unanswered. */
  let answerPlan: (params: DecidePlanParams) => DecidePlanResult | undefined;
  let asked: DecidePlanParams[];

  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const started = await startServer(lockDir, { trusted: true });
    client = started.client;
    const statuses: AgentStatus[] = started.statuses;
    const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
    lockFile = running.lockFile ?? '';
    editor = new FakeEditor(client, 'file:///agents/sessions.wst', SOURCE);
    await editor.open();
    client.connection.onNotification(AgentSessionsNotification.method, (params: { sessions: AgentSessionData[] }) => {
      overviews.push(params.sessions);
    });
    client.connection.onRequest(DecidePlanRequest.method, (params: DecidePlanParams) => {
      asked.push(params);
      const answer = answerPlan(params);
      return answer ?? new Promise<DecidePlanResult>(() => undefined);
    });
  });
  beforeEach(() => {
    overviews = [];
    asked = [];
    answerPlan = () => ({ decision: 'rejected', decidedBy: 'the test' });
  });
  after(async () => {
    await client.shutdown();
    rmSync(lockDir, { recursive: true, force: true });
  });

  /** The latest overview of the session named `name` that satisfies `ready`. */
  function sessionNamed(name: string, ready: (session: AgentSessionData) => boolean = () => true): Promise<AgentSessionData> {
    return client.waitFor(`the overview of ${name}`, () => {
      const session = overviews.at(-1)?.find((candidate) => candidate.name === name);
      return session && ready(session) ? session : undefined;
    });
  }

  async function namedAgent(name: string, role = 'refactor'): Promise<Agent> {
    const agent = await Agent.connect(lockFile);
    await agent.result('setAgentName', { name });
    await agent.result('setAgentRole', { role });
    return agent;
  }

  async function decided(agent: Agent, planId: string): Promise<{ status: string; decidedBy?: string }> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const plan = (await agent.result('getPlan', { planId })) as { status: string; decidedBy?: string };
      if (plan.status !== 'pending') return plan;
      if (Date.now() > deadline) assert.fail(`plan ${planId} is still pending`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('lists a session with name, role, transport, message count and recent calls (error codes too), live', async () => {
    const agent = await namedAgent('Overview Agent');
    try {
      await agent.result('getAST');
      const missing = await agent.call('applyMutation', { type: 'deleteNode', nodeId: 'node_9999' });
      assert.ok(missing.error, 'a node that does not exist is an error');
      const session = await sessionNamed('Overview Agent', (s) => s.recentCalls.some((call) => call.outcome !== 'ok'));
      assert.equal(session.transport, 'websocket');
      assert.equal(session.role, 'refactor');
      assert.ok(session.messageCount >= 4, `4 messages sent, counted ${session.messageCount}`);
      assert.ok(session.connectedAtMs > 0 && session.connectedAtMs <= Date.now());
      const [last, previous] = session.recentCalls;
      assert.deepEqual([last.method, last.target, last.outcome], ['applyMutation', 'node_9999', missing.error.code], 'newest first, with its error code');
      assert.deepEqual([previous.method, previous.outcome], ['getAST', 'ok']);
      assert.deepEqual(session.pendingPlans, []);
    } finally {
      agent.close();
    }
  });

  it('shows the agent\'s name escaped, and drops a session from the overview once it disconnects', async () => {
    const agent = await namedAgent('Evil\u001b[2J\nAgent');
    const session = await sessionNamed('Evil\\e[2J\\nAgent');
    assert.ok(session, 'control characters are shown, not obeyed');
    agent.close();
    await client.waitFor('the session to leave the overview', () => (overviews.at(-1)?.some((s) => s.sessionId === session.sessionId) === false ? true : undefined));
  });

  it('makes a session read-only (it cannot raise its role again), then disconnects it, closing its socket', async () => {
    const agent = await namedAgent('Tamed Agent');
    const { ast } = (await agent.result('getAST')) as { ast: AstNode };
    const { sessionId } = await sessionNamed('Tamed Agent');
    const readOnly = await client.connection.sendRequest(AgentSessionActionRequest.method, { sessionId, action: 'readOnly' });
    assert.deepEqual(readOnly, { done: true });
    const lowered = await sessionNamed('Tamed Agent', (s) => s.role === 'linter');
    assert.equal(lowered.maxRole, 'linter');
    const refused = await agent.call('applyMutation', { type: 'setProperty', nodeId: local(ast, 'sum').id, property: 'name', value: 'acc' });
    assert.equal(refused.error?.code, -32031, JSON.stringify(refused));
    const raise = await agent.call('setAgentRole', { role: 'refactor' });
    assert.ok(raise.error, 'the role cannot be raised past the ceiling');
    assert.equal(editor.text, SOURCE, 'nothing changed');

    const disconnected = await client.connection.sendRequest(AgentSessionActionRequest.method, { sessionId, action: 'disconnect' });
    assert.deepEqual(disconnected, { done: true });
    await agent.closed;
    await client.waitFor('the session to leave the overview', () => (overviews.at(-1)?.some((s) => s.sessionId === sessionId) === false ? true : undefined));
    const again = await client.connection.sendRequest(AgentSessionActionRequest.method, { sessionId, action: 'disconnect' });
    assert.deepEqual(again, { done: false }, 'a session that is gone cannot be acted on');
  });

  it('approves a later plan of the same kind from that agent by policy; a declaration always asks; revoking asks again', async () => {
    const agent = await namedAgent('Tidy Agent');
    try {
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      answerPlan = () => ({ decision: 'approved', decidedBy: 'the test', approveSimilar: true });
      const first = await agent.result('proposePlan', { steps: ['delete unused'], reason: 'unused local', targets: [{ op: 'deleteNode', nodeId: local(ast, 'unused').id }] });
      assert.equal((await decided(agent, first.planId as string)).decidedBy, 'the test');
      assert.deepEqual(asked[0].similar?.kind, LOCAL_DELETE, 'the question offers approving similar plans');
      const shown = await sessionNamed('Tidy Agent', (s) => s.standingApprovals.length > 0);
      assert.deepEqual(shown.standingApprovals.map((kind) => kind.kind), [LOCAL_DELETE]);

      answerPlan = () => ({ decision: 'rejected', decidedBy: 'the test' });
      const second = await agent.result('proposePlan', { steps: ['delete spare'], reason: 'another unused local', targets: [{ op: 'deleteNode', nodeId: local(ast, 'spare').id }] });
      const policy = await decided(agent, second.planId as string);
      assert.deepEqual([policy.status, policy.decidedBy], ['approved', 'policy']);
      assert.equal(asked.length, 1, 'the person was not asked again');

      const declaration = await agent.result('proposePlan', { steps: ['delete helper'], reason: 'unused function', targets: [{ op: 'deleteNode', nodeId: functionNamed(ast, 'helper').id }] });
      assert.equal((await decided(agent, declaration.planId as string)).decidedBy, 'the test', 'a declaration always asks');
      assert.equal(asked.length, 2);
      assert.equal(asked[1].similar, undefined, 'and offers no approving of similar plans');
      const mixed = await agent.result('proposePlan', {
        steps: ['delete both'],
        reason: 'a local and a function',
        targets: [
          { op: 'deleteNode', nodeId: local(ast, 'sum').id },
          { op: 'deleteNode', nodeId: functionNamed(ast, 'helper').id },
        ],
      });
      assert.equal((await decided(agent, mixed.planId as string)).decidedBy, 'the test', 'a plan with a declaration among its targets asks too');

      const { sessionId } = shown;
      const revoked = await client.connection.sendRequest(AgentSessionActionRequest.method, { sessionId, action: 'revokeApproval', kind: LOCAL_DELETE });
      assert.deepEqual(revoked, { done: true });
      await sessionNamed('Tidy Agent', (s) => s.standingApprovals.length === 0);
      const afterRevoke = await agent.result('proposePlan', { steps: ['delete spare'], reason: 'again', targets: [{ op: 'deleteNode', nodeId: local(ast, 'spare').id }] });
      const asksAgain = await decided(agent, afterRevoke.planId as string);
      assert.deepEqual([asksAgain.status, asksAgain.decidedBy], ['rejected', 'the test'], 'asked again once revoked');
    } finally {
      agent.close();
    }
  });

  it('forgets an approval of similar plans when the agent disconnects: the same agent connecting again is asked', async () => {
    const agent = await namedAgent('Leaving Agent');
    const { ast } = (await agent.result('getAST')) as { ast: AstNode };
    answerPlan = () => ({ decision: 'approved', decidedBy: 'the test', approveSimilar: true });
    const first = await agent.result('proposePlan', { steps: ['delete unused'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: local(ast, 'unused').id }] });
    await decided(agent, first.planId as string);
    await sessionNamed('Leaving Agent', (s) => s.standingApprovals.length > 0);
    agent.close();
    await agent.closed;

    answerPlan = () => ({ decision: 'rejected', decidedBy: 'the test' });
    const back = await namedAgent('Leaving Agent');
    try {
      const plan = await back.result('proposePlan', { steps: ['delete unused'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: local(ast, 'unused').id }] });
      assert.deepEqual((await decided(back, plan.planId as string)).decidedBy, 'the test');
      assert.equal(asked.length, 2, 'asked again');
    } finally {
      back.close();
    }
  });

  it('gives a pending plan\'s review the text with its deletions made, lists what it cannot show, follows typing, and has none once decided', async () => {
    const agent = await namedAgent('Diff Agent');
    try {
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      answerPlan = () => undefined;
      const plan = await agent.result('proposePlan', {
        steps: ['delete unused', 'rename sum'],
        reason: 'tidy',
        targets: [
          { op: 'deleteNode', nodeId: local(ast, 'unused').id },
          { op: 'setProperty', nodeId: local(ast, 'sum').id },
        ],
      });
      const planId = plan.planId as string;
      await client.waitFor('the question', () => asked[0]);
      const diff = (await client.connection.sendRequest(PlanDiffRequest.method, { planId })) as PlanDiffResult;
      assert.equal(diff.planId, planId);
      assert.equal(diff.files.length, 1);
      const [file] = diff.files;
      assert.deepEqual([file.uri, file.version], [editor.uri, editor.version]);
      assert.equal(file.proposed, editor.text.replace('  let unused = 1;\n', ''), 'current against proposed: exactly the deleted line goes');
      assert.equal(file.notShown.length, 1);
      assert.match(file.notShown[0], /^setProperty VariableDeclaration on lines 4–4$/);

      // The person types: the proposal is of the text as it is now.
      await editor.type(0, '// tidy me\n');
      await agent.untilRevision(editor.version);
      const later = (await client.connection.sendRequest(PlanDiffRequest.method, { planId })) as PlanDiffResult;
      assert.equal(later.files[0].version, editor.version);
      assert.equal(later.files[0].proposed, editor.text.replace('  let unused = 1;\n', ''));

      answerPlan = () => ({ decision: 'rejected', decidedBy: 'the test' });
      const rejected = await agent.result('proposePlan', { steps: ['delete spare'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: local(ast, 'spare').id }] });
      await decided(agent, rejected.planId as string);
      assert.equal(await client.connection.sendRequest(PlanDiffRequest.method, { planId: rejected.planId }), null, 'a decided plan has no proposal');
      assert.equal(await client.connection.sendRequest(PlanDiffRequest.method, { planId: 'plan_nope' }), null);
    } finally {
      agent.close();
    }
  });
});
