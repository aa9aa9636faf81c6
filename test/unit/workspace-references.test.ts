// References and rename across files in the workspace room, on the real file system: the index
// says while it is being built (a rename then could miss a file), and a file changed on disk
// since it was indexed is not edited from its stale summary but analysed as it is now.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { FileIndex } from '../../server/src/workspace/file-index';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { declarationTarget, referencesTo } from '../../server/src/workspace/name-references';
import { Workspace } from '../../server/src/workspace/workspace';
import { planWorkspaceRename } from '../../server/src/workspace/workspace-rename';

const problems = { skipped: () => undefined, error: (error: unknown) => assert.fail(String(error)) };
const progress = { found: () => undefined, indexed: () => undefined, cancelled: () => false };

describe('rename across files, in the workspace', () => {
  let folder: string;
  before(async () => {
    await loadGrammar();
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-workspace-references-')));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('says a build is under way until it ends', async () => {
    writeFileSync(join(folder, 'a.wst'), 'fn a(): number { return 1; }\n');
    const workspace = new Workspace();
    const index = new FileIndex(workspace, problems, { workers: false });
    const build = index.build([{ path: folder, real: folder }], progress);
    assert.equal(index.building, true);
    await build;
    assert.equal(index.building, false);
    index.dispose();
  });

  it('analyses a file changed on disk since it was indexed rather than edit it from its summary', async () => {
    writeFileSync(join(folder, 'pricing.wst'), 'fn total(xs: list<number>): number { return 0; }\n');
    writeFileSync(join(folder, 'orders.wst'), 'use pricing.{total};\nlet t = total([1]);\n');
    const workspace = new Workspace();
    workspace.modules.setRoots([folder]);
    const index = new FileIndex(workspace, problems, { workers: false });
    await index.build([{ path: folder, real: folder }], progress);
    const target = declarationTarget(index, join(folder, 'pricing.wst'), 'total');
    assert.ok(target);
    assert.deepEqual(
      referencesTo(index, target).map((group) => group.file.uri),
      [pathToFileURL(join(folder, 'orders.wst')).href],
    );
    // Changed on disk with no word to the index: a line above moves every token.
    writeFileSync(join(folder, 'orders.wst'), '// totals\nuse pricing.{total};\nlet t = total([1]);\n');
    workspace.modules.filesChanged([join(folder, 'orders.wst')]);
    const plan = planWorkspaceRename(index, workspace.modules, target, 'sum');
    assert.ok(plan.ok);
    const orders = plan.files.find((file) => file.path === join(folder, 'orders.wst'));
    assert.deepEqual(
      orders?.edits.map((edit) => [edit.range.startLine, edit.range.startColumn]),
      [
        [2, 13],
        [3, 8],
      ],
    );
    index.dispose();
  });
});
