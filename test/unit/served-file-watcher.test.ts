// How serve waits for a file someone else is writing (cli/served-file-watcher.ts), on real files:
// a file whose last line is cut is not taken until it ends; a replaced file still open is watched
// for its least time but taken as soon as a write there has finished; a stopped watch ends at once.
import assert from 'node:assert/strict';
import { appendFileSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { whenOpenFileSettled, whenSettled } from '../../server/src/cli/served-file-watcher';

const folder = mkdtempSync(join(tmpdir(), 'whetstone-watcher-'));
after(() => rmSync(folder, { recursive: true, force: true }));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `promise` settles before `ms` pass. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([promise.then(() => true as const), late]);
  clearTimeout(timer);
  return settled;
}

describe('waiting for a file being written', () => {
  it('does not take a file whose last line is cut until its writer ends the line', async () => {
    const path = join(folder, 'cut.wst');
    writeFileSync(path, 'fn greet(name: strin');
    let done = false;
    const waited = whenSettled(path).then(() => {
      done = true;
    });
    // Longer than a finished file takes to settle: only the cut line holds it.
    await sleep(300);
    assert.equal(done, false, 'a half-written line was taken as settled');
    appendFileSync(path, 'g): string {\n}\n');
    assert.ok(await within(waited, 5_000), 'the finished file is taken');
  });

  it('takes a write to a replaced file as soon as its writer has finished, without waiting out the least time', async () => {
    const path = join(folder, 'replaced.wst');
    writeFileSync(path, 'fn a() {\n}\n');
    const descriptor = openSync(path, 'r+');
    try {
      const waited = whenOpenFileSettled(descriptor, 60_000, new AbortController().signal);
      await sleep(150);
      writeSync(descriptor, '// late\n', 11);
      assert.ok(await within(waited, 5_000), 'the late write was not taken within 5 s of a 60 s watch');
    } finally {
      closeSync(descriptor);
    }
  });

  it('ends a watch at once when it is stopped, before or during its least time', async () => {
    const path = join(folder, 'stopped.wst');
    writeFileSync(path, 'fn b() {\n}\n');
    const descriptor = openSync(path, 'r');
    try {
      const stopped = new AbortController();
      stopped.abort();
      assert.ok(await within(whenOpenFileSettled(descriptor, 60_000, stopped.signal), 1_000), 'a stopped watch waited');
      const stop = new AbortController();
      const watching = whenOpenFileSettled(descriptor, 60_000, stop.signal);
      await sleep(50);
      stop.abort();
      assert.ok(await within(watching, 1_000), 'a watch stopped during its least time waited');
    } finally {
      closeSync(descriptor);
    }
  });
});
