// The modules open buffers import (workspace/module-exports.ts), on real files in a temporary
// folder: a buffer without `use` analysed as before, a long import chain computed without deep
// recursion, a file changed on disk seen after fileChanged (by a member of an import cycle too), and
// links followed only inside the root.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';

describe('module exports for open buffers', () => {
  let folder: string;
  let outside: string;

  before(async () => {
    await loadGrammar();
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-modules-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-modules-outside-')));
  });
  after(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  function workspaceOver(root: string): Workspace {
    const workspace = new Workspace((error) => assert.fail(String(error)));
    workspace.modules.setRoots([root]);
    return workspace;
  }

  const codes = (workspace: Workspace, name: string, text: string): string[] =>
    workspace
      .open(pathToFileURL(join(folder, name)).href, text)
      .diagnostics()
      .map((d) => d.code);

  it('analyses a buffer without `use` without a resolver', () => {
    const workspace = workspaceOver(folder);
    const buffer = workspace.open(pathToFileURL(join(folder, 'alone.wst')).href, 'let x = 1;\nprint(x);\n');
    assert.equal(buffer.analysis().imports, undefined);
  });

  it('computes a chain of thousands of modules, those imported first (no deep recursion)', () => {
    const chain = join(folder, 'chain');
    mkdirSync(chain);
    const length = 2_000;
    for (let i = 0; i < length; i++) {
      writeFileSync(join(chain, `m${i}.wst`), i + 1 < length ? `use chain.m${i + 1}.{f${i + 1}};\nfn f${i}(): number { return f${i + 1}() + 1; }\n` : `fn f${i}(): number { return 1; }\n`);
    }
    const workspace = workspaceOver(folder);
    assert.deepEqual(codes(workspace, 'top.wst', 'use chain.m0.{f0};\nlet s: string = f0();\n'), ['E_TYPE_MISMATCH']);
  });

  it('sees a file changed on disk once told, and the modules that used it', () => {
    writeFileSync(join(folder, 'seed.wst'), 'fn seed(): number { return 1; }\n');
    writeFileSync(join(folder, 'grow.wst'), 'use seed.{seed};\nconst START = seed();\n');
    const workspace = workspaceOver(folder);
    const buffer = workspace.open(pathToFileURL(join(folder, 'user.wst')).href, 'use grow.{START};\nlet s: string = START;\n');
    assert.deepEqual(
      buffer.diagnostics().map((d) => d.code),
      ['E_TYPE_MISMATCH'],
    );
    writeFileSync(join(folder, 'seed.wst'), 'fn seed(): string { return "a"; }\n');
    let announced = 0;
    workspace.modules.onDidChange(() => announced++);
    workspace.modules.fileChanged(join(folder, 'seed.wst'));
    assert.equal(announced, 1);
    assert.deepEqual(
      buffer.diagnostics().map((d) => d.code),
      [],
    );
  });

  it("sees a change to what a cycle member imports from outside its cycle, and keeps its view through other changes", () => {
    const cycle = join(folder, 'cycle');
    mkdirSync(cycle);
    writeFileSync(join(cycle, 'seed.wst'), 'fn seed(): number { return 1; }\n');
    writeFileSync(join(cycle, 'other.wst'), 'fn other(): number { return 1; }\n');
    writeFileSync(join(cycle, 'b.wst'), 'use cycle.a.{x};\nuse cycle.seed.{seed};\nconst B = seed();\nfn y(): number { return x(); }\n');
    const workspace = workspaceOver(folder);
    const buffer = workspace.open(pathToFileURL(join(cycle, 'a.wst')).href, 'use cycle.b.{B};\nfn x(): number { return 1; }\nlet s: string = B;\nprint(s);\n');
    const codes = (): string[] => buffer.diagnostics().map((d) => d.code);
    assert.deepEqual(codes(), ['E_TYPE_MISMATCH']);
    // A change b does not import: b's view of its cycle stands, and says the same.
    writeFileSync(join(cycle, 'other.wst'), 'fn other(): string { return "a"; }\n');
    workspace.modules.fileChanged(join(cycle, 'other.wst'));
    assert.deepEqual(codes(), ['E_TYPE_MISMATCH']);
    // A change b imports from outside the cycle: b is seen anew.
    writeFileSync(join(cycle, 'seed.wst'), 'fn seed(): string { return "a"; }\n');
    workspace.modules.fileChanged(join(cycle, 'seed.wst'));
    assert.deepEqual(codes(), []);
    writeFileSync(join(cycle, 'seed.wst'), 'fn seed(): number { return 1; }\n');
    workspace.modules.fileChanged(join(cycle, 'seed.wst'));
    assert.deepEqual(codes(), ['E_TYPE_MISMATCH']);
  });

  it('follows a link to a file inside the root, and not one out of it', () => {
    writeFileSync(join(folder, 'real.wst'), 'fn inside(): number { return 1; }\n');
    symlinkSync(join(folder, 'real.wst'), join(folder, 'linked.wst'));
    writeFileSync(join(outside, 'secret.wst'), 'fn secret(): number { return 1; }\n');
    symlinkSync(join(outside, 'secret.wst'), join(folder, 'escape.wst'));
    const workspace = workspaceOver(folder);
    assert.deepEqual(codes(workspace, 'links.wst', 'use linked.{inside};\nlet s: string = inside();\n'), ['E_TYPE_MISMATCH']);
    const escaped = workspace.open(pathToFileURL(join(folder, 'escaping.wst')).href, 'use escape.{secret};\nprint(secret());\n').diagnostics();
    assert.deepEqual(
      escaped.map((d) => d.code),
      ['W_UNKNOWN_IMPORT'],
    );
    assert.match(escaped[0].message, /escape\.wst/);
  });
});
