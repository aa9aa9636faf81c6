// A real agent host for handler tests: a Workspace whose buffers are real files in a temporary
// folder, edited through the headless host's applyEdits (atomic writes, revision checks), a real
// SocketSession (its notifications collected), and a way to call a method of the table the way
// the dispatcher does: params checked against the method's schema, then the handler.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { AgentError } from '../../server/src/agent/errors';
import { METHODS_BY_NAME } from '../../server/src/agent/methods/index';
import { planStoreOf } from '../../server/src/agent/plans/plan-store';
import type { AgentRole } from '../../server/src/agent/roles';
import { SocketSession } from '../../server/src/websocket/socket-session';
import { HeadlessAgentHost } from '../../server/src/cli/headless-host';
import type { LibraryContext } from '../../server/src/core/semantics';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';

export interface AgentFixtureOptions {
  library?: LibraryContext;
  /** How the person answers plans (default: approve). */
  approvePlans?: boolean;
  /** A feedback file, or true for one in the fixture's folder (default: none, in memory). */
  feedbackFile?: string | true;
  role?: AgentRole;
  /** The folder of an earlier fixture, for a host started again on the same files (its owner removes it). */
  dir?: string;
}

export interface AgentFixture {
  host: HeadlessAgentHost;
  workspace: Workspace;
  session: SocketSession;
  /** Notifications sent to the session. */
  notifications: { method: string; params: unknown }[];
  dir: string;
  uri(name: string): string;
  path(name: string): string;
  /** The file's bytes on disk. */
  disk(name: string): string;
  /** Calls a method as the dispatcher would (schema first); rejects with what the handler threw. */
  call<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Calls a method that must fail, and returns its AgentError. */
  fails(method: string, params: Record<string, unknown>, code: number): Promise<AgentError>;
  /** Whether the params satisfy the method's schema (what the dispatcher answers -32602 for). */
  paramsValid(method: string, params: unknown): boolean;
  /** Proposes a plan for `targets` and waits until the person decided it; returns the planId. */
  plan(targets: { op: string; nodeId: string }[]): Promise<string>;
  dispose(): void;
}

const ajv = new Ajv2020({ allErrors: false, strict: false });

export async function agentFixture(files: Record<string, string>, options: AgentFixtureOptions = {}): Promise<AgentFixture> {
  await loadGrammar();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'whetstone-agent-'));
  const problems: unknown[] = [];
  const workspace = new Workspace((error) => problems.push(error));
  workspace.setLibrary(options.library);
  const notifications: { method: string; params: unknown }[] = [];
  const session = new SocketSession('generator', (text) => {
    const message = JSON.parse(text) as { method: string; params: unknown };
    notifications.push({ method: message.method, params: message.params });
  });
  session.role = options.role ?? 'refactor';
  session.name = 'TestAgent';
  const approve = options.approvePlans ?? true;
  const host = new HeadlessAgentHost({
    workspace,
    library: options.library,
    decidePlan: () => Promise.resolve({ approved: approve, decidedBy: 'test person', reason: approve ? 'looks right' : 'no' }),
    reviewChange: () => Promise.resolve({ accepted: approve, decidedBy: 'test person' }),
    info: { ideName: 'agent unit tests', version: '0' },
    log: () => undefined,
    feedbackFile: options.feedbackFile === true ? join(dir, '.whetstone', 'feedback.json') : options.feedbackFile,
  });
  host.setSessionSource(() => [session]);
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    host.openFile(uri(name), text);
  }
  const first = Object.keys(files)[0];
  if (first !== undefined) workspace.setActive(uri(first));

  const paramsValid = (method: string, params: unknown): boolean => {
    const definition = METHODS_BY_NAME.get(method);
    assert.ok(definition, `no method ${method}`);
    return ajv.validate(definition.params, params ?? {});
  };
  const call = async <T>(method: string, params: Record<string, unknown> = {}): Promise<T> => {
    const definition = METHODS_BY_NAME.get(method);
    assert.ok(definition, `no method ${method}`);
    assert.ok(paramsValid(method, params), `${method} params rejected by its schema: ${ajv.errorsText()} (${JSON.stringify(params).slice(0, 300)})`);
    // The wire gives handlers a copy: they must not depend on keeping the caller's objects.
    return (await definition.handler(JSON.parse(JSON.stringify(params)) as Record<string, unknown>, { session, host })) as T;
  };
  return {
    host,
    workspace,
    session,
    notifications,
    dir,
    uri,
    path: (name) => join(dir, name),
    disk: (name) => readFileSync(join(dir, name), 'utf8'),
    call,
    paramsValid,
    async fails(method, params, code) {
      try {
        await call(method, params);
      } catch (error) {
        assert.ok(error instanceof AgentError, `${method} threw ${String(error)}`);
        assert.equal(error.code, code, `${method}: ${error.message} ${JSON.stringify(error.data)}`);
        assert.ok(error.message.length > 0);
        return error;
      }
      assert.fail(`${method} succeeded; expected error ${code}`);
    },
    async plan(targets) {
      const { planId } = await call<{ planId: string }>('proposePlan', { steps: ['remove what the targets name'], reason: 'test', targets });
      const store = planStoreOf(host);
      for (let i = 0; i < 100 && store.get(planId)?.status === 'pending'; i++) await new Promise((resolve) => setImmediate(resolve));
      return planId;
    },
    dispose() {
      workspace.dispose();
      assert.deepEqual(problems, [], 'the workspace reported no listener or reparse failures');
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
