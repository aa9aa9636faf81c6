// `whetstone-agent serve` whose stderr or stdout goes away while it runs (the terminal closed, the
// program reading its output ended): writing there fails (EPIPE), and serve keeps serving without
// spinning on the failure; a question that could not be shown is not answered by what is typed. The real process over a real socket; its CPU time is read from /proc.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const MAIN = 'fn total(price: number): number {\n  return price * 2;\n}\n';
const hasProc = process.platform === 'linux';

/** The CPU time (user + system) the process has used, in seconds, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the file, 12 and 13 after the name; clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a failure after `ms`: a spinning serve answers nothing, and the test must still end. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`serve did not answer ${what} within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Renames `total` once: serve logs the applied change to stderr. */
async function changeSomething(client: AgentClient, name: string): Promise<void> {
  const { ast } = await within(client.request<{ ast: { children: { id: string; type: string }[] } }>('getAST'), 10_000, 'getAST');
  const fn = ast.children.find((node) => node.type === 'FunctionDeclaration')!;
  await within(client.request('applyMutation', { type: 'setProperty', nodeId: fn.id, property: 'name', value: name }), 10_000, 'applyMutation');
}

/** Asserts that serve, over two seconds, neither spins (a spin detector, not a speed measure) nor stops answering. */
async function assertServingIdle(server: ServeProcess, client: AgentClient): Promise<void> {
  const pid = server.child.pid!;
  const before = cpuSeconds(pid);
  await sleep(2_000);
  const used = cpuSeconds(pid) - before;
  assert.ok(used < 0.5, `serve used ${used.toFixed(2)} s of CPU in 2 s while idle: it spins`);
  assert.equal((await within(client.request<{ message: string }>('ping'), 10_000, 'ping')).message, 'pong');
}

/** Stops serve; one that does not stop within a few seconds of SIGTERM (it spins) is killed, so the test ends. */
async function stopOrKill(server: ServeProcess): Promise<void> {
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await server.stop();
  clearTimeout(killer);
}

describe('serve without its stderr or stdout', { skip: !hasProc, timeout: 60_000 }, () => {
  it('keeps serving, without spinning, when its stderr is closed', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      server.child.stderr!.destroy();
      // Each applied change is logged to stderr, which now fails.
      await changeSomething(client, 'sum');
      await changeSomething(client, 'sum2');
      await assertServingIdle(server, client);
      await client.close();
    } finally {
      await stopOrKill(server);
    }
  });

  it('keeps serving, without spinning, when both stdout and stderr are closed', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      server.child.stdout!.destroy();
      server.child.stderr!.destroy();
      await changeSomething(client, 'sum');
      await assertServingIdle(server, client);
      await client.close();
      // It still stops when asked, and cleanly.
      const { code } = await server.stop();
      assert.equal(code, 0);
    } finally {
      await stopOrKill(server);
    }
  });

  it('under --approve ask with its stderr closed, rejects a plan whatever is typed: nobody saw the question', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN }, args: ['--approve', 'ask'] });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      server.child.stderr!.destroy();
      const plan = await within(client.request<{ planId: string }>('proposePlan', { steps: ['delete total'], reason: 'unused', targets: [] }), 10_000, 'proposePlan');
      await sleep(200);
      server.child.stdin!.write('y\n');
      const decided = await within(client.planDecided(plan.planId), 10_000, 'planDecided');
      assert.deepEqual(decided.params, { planId: plan.planId, status: 'rejected', reason: "not shown: the terminal's output is closed" });
      await client.close();
    } finally {
      await stopOrKill(server);
    }
  });
});
