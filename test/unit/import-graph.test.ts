// The core's import graph: which files a change reaches (the importers of a file, directly or
// through others, each after what it imports) and the import cycles in the order to compute them.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ImportGraph } from '../../server/src/core/semantics';

/** hub ← a ← b, hub ← c; d ↔ e (a cycle) importing a; lone imports nothing and nothing imports it. */
const EDGES: Record<string, string[]> = { hub: [], a: ['hub'], b: ['a'], c: ['hub'], d: ['e', 'a'], e: ['d'], lone: [] };
const FILES = Object.keys(EDGES);

function graph(): ImportGraph {
  return new ImportGraph((file) => EDGES[file] ?? []);
}

describe('ImportGraph', () => {
  it('importersOf: every file that imports the changed one, directly or through others, each after what it imports', () => {
    const reached = graph().importersOf(['hub'], FILES);
    assert.deepEqual(new Set(reached), new Set(['a', 'b', 'c', 'd', 'e']));
    assert.ok(reached.indexOf('a') < reached.indexOf('b'), 'a before b, which imports it');
    assert.ok(reached.indexOf('a') < reached.indexOf('d') && reached.indexOf('a') < reached.indexOf('e'), 'a before the cycle that imports it');
  });

  it('importersOf: a file nothing imports reaches nothing; a file of a cycle reaches the cycle, itself included', () => {
    assert.deepEqual(graph().importersOf(['lone'], FILES), []);
    assert.deepEqual(graph().importersOf(['b'], FILES), []);
    assert.deepEqual(new Set(graph().importersOf(['d'], FILES)), new Set(['d', 'e']));
  });

  it('importersOf: a path no file is (a module not created yet) reaches the files that name it', () => {
    const named = new ImportGraph((file) => (file === 'x' ? ['missing'] : []));
    assert.deepEqual(named.importersOf(['missing'], ['x', 'y']), ['x']);
  });

  it('cyclesFirst: the files grouped by import cycle, each group after the groups it imports', () => {
    const groups = graph().cyclesFirst(FILES);
    const at = (file: string): number => groups.findIndex((group) => group.includes(file));
    assert.deepEqual(new Set(groups.find((group) => group.includes('d'))), new Set(['d', 'e']));
    assert.equal(groups.flat().length, FILES.length);
    for (const [file, imported] of Object.entries(EDGES)) for (const target of imported) if (at(target) !== at(file)) assert.ok(at(target) < at(file), `${target} before ${file}`);
  });
});
