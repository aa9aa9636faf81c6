// The files checked again after a module's exports change (workspace/dependent-checks.ts), on real
// files and real worker threads: what the workers find for each dependent is what a full check of
// it on the server's thread finds (a dependent importing, beside the changed module, a module whose
// exports are kept through the change without being checked again); the wave reaches the files
// through a module whose exports change and stops at one whose exports do not; and a newer change
// supersedes the checks under way, so nothing computed before it is published after it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { DependentChecks } from '../../server/src/workspace/dependent-checks';
import type { ModuleResolution } from '../../server/src/core/semantics';
import { checkFile, exportsDigest, exportsOfAnswer, type FileDiagnostic } from '../../server/src/workspace/file-check';
import { FileIndex } from '../../server/src/workspace/file-index';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { indexAndCheckWorkspace } from '../../server/src/workspace/index-and-check';
import { Workspace } from '../../server/src/workspace/workspace';

/** Direct importers of the hub: more than one wave of worker checks. */
const DEPENDENTS = 30;

function shown(diagnostic: FileDiagnostic): string {
  return `${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${diagnostic.message}`;
}

/** Each file's diagnostics as a full check on this thread finds them, with a module cache of its own. */
function fullChecks(folder: string, paths: Iterable<string>): Map<string, string[]> {
  const alone = new Workspace((error) => assert.fail(String(error)));
  alone.modules.setRoots([folder]);
  return new Map([...paths].map((path) => [path, alone.modules.checkFile(path)?.diagnostics.map(shown) ?? ['unreadable']]));
}

