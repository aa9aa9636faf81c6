// The build's one reading of every file (workspace/index-and-check.ts) on real files: on worker
// threads and on the server's own thread it gives the same diagnostics as checking each file
// alone with its imports resolved by the module cache — for files read in import order, a small
// import cycle, and a file whose `use` the text scan does not see (it is checked after); and the
// module cache keeps a dependent's exports through a change that does not alter what it imports.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FileDiagnostic } from '../../server/src/workspace/file-check';
import { FileIndex } from '../../server/src/workspace/file-index';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { importsNamedIn, indexAndCheckWorkspace } from '../../server/src/workspace/index-and-check';
import { Workspace } from '../../server/src/workspace/workspace';

const problems = { skipped: () => undefined, error: (error: unknown) => assert.fail(String(error)) };
/** Above the count from which the build uses worker threads. */
const FILES = 80;

/** Builds the index of `folder` with every file's check, as the language server does; the diagnostics by path. */
async function buildAndCheck(folder: string, workers: boolean): Promise<Map<string, string[]>> {
  const workspace = new Workspace((error) => assert.fail(String(error)));
  workspace.modules.setRoots([folder]);
  const index = new FileIndex(workspace, problems, { workers });
  const checked = new Map<string, string[]>();
  const sink = {
    checked: (path: string, _uri: string, diagnostics: readonly FileDiagnostic[]) => {
      assert.ok(!checked.has(path), `${path} checked once`);
      checked.set(path, diagnostics.map(shown));
    },
    cancelled: () => false,
    error: (error: unknown) => assert.fail(String(error)),
  };
  await index.build([{ path: folder, real: folder }], {
    found: () => undefined,
    indexed: () => undefined,
    cancelled: () => false,
    readAndCheck: (files, pool, accept) => indexAndCheckWorkspace(files, index, workspace.modules, pool, sink, accept),
  });
  assert.equal(index.size, checked.size, 'every indexed file checked');
  index.dispose();
  return checked;
}

function shown(diagnostic: FileDiagnostic): string {
  return `${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${diagnostic.message}`;
}

describe('index and check in one reading', () => {
  let folder: string;

  before(async () => {
    await loadGrammar();
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-check-')));
    mkdirSync(join(folder, 'lib'));
    writeFileSync(join(folder, 'lib', 'base.wst'), 'fn base(x: number): number {\n  return x + 1;\n}\n');
    // A layered chain: each imports the one before (and base), the last calls wrongly across files.
    for (let n = 0; n < FILES; n++) {
      const previous = n === 0 ? '' : `use lib.part${n - 1}.{part${n - 1}};\n`;
      const call = n === 0 ? 'base(x)' : `part${n - 1}(base(x))`;
      writeFileSync(join(folder, 'lib', `part${n}.wst`), `use lib.base.{base};\n${previous}\nfn part${n}(x: number): number {\n  return ${call};\n}\n`);
    }
    writeFileSync(join(folder, 'wrong.wst'), `use lib.part${FILES - 1}.{part${FILES - 1}};\n\nlet label: string = part${FILES - 1}(1);\nprint(label);\n`);
    // A cycle of two: each calls the other, one wrongly.
    writeFileSync(join(folder, 'ping.wst'), 'use pong.{pong};\n\nfn ping(n: number): number {\n  return pong(n - 1);\n}\n');
    writeFileSync(join(folder, 'pong.wst'), 'use ping.{ping};\n\nfn pong(n: number): number {\n  let s: string = ping(n);\n  return 0;\n}\n');
    // A `use` after a statement on its line: the text scan does not see it, the parse does.
    writeFileSync(join(folder, 'hidden.wst'), `let first = 1; use lib.part3.{part3};\nlet wrongly: string = part3(first);\n`);
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('reads what a file names with `use` at the start of a line, nothing else', () => {
    assert.deepEqual(importsNamedIn('use a.b.{c};\n  use d;\nlet x = 1; use e.{f};\n// use g;\n'), ['a.b', 'd']);
  });

  it('gives the same diagnostics on worker threads, on its own thread, and file by file through the module cache', async () => {
    const onWorkers = await buildAndCheck(folder, true);
    const onThread = await buildAndCheck(folder, false);
    assert.deepEqual(onWorkers, onThread);
    const alone = new Workspace((error) => assert.fail(String(error)));
    alone.modules.setRoots([folder]);
    for (const [path, diagnostics] of onWorkers) assert.deepEqual(diagnostics, alone.modules.checkFile(path)?.diagnostics.map(shown), path);
    assert.equal(onWorkers.size, FILES + 5);
    assert.deepEqual(onWorkers.get(join(folder, 'lib', 'part40.wst')), []);
    assert.match(onWorkers.get(join(folder, 'wrong.wst'))?.join() ?? '', /E_TYPE_MISMATCH Type number is not assignable to 'label' of type string/);
    assert.match(onWorkers.get(join(folder, 'pong.wst'))?.join() ?? '', /E_TYPE_MISMATCH Type number is not assignable to 's' of type string/);
    assert.match(onWorkers.get(join(folder, 'hidden.wst'))?.join() ?? '', /E_TYPE_MISMATCH Type number is not assignable to 'wrongly' of type string/);
  });
});

describe('a change carried on only where it changes what is imported', () => {
  let folder: string;

  before(async () => {
    await loadGrammar();
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-wave-')));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps the exports of a module whose imports still resolve as they did, and works out again those whose imports changed', () => {
    writeFileSync(join(folder, 'hub.wst'), 'fn hub(x: number): number {\n  return x;\n}\n');
    // Annotated: its exports do not depend on hub's signature.
    writeFileSync(join(folder, 'steady.wst'), 'use hub.{hub};\n\nfn steady(): number {\n  return hub(1);\n}\n');
    // Not annotated: its exports are hub's type.
    writeFileSync(join(folder, 'relay.wst'), 'use hub.{hub};\n\nconst relayed = hub;\n');
    const workspace = new Workspace((error) => assert.fail(String(error)));
    workspace.modules.setRoots([folder]);
    const top = workspace.open('untitled:top', 'use steady.{steady};\nuse relay.{relayed};\nlet a: number = steady();\nlet b: number = relayed(1);\n');
    assert.deepEqual(top.diagnostics().map((d) => d.code), []);
    for (const name of ['steady', 'relay']) assert.equal(workspace.modules.checkFile(join(folder, `${name}.wst`))?.exportsChanged, false, `${name} checked again, unchanged`);
    writeFileSync(join(folder, 'hub.wst'), 'fn hub(x: string): string {\n  return x;\n}\n');
    workspace.modules.filesChanged([join(folder, 'hub.wst')]);
    assert.equal(workspace.modules.checkFile(join(folder, 'steady.wst'))?.exportsChanged, false, 'steady exports what it did');
    assert.equal(workspace.modules.checkFile(join(folder, 'relay.wst'))?.exportsChanged, true, 'relay exports hub’s new type');
    assert.deepEqual(top.diagnostics().map((d) => d.code), ['E_TYPE_MISMATCH', 'E_TYPE_MISMATCH']);
  });
});
