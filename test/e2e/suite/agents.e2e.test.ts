// The person's view of agents inside the real VS Code: the Whetstone view container (Agents, Plans,
// Changes for Review) says what will appear before any agent attaches; an attached agent shows in
// the Agents view with its name, transport and recent calls; its plan shows in the Plans view and
// a notification, is reviewed as a diff of the text now against the text the plan would leave
// (refreshed when the text changes; an agent asking for "the active buffer" meanwhile gets the
// file), approved through the UI command, which closes the notification and the diff, and only
// then may its deleteNode run (-32041 before); "Approve similar" approves the
// agent's later plans of that kind until revoked in the view, never a plan on a declaration;
// "Make read-only" lowers the agent's role for good; "Disconnect" closes its socket.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import type { AgentsViewNode } from '../../../client/src/agents-view';
import { AgentClient, type LockFile } from './agentClient';
import { drawnLabels, openFile, readyApi, runningEndpointLock, screenshot, waitFor } from './helpers';

const FILE = 'agents.wst';
const AGENT_NAME = 'tidy-bot';

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
  body?: { statements: AstNode[] };
}

interface Decided {
  planId: string;
  status: string;
  decidedBy?: string;
}

describe('the Agents view and plan review', () => {
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;
  let lock: LockFile;
  let agent: AgentClient;

  /** The node ids of cleanup's locals and of the function keep, at the editor's current version. */
  async function ids(): Promise<{ locals: Map<string, string>; keep: string }> {
    return waitFor(`getAST of ${FILE} at its current version`, async () => {
      try {
        const result = await agent.request<{ uri: string; revision: number; ast: AstNode }>('getAST');
        if (result.uri !== editor.document.uri.toString() || result.revision !== editor.document.version) return undefined;
        const cleanup = result.ast.children?.find((node) => node.name === 'cleanup');
        const keep = result.ast.children?.find((node) => node.name === 'keep');
        const locals = new Map((cleanup?.body?.statements ?? []).filter((node) => node.type === 'VariableDeclaration').map((node) => [node.name ?? '', node.id]));
        return keep && locals.size > 0 ? { locals, keep: keep.id } : undefined;
      } catch {
        return undefined;
      }
    });
  }

  function session(): AgentsViewNode | undefined {
    return api.agents.viewRows().find((row) => row.label === AGENT_NAME);
  }

  /**
   * The messages of the notifications there are, from the notification centre (a run with the
   * smoke-test driver, as this one, shows no toasts); undefined when the run cannot see the page.
   */
  async function notificationsShown(selector = '.notifications-center .notification-list-item-message'): Promise<string[] | undefined> {
    await vscode.commands.executeCommand('notifications.showList');
    try {
      return (await drawnLabels(selector))?.visible;
    } finally {
      await vscode.commands.executeCommand('notifications.hideList');
    }
  }

  function decided(planId: string): Promise<Decided> {
    return agent.notification('planDecided', (params) => (params as Decided).planId === planId) as Promise<Decided>;
  }

  async function propose(reason: string, nodeId: string): Promise<string> {
    const { planId } = await agent.request<{ planId: string }>('proposePlan', { steps: [reason], reason, targets: [{ op: 'deleteNode', nodeId }] });
    return planId;
  }

  before(async () => {
    api = await readyApi();
    editor = await openFile(FILE);
    lock = await runningEndpointLock(api);
    agent = await AgentClient.connect(lock);
  });

  after(async () => {
    await agent.close();
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('has a Whetstone view container whose views say what they will show before any agent attaches', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.whetstone');
    const activityBar = await drawnLabels('.activitybar .action-item .action-label');
    if (activityBar) assert.ok(activityBar.visible.some((label) => label.startsWith('Whetstone')), `the activity bar shows Whetstone (it shows: ${activityBar.visible.join(', ')})`);
    const headers = await drawnLabels('.sidebar .pane-header h3.title');
    if (headers) assert.deepEqual(headers.visible.map((label) => label.toLowerCase()), ['agents', 'plans', 'changes for review']);
    // The agent of before() is attached: its row is there as soon as the view is shown.
    const attached = await waitFor('the attached agent in the view', () => api.agents.viewRows()[0]);
    const rows = await drawnLabels('.sidebar .monaco-list-row');
    if (rows) assert.ok(rows.visible.some((label) => label.includes(attached.label)), `the Agents view shows the agent (rows: ${rows.visible.join(' | ')})`);
    const welcome = await drawnLabels('.sidebar .welcome-view-content p');
    if (welcome) {
      assert.ok(welcome.visible.some((label) => label.startsWith('No change is waiting for review.')), `the Changes view says what it will show (it shows: ${welcome.visible.join(' | ')})`);
      // Plans: its welcome, or the plans earlier tests decided.
      const plans = welcome.visible.some((label) => label.startsWith('No plan is waiting for you.')) || rows?.visible.some((label) => label.startsWith('Decided ('));
      assert.ok(plans, `the Plans view is filled (welcome: ${welcome.visible.join(' | ')}; rows: ${rows?.visible.join(' | ')})`);
    }
  });

  it('shows the agent with its name, transport and recent calls, live', async () => {
    await agent.request('setAgentName', { name: AGENT_NAME });
    await agent.request('setAgentRole', { role: 'refactor' });
    await ids();
    const row = await waitFor('the agent in the Agents view with its getAST call', () => {
      const found = session();
      const calls = found?.children?.find((child) => child.label.startsWith('Recent calls'));
      return calls?.children?.some((call) => call.label.startsWith('getAST')) ? found : undefined;
    });
    assert.match(row.description ?? '', /^refactor · WebSocket · since .+ · \d+ messages$/);
    const data = api.agents.sessions().find((candidate) => candidate.name === AGENT_NAME);
    assert.ok(data && data.messageCount >= 3);
    assert.deepEqual([data.recentCalls[0].method, data.recentCalls[0].outcome], ['getAST', 'ok'], 'newest first');
    const methods = data.recentCalls.map((call) => call.method);
    assert.ok(methods.includes('setAgentRole') && methods.includes('setAgentName'), methods.join(', '));
  });

  it('reviews a plan as a diff, refreshes it when the text changes, and lets the deleteNode run only once approved', async () => {
    const { locals } = await ids();
    const target = locals.get('a')!;
    const planId = await propose('remove the unused local a', target);
    const pending = await waitFor('the plan to wait for the person', () => api.plans.pending().find((plan) => plan.planId === planId));
    assert.deepEqual(pending.similar?.kind, `deleteNode local VariableDeclaration in ${editor.document.uri.toString()}`, 'a local is a kind that may be approved for later plans, in its file');
    await waitFor('the plan under the agent in the view', () => session()?.children?.find((child) => child.label === 'Pending plans (1)'));
    const refused = await agent.failure('applyMutation', { type: 'deleteNode', nodeId: target, planId });
    assert.equal(refused.code, -32041, 'not approved yet');

    await vscode.commands.executeCommand('workbench.view.extension.whetstone');
    const planRows = await drawnLabels('.sidebar .monaco-list-row');
    if (planRows) assert.ok(planRows.visible.some((label) => label.includes('remove the unused local a')), `the Plans view lists the plan (it shows: ${planRows.visible.join(' | ')})`);
    const notification = await notificationsShown();
    if (notification) assert.ok(notification.some((label) => label.includes('remove the unused local a')), `the plan's notification shows (it shows: ${notification.join(' | ')})`);
    const choices = await notificationsShown('.notifications-center .notification-list-item-message a');
    if (choices) {
      assert.deepEqual(
        choices.map((title) => /^Click to execute command '([\w.]+)\?/.exec(title)?.[1]),
        ['whetstone.approvePlan', 'whetstone.approveSimilarPlans', 'whetstone.rejectPlan', 'whetstone.reviewPlan'],
        'the notification offers its choices as command links',
      );
    }

    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).length;
    await vscode.commands.executeCommand('whetstone.reviewPlan', planId);
    const diffTab = await waitFor('the plan diff to open', () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === 'whetstone-plan-proposed'),
    );
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).length, tabs + 1, 'only the review the person asked for opened');
    const input = diffTab.input as vscode.TabInputTextDiff;
    // The person asked for the review: it has the focus, so VS Code draws its title-bar actions.
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab, diffTab, 'the review is the active tab');
    assert.ok(vscode.window.visibleTextEditors.some((visible) => visible.document === editor.document), 'the file stays open beside it');
    assert.equal(input.original.toString(), editor.document.uri.toString(), 'the left side is the file as it is now');
    const proposed = await vscode.workspace.openTextDocument(input.modified);
    assert.equal(proposed.getText().includes('let a = 1;'), false, 'the right side lacks the local the plan deletes');
    assert.ok(proposed.getText().includes('let b = 2;'));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', input.modified);
    assert.deepEqual(
      lenses.map((lens) => lens.command?.command),
      ['whetstone.approvePlan', 'whetstone.approveSimilarPlans', 'whetstone.rejectPlan', 'whetstone.showPlanDetails'],
    );
    // The title bar is drawn a moment after the diff opens: ask again until it shows the plan's actions.
    let titleBar = await drawnLabels('.editor-group-container.active .editor-actions .action-item a.action-label');
    for (let asked = 1; titleBar && !titleBar.visible.some((shown) => shown.startsWith('Approve Plan')) && asked < 20; asked++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      titleBar = await drawnLabels('.editor-group-container.active .editor-actions .action-item a.action-label');
    }
    if (titleBar) {
      for (const label of ['Approve Plan', 'Approve Similar Plans', 'Reject Plan', 'Plan Details']) {
        assert.ok(titleBar.visible.some((shown) => shown === label || shown.startsWith(`${label} (`)), `the review's title bar shows ${label} (it shows: ${titleBar.visible.join(', ')})`);
      }
    }
    assert.equal(diffTab.label, `${AGENT_NAME}: remove the unused local a (${FILE})`, 'the tab says what the plan does');
    // An agent asking for "the active buffer" while the person reads the diff gets the file.
    const active = await agent.request<{ uri: string }>('getAST');
    assert.equal(active.uri, editor.document.uri.toString(), 'the active buffer is the file, not the plan\'s proposed side');
    await screenshot('plan-review-diff', '.monaco-diff-editor .line-delete');
    // Back to the file, as the person would to type in it.
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);

    // The person types above the code: the proposed side follows.
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '// reviewed\n'));
    await waitFor('the proposed side to follow the edit', () => (proposed.getText().startsWith('// reviewed\n') ? true : undefined));
    assert.equal(proposed.getText().includes('let a = 1;'), false);
    await vscode.commands.executeCommand('undo');

    // Approved through the UI command, as the diff editor's title bar runs it (with the proposed side).
    const decision = decided(planId);
    await vscode.commands.executeCommand('whetstone.approvePlan', input.modified);
    assert.equal((await decision).status, 'approved');
    // Decided: its diff closes, and so does its notification.
    await waitFor('the decided plan\'s diff to close', () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).some((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.path.includes(planId)) ? undefined : true,
    );
    const afterDecision = await notificationsShown();
    if (afterDecision) assert.equal(afterDecision.some((label) => label.includes('remove the unused local a')), false, `the notification closed (shown: ${afterDecision.join(' | ')})`);
    // The next step the endpoint documents, right after Approve: the change with its planId.
    await ids();
    const applied = await agent.request<{ success: boolean }>('applyMutation', { type: 'deleteNode', nodeId: target, planId });
    assert.equal(applied.success, true);
    await waitFor('the local to leave the editor', () => (editor.document.getText().includes('let a = 1;') ? undefined : true));
    // The decided plan's proposed side, asked for again (a URI VS Code has not cached), is the file
    // as it is: a diff of it shows no change, never the whole file removed.
    const reopened = await vscode.workspace.openTextDocument(input.modified.with({ fragment: 'after-decision' }));
    assert.equal(reopened.getText(), editor.document.getText());
    // The decided plan's record stays in the Plans view.
    await vscode.commands.executeCommand('workbench.view.extension.whetstone');
    const decidedRows = await drawnLabels('.sidebar .monaco-list-row');
    if (decidedRows) assert.ok(decidedRows.visible.some((label) => label.startsWith('Decided (')), `the Plans view keeps decided plans (it shows: ${decidedRows.visible.join(' | ')})`);
  });

  it('marks in the review what a plan changes but the diff cannot show (an update\'s new text)', async () => {
    const { locals, keep } = await ids();
    const { planId } = await agent.request<{ planId: string }>('proposePlan', {
      steps: ['remove b', 'rename keep'],
      reason: 'tidy and rename',
      targets: [
        { op: 'deleteNode', nodeId: locals.get('b')! },
        { op: 'setProperty', nodeId: keep },
      ],
    });
    await waitFor('the plan to wait', () => api.plans.pending().find((plan) => plan.planId === planId));
    await vscode.commands.executeCommand('whetstone.reviewPlan', planId);
    const diffTab = await waitFor('the plan diff to open', () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.path.includes(planId)),
    );
    const proposed = await vscode.workspace.openTextDocument((diffTab.input as vscode.TabInputTextDiff).modified);
    assert.match(proposed.lineAt(0).text, /^\/\/ Not shown \(the plan does not say what it writes\): change function on lines \d+–\d+$/);
    assert.equal(proposed.getText().includes('let b = 2;'), false, 'the deletion is shown');
    assert.equal(api.plans.decide(planId, false), true);
    await waitFor('the rejected plan\'s diff to close', () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).some((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.path.includes(planId)) ? undefined : true,
    );
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
  });

  it('approves similar plans from this agent until revoked in the view; a plan on a declaration always asks', async () => {
    const { locals, keep } = await ids();
    const first = await propose('remove the unused local b', locals.get('b')!);
    await waitFor('the plan to wait', () => api.plans.pending().find((plan) => plan.planId === first));
    const firstDecided = decided(first);
    await vscode.commands.executeCommand('whetstone.approveSimilarPlans', first);
    assert.equal((await firstDecided).status, 'approved');
    const approval = await waitFor('the approval in the view', () =>
      session()
        ?.children?.find((child) => child.label.startsWith('Approved until it disconnects'))
        ?.children?.find((child) => child.contextValue === 'approval'),
    );
    assert.equal(approval.label, `delete variables inside functions of ${FILE}`);

    const second = await propose('remove the unused local c', locals.get('c')!);
    assert.equal((await decided(second)).status, 'approved');
    const plan = await agent.request<{ status: string; decidedBy?: string }>('getPlan', { planId: second });
    assert.deepEqual([plan.status, plan.decidedBy], ['approved', 'policy'], 'approved without asking');
    assert.equal(api.plans.pending().some((plan) => plan.planId === second), false);

    const declaration = await propose('remove keep', keep);
    const asked = await waitFor('the plan on a declaration to ask', () => api.plans.pending().find((plan) => plan.planId === declaration));
    assert.equal(asked.similar, undefined, 'never offered for a declaration');
    assert.equal(api.plans.decide(declaration, false), true);

    assert.equal(await vscode.commands.executeCommand('whetstone.revokeSimilarApproval', approval), true);
    const third = await propose('remove the unused local d', locals.get('d')!);
    await waitFor('the plan to ask again once revoked', () => api.plans.pending().find((plan) => plan.planId === third));
    assert.equal(api.plans.decide(third, false), true);

    // The person opens the view (the status bar item runs this command): the agent, its calls, its approvals.
    assert.ok(await vscode.commands.executeCommand('whetstone.revokeSimilarApproval', approval) === false);
    const again = await propose('remove the unused local d', locals.get('d')!);
    await waitFor('the plan to wait', () => api.plans.pending().find((plan) => plan.planId === again));
    assert.equal(api.plans.decide(again, true, undefined, true), true);
    await waitFor('the approval back in the view', () => session()?.children?.find((child) => child.label.startsWith('Approved until it disconnects')));
    await vscode.commands.executeCommand('whetstone.showAgents');
    const rows = await drawnLabels('.sidebar .monaco-list-row');
    if (rows) assert.ok(rows.visible.some((label) => label.startsWith('Decided (')), `the decided plans are listed (rows: ${rows.visible.join(' | ')})`);
    await screenshot('agents-view', '.monaco-list-row:has-text("tidy-bot")');
    await vscode.window.showTextDocument(editor.document);
  });

  it('makes the agent read-only, then disconnects it from the view', async () => {
    const row = await waitFor('the agent row', () => session());
    assert.equal(await vscode.commands.executeCommand('whetstone.makeAgentReadOnly', row), true);
    await waitFor('the view to show it read-only', () => (session()?.description?.startsWith('read-only · ') ? true : undefined));
    const refused = await agent.failure('setAgentRole', { role: 'refactor' });
    assert.equal(refused.code, -32031, JSON.stringify(refused));

    const closed = new Promise<void>((resolve) => agent.onClose(resolve));
    assert.equal(await vscode.commands.executeCommand('whetstone.disconnectAgent', session()), true);
    await closed;
    await waitFor('the agent to leave the view', () => (session() ? undefined : true));
    // With no agent left, the Agents view says how to attach one.
    await vscode.commands.executeCommand('workbench.view.extension.whetstone');
    const welcome = await drawnLabels('.sidebar .welcome-view-content p:has-text("No agent is attached.")');
    if (welcome) assert.equal(welcome.visible.length, 1, 'the Agents view says how to attach an agent');
  });
});