describe('dependents checked again on worker threads', () => {
  let folder: string;
  let workspace: Workspace;
  let index: FileIndex;
  let checks: DependentChecks;
  const published: { path: string; diagnostics: string[] }[] = [];
  const hub = (): string => join(folder, 'core.wst');
  const file = (name: string): string => join(folder, `${name}.wst`);
  const dependents = (): string[] => Array.from({ length: DEPENDENTS }, (_, n) => file(`d${n}`));

  /** Writes the hub's signature and tells the index and the module cache, as the file watcher does. */
  async function changeHub(parameter: string): Promise<void> {
    writeFileSync(hub(), `fn total(x: ${parameter}): number {\n  return 1;\n}\n`);
    await index.refresh(hub());
    workspace.modules.filesChanged([hub()]);
  }

  async function settled(): Promise<void> {
    for (let waited = 0; !checks.idle; waited += 10) {
      if (waited > 120_000) assert.fail('the checks did not settle');
      await sleep(10);
    }
  }

  before(async () => {
    await loadGrammar();
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-dependents-')));
    writeFileSync(hub(), 'fn total(x: number): number {\n  return 1;\n}\n');
    // Annotated: its exports stay as they are when total's signature changes.
    writeFileSync(file('deep'), 'use core.{total};\n\nfn deep(): number {\n  return total(1);\n}\n');
    // Depends on the hub through deep only: its exports are kept through the change, not checked again.
    writeFileSync(file('mid'), 'use deep.{deep};\n\nfn mid(): number {\n  return deep();\n}\n');
    // Each imports the hub and mid, and assigns mid's number to a string (an error only mid's real exports give).
    for (const path of dependents()) writeFileSync(path, 'use core.{total};\nuse mid.{mid};\n\nfn sum(): number {\n  return total(2) + mid();\n}\n\nlet label: string = mid();\nprint(label);\n');
    // Hands total on: its exports change with total's signature, so tail is checked again too.
    writeFileSync(file('relay'), 'use core.{total};\n\nconst relayed = total;\n');
    writeFileSync(file('tail'), 'use relay.{relayed};\n\nlet r: number = relayed(true);\nprint(r);\n');
    // A cycle of two, one importing the hub: both checked again, each seeing the other as their cycle does.
    writeFileSync(file('ping'), 'use pong.{pong};\nuse core.{total};\n\nfn ping(n: number): number {\n  return pong(n) + total(n);\n}\n');
    writeFileSync(file('pong'), 'use ping.{ping};\n\nfn pong(n: number): number {\n  return n;\n}\n\nlet wrongly: string = ping(1);\n');
    workspace = new Workspace((error) => assert.fail(String(error)));
    workspace.modules.setRoots([folder]);
    index = new FileIndex(workspace, { skipped: () => undefined, error: (error) => assert.fail(String(error)) }, { workers: false });
    const sink = { checked: () => undefined, cancelled: () => false, error: (error: unknown) => assert.fail(String(error)) };
    await index.build([{ path: folder, real: folder }], {
      found: () => undefined,
      indexed: () => undefined,
      cancelled: () => false,
      readAndCheck: (files, pool, accept) => indexAndCheckWorkspace(files, index, workspace.modules, pool, sink, accept),
    });
    checks = new DependentChecks(
      index,
      workspace.modules,
      {
        checked: (path, _uri, diagnostics) => published.push({ path, diagnostics: diagnostics.map(shown) }),
        unreadable: (path) => assert.fail(`${path} unreadable`),
        error: (path, error) => assert.fail(`${path}: ${String(error)}`),
      },
      // Workers from the first file: the test's wave is small.
      { minFilesForWorkers: 1 },
    );
    // As the language server wires it: a change supersedes the wave under way, its module's importers are checked.
    workspace.modules.onDidChange((change) => {
      checks.supersede();
      if ('paths' in change) checks.enqueueImportersOf(new Set(change.paths));
    });
  });
  after(() => {
    checks?.dispose();
    index?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('publishes for each dependent what a full check of it finds, through a module whose exports change, not through one whose exports do not', async () => {
    await changeHub('string');
    await settled();
    const reached = new Set(published.map((publication) => publication.path));
    const expected = [...dependents(), file('deep'), file('relay'), file('tail'), file('ping'), file('pong')];
    assert.deepEqual([...reached].sort(), [...expected].sort(), 'the importers, tail through relay and the cycle; not mid, whose exports did not change');
    for (const path of expected) assert.equal(published.filter((publication) => publication.path === path).length, 1, `${path} published once`);
    const full = fullChecks(folder, expected);
    for (const { path, diagnostics } of published) assert.deepEqual(diagnostics, full.get(path), path);
    // What the change did: total(2) is wrong now, mid's number still is not a string.
    assert.deepEqual(
      published.find((publication) => publication.path === file('d0'))?.diagnostics.map((line) => line.split(' ')[1]),
      ['E_TYPE_MISMATCH', 'E_TYPE_MISMATCH'],
    );
  });

  it('a newer change supersedes the checks under way: nothing older than it is published after it', async () => {
    await changeHub('number');
    // The first checks are sent to the workers in the next turn; the newer change comes while they run.
    await nextTurn();
    await nextTurn();
    await changeHub('bool');
    const mark = published.length;
    await settled();
    const after = published.slice(mark);
    const expected = [...dependents(), file('deep'), file('relay'), file('tail'), file('ping'), file('pong')];
    const full = fullChecks(folder, expected);
    for (const path of expected) assert.ok(after.some((publication) => publication.path === path), `${path} published after the newer change`);
    for (const { path, diagnostics } of after) assert.deepEqual(diagnostics, full.get(path), `${path} as the newer change makes it`);
    assert.match(after.find((publication) => publication.path === file('d0'))?.diagnostics.join() ?? '', /Argument of type number is not assignable to parameter 'x' of type bool/);
  });

  it("keeps the very exports of a dependent whose exports the change leaves as they were (the worker does not send them back), and takes a changed one's", async () => {
    await changeHub('number');
    await settled();
    const before = (path: string) => workspace.modules.keptExports(path)?.exports;
    const d0 = before(file('d0'));
    const relay = before(file('relay'));
    assert.ok(d0 && relay);
    const mark = published.length;
    await changeHub('string');
    await settled();
    assert.ok(published.slice(mark).some((publication) => publication.path === file('d0')), 'd0 checked again');
    assert.equal(before(file('d0')), d0, "d0's exports (sum and label) are the same object");
    assert.notEqual(before(file('relay'))?.fingerprint, relay.fingerprint, "relay hands total on: its exports are the check's new ones");
    // The worker's side: the same text and exports are answered by their digest, another text's are sent.
    const resolutions = ['core', 'mid'].map((modulePath) => [modulePath, workspace.modules.resolveFor(file('d0'), modulePath)] as [string, ModuleResolution]);
    const kept = workspace.modules.keptExports(file('d0'))!;
    const knownExports = exportsDigest(kept.hash, kept.exports);
    const same = checkFile({ path: file('d0'), followLinks: false, resolutions, knownExports });
    assert.ok(!('problem' in same) && 'exportsAsKnown' in same && !('exports' in same));
    assert.equal(exportsOfAnswer(same, kept.exports), kept.exports);
    writeFileSync(file('d0'), `// a comment moves every node\n${readFileSync(file('d0'), 'utf8')}`);
    const moved = checkFile({ path: file('d0'), followLinks: false, resolutions, knownExports });
    assert.ok(!('problem' in moved) && 'exports' in moved && moved.exports.fingerprint === kept.exports.fingerprint, 'the same exports of another text are sent: their node ids differ');
  });
});
