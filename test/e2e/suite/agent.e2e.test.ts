// The agent endpoint inside the real VS Code: an outside agent finds it through the lock file the
// status reports, connects with the token, and its mutations reach the person's editor as VS Code
// edits (visible, one undo step each, refused when the person typed in between); its plans wait
// for the person's decision.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import { AgentClient, type LockFile } from './agentClient';
import { openFile, readyApi, waitFor } from './helpers';

const FILE = 'agent.wst';

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
}

interface AstResult {
  uri: string;
  revision: number;
  ast: AstNode;
}

function functionNamed(ast: AstNode, name: string): AstNode {
  const found = ast.children?.find((node) => node.type === 'FunctionDeclaration' && node.name === name);
  assert.ok(found, `the AST has a function ${name}`);
  return found;
}

describe('agent endpoint', () => {
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;
  let onDisk: string;
  let lock: LockFile;
  let agent: AgentClient | undefined;

  /**
   * The active buffer's AST as the agent sees it, once the server knows this editor is active and
   * has the document's current version (the last edit's didChange may still be on its way).
   */
  async function activeAst(): Promise<AstResult> {
    const client = agent;
    assert.ok(client);
    return waitFor('getAST of the active editor at its current version', async () => {
      try {
        const result = await client.request<AstResult>('getAST');
        return result.uri === editor.document.uri.toString() && result.revision === editor.document.version ? result : undefined;
      } catch {
        // -32000 until the server has heard which editor is active.
        return undefined;
      }
    });
  }

  before(async () => {
    api = await readyApi();
    editor = await openFile(FILE);
    onDisk = readFileSync(editor.document.uri.fsPath, 'utf8');
    const status = await waitFor('the agent endpoint to run', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    assert.equal(status.host, '127.0.0.1');
    assert.ok(status.lockFile, 'the status names the lock file');
    lock = AgentClient.readLockFile(status.lockFile);
    assert.equal(lock.port, status.port, 'the lock file is the running endpoint’s');
    assert.equal(lock.pid > 0, true);
  });

  after(async () => {
    await agent?.close();
    // Leave no unsaved editor behind for the suites after this one.
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('lets an agent that read the lock file attach, and counts it in the status', async () => {
    agent = await AgentClient.connect(lock);
    await waitFor('the status to count the agent', () => ((api.agents.status()?.sessions ?? 0) >= 1 ? true : undefined));
    const details = await vscode.commands.executeCommand<{ host: string; port: number; lockFile: string } | undefined>('whetstone.copyAgentConnection');
    assert.ok(details);
    assert.deepEqual([details.host, details.port, details.lockFile], [lock.host, lock.port, api.agents.status()?.lockFile]);
    assert.equal(JSON.stringify(details).includes(lock.token), false, 'the copied details never hold the token');
  });

  it('renames a function with applyMutation: the editor shows it, and one undo reverts it', async () => {
    assert.ok(agent);
    assert.equal((await agent.request<{ role: string }>('setAgentRole', { role: 'refactor' })).role, 'refactor');
    const before = editor.document.getText();
    // The buffer's revision is the document version (activeAst waits for exactly that).
    const { ast, revision } = await activeAst();
    const target = functionNamed(ast, 'oldName');

    const result = await agent.request<{ revision: number; changedNodeIds: string[] }>('applyMutation', {
      type: 'setProperty',
      nodeId: target.id,
      property: 'name',
      value: 'newName',
      ifRevision: revision,
    });
    const text = editor.document.getText();
    assert.match(text, /^fn newName\(x: number\): number \{$/m, 'the editor shows the new name');
    assert.equal(text.replace('fn newName(', 'fn oldName('), before, 'nothing else changed');
    assert.equal(result.revision, editor.document.version, 'the result names the document version after the edit');
    assert.ok(result.changedNodeIds.includes(target.id));
    assert.equal(editor.document.isDirty, true, 'an agent edit is an unsaved change, like typing');
    // The node keeps its id: the agent can go on using it.
    assert.equal(functionNamed((await activeAst()).ast, 'newName').id, target.id);

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    await waitFor('undo to revert the rename', () => (editor.document.getText() === before ? true : undefined));
    assert.equal(readFileSync(editor.document.uri.fsPath, 'utf8'), onDisk, 'nothing was written to disk');
  });

  it('refuses a mutation for a revision the person has typed over (-32012) and leaves their text alone', async () => {
    assert.ok(agent);
    const { ast, revision } = await activeAst();
    const target = functionNamed(ast, 'oldName');
    // The person types between the agent's read and its write.
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    assert.ok(await editor.edit((builder) => builder.insert(end, '// typed by the person\n')));
    const typed = editor.document.getText();
    assert.ok(editor.document.version > revision);

    const error = await agent.failure('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'stale', ifRevision: revision });
    assert.equal(error.code, -32012, error.message);
    assert.equal(typeof error.data?.currentRevision, 'number');
    assert.notEqual(error.data?.currentRevision, revision);
    assert.equal(editor.document.getText(), typed, 'the person’s text is intact');
    assert.equal(readFileSync(editor.document.uri.fsPath, 'utf8'), onDisk, 'the file on disk is unchanged');
    // Once the server has caught up, the agent reads the revision the person made.
    assert.equal((await activeAst()).revision, editor.document.version);
  });

  it('asks the person about a plan and tells the agent the decision (planDecided)', async () => {
    assert.ok(agent);
    const { ast, uri } = await activeAst();
    const target = functionNamed(ast, 'unused');
    const proposed = await agent.request<{ planId: string; status: string }>('proposePlan', {
      steps: ['Delete the function unused, which nothing calls'],
      reason: 'remove dead code',
      targets: [{ op: 'deleteNode', nodeId: target.id }],
    });
    assert.equal(proposed.status, 'pending');
    const pending = await waitFor('the plan to wait for the person', () => api.plans.pending().find((plan) => plan.planId === proposed.planId));
    assert.equal(pending.reason, 'remove dead code');
    assert.deepEqual(pending.targets, [{ op: 'deleteNode', nodeId: target.id, uri }], 'bound to the active file, where the person sees it');
    // Nothing has been decided for the person: the agent hears nothing until they answer.
    assert.equal(agent.notifications.some((notification) => notification.method === 'planDecided'), false);
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the question did not take the focus from the editor');

    assert.equal(api.plans.decide(proposed.planId, true), true);
    const decided = (await agent.notification('planDecided', (params) => (params as { planId?: string }).planId === proposed.planId)) as { status: string };
    assert.equal(decided.status, 'approved');
    assert.equal(api.plans.decide(proposed.planId, false), false, 'a decided plan stays decided');
    const plan = await agent.request<{ status: string; decidedBy?: string }>('getPlan', { planId: proposed.planId });
    assert.deepEqual([plan.status, plan.decidedBy], ['approved', 'person']);
  });

  it('shows a plan for review (steps, targets, their text) with Reject and Approve that decide it', async () => {
    assert.ok(agent);
    const { ast } = await activeAst();
    const target = functionNamed(ast, 'unused');
    const { planId } = await agent.request<{ planId: string }>('proposePlan', {
      steps: ['Delete unused', 'Nothing else'],
      reason: 'tidy up',
      targets: [{ op: 'deleteNode', nodeId: target.id }],
    });
    await waitFor('the plan to wait for the person', () => api.plans.pending().find((plan) => plan.planId === planId));
    const review = vscode.Uri.from({ scheme: 'whetstone-plan', path: `/${planId}.md` });
    const document = await vscode.workspace.openTextDocument(review);
    const text = document.getText();
    for (const part of ['tidy up', '1. Delete unused', '2. Nothing else', `deleteNode ${target.id}`, 'fn unused(): number {']) {
      assert.ok(text.includes(part), `the review shows "${part}":\n${text}`);
    }
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', review);
    assert.deepEqual(lenses.map((lens) => lens.command?.title), ['Approve', 'Reject']);
    const reject = lenses[1].command;
    assert.ok(reject);
    await vscode.commands.executeCommand(reject.command, ...(reject.arguments ?? []));
    const decided = (await agent.notification('planDecided', (params) => (params as { planId?: string }).planId === planId)) as { status: string };
    assert.equal(decided.status, 'rejected');
    await waitFor('the review to show the decision', () => (document.getText().includes('(rejected)') ? true : undefined));
  });

  it('withdraws the question about a plan when its agent disconnects', async () => {
    assert.ok(agent);
    const { ast } = await activeAst();
    const { planId } = await agent.request<{ planId: string }>('proposePlan', {
      steps: ['Delete unused'],
      reason: 'leaving soon',
      targets: [{ op: 'deleteNode', nodeId: functionNamed(ast, 'unused').id }],
    });
    await waitFor('the plan to wait for the person', () => api.plans.pending().find((plan) => plan.planId === planId));
    await agent.close();
    agent = undefined;
    await waitFor('the question to be withdrawn', () => (api.plans.pending().some((plan) => plan.planId === planId) ? undefined : true));
    await waitFor('the status to count no agent', () => (api.agents.status()?.sessions === 0 ? true : undefined));
    assert.equal(api.plans.decide(planId, true), false, 'a withdrawn plan cannot be approved any more');
  });
});
