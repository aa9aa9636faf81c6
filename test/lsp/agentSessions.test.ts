// What the person's side of agents is built on, over real connections (an LSP client like VS
// Code's, WebSocket agents through the lock file): the sessions overview the Agents view draws
// (whetstone/agentSessions), its actions (disconnect, make read-only, revoke an approval),
// approving similar plans (decidedBy "policy", per file, never for a declaration or a signature,
// gone when revoked or when the agent disconnects), plans bound to the file of each target (node
// ids repeat across files), and the proposed text of a plan's review diff (whetstone/planDiff).
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
const SESSIONS_URI = 'file:///agents/sessions.wst';
const LOCAL_DELETE = `deleteNode local VariableDeclaration in ${SESSIONS_URI}`;

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
    editor = new FakeEditor(client, SESSIONS_URI, SOURCE);
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

  /**
   * Opens a second file (not the active one) whose `fn audit` has the id `wanted`, as a file of an
   * agent's choosing could: top-level padding shifts the ids until it does. Returns its uri.
   */
  async function ledgerWithAuditAt(agent: Agent, wanted: string): Promise<string> {
    for (let pads = 0; pads < 40; pads++) {
      const uri = `file:///agents/ledger-${pads}.wst`;
      const padding = Array.from({ length: pads >> 1 }, (_, index) => `let p${index} = 0;\n`).join('') + (pads % 2 === 1 ? 'let q = [0];\n' : '');
      await client.open(uri, `${padding}fn audit(): number {\n  let kept = 1;\n  return kept;\n}\n`);
      let answer = await agent.call('getAST', { uri });
      for (const deadline = Date.now() + 5000; answer.error && Date.now() < deadline; answer = await agent.call('getAST', { uri })) await new Promise((resolve) => setTimeout(resolve, 20));
      const audit = functionNamed((answer.result as { ast: AstNode }).ast, 'audit');
      if (audit.id === wanted) return uri;
      await client.close(uri);
    }
    assert.fail(`no padding gives fn audit the id ${wanted}`);
  }

  it('binds a plan to the file the person was shown: a decoy\'s approval does not delete fn audit in another file', async () => {
    const agent = await namedAgent('Decoy Agent');
    try {
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      const decoy = local(ast, 'spare').id;
      const ledger = await ledgerWithAuditAt(agent, decoy);
      answerPlan = () => ({ decision: 'approved', decidedBy: 'the test' });
      // No uri: bound to the active file, where the person is shown the local `spare`.
      const plan = await agent.result('proposePlan', { steps: ['delete spare'], reason: 'unused local', targets: [{ op: 'deleteNode', nodeId: decoy }] });
      assert.equal((await decided(agent, plan.planId as string)).status, 'approved');

      const refused = await agent.call('applyMutation', { uri: ledger, type: 'deleteNode', nodeId: decoy, planId: plan.planId });
      assert.equal(refused.error?.code, -32041, JSON.stringify(refused));
      assert.deepEqual((refused.error?.data as { missingTargets?: unknown }).missingTargets, [{ op: 'deleteNode', nodeId: decoy, uri: ledger }]);
      const { ast: ledgerAst } = (await agent.result('getAST', { uri: ledger })) as { ast: AstNode };
      assert.equal(functionNamed(ledgerAst, 'audit').id, decoy, 'fn audit is still there');
      assert.equal(editor.text, SOURCE, 'and nothing changed in the decoy\'s file either');
      // What the person was asked about names the file, and the node of that file.
      assert.deepEqual(asked[0].plan.targets, [{ op: 'deleteNode', nodeId: decoy, uri: SESSIONS_URI }]);
      assert.equal(asked[0].display.targets[0].description, 'variable spare, line 3 of sessions.wst');
      await client.close(ledger);
    } finally {
      agent.close();
    }
  });

  it('keeps an approval of similar plans to its file, and never offers it for a function\'s parameter or body', async () => {
    const agent = await namedAgent('Spreading Agent');
    try {
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      const decoy = local(ast, 'spare').id;
      const ledger = await ledgerWithAuditAt(agent, decoy);
      answerPlan = () => ({ decision: 'approved', decidedBy: 'the test', approveSimilar: true });
      const first = await agent.result('proposePlan', { steps: ['delete unused'], reason: 'unused local', targets: [{ op: 'deleteNode', nodeId: local(ast, 'unused').id }] });
      await decided(agent, first.planId as string);
      await sessionNamed('Spreading Agent', (s) => s.standingApprovals.length > 0);

      // A later plan for a local of this file is approved by policy; it does not reach fn audit,
      // which has that local's id in the other file.
      answerPlan = () => ({ decision: 'rejected', decidedBy: 'the test' });
      const byPolicy = await agent.result('proposePlan', { steps: ['delete spare'], reason: 'another unused local', targets: [{ op: 'deleteNode', nodeId: decoy }] });
      assert.equal((await decided(agent, byPolicy.planId as string)).decidedBy, 'policy');
      const refused = await agent.call('applyMutation', { uri: ledger, type: 'deleteNode', nodeId: decoy, planId: byPolicy.planId });
      assert.equal(refused.error?.code, -32041, JSON.stringify(refused));
      const { ast: ledgerAst } = (await agent.result('getAST', { uri: ledger })) as { ast: AstNode };
      assert.equal(functionNamed(ledgerAst, 'audit').id, decoy, 'fn audit is still there');

      assert.equal(asked[0].similar?.kind, LOCAL_DELETE);
      assert.match(asked[0].similar?.label ?? '', /inside functions of sessions\.wst$/, 'the person reads which file');
      // The same kind of step in the other file is asked about: the approval was for sessions.wst.
      const kept = functionNamed(ledgerAst, 'audit').body?.statements?.[0];
      assert.ok(kept?.type === 'VariableDeclaration');
      const elsewhere = await agent.result('proposePlan', { steps: ['delete kept'], reason: 'a local elsewhere', targets: [{ op: 'deleteNode', nodeId: kept.id, uri: ledger }] });
      assert.deepEqual([(await decided(agent, elsewhere.planId as string)).decidedBy, asked.length], ['the test', 2], 'the person was asked');
      assert.equal(asked[1].similar?.kind, `deleteNode local VariableDeclaration in ${ledger}`);

      // A parameter of a top-level function is part of its signature: never "Approve similar".
      const parameter = (functionNamed(ast, 'total') as AstNode & { parameters?: AstNode[] }).parameters?.[0];
      assert.ok(parameter?.type === 'Parameter');
      const signature = await agent.result('proposePlan', { steps: ['drop xs'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: parameter.id }] });
      assert.deepEqual([(await decided(agent, signature.planId as string)).decidedBy, asked.length], ['the test', 3]);
      assert.equal(asked[2].similar, undefined, 'no approving of similar plans is offered');
      // Nor a function's whole body.
      const body = await agent.result('proposePlan', { steps: ['empty helper'], reason: 'r', targets: [{ op: 'updateNode', nodeId: functionNamed(ast, 'helper').body!.id }] });
      await decided(agent, body.planId as string);
      assert.equal(asked[3].similar, undefined);
      await client.close(ledger);
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
      assert.match(file.notShown[0], /^change variable on lines 4–4$/);

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
