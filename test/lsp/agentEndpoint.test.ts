// The agent endpoint inside the language server, over real connections on both sides: an LSP
// client that behaves like VS Code's and a WebSocket agent (agentHarness.ts). Covers: start only when trusted and enabled, status notifications, mutations that
// come back as didChange keeping the mutation's node ids, refusals when the person typed first,
// and plans put to the person with whetstone/decidePlan.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DidChangeConfigurationNotification, ExitNotification, type CancellationToken, type Position } from 'vscode-languageserver-protocol/node';
import { ActiveEditorNotification, DecidePlanRequest, ReviewChangeRequest, TrustChangedNotification } from '../../server/src/protocol/messages';
import { Agent, FakeEditor, functionNamed, offsetAt, startServer, type AgentStatus, type AstNode } from './agentHarness';
import type { LspClient } from './lspClient';

const SOURCE = 'fn total(): number {\n  return 1;\n}\n\nfn unused(): number {\n  return 0;\n}\n';

describe('agent endpoint in the language server', () => {
  let lockDir: string;
  before(() => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
  });
  after(() => rmSync(lockDir, { recursive: true, force: true }));

  it('does not start in a workspace the client has not said is trusted, and starts once trust is granted', async () => {
    const { client, statuses } = await startServer(lockDir, {});
    try {
      const off = await client.waitFor('a status', () => statuses[0]);
      assert.equal(off.running, false);
      assert.match(off.reason ?? '', /not trusted/);
      await client.connection.sendNotification(TrustChangedNotification.method, { trusted: true });
      const on = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
      assert.equal(on.host, '127.0.0.1');
      assert.ok(on.lockFile?.startsWith(lockDir), 'the lock file is in WHETSTONE_LOCK_DIR');
      assert.equal(on.sessions, 0);
    } finally {
      await client.shutdown();
    }
  });

  it('removes its lock file on shutdown, and also when the process ends without one', async () => {
    for (const graceful of [true, false]) {
      const { client, statuses } = await startServer(lockDir, { trusted: true });
      const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
      assert.ok(running.lockFile && existsSync(running.lockFile));
      if (graceful) await client.shutdown();
      else {
        // The editor went away: exit without shutdown.
        await client.connection.sendNotification(ExitNotification.type);
        await client.waitFor('the server to exit', () => (client.exitCode === undefined ? undefined : true));
        client.kill();
      }
      assert.equal(existsSync(running.lockFile), false, graceful ? 'after shutdown' : 'after exit without shutdown');
    }
  });

  it('stays off when whetstone.agentServer.enabled is false', async () => {
    const { client, statuses } = await startServer(lockDir, { trusted: true, agentServer: { enabled: false } });
    try {
      const status = await client.waitFor('a status', () => statuses[0]);
      assert.equal(status.running, false);
      assert.match(status.reason ?? '', /enabled is off/);
    } finally {
      await client.shutdown();
    }
  });

  it('uses the library of whetstone.library for diagnostics and agents, and reads it again when settings change', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-library-'));
    const file = join(folder, 'library.json');
    const library = (names: string[]) => ({ name: 'test', modules: [{ name: 'math', functions: names.map((name) => ({ name })) }], policy: { blockedFunctions: [] } });
    writeFileSync(file, JSON.stringify(library(['clamp'])));
    const settings: Record<string, unknown> = { library: file };
    const { client, statuses } = await startServer(lockDir, { trusted: true, settings });
    try {
      const uri = 'file:///agent/library.wst';
      const unknownImport = (): boolean | undefined => {
        const last = client.publicationsFor(uri).at(-1);
        return last === undefined ? undefined : last.diagnostics.some((diagnostic) => diagnostic.code === 'W_UNKNOWN_IMPORT');
      };
      await client.open(uri, 'use math.{clamb};\nprint(clamb(1, 2, 3));\n');
      await client.waitFor('diagnostics that know the library', () => (unknownImport() === true ? true : undefined));

      const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
      assert.ok(running.lockFile);
      const agent = await Agent.connect(running.lockFile);
      try {
        const sent = (await agent.notification('libraryContext')) as { modules: { name: string; functions: { name: string }[] }[] };
        assert.deepEqual(sent.modules.map((module) => [module.name, module.functions.map((fn) => fn.name)]), [['math', ['clamp']]]);
        assert.deepEqual(((await agent.result('getLibraryContext')) as { modules: unknown[] }).modules, sent.modules);

        // The file changes and a settings change follows: both diagnostics and the agent hear of it.
        writeFileSync(file, JSON.stringify(library(['clamp', 'clamb'])));
        await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
        await client.waitFor('diagnostics of the new library', () => (unknownImport() === false ? true : undefined));
        const resent = (await agent.notification('libraryContext', 2)) as { modules: { functions: unknown[] }[] };
        assert.equal(resent.modules[0].functions.length, 2);

        // A library that cannot be read is not used (and the person is told).
        settings.library = join(folder, 'missing.json');
        await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
        await client.waitFor('the warning', () => client.logs.find((log) => log.message.includes('missing.json')));
        const deadline = Date.now() + 5000;
        while ((await agent.call('getLibraryContext')).result !== null) {
          if (Date.now() > deadline) assert.fail('the unreadable library is still in force');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        agent.close();
      }
    } finally {
      await client.shutdown();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  describe('with a trusted client', () => {
    let client: LspClient;
    let statuses: AgentStatus[];
    let editor: FakeEditor;
    let agent: Agent;
    let lockFile: string;

    before(async () => {
      ({ client, statuses } = await startServer(lockDir, { trusted: true }));
      editor = new FakeEditor(client, 'file:///agent/endpoint.wst', SOURCE);
      await editor.open();
      const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
      assert.ok(running.lockFile);
      lockFile = running.lockFile;
      agent = await Agent.connect(lockFile);
      await agent.result('setAgentRole', { role: 'refactor' });
    });

    after(async () => {
      agent.close();
      await client.shutdown();
    });

    it('reports an attached agent in the status', async () => {
      await client.waitFor('the status to count the agent', () => (statuses.at(-1)?.sessions === 1 ? true : undefined));
    });

    it('keeps the last Whetstone buffer active while the person reads a plan\'s diff, a review or a preview', async () => {
      const proposed = `whetstone-plan-proposed:/plan_1/endpoint.wst?${encodeURIComponent(editor.uri)}`;
      for (const uri of [proposed, 'whetstone-plan:/plan_1.md', 'output:extension-output-1']) {
        await client.connection.sendNotification(ActiveEditorNotification.method, { uri });
        const { uri: answered } = (await agent.result('getAST')) as { uri: string };
        assert.equal(answered, editor.uri, `getAST without uri answers for the last buffer while ${uri} is active`);
      }
    });

    it('applies a mutation through the editor: the change comes back and inserted nodes keep their ids', async () => {
      for (const answerBeforeChange of [false, true]) {
        editor.answerBeforeChange = answerBeforeChange;
        const { ast, revision } = (await agent.result('getAST')) as { ast: AstNode; revision: number };
        assert.equal(revision, editor.version);
        const total = functionNamed(ast, 'total');
        const requests = editor.applyEditRequests;
        const result = await agent.result('applyMutation', {
          type: 'insertNode',
          parentId: total.body?.id,
          role: 'statements',
          index: 0,
          node: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [] } },
          ifRevision: revision,
        });
        assert.equal(editor.applyEditRequests, requests + 1, 'the edit went to the editor');
        assert.equal(result.revision, editor.version, 'the result names the version the editor reached');
        const inserted = result.insertedNodeIds as string[];
        assert.equal(inserted.length, 1);
        const after = (await agent.result('getAST')) as { ast: AstNode; revision: number };
        assert.equal(after.revision, editor.version);
        const statement = functionNamed(after.ast, 'total').body?.statements?.[0];
        assert.equal(statement?.id, inserted[0], `the inserted statement has the id the mutation reported (answer ${answerBeforeChange ? 'before' : 'after'} the change)`);
        assert.match(editor.text, /^ {2}print\(\);$/m);
      }
    });

    it('refuses with -32012 when the person typed before the edit reached the editor, changing nothing', async () => {
      const { ast, revision } = (await agent.result('getAST')) as { ast: AstNode; revision: number };
      const unused = functionNamed(ast, 'unused');
      // The keystroke is applied in the editor; its didChange is still in flight.
      await editor.type(editor.text.length, '// typed\n', false);
      const typed = editor.text;
      const pending = agent.call('applyMutation', { type: 'setProperty', nodeId: unused.id, property: 'name', value: 'renamed', ifRevision: revision });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await editor.deliver();
      const answer = await pending;
      assert.equal(answer.error?.code, -32012, JSON.stringify(answer));
      assert.equal(answer.error?.data?.currentRevision, editor.version, 'the conflict names the revision the person made');
      assert.equal(editor.text, typed, 'the editor holds what the person typed and nothing of the agent');
      await agent.untilRevision(editor.version);
      const now = (await agent.result('getAST')) as { ast: AstNode; revision: number };
      assert.equal(functionNamed(now.ast, 'unused').id, unused.id);
    });

    it('refuses with -32012 at once when the server has already seen the keystroke', async () => {
      const { revision } = (await agent.result('getAST')) as { revision: number };
      const requests = editor.applyEditRequests;
      await editor.type(0, ' ');
      await agent.untilRevision(editor.version);
      const answer = await agent.call('applyMutation', { type: 'setProperty', nodeId: 'node_1', property: 'name', value: 'x', ifRevision: revision });
      assert.equal(answer.error?.code, -32012);
      assert.equal(editor.applyEditRequests, requests, 'nothing was sent to the editor');
    });

    it('withdraws the question about a plan when its agent disconnects (the request is cancelled)', async () => {
      const second = await Agent.connect(lockFile);
      await second.result('setAgentRole', { role: 'refactor' });
      let withdrawn = false;
      const asked: string[] = [];
      const handler = client.connection.onRequest(DecidePlanRequest.method, (params: { plan: { planId: string } }, token: CancellationToken) => {
        asked.push(params.plan.planId);
        // The person does not answer; only the server's cancellation ends the question.
        return new Promise((resolve) =>
          token.onCancellationRequested(() => {
            withdrawn = true;
            resolve({ decision: 'undecided' });
          }),
        );
      });
      try {
        const { ast } = (await second.result('getAST')) as { ast: AstNode };
        const proposed = await second.result('proposePlan', { steps: ['delete unused'], reason: 'leaving', targets: [{ op: 'deleteNode', nodeId: functionNamed(ast, 'unused').id }] });
        await client.waitFor('the question', () => (asked.includes(proposed.planId as string) ? true : undefined));
        second.close();
        await client.waitFor('the question to be withdrawn', () => (withdrawn ? true : undefined));
      } finally {
        handler.dispose();
      }
    });

    it('shows a change sent for review with whetstone/reviewChange (LSP ranges) and applies it through the editor when accepted', async () => {
      const { ast, revision } = (await agent.result('getAST')) as { ast: AstNode; revision: number };
      const unused = functionNamed(ast, 'unused');
      const asked: { suggestion: { suggestionId: string; uri: string; label: string; edits: { range: { start: Position; end: Position }; newText: string; oldText: string }[] } }[] = [];
      const handler = client.connection.onRequest(ReviewChangeRequest.method, (params: (typeof asked)[number]) => {
        asked.push(params);
        return { decision: 'accepted', decidedBy: 'the test' };
      });
      try {
        const before = editor.text;
        const requests = editor.applyEditRequests;
        const proposal = await agent.result('applyMutation', { type: 'setProperty', nodeId: unused.id, property: 'name', value: 'spare', review: true, ifRevision: revision });
        assert.equal(proposal.pending, true);
        assert.equal(editor.applyEditRequests, requests, 'nothing went to the editor before the person decided');
        const question = await client.waitFor('the review question', () => asked[0]);
        assert.equal(question.suggestion.suggestionId, proposal.suggestionId);
        assert.equal(question.suggestion.uri, editor.uri);
        const [edit] = question.suggestion.edits;
        const start = offsetAt(before, edit.range.start);
        const end = offsetAt(before, edit.range.end);
        assert.equal(before.slice(start, end), edit.oldText, 'the range is where the replaced text is');
        assert.equal(before.slice(0, start) + edit.newText + before.slice(end), before.replace('fn unused(', 'fn spare('));
        const decided = await client.waitFor('suggestionDecided', () => agent.notifications.find((notification) => notification.method === 'suggestionDecided'));
        assert.deepEqual(decided.params, { suggestionId: proposal.suggestionId, accepted: true, revision: editor.version });
        assert.equal(editor.applyEditRequests, requests + 1, 'the accepted change went to the editor as one edit');
        assert.equal(editor.text, before.replace('fn unused(', 'fn spare('));
        await agent.untilRevision(editor.version);
        const renamed = (await agent.result('getAST')) as { ast: AstNode };
        // Put the name back for the tests after this one, which look for `unused`.
        await agent.result('applyMutation', { type: 'setProperty', nodeId: functionNamed(renamed.ast, 'spare').id, property: 'name', value: 'unused' });
      } finally {
        handler.dispose();
      }
    });

    it('applies an accepted change to the file it was shown for, even when the person has since switched to a file with the same node ids', async () => {
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      const unused = functionNamed(ast, 'unused');
      const twin = 'file:///agent/twin.wst';
      const handler = client.connection.onRequest(ReviewChangeRequest.method, async () => {
        // Before deciding, the person opens a copy of the file (its ids are the same) and switches to it.
        await client.open(twin, SOURCE);
        await client.connection.sendNotification(ActiveEditorNotification.method, { uri: twin });
        return { decision: 'accepted', decidedBy: 'the test' };
      });
      try {
        const before = editor.text;
        const proposal = await agent.result('applyMutation', { type: 'setProperty', nodeId: unused.id, property: 'name', value: 'spare', review: true });
        const decided = await client.waitFor('suggestionDecided', () => agent.notifications.find((notification) => notification.method === 'suggestionDecided' && notification.params.suggestionId === proposal.suggestionId));
        assert.equal(decided.params.accepted, true, JSON.stringify(decided.params));
        assert.equal(editor.text, before.replace('fn unused(', 'fn spare('), 'the change went to the file the person was shown');
        const { ast: twinAst } = (await agent.result('getAST', { uri: twin })) as { ast: AstNode };
        assert.equal(functionNamed(twinAst, 'unused').id, unused.id, 'the other file is untouched');
      } finally {
        handler.dispose();
        await client.connection.sendNotification(ActiveEditorNotification.method, { uri: editor.uri });
        await client.close(twin);
      }
      // Put the name back for the tests after this one, which look for `unused`.
      await agent.untilRevision(editor.version);
      await agent.result('applyMutation', { type: 'setProperty', nodeId: unused.id, property: 'name', value: 'unused' });
    });

    it('puts a plan to the person with whetstone/decidePlan and tells the agent the decision', async () => {
      const asked: { plan: { planId: string; reason: string }; display: { headline: string; targets: { nodeId: string; found: boolean; code: string[] }[] } }[] = [];
      client.connection.onRequest(DecidePlanRequest.method, (params: (typeof asked)[number]) => {
        asked.push(params);
        return { decision: 'approved', reason: 'fine by me', decidedBy: 'the test' };
      });
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      const unused = functionNamed(ast, 'unused');
      const proposed = await agent.result('proposePlan', { steps: ['delete unused'], reason: 'dead code', targets: [{ op: 'deleteNode', nodeId: unused.id }] });
      const question = await client.waitFor('the question', () => asked[0]);
      assert.equal(question.plan.planId, proposed.planId);
      assert.equal(question.plan.reason, 'dead code');
      assert.equal(question.display.targets[0].found, true);
      assert.match(question.display.targets[0].code[0], /^fn unused\(\): number \{/);
      assert.match(question.display.headline, /proposes a plan \(targets: 1 deleteNode\): dead code$/);
      const decided = await client.waitFor('planDecided', () => agent.notifications.find((notification) => notification.method === 'planDecided'));
      assert.equal(decided.params.status, 'approved');
      assert.equal(decided.params.planId, proposed.planId);

      // The approved plan lets the destructive mutation through, and it goes to the editor too.
      const deleted = await agent.result('applyMutation', { type: 'deleteNode', nodeId: unused.id, planId: proposed.planId });
      assert.equal(deleted.revision, editor.version);
      assert.doesNotMatch(editor.text, /fn unused/);
    });

    it('shows the person an agent\'s plan escaped and summarised: no forged lines, the deletion not hidden', async () => {
      const asked: { display: { headline: string; reason: string; steps: string[]; stepCount: number; targets: { op: string; description: string }[]; targetSummary: string } }[] = [];
      client.connection.onRequest(DecidePlanRequest.method, (params: (typeof asked)[number]) => {
        asked.push(params);
        return { decision: 'rejected', decidedBy: 'the test' };
      });
      const { ast } = (await agent.result('getAST')) as { ast: AstNode };
      const total = functionNamed(ast, 'total');
      const targets = [...Array.from({ length: 30 }, () => ({ op: 'setProperty', nodeId: total.id })), { op: 'deleteNode', nodeId: total.id }];
      await agent.result('proposePlan', {
        steps: Array.from({ length: 60 }, (_, i) => `rename ${i}\u001b[2K`),
        reason: 'Rename a variable\nTargets: (none)\u001b[8m [open](command:workbench.action.terminal.new)',
        targets,
      });
      const { display } = await client.waitFor('the question', () => asked[0]);
      for (const text of [display.headline, display.reason, ...display.steps]) {
        assert.ok(![...text].some((character) => character.charCodeAt(0) < 0x20), `no control character in ${JSON.stringify(text)}`);
      }
      assert.match(display.reason, /^Rename a variable\\nTargets: \(none\)\\e\[8m \[open\] \(command:/);
      assert.match(display.headline, /targets: 30 setProperty, 1 deleteNode/);
      assert.equal(display.steps.length, 20);
      assert.equal(display.stepCount, 60);
      assert.equal(display.targets[0].op, 'deleteNode', 'the deletion is listed first');
      assert.match(display.targets[0].description, /^function total, lines \d+–\d+ of endpoint\.wst$/);
    });
  });
});
