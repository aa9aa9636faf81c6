// Agents' changes racing the person's typing inside the language server: the real server, a
// simulated editor that refuses an edit made for a version the person has typed over (as VS Code
// does), and a WebSocket agent. A plan is used up only by a change that reached the buffer.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DecidePlanRequest } from '../../server/src/protocol/messages';
import { Agent, FakeEditor, functionNamed, startServer, type AstNode } from './agentHarness';
import type { LspClient } from './lspClient';

const SOURCE = 'fn total(): number {\n  return 1;\n}\n\nfn spare(): number {\n  return 0;\n}\n\nfn unused(): number {\n  return 2;\n}\n';
const KEYSTROKE = '// typed\n';

describe('agent changes racing the person in the editor', () => {
  let lockDir: string;
  let client: LspClient;
  let editor: FakeEditor;
  let agent: Agent;

  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const started = await startServer(lockDir, { trusted: true });
    client = started.client;
    client.connection.onRequest(DecidePlanRequest.method, () => ({ decision: 'approved', decidedBy: 'the test' }));
    editor = new FakeEditor(client, 'file:///agent/races.wst', SOURCE);
    await editor.open();
    const running = await client.waitFor('the endpoint to run', () => started.statuses.find((status) => status.running));
    assert.ok(running.lockFile);
    agent = await Agent.connect(running.lockFile);
    await agent.result('setAgentRole', { role: 'refactor' });
  });

  after(async () => {
    agent.close();
    await client.shutdown();
    rmSync(lockDir, { recursive: true, force: true });
  });

  /** The person types a line at the end of the document, and VS Code reports it. */
  const keystroke = (): Promise<void> => editor.type(editor.text.length, KEYSTROKE);

  /** Makes the person's keystroke win the race for the applyEdit requests `wins` picks (1-based, from now). */
  function personWins(wins: (request: number) => boolean): void {
    const start = editor.applyEditRequests;
    editor.onApplyEdit = async (request) => {
      if (wins(request - start)) await keystroke();
    };
  }

  async function tree(): Promise<{ ast: AstNode; revision: number }> {
    await agent.untilRevision(editor.version);
    return (await agent.result('getAST')) as { ast: AstNode; revision: number };
  }

  async function approvedPlan(nodeId: string): Promise<string> {
    const { planId } = (await agent.result('proposePlan', { steps: ['delete it'], reason: 'not needed', targets: [{ op: 'deleteNode', nodeId }] })) as { planId: string };
    const decided = await client.waitFor('planDecided', () => agent.notifications.find((n) => n.method === 'planDecided' && n.params.planId === planId));
    assert.equal(decided.params.status, 'approved');
    return planId;
  }

  it('keeps an approved plan when its change loses to a keystroke, and uses it up when the change is applied', async () => {
    const { ast, revision } = await tree();
    const unused = functionNamed(ast, 'unused').id;
    const planId = await approvedPlan(unused);
    personWins((request) => request === 1);
    let lost;
    try {
      lost = await agent.call('applyMutation', { type: 'deleteNode', nodeId: unused, planId, ifRevision: revision });
    } finally {
      editor.onApplyEdit = undefined;
    }
    assert.equal(lost.error?.code, -32012, JSON.stringify(lost));
    assert.equal(((await agent.result('getPlan', { planId })) as { status: string }).status, 'approved', 'the approval survives the lost race');
    assert.match(editor.text, /fn unused/);

    const applied = await agent.call('applyMutation', { type: 'deleteNode', nodeId: unused, planId });
    assert.equal(applied.error, undefined, JSON.stringify(applied.error));
    assert.doesNotMatch(editor.text, /fn unused/);
    assert.equal(((await agent.result('getPlan', { planId })) as { status: string }).status, 'consumed');
  });
});
