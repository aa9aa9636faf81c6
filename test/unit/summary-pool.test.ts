// Where the worker pool checks a file (workspace/summary-pool.ts), on real worker threads: a file
// goes back to the worker that checked it last, which keeps its parsed document, and no other
// worker takes a check sent to one, even when it stands idle (it would parse the file again);
// files no worker has checked are spread over the workers.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SummaryPool } from '../../server/src/workspace/summary-pool';

const FILES = 12;

describe('summary pool placement', () => {
  let folder: string;
  let pool: SummaryPool;
  const file = (n: number): string => join(folder, `part${n}.wst`);

  before(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-pool-')));
    for (let n = 0; n < FILES; n++) writeFileSync(file(n), `fn part${n}(x: number): number {\n  return x * ${n};\n}\n\nlet wrong: string = part${n}(2);\n`);
    const started = SummaryPool.start();
    assert.ok(started, 'worker threads start');
    pool = started;
  });
  after(() => {
    pool?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('spreads new files over the workers, then checks each on the same worker, which no other takes it from', async (t) => {
    if (pool.size < 2) return t.skip('one core: one worker');
    const placed = Array.from({ length: FILES }, (_, n) => pool.placementOf(file(n)));
    const perWorker = new Map<number, number>();
    for (const worker of placed) perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
    assert.equal(perWorker.size, pool.size, 'every worker is given files');
    assert.ok(Math.max(...perWorker.values()) - Math.min(...perWorker.values()) <= 1, `evenly: ${[...perWorker.values()].join(', ')}`);
    // Every check sent to one worker at once: the others stand idle and must leave them.
    const one = placed[0];
    const answers = await Promise.all(Array.from({ length: FILES }, (_, n) => pool.checkOn(one, { path: file(n), followLinks: false, resolutions: [] })));
    for (const answer of answers) assert.ok('diagnostics' in answer && answer.diagnostics.some((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH'), 'checked');
    for (let n = 0; n < FILES; n++) assert.equal(pool.placementOf(file(n)), one, `part${n} was checked on the worker it was sent to`);
  });

  it('sends a check for a worker that is gone to any other', async () => {
    const answer = await pool.checkOn(-1, { path: file(0), followLinks: false, resolutions: [] });
    assert.ok('diagnostics' in answer);
  });
});
