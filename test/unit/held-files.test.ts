// Which waiting files wait for others (workspace/held-files.ts), kept up to date as files are
// done: after every step of random orders on random import graphs with cycles, the same answer as
// working it out afresh from the files still pending by walking everything above them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ImportGraph } from '../../server/src/core/semantics';
import { HeldFiles } from '../../server/src/workspace/held-files';

/** The files held back by `pending`, walked afresh: above a pending file's cycle, or in a cycle one of whose members is held. */
function heldAfresh(graph: ImportGraph, importers: ReadonlyMap<string, readonly string[]>, pending: ReadonlySet<string>): Set<string> {
  const held = new Set<string>();
  const reached = new Set<string>(pending);
  const walk = [...pending];
  for (let next = walk.pop(); next !== undefined; next = walk.pop()) {
    for (const importer of importers.get(next) ?? []) {
      const holds = held.has(next) || !graph.sameCycle(importer, next);
      if (holds && !held.has(importer)) {
        held.add(importer);
        reached.add(importer);
        walk.push(importer);
      } else if (!reached.has(importer)) {
        reached.add(importer);
        walk.push(importer);
      }
    }
  }
  return held;
}

const scenario = fc
  .integer({ min: 2, max: 40 })
  .chain((size) =>
    fc.record({
      size: fc.constant(size),
      // Each file imports a few others, anywhere: cycles of every size come with it.
      imports: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: 4 }), { minLength: size, maxLength: size }),
      pending: fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: size }),
      order: fc.array(fc.nat(), { maxLength: size }),
    }),
  );

describe('files held back by pending checks', () => {
  it('answers as a fresh walk after every file done, in any order, on graphs with cycles', () => {
    fc.assert(
      fc.property(scenario, ({ size, imports, pending, order }) => {
        const name = (index: number): string => `/w/m${index}.wst`;
        const edges = new Map(imports.map((targets, index) => [name(index), targets.filter((target) => target !== index).map(name)]));
        const graph = new ImportGraph((file) => edges.get(file) ?? []);
        const importers = new Map<string, string[]>();
        for (const [file, targets] of edges) for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
        const left = new Set(pending.map(name));
        const held = new HeldFiles(graph, importers, left);
        const all = Array.from({ length: size }, (_, index) => name(index));
        const compare = (): void => {
          const expected = heldAfresh(graph, importers, left);
          for (const file of all) if (left.has(file)) assert.equal(held.isHeld(file), expected.has(file), `${file} with ${[...left].join(' ')} pending`);
        };
        compare();
        for (const pick of order) {
          if (left.size === 0) break;
          // Done in any order, a held one too (a check given up), and twice (ignored).
          const file = [...left][pick % left.size];
          left.delete(file);
          held.done(file);
          held.done(file);
          compare();
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('holds a file above a pending one through a file not pending, and not the members of its own cycle', () => {
    const edges = new Map<string, string[]>([
      ['/w/top.wst', ['/w/middle.wst']],
      ['/w/middle.wst', ['/w/hub.wst']],
      ['/w/hub.wst', ['/w/peer.wst']],
      ['/w/peer.wst', ['/w/hub.wst']],
    ]);
    const graph = new ImportGraph((file) => edges.get(file) ?? []);
    const importers = new Map<string, string[]>([
      ['/w/middle.wst', ['/w/top.wst']],
      ['/w/hub.wst', ['/w/middle.wst', '/w/peer.wst']],
      ['/w/peer.wst', ['/w/hub.wst']],
    ]);
    const held = new HeldFiles(graph, importers, ['/w/top.wst', '/w/hub.wst', '/w/peer.wst']);
    assert.equal(held.isHeld('/w/top.wst'), true);
    assert.equal(held.isHeld('/w/hub.wst'), false);
    assert.equal(held.isHeld('/w/peer.wst'), false);
    held.done('/w/hub.wst');
    assert.equal(held.isHeld('/w/top.wst'), true, 'the cycle still has a pending member');
    held.done('/w/peer.wst');
    assert.equal(held.isHeld('/w/top.wst'), false);
  });
});
