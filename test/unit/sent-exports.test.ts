// The imports' exports the index's build sends a worker (workspace/sent-exports.ts): sent once and
// then named by number, sent again after the worker has let them go, and always read by the worker
// as exactly the exports the pool resolved — across a structured clone, as between threads.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModuleExports, ModuleResolution } from '../../server/src/core/semantics';
import { ExportsNumbers, KeptExports, MAX_KEPT_EXPORTS, SentExports } from '../../server/src/workspace/sent-exports';

function exportsNamed(name: string): ModuleExports {
  return { names: new Map([[name, { kind: 'constant', type: { kind: 'number' }, declNodeId: 'node_2' }]]), fingerprint: name } as unknown as ModuleExports;
}

/** Sends `resolutions` through the pool's side and a structured clone to the worker's side. */
function across(pool: SentExports, worker: KeptExports, resolutions: [string, ModuleResolution][]): { carried: number; received: [string, ModuleResolution][] } {
  const sent = structuredClone(pool.send(resolutions));
  const carried = sent.filter(([, resolution]) => 'exports' in resolution && resolution.exports !== undefined).length;
  return { carried, received: worker.receive(sent) };
}

function namesOf(resolutions: [string, ModuleResolution][]): string[] {
  return resolutions.map(([modulePath, resolution]) => ('exports' in resolution ? `${modulePath}=${[...resolution.exports.names.keys()].join()}` : `${modulePath}?`));
}

describe('exports sent to a summary worker', () => {
  it('carries a module’s exports with the first file that imports it only, and the worker reads them for every later one', () => {
    const pool = new SentExports(new ExportsNumbers());
    const worker = new KeptExports();
    const hub = exportsNamed('roundMoney');
    const first = across(pool, worker, [['core.money', { file: 'core/money.wst', exports: hub }], ['nosuch', { tried: ['nosuch.wst'] }]]);
    assert.equal(first.carried, 1);
    assert.deepEqual(namesOf(first.received), ['core.money=roundMoney', 'nosuch?']);
    for (let i = 0; i < 3; i++) {
      const later = across(pool, worker, [['core.money', { file: 'core/money.wst', exports: hub }]]);
      assert.equal(later.carried, 0, 'sent by number only');
      assert.deepEqual(namesOf(later.received), ['core.money=roundMoney']);
      assert.deepEqual(later.received[0][1], first.received[0][1]);
    }
  });

  it('sends exports again once the worker has let them go, and each worker of a pool gets its own', () => {
    const numbers = new ExportsNumbers();
    const pool = new SentExports(numbers);
    const worker = new KeptExports();
    const oldest = exportsNamed('oldest');
    across(pool, worker, [['m.oldest', { file: 'm/oldest.wst', exports: oldest }]]);
    for (let i = 0; i < MAX_KEPT_EXPORTS; i++) across(pool, worker, [[`m.f${i}`, { file: `m/f${i}.wst`, exports: exportsNamed(`f${i}`) }]]);
    const again = across(pool, worker, [['m.oldest', { file: 'm/oldest.wst', exports: oldest }]]);
    assert.equal(again.carried, 1, 'the oldest was let go and is sent again');
    assert.deepEqual(namesOf(again.received), ['m.oldest=oldest']);
    const other = across(new SentExports(numbers), new KeptExports(), [['m.oldest', { file: 'm/oldest.wst', exports: oldest }]]);
    assert.equal(other.carried, 1, 'another worker has not been sent them');
  });

  it('refuses a number the worker was never sent (the pool then checks the file on its own thread)', () => {
    assert.throws(() => new KeptExports().receive([['core.money', { file: 'core/money.wst', exportsId: 7 }]]), /does not have the exports of core\/money\.wst/);
  });
});
