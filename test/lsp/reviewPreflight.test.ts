// A change an agent sends for review, over a real LSP connection and a real agent connection, in a
// real workspace folder: the question the editor is asked (whetstone/reviewChange) carries the
// errors the change would introduce, in its own file and in the open files that import it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ReviewChangeRequest, type ReviewChangeParams } from '../../server/src/protocol/messages';
import { Agent, FakeEditor, functionNamed, startServer, type AgentStatus, type AstNode } from './agentHarness';
import type { LspClient } from './lspClient';

const PRICING = 'fn orderTotal(prices: list<number>): number {\n  return sum(prices);\n}\n\nfn sum(xs: list<number>): number {\n  let t = 0;\n  for x in xs {\n    t = t + x;\n  }\n  return t;\n}\n';
const ORDERS = 'use pricing.{orderTotal};\n\nprint(orderTotal([1, 2]));\n';

describe('a change sent for review, with what it would break', () => {
  let folder: string;
  let lockDir: string;
  let client: LspClient;
  let agent: Agent;
  let pricing: FakeEditor;
  const asked: ReviewChangeParams[] = [];

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-review-')));
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'orders.wst'), ORDERS);
    let statuses: AgentStatus[];
    ({ client, statuses } = await startServer(lockDir, { trusted: true, workspaceFolder: folder }));
    pricing = new FakeEditor(client, pathToFileURL(join(folder, 'pricing.wst')).href, PRICING);
    await pricing.open();
    await client.open(pathToFileURL(join(folder, 'orders.wst')).href, ORDERS);
    const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
    agent = await Agent.connect(running.lockFile!);
    await agent.result('setAgentRole', { role: 'refactor' });
    // The person rejects: the tests only look at what they were shown.
    client.connection.onRequest(ReviewChangeRequest.method, (params: ReviewChangeParams) => {
      asked.push(params);
      return { decision: 'rejected', decidedBy: 'the test' };
    });
  });

  after(async () => {
    agent?.close();
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
    rmSync(lockDir, { recursive: true, force: true });
  });

  async function review(mutation: Record<string, unknown>): Promise<ReviewChangeParams['suggestion']> {
    const proposal = await agent.result('applyMutation', { ...mutation, uri: pricing.uri, review: true });
    assert.equal(proposal.pending, true, JSON.stringify(proposal));
    const question = await client.waitFor('the review question', () => asked.find((params) => params.suggestion.suggestionId === proposal.suggestionId));
    return question.suggestion;
  }

  it('a rename that leaves an open importer\'s use of the old name unknown says so: 1 new error, in orders.wst', async () => {
    const { ast } = (await agent.result('getAST', { uri: pricing.uri })) as { ast: AstNode };
    const suggestion = await review({ type: 'setProperty', nodeId: functionNamed(ast, 'orderTotal').id, property: 'name', value: 'totalOf' });
    assert.equal(suggestion.newErrors.count, 1, JSON.stringify(suggestion.newErrors));
    const [error] = suggestion.newErrors.errors;
    assert.equal(error.uri, pathToFileURL(join(folder, 'orders.wst')).href);
    assert.equal(error.code, 'E_UNKNOWN_EXPORT');
    assert.equal(error.line, 1);
    assert.match(error.message, /orderTotal/);
  });

  it('an error in the change\'s own file is counted too; a harmless change has none', async () => {
    const { ast } = (await agent.result('getAST', { uri: pricing.uri })) as { ast: AstNode };
    const sum = functionNamed(ast, 'sum');
    const broken = await review({ type: 'setProperty', nodeId: sum.id, property: 'returnType', value: 'string' });
    assert.ok(broken.newErrors.count >= 1, JSON.stringify(broken.newErrors));
    assert.ok(broken.newErrors.errors.every((error) => error.code === 'E_TYPE_MISMATCH'), JSON.stringify(broken.newErrors));
    assert.ok(broken.newErrors.errors.some((error) => error.uri === pricing.uri));
    const parameter = (functionNamed(ast, 'orderTotal') as unknown as { parameters: AstNode[] }).parameters[0].id;
    const renamedAlone = await review({ type: 'setProperty', nodeId: parameter, property: 'name', value: 'amounts' });
    assert.deepEqual(renamedAlone.newErrors, { count: 1, errors: [{ uri: pricing.uri, line: 2, code: 'E_UNDEFINED', message: "Cannot find name 'prices'" }] });
    const harmless = await review({ type: 'rename', nodeId: parameter, newName: 'amounts' });
    assert.deepEqual(harmless.newErrors, { count: 0, errors: [] }, 'renamed with its uses: nothing breaks');
  });
});
