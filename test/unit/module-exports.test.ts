// The modules open buffers import (workspace/module-exports.ts), on real files in a temporary
// folder: a buffer without `use` analysed as before, a long import chain computed without deep
// recursion, a file changed on disk seen after fileChanged (by a member of an import cycle too),
// links followed only inside the root, and a buffer that closes leaving its file's check.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { MAX_INDEXED_FILES } from '../../server/src/workspace/file-limits';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { MAX_CACHED_MODULES } from '../../server/src/workspace/module-exports';
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
    workspace.modules.filesChanged([join(folder, 'seed.wst')]);
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
    workspace.modules.filesChanged([join(cycle, 'other.wst')]);
    assert.deepEqual(codes(), ['E_TYPE_MISMATCH']);
    // A change b imports from outside the cycle: b is seen anew.
    writeFileSync(join(cycle, 'seed.wst'), 'fn seed(): string { return "a"; }\n');
    workspace.modules.filesChanged([join(cycle, 'seed.wst')]);
    assert.deepEqual(codes(), []);
    writeFileSync(join(cycle, 'seed.wst'), 'fn seed(): number { return 1; }\n');
    workspace.modules.filesChanged([join(cycle, 'seed.wst')]);
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

  describe('a buffer that closes', () => {
    let root: string;
    before(() => {
      root = join(folder, 'closing');
      mkdirSync(root);
    });

    function files(): { price: string; order: string; orderText: string } {
      const price = join(root, 'price.wst');
      const order = join(root, 'order.wst');
      writeFileSync(price, 'fn total(prices: list<number>): number { return 0; }\n');
      const orderText = 'use closing.price.{total};\nfn sum(): number { return total([1, 2]); }\nlet wrong: string = total([1]);\n';
      writeFileSync(order, orderText);
      return { price, order, orderText };
    }

    it("leaves its file's check: the exports its importers were given, and the diagnostics a check from disk gives", () => {
      const { order, orderText } = files();
      const workspace = workspaceOver(folder);
      const fromDisk = workspace.modules.checkFile(order);
      const importer = join(root, 'report.wst');
      const orderUri = pathToFileURL(order).href;
      const buffer = workspace.open(orderUri, orderText);
      buffer.analysis();
      const givenWhileOpen = workspace.modules.resolveFor(importer, 'closing.order');
      assert.ok('exports' in givenWhileOpen);
      workspace.close(orderUri);
      const checked = workspace.modules.checkFile(order);
      assert.deepEqual(checked?.diagnostics, fromDisk?.diagnostics);
      assert.deepEqual(checked?.diagnostics.map((d) => d.code), ['E_TYPE_MISMATCH']);
      assert.equal(checked?.exportsChanged, false);
      // The very exports the importers were given while it was open: not analysed again.
      const givenAfter = workspace.modules.resolveFor(importer, 'closing.order');
      assert.ok('exports' in givenAfter);
      assert.equal(givenAfter.exports, givenWhileOpen.exports);
    });

    it('is checked from disk when its file holds another text, or a module it imports changed since', () => {
      const { price, order, orderText } = files();
      const workspace = workspaceOver(folder);
      const orderUri = pathToFileURL(order).href;
      // Unsaved: the buffer's text differs from the file's.
      workspace.open(orderUri, orderText.replace('let wrong: string', 'let right: number')).analysis();
      workspace.close(orderUri);
      assert.deepEqual(workspace.modules.checkFile(order)?.diagnostics.map((d) => d.code), ['E_TYPE_MISMATCH']);
      // The file's text, but what it imports changed between the close and the check.
      workspace.open(orderUri, orderText).analysis();
      workspace.close(orderUri);
      writeFileSync(price, 'fn total(prices: list<number>): string { return "0"; }\n');
      workspace.modules.filesChanged([price]);
      // Now the return of `sum` is wrong (line 2), and `wrong` is right.
      assert.deepEqual(
        workspace.modules.checkFile(order)?.diagnostics.map((d) => [d.code, d.line]),
        [['E_TYPE_MISMATCH', 2]],
      );
    });
  });

  describe('the check of a file, for a buffer that opens with its text', () => {
    it('stands for the text it read while what it imports resolves as it did, and not after a module it imports changes, or one it could not find appears', () => {
      const dir = join(folder, 'standing');
      mkdirSync(dir);
      const rate = join(dir, 'rate.wst');
      const invoice = join(dir, 'invoice.wst');
      const invoiceText = 'use standing.rate.{rate};\nuse standing.later.{soon};\n\nlet due: string = rate(2);\nprint(due, soon);\n';
      writeFileSync(rate, 'fn rate(n: number): number { return n * 2; }\n');
      writeFileSync(invoice, invoiceText);
      const workspace = workspaceOver(folder);
      const checked = workspace.modules.checkFile(invoice);
      assert.deepEqual(checked?.diagnostics.map((d) => d.code), ['W_UNKNOWN_IMPORT', 'E_TYPE_MISMATCH']);
      assert.equal(workspace.modules.standingDiagnostics(invoice, invoiceText), checked?.diagnostics);
      // Another text (unsaved): not that check's.
      assert.equal(workspace.modules.standingDiagnostics(invoice, invoiceText.replace('string', 'number')), undefined);
      // The module it could not find appears: nothing it used changed, but its import resolves otherwise now.
      writeFileSync(join(dir, 'later.wst'), 'const soon = 1;\n');
      workspace.modules.filesChanged([join(dir, 'later.wst')]);
      assert.equal(workspace.modules.standingDiagnostics(invoice, invoiceText), undefined);
      // Checked again, it stands; then the module it imports changes what it exports.
      assert.deepEqual(workspace.modules.checkFile(invoice)?.diagnostics.map((d) => d.code), ['E_TYPE_MISMATCH']);
      assert.ok(workspace.modules.standingDiagnostics(invoice, invoiceText));
      writeFileSync(rate, 'fn rate(n: number): string { return "x"; }\n');
      workspace.modules.filesChanged([rate]);
      assert.equal(workspace.modules.standingDiagnostics(invoice, invoiceText), undefined);
      // A buffer of that text sees the change: its own analysis is clean.
      const buffer = workspace.open(pathToFileURL(invoice).href, invoiceText);
      assert.deepEqual(buffer.diagnostics().map((d) => d.code), []);
    });
  });
});

describe('the module cache and the index', () => {
  it('keeps the exports of as many modules as the index holds files', () => {
    // A build checks each file against the exports kept of what it imports: with fewer kept than
    // files indexed, a workspace of more files lost its hubs' exports half-way through its build.
    assert.ok(MAX_CACHED_MODULES >= MAX_INDEXED_FILES, `${MAX_CACHED_MODULES} < ${MAX_INDEXED_FILES}`);
  });
});
