// Agents' changes racing the person's typing inside the language server: the real server, a
// simulated editor that refuses an edit made for a version the person has typed over (as VS Code
// does), and WebSocket agents. A change sent without ifRevision that a keystroke beat is re-run
// on the tree the keystroke left (a bounded number of times); one with ifRevision is a conflict.
// Agents' changes (and their undos) take turns, so they do not refuse each other. A plan is used up only by a
// change that reached the buffer.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AnswerSuggestionRequest, DecidePlanRequest, SuggestionsRequest, type EditorSuggestionData } from '../../server/src/protocol/messages';
import { Agent, FakeEditor, functionNamed, startServer, type AstNode, type RpcAnswer } from './agentHarness';
import type { LspClient } from './lspClient';

const SOURCE = 'fn total(): number {\n  return 1;\n}\n\nfn spare(): number {\n  return 0;\n}\n\nfn unused(): number {\n  return 2;\n}\n';
const KEYSTROKE = '// typed\n';

const count = (text: string, part: string): number => text.split(part).length - 1;

describe('agent changes racing the person in the editor', () => {
  let lockDir: string;
  let client: LspClient;
  let editor: FakeEditor;
  let agent: Agent;
  let lockFile: string;

  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const started = await startServer(lockDir, { trusted: true });
    client = started.client;
    client.connection.onRequest(DecidePlanRequest.method, () => ({ decision: 'approved', decidedBy: 'the test' }));
    editor = new FakeEditor(client, 'file:///agent/races.wst', SOURCE);
    await editor.open();
    const running = await client.waitFor('the endpoint to run', () => started.statuses.find((status) => status.running));
    assert.ok(running.lockFile);
    lockFile = running.lockFile;
    agent = await Agent.connect(lockFile);
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

  const printCall = (value: number) => ({
    type: 'ExpressionStatement',
    expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'Literal', value }] },
  });

  async function approvedPlan(nodeId: string): Promise<string> {
    const { planId } = (await agent.result('proposePlan', { steps: ['delete it'], reason: 'not needed', targets: [{ op: 'deleteNode', nodeId }] })) as { planId: string };
    const decided = await client.waitFor('planDecided', () => agent.notifications.find((n) => n.method === 'planDecided' && n.params.planId === planId));
    assert.equal(decided.params.status, 'approved');
    return planId;
  }

  it('re-runs a mutation without ifRevision that a keystroke beat on the new tree, so it applies', async () => {
    const mutations = 10;
    const { ast } = await tree();
    const body = functionNamed(ast, 'total').body!.id;
    const requests = editor.applyEditRequests;
    const typedBefore = count(editor.text, KEYSTROKE);
    // Every first attempt loses to a keystroke; the re-run gets through.
    personWins((request) => request % 2 === 1);
    const inserted: string[] = [];
    try {
      for (let i = 0; i < mutations; i++) {
        const answer = await agent.call('applyMutation', { type: 'insertNode', parentId: body, role: 'statements', index: 0, node: printCall(i) });
        assert.equal(answer.error, undefined, `mutation ${i}: ${JSON.stringify(answer.error)}`);
        assert.equal(answer.result?.revision, editor.version, 'the result names the revision the editor reached');
        inserted.push(...(answer.result?.insertedNodeIds as string[]));
      }
    } finally {
      editor.onApplyEdit = undefined;
    }
    assert.equal(editor.applyEditRequests - requests, 2 * mutations, 'each mutation: one lost attempt, one applied');
    assert.equal(count(editor.text, KEYSTROKE) - typedBefore, mutations, 'every keystroke is kept');
    for (let i = 0; i < mutations; i++) assert.equal(count(editor.text, `print(${i});`), 1);
    const statements = functionNamed((await tree()).ast, 'total').body!.statements!;
    assert.deepEqual(
      statements.slice(0, mutations).map((statement) => statement.id),
      [...inserted].reverse(),
      'the inserted nodes keep the ids the answers gave',
    );
  });

  it('applies a second agent\'s change sent while the first one\'s edit is in the editor, after it, neither refused', async () => {
    const second = await Agent.connect(lockFile);
    try {
      await second.result('setAgentRole', { role: 'refactor' });
      const body = functionNamed((await tree()).ast, 'total').body!.id;
      const requests = editor.applyEditRequests;
      let other: Promise<RpcAnswer> | undefined;
      editor.onApplyEdit = async (request) => {
        if (request - requests !== 1) return;
        // The first agent's edit is waiting for the editor's answer: the second agent's change arrives now.
        other = second.call('applyMutation', { type: 'insertNode', parentId: body, role: 'statements', index: 0, node: printCall(200) });
        await new Promise((resolve) => setTimeout(resolve, 100));
      };
      let first;
      try {
        first = await agent.call('applyMutation', { type: 'insertNode', parentId: body, role: 'statements', index: 0, node: printCall(100) });
      } finally {
        editor.onApplyEdit = undefined;
      }
      assert.ok(other);
      const answer = await other;
      assert.equal(first.error, undefined, JSON.stringify(first.error));
      assert.equal(answer.error, undefined, JSON.stringify(answer.error));
      assert.equal(editor.applyEditRequests - requests, 2, 'each change went to the editor once');
      assert.match(editor.text, / {2}print\(200\);\n {2}print\(100\);/);
    } finally {
      second.close();
    }
  });

  it('takes an undo sent while another agent\'s edit is in the editor after that edit: -32050, the buffer changed since, never sent', async () => {
    const second = await Agent.connect(lockFile);
    try {
      await second.result('setAgentRole', { role: 'refactor' });
      const body = functionNamed((await tree()).ast, 'spare').body!.id;
      const mine = await agent.call('applyMutation', { type: 'insertNode', parentId: body, role: 'statements', index: 0, node: printCall(300) });
      assert.equal(mine.error, undefined, JSON.stringify(mine.error));
      await tree();
      const requests = editor.applyEditRequests;
      let undo: Promise<RpcAnswer> | undefined;
      editor.onApplyEdit = async (request) => {
        if (request - requests !== 1) return;
        // The second agent's edit is waiting for the editor's answer: the first agent's undo arrives now.
        undo = agent.call('undo', {});
        await new Promise((resolve) => setTimeout(resolve, 100));
      };
      let other;
      try {
        other = await second.call('applyMutation', { type: 'insertNode', parentId: body, role: 'statements', index: 0, node: printCall(301) });
      } finally {
        editor.onApplyEdit = undefined;
      }
      assert.equal(other.error, undefined, JSON.stringify(other.error));
      assert.ok(undo);
      const answer = await undo;
      assert.equal(answer.error?.code, -32050, JSON.stringify(answer.error));
      assert.match(answer.error!.message, /changed after this session's last mutation/);
      assert.equal(editor.applyEditRequests - requests, 1, 'the undo never went to the editor');
      assert.match(editor.text, / {2}print\(301\);\n {2}print\(300\);/);
    } finally {
      second.close();
    }
  });

  it('applies the person\'s Accept sent while an agent\'s edit is in the editor after that edit, on its text, both kept', async () => {
    const { version, suggestions } = (await client.connection.sendRequest(SuggestionsRequest.method, { uri: editor.uri })) as { version: number; suggestions: EditorSuggestionData[] };
    const pure = suggestions.find((s) => s.annotationType === 'semantic' && s.strategy === 'pure' && s.nodeLabel.includes('unused'));
    assert.ok(pure, JSON.stringify(suggestions.map((s) => [s.annotationType, s.strategy, s.nodeLabel])));
    const body = functionNamed((await tree()).ast, 'total').body!.id;
    const requests = editor.applyEditRequests;
    let accepted: Promise<unknown> | undefined;
    editor.onApplyEdit = async (request) => {
      if (request - requests !== 1) return;
      // The agent's edit is waiting for the editor's answer: the person accepts now.
      accepted = client.connection.sendRequest(AnswerSuggestionRequest.method, { uri: editor.uri, version, nodeId: pure.nodeId, annotationType: pure.annotationType, strategy: pure.strategy, accepted: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    let change;
    try {
      change = await agent.call('applyMutation', { type: 'insertNode', parentId: body, role: 'statements', index: 0, node: printCall(400) });
    } finally {
      editor.onApplyEdit = undefined;
    }
    assert.equal(change.error, undefined, JSON.stringify(change.error));
    assert.ok(accepted);
    assert.equal(((await accepted) as { done: boolean }).done, true);
    assert.equal(editor.applyEditRequests - requests, 2, 'each went to the editor once');
    assert.match(editor.text, / {2}print\(400\);/);
    assert.match(editor.text, /@semantic\(pure\)\nfn unused/);
  });

  it('refuses with -32012 and does not re-run a mutation sent with ifRevision', async () => {
    const { ast, revision } = await tree();
    const requests = editor.applyEditRequests;
    const before = editor.text;
    personWins(() => true);
    try {
      const answer = await agent.call('applyMutation', { type: 'setProperty', nodeId: functionNamed(ast, 'spare').id, property: 'name', value: 'renamed', ifRevision: revision });
      assert.equal(answer.error?.code, -32012, JSON.stringify(answer));
      assert.equal(answer.error?.data?.currentRevision, editor.version);
    } finally {
      editor.onApplyEdit = undefined;
    }
    assert.equal(editor.applyEditRequests - requests, 1);
    assert.equal(editor.text, before + KEYSTROKE, 'only the keystroke');
  });

  it('stops re-running after 3 lost races, answering -32012 with nothing of the agent applied', async () => {
    const { ast } = await tree();
    const requests = editor.applyEditRequests;
    const before = editor.text;
    personWins(() => true);
    try {
      const answer = await agent.call('applyMutation', { type: 'setProperty', nodeId: functionNamed(ast, 'spare').id, property: 'name', value: 'renamed' });
      assert.equal(answer.error?.code, -32012, JSON.stringify(answer));
    } finally {
      editor.onApplyEdit = undefined;
    }
    assert.equal(editor.applyEditRequests - requests, 4, 'the first attempt and 3 re-runs');
    assert.equal(editor.text, before + KEYSTROKE.repeat(4));
  });

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

  it('applies a plan-gated change without ifRevision on the re-run after a lost race, using its plan once', async () => {
    const { ast } = await tree();
    const spare = functionNamed(ast, 'spare').id;
    const planId = await approvedPlan(spare);
    const requests = editor.applyEditRequests;
    personWins((request) => request === 1);
    let answer;
    try {
      answer = await agent.call('applyMutation', { type: 'deleteNode', nodeId: spare, planId });
    } finally {
      editor.onApplyEdit = undefined;
    }
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    assert.equal(editor.applyEditRequests - requests, 2);
    assert.doesNotMatch(editor.text, /fn spare/);
    assert.equal(((await agent.result('getPlan', { planId })) as { status: string }).status, 'consumed');
  });
});
