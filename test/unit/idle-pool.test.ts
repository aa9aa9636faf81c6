// The workers kept between a build and the checks after a change (workspace/idle-pool.ts), on real
// worker threads: a pool whose workers have all stopped (each crashed, say, out of memory on some
// file) is let go, and the next work gets new workers, instead of waiting on a pool that takes
// nothing.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { after, before, describe, it } from 'node:test';
import { IdlePool } from '../../server/src/workspace/idle-pool';

describe('idle pool', () => {
  let folder: string;
  let file: string;

  before(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-idle-pool-')));
    file = join(folder, 'ledger.wst');
    writeFileSync(file, 'fn balance(entries: list<number>): number {\n  let total = 0;\n  for e in entries { total = total + e; }\n  return total;\n}\n');
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('lets go of a pool whose workers all stopped, and starts new ones for the next work', async () => {
    const idle = new IdlePool(60_000);
    try {
      const first = idle.acquire();
      assert.ok(first && first.size > 0, 'worker threads start');
      // The threads end as a crash would end them: the pool's own exit handlers run first.
      const threads = (first as unknown as { workers: Worker[] }).workers.slice();
      await Promise.all(threads.map(async (thread) => {
        const exited = once(thread, 'exit');
        await thread.terminate();
        await exited;
      }));
      assert.equal(first.size, 0, 'every worker of the first pool is gone');
      assert.equal(idle.started, undefined, 'a pool without workers is not offered as started');
      const second = idle.acquire();
      assert.ok(second && second !== first && second.size > 0, 'new workers are started');
      const outcome = await idle.run(second, (pool) => pool.summarize(file, false));
      assert.ok('summary' in outcome && outcome.summary.declarations.some((declaration) => declaration.name === 'balance'), 'the new workers answer');
    } finally {
      idle.dispose();
    }
  });
});
