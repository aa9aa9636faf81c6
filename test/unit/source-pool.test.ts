// The source worker pool in process, with limits small enough to reach: a job over its deadline or
// over the worker's memory is answered -32020 saying why, and the next job gets a new worker and
// its whole answer; a refusal from projection keeps its kind across the thread; more jobs than
// the queue holds are refused at once while the others are answered.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AgentError } from '../../server/src/agent/errors';
import { MAX_WAITING_SOURCE_JOBS, SourcePool } from '../../server/src/agent/sources/source-pool';
import { ProjectionError } from '../../server/src/projection';

/** The nice value of each thread of this process, by thread id (Linux's /proc). */
function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    } catch (error) {
      // A thread that ended between the listing and the read (Node starts and ends helpers).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ESRCH') continue;
      throw error;
    }
    // The fields after the command name (which may hold spaces) in parentheses: nice is the 17th.
    values.set(Number(id), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return values;
}

/** Text that is not Whetstone: tree-sitter's error recovery takes seconds on a mebibyte of it. */
const JUNK = 'ab(){};= \n'.repeat(100_000);
const SMALL = 'fn answer(): number {\n  return 42;\n}\n';

interface Parsed {
  ast: { type: string; id: string; children: { name?: string }[] };
  diagnostics: unknown[];
}

function parse(pool: SourcePool, source: string): Promise<Parsed> {
  return pool.run({ kind: 'parseSource', source, language: 'whetstone' }).then((raw) => raw.toJSON() as Parsed);
}

function assertAnswered(parsed: Parsed, name: string): void {
  assert.equal(parsed.ast.type, 'Program');
  assert.match(parsed.ast.id, /^parsed_\d+$/);
  assert.equal(parsed.ast.children[0].name, name);
}

describe('source pool', () => {
  it('gives up on a job past its deadline with -32020, and the next job is answered by a new worker', async () => {
    const pool = new SourcePool({ deadlineMs: 300 });
    try {
      await assert.rejects(parse(pool, JUNK), (error: unknown) => error instanceof AgentError && error.code === -32020 && /took longer than 0\.3 s/.test(error.message));
      assertAnswered(await parse(pool, SMALL), 'answer');
    } finally {
      pool.stop();
    }
  });

  it('gives up on a job that needs more memory than the worker may use, and recovers', async () => {
    const pool = new SourcePool({ heapMb: 16 });
    try {
      const large = SMALL.replace('answer', 'big').repeat(20_000);
      await assert.rejects(parse(pool, large), (error: unknown) => error instanceof AgentError && error.code === -32020 && /more memory/.test(error.message));
      assertAnswered(await parse(pool, SMALL), 'answer');
    } finally {
      pool.stop();
    }
  });

  it('runs the worker thread below normal priority and leaves the others as they were', { skip: process.platform !== 'linux' && 'thread priorities are set on Linux only' }, async () => {
    const before = threadNiceValues();
    const pool = new SourcePool();
    try {
      assertAnswered(await parse(pool, SMALL), 'answer');
      // The worker stays until it has been idle a while: its thread is among this process's now.
      const after = threadNiceValues();
      const base = before.get(process.pid) ?? 0;
      const changed = [...after].filter(([id, nice]) => !before.has(id) && nice !== base);
      if (base < 10) {
        assert.deepEqual(changed.map(([, nice]) => nice), [10], `one new thread runs at nice 10, below normal: ${JSON.stringify([...after])}`);
      } else {
        // Started below normal already: the worker is never raised above it.
        assert.deepEqual(changed, [], `no new thread runs at another priority: ${JSON.stringify([...after])}`);
      }
      assert.equal(after.get(process.pid), base, "this process's main thread keeps its priority");
    } finally {
      pool.stop();
    }
  });

  it('keeps a projection refusal a projection refusal', async () => {
    const pool = new SourcePool();
    try {
      await assert.rejects(parse(pool, 'binary\0data'), (error: unknown) => error instanceof ProjectionError && error.kind === 'invalidInput' && /NUL/.test(error.message));
    } finally {
      pool.stop();
    }
  });

  it('refuses a job beyond the queue at once and answers the others, each its own', async () => {
    const pool = new SourcePool();
    try {
      const names = Array.from({ length: MAX_WAITING_SOURCE_JOBS + 2 }, (_, i) => `f${i}`);
      // One runs, MAX_WAITING_SOURCE_JOBS wait, the last is refused.
      const outcomes = await Promise.allSettled(names.map((name) => parse(pool, SMALL.replace('answer', name))));
      const refused = outcomes.at(-1)!;
      assert.equal(refused.status, 'rejected');
      assert.ok(refused.reason instanceof AgentError && refused.reason.code === -32600 && /already waiting/.test(refused.reason.message));
      outcomes.slice(0, -1).forEach((outcome, i) => {
        assert.equal(outcome.status, 'fulfilled');
        assertAnswered(outcome.value, names[i]);
      });
    } finally {
      pool.stop();
    }
  });

  it('fails what runs and waits when stopped', async () => {
    const pool = new SourcePool();
    const running = parse(pool, JUNK);
    const waiting = parse(pool, SMALL);
    pool.stop();
    await assert.rejects(running, /closing/);
    await assert.rejects(waiting, /closing/);
  });
});
