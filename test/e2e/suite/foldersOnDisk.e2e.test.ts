// A folder of modules that appears or goes on disk outside the editor (moved in from elsewhere, a
// branch checked out, `rm -r` in a terminal). VS Code's file watcher reports such a folder as one
// event for the folder, none for the files in it, so the index must hear of folders too: an
// importer of a module in a folder moved in stops warning, and warns again when the folder is
// deleted; Ctrl+T finds the folder's functions only while it is there.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { openFile, readyApi, waitFor, workspaceUri } from './helpers';

function unknownImports(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => (typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code) === 'W_UNKNOWN_IMPORT');
}

async function symbolsNamed(name: string): Promise<vscode.SymbolInformation[]> {
  const found = (await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', name)) ?? [];
  return found.filter((symbol) => symbol.name === name);
}

describe('folders of modules created and deleted on disk', () => {
  const depot = workspaceUri('depot.wst');
  const warehouse = workspaceUri('warehouse');

  after(() => {
    rmSync(depot.fsPath, { force: true });
    rmSync(warehouse.fsPath, { recursive: true, force: true });
  });

  it('indexes a folder moved in, and forgets it when it is deleted', async () => {
    await readyApi();
    await openFile('hello.wst');
    writeFileSync(depot.fsPath, 'use warehouse.shelf.{restock};\nlet n: number = restock(3);\nprint(n);\n');
    await waitFor('W_UNKNOWN_IMPORT in depot.wst before the folder exists', () => (unknownImports(depot).length > 0 ? true : undefined));

    // Made outside the workspace, then moved in whole: one event for the folder.
    const staging = mkdtempSync(join(tmpdir(), 'whetstone-e2e-staging-'));
    mkdirSync(join(staging, 'warehouse'));
    writeFileSync(join(staging, 'warehouse', 'shelf.wst'), 'fn restock(count: number): number { return count * 2; }\n');
    renameSync(join(staging, 'warehouse'), warehouse.fsPath);
    rmSync(staging, { recursive: true, force: true });
    await waitFor('depot.wst without W_UNKNOWN_IMPORT once the folder is moved in', () => (unknownImports(depot).length === 0 ? true : undefined));
    const found = await waitFor('restock in the workspace symbols', async () => ((await symbolsNamed('restock')).length > 0 ? await symbolsNamed('restock') : undefined));
    assert.ok(found[0].location.uri.fsPath.endsWith(join('warehouse', 'shelf.wst')), `found in ${found[0].location.uri.fsPath}`);

    rmSync(warehouse.fsPath, { recursive: true });
    const warning = await waitFor('W_UNKNOWN_IMPORT in depot.wst after the folder is deleted', () => unknownImports(depot)[0]);
    assert.match(warning.message, /warehouse[\\/]shelf\.wst/);
    await waitFor('restock gone from the workspace symbols', async () => ((await symbolsNamed('restock')).length === 0 ? true : undefined));
  });
});
