// Review mode inside the real VS Code: an agent's change sent with review: true leaves the
// document alone and shows inline (decorations and an Accept / Reject CodeLens); accepting it from
// the keyboard command applies it as one undo step and tells the agent, rejecting it changes
// nothing, and a suggestion whose agent leaves disappears.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import { AgentClient, type LockFile } from './agentClient';
import { openFile, readyApi, runningEndpointLock, screenshot, waitFor } from './helpers';

const FILE = 'review.wst';

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
}

interface Proposal {
  pending: boolean;
  suggestionId: string;
  revision: number;
}

interface Decided {
  suggestionId: string;
  accepted: boolean;
  revision?: number;
}

describe('agent changes for review', () => {
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;
  let lock: LockFile;
  let agent: AgentClient;

  /** The id of function `name` once the server has this editor active at its current version. */
  async function functionId(name: string): Promise<{ id: string; revision: number }> {
    return waitFor(`getAST of ${FILE} at its current version`, async () => {
      try {
        const result = await agent.request<{ uri: string; revision: number; ast: AstNode }>('getAST');
        if (result.uri !== editor.document.uri.toString() || result.revision !== editor.document.version) return undefined;
        const node = result.ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
        return node ? { id: node.id, revision: result.revision } : undefined;
      } catch {
        return undefined;
      }
    });
  }

  function decided(suggestionId: string): Promise<Decided> {
    return agent.notification('suggestionDecided', (params) => (params as Decided).suggestionId === suggestionId) as Promise<Decided>;
  }

  before(async () => {
    api = await readyApi();
    editor = await openFile(FILE);
    lock = await runningEndpointLock(api);
    agent = await AgentClient.connect(lock);
    await agent.request('setAgentRole', { role: 'refactor' });
  });

  after(async () => {
    await agent.close();
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('shows the change inline without applying it; the accept command applies it as one undo step', async () => {
    const before = editor.document.getText();
    const { id, revision } = await functionId('draft');
    const proposal = await agent.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'final', review: true, ifRevision: revision });
    assert.equal(proposal.pending, true);
    assert.equal(proposal.revision, revision);

    const pending = await waitFor('the change to show in the editor', () => api.changes.pending().find((change) => change.suggestionId === proposal.suggestionId && change.decoratedEditors > 0));
    assert.equal(pending.uri, editor.document.uri.toString());
    assert.equal(pending.edits.length, 1);
    assert.equal(pending.edits[0].range.start.line, 1, 'the decoration is on the function’s line');
    const [edit] = pending.edits;
    assert.equal(editor.document.getText(edit.range), edit.oldText, 'the decorated range is the text the change replaces');
    const document = editor.document;
    const shown = before.slice(0, document.offsetAt(edit.range.start)) + edit.newText + before.slice(document.offsetAt(edit.range.end));
    assert.equal(shown, before.replace('fn draft(', 'fn final('), 'the decorations show the change');
    assert.equal(editor.document.getText(), before, 'the document is unchanged while the change waits');
    assert.equal(editor.document.version, revision);
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the suggestion did not take the focus');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.ok(titles.some((title) => title.startsWith('Accept agent change')), titles.join(', '));
    assert.ok(titles.includes('Reject'), titles.join(', '));
    assert.equal(agent.notifications.some((n) => n.method === 'suggestionDecided'), false, 'nothing is decided for the person');
    // One editor group for the picture (earlier suites opened previews beside); nothing closes.
    await vscode.commands.executeCommand('workbench.action.joinAllGroups');
    editor = await vscode.window.showTextDocument(editor.document);
    await screenshot('review-mode-change', '.codelens-decoration a:has-text("Accept agent change")');

    // As the keybinding does: no argument, the suggestion at the cursor.
    editor.selection = new vscode.Selection(1, 4, 1, 4);
    await vscode.commands.executeCommand('whetstone.acceptAgentChange');
    const decision = await decided(proposal.suggestionId);
    assert.equal(decision.accepted, true, JSON.stringify(decision));
    await waitFor('the editor to show the change', () => (editor.document.getText() === before.replace('fn draft(', 'fn final(') ? true : undefined));
    assert.equal(decision.revision, editor.document.version);
    assert.equal(api.changes.pending().length, 0, 'a decided change leaves the editor');

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    await waitFor('one undo to revert the change', () => (editor.document.getText() === before ? true : undefined));
  });

  it('says beside a change what it would break, and the Accept counts it: "Accept — 1 new error"', async () => {
    const before = editor.document.getText();
    const { id } = await functionId('draft');
    // A rename of the declaration alone: the call `draft(41)` would name nothing.
    const proposal = await agent.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'drafted', review: true });
    const pending = await waitFor('the change to show', () => api.changes.pending().find((change) => change.suggestionId === proposal.suggestionId));
    assert.equal(pending.newErrors.count, 1, JSON.stringify(pending.newErrors));
    assert.deepEqual(
      pending.newErrors.errors.map((error) => [error.uri, error.line, error.code]),
      [[editor.document.uri.toString(), 6, 'E_UNDEFINED']],
    );
    const titles = await waitFor('the new-error note beside the change', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
      const found = lenses.map((lens) => lens.command?.title ?? '');
      return found.some((title) => title.includes('new error:')) ? found : undefined;
    });
    assert.ok(titles.some((title) => /^Accept agent change.* — 1 new error$/.test(title)), titles.join(' | '));
    assert.ok(titles.some((title) => title === "$(error) 1 new error: Cannot find name 'draft' (E_UNDEFINED, review.wst:6)"), titles.join(' | '));
    assert.equal(api.changes.decide(proposal.suggestionId, false), true);
    await decided(proposal.suggestionId);
    assert.equal(editor.document.getText(), before);
  });

  it('rejecting from the CodeLens leaves the document alone and tells the agent', async () => {
    const before = editor.document.getText();
    const { id } = await functionId('draft');
    const proposal = await agent.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'never', review: true });
    await waitFor('the change to show', () => api.changes.pending().find((change) => change.suggestionId === proposal.suggestionId));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    // The agent change's Reject (an annotation suggestion on the function has one too).
    const reject = lenses.find((lens) => lens.command?.title === 'Reject' && lens.command.command === 'whetstone.rejectAgentChange')?.command;
    assert.ok(reject);
    await vscode.commands.executeCommand(reject.command, ...(reject.arguments ?? []));
    const decision = await decided(proposal.suggestionId);
    assert.deepEqual(decision, { suggestionId: proposal.suggestionId, accepted: false });
    assert.equal(editor.document.getText(), before);
    assert.equal(api.changes.decide(proposal.suggestionId, true), false, 'a decided change stays decided');
  });

  it('removes a suggestion when its agent disconnects', async () => {
    const { id } = await functionId('draft');
    const before = editor.document.getText();
    const proposal = await agent.request<Proposal>('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'gone', review: true });
    await waitFor('the change to show', () => api.changes.pending().find((change) => change.suggestionId === proposal.suggestionId));
    await agent.close();
    await waitFor('the suggestion to be withdrawn', () => (api.changes.pending().length === 0 ? true : undefined));
    // Withdrawn is not accepted: the person's text is as it was.
    assert.equal(editor.document.getText(), before);
    agent = await AgentClient.connect(lock);
  });
});
