// The workspace index over a real LSP connection, on real files in a temporary folder: the build at
// start with work-done progress, workspace symbols (Ctrl+T) from files never opened, files created,
// changed and deleted on disk (reported with didChangeWatchedFiles, as VS Code does), open buffers
// speaking for their files, and files that cannot be read safely skipped with the reason.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  DidChangeWatchedFilesNotification,
  DidChangeWorkspaceFoldersNotification,
  DocumentSymbolRequest,
  FileChangeType,
  SymbolKind,
  WatchKind,
  WorkspaceSymbolRequest,
  type SymbolInformation,
  type WorkspaceSymbol,
} from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';

const PRICING = 'fn orderTotal(prices: list<number>, rate: number = 0.2): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n';

function moduleText(n: number): string {
  return `type Item${n} { name: string, price: number }\n\nconst LIMIT${n} = ${n};\n\nfn describe${n}(item: Item${n}): string {\n  return item.name;\n}\n`;
}

async function symbols(client: LspClient, query: string): Promise<SymbolInformation[]> {
  const answer = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query })) as (SymbolInformation | WorkspaceSymbol)[] | null;
  assert.ok(answer, 'the server answers workspace/symbol');
  return answer as SymbolInformation[];
}

/** Asks until `probe` holds (the index takes changes on disk in the background), for up to 10 s. */
async function eventually(client: LspClient, what: string, probe: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await probe()) return;
    assert.equal(client.exitCode, undefined, `the server exited while waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`timed out waiting for ${what}`);
}

function watched(client: LspClient, path: string, type: FileChangeType): Promise<void> {
  return client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(path).href, type }] });
}

describe('workspace index', () => {
  let folder: string;
  let client: LspClient;
  const FILES = 12;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    mkdirSync(join(folder, 'billing'));
    for (let n = 1; n < FILES; n++) writeFileSync(join(folder, 'billing', `module${n}.wst`), moduleText(n));
    // Not indexed: hidden and dependency folders.
    mkdirSync(join(folder, 'node_modules'));
    writeFileSync(join(folder, 'node_modules', 'dependency.wst'), 'fn hiddenDependency() {}\n');
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reports the build as work-done progress: begin with the count, reports with a count, end', () => {
    const values = client.progress.map((p) => p.value);
    assert.equal(new Set(client.progress.map((p) => p.token)).size, 1, 'one progress token');
    assert.equal(values[0].kind, 'begin');
    assert.equal(values[0].kind === 'begin' && values[0].title, `Indexing ${FILES} Whetstone files`);
    const reports = values.filter((value) => value.kind === 'report');
    assert.ok(reports.length >= 1, 'at least one report');
    assert.equal(reports.at(-1)?.kind === 'report' && reports.at(-1)?.message, `${FILES} of ${FILES}`);
    assert.equal(reports.at(-1)?.kind === 'report' && reports.at(-1)?.percentage, 100);
    assert.equal(values.at(-1)?.kind, 'end');
  });

  it('registers watchers with the client: *.wst files changed, anything created or deleted (a folder moved in or out is one event)', () => {
    const registration = client.registrations.find((r) => r.method === DidChangeWatchedFilesNotification.method);
    assert.ok(registration, 'didChangeWatchedFiles is registered');
    assert.deepEqual(registration.registerOptions, {
      watchers: [
        { globPattern: '**/*.wst', kind: WatchKind.Change },
        { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
      ],
    });
    assert.equal(client.initializeResult?.capabilities.workspaceSymbolProvider, true);
  });

  it('finds a function of a file that was never opened, with its location, by a subsequence of its name', async () => {
    const found = await symbols(client, 'ordtot');
    assert.deepEqual(found, [
      {
        name: 'orderTotal',
        kind: SymbolKind.Function,
        location: { uri: pathToFileURL(join(folder, 'pricing.wst')).href, range: { start: { line: 0, character: 3 }, end: { line: 0, character: 13 } } },
        containerName: 'pricing',
      },
    ]);
    const described = await symbols(client, 'describe7');
    assert.deepEqual(
      described.map((s) => [s.name, s.containerName, s.kind]),
      [['describe7', 'billing.module7', SymbolKind.Function]],
    );
    assert.deepEqual(
      (await symbols(client, 'Item3')).map((s) => [s.name, s.kind]),
      [['Item3', SymbolKind.Struct]],
    );
    assert.deepEqual(await symbols(client, 'hiddenDependency'), [], 'node_modules is not indexed');
    // Every file's declarations, best matches first.
    const all = await symbols(client, 'describe');
    assert.equal(all.length, FILES - 1);
    assert.equal(all[0].name, 'describe1');
  });

  it('follows files created, changed and deleted on disk', async () => {
    const path = join(folder, 'warehouse.wst');
    writeFileSync(path, 'fn restockShelves(count: number) {\n  print(count);\n}\n');
    await watched(client, path, FileChangeType.Created);
    await eventually(client, 'the created file in the index', async () => (await symbols(client, 'restockShelves')).length === 1);
    const [created] = await symbols(client, 'restockShelves');
    assert.equal(created.location.uri, pathToFileURL(path).href);
    assert.equal(created.containerName, 'warehouse');

    writeFileSync(path, '\n\nfn countStock(): number {\n  return 0;\n}\n');
    await watched(client, path, FileChangeType.Changed);
    await eventually(client, 'the changed file in the index', async () => (await symbols(client, 'countStock')).length === 1);
    assert.deepEqual(await symbols(client, 'restockShelves'), [], 'the old declaration is gone');
    assert.equal((await symbols(client, 'countStock'))[0].location.range.start.line, 2);

    rmSync(path);
    await watched(client, path, FileChangeType.Deleted);
    await eventually(client, 'the deleted file out of the index', async () => (await symbols(client, 'countStock')).length === 0);
  });

  it('reads a folder of modules moved in whole, and forgets it when the folder is deleted', async () => {
    const importer = join(folder, 'depot.wst');
    const importerUri = pathToFileURL(importer).href;
    const lastCodes = (): string[] | undefined => client.publicationsFor(importerUri).at(-1)?.diagnostics.map((d) => String(d.code));
    writeFileSync(importer, 'use stockroom.aisle.shelf.{restockShelf};\nlet n: number = restockShelf(2);\nprint(n);\n');
    await watched(client, importer, FileChangeType.Created);
    await eventually(client, 'the importer warned of a module not there', async () => lastCodes()?.includes('W_UNKNOWN_IMPORT') === true);

    // Made elsewhere and moved in: the watcher names the folder only.
    const staging = mkdtempSync(join(tmpdir(), 'whetstone-staging-'));
    mkdirSync(join(staging, 'aisle'));
    writeFileSync(join(staging, 'aisle', 'shelf.wst'), 'fn restockShelf(count: number): number {\n  return count + 1;\n}\n');
    writeFileSync(join(staging, 'aisle', 'notes.txt'), 'not a module\n');
    mkdirSync(join(staging, 'node_modules'));
    writeFileSync(join(staging, 'node_modules', 'vendored.wst'), 'fn vendoredOnly() {}\n');
    renameSync(staging, join(folder, 'stockroom'));
    await watched(client, join(folder, 'stockroom'), FileChangeType.Created);
    await eventually(client, 'the moved folder’s module in the index', async () => (await symbols(client, 'restockShelf')).length === 1);
    const [found] = await symbols(client, 'restockShelf');
    assert.equal(found.location.uri, pathToFileURL(join(folder, 'stockroom', 'aisle', 'shelf.wst')).href);
    assert.equal(found.containerName, 'stockroom.aisle.shelf');
    await eventually(client, 'the importer checked again, clean', async () => lastCodes()?.length === 0);
    assert.deepEqual(await symbols(client, 'vendoredOnly'), [], 'node_modules inside the moved folder is not indexed');

    // Something created and deleted that is neither a module nor a folder is passed over.
    writeFileSync(join(folder, 'README.txt'), 'notes\n');
    await watched(client, join(folder, 'README.txt'), FileChangeType.Created);
    rmSync(join(folder, 'README.txt'));
    await watched(client, join(folder, 'README.txt'), FileChangeType.Deleted);

    rmSync(join(folder, 'stockroom'), { recursive: true });
    await watched(client, join(folder, 'stockroom'), FileChangeType.Deleted);
    await eventually(client, 'the deleted folder’s module out of the index', async () => (await symbols(client, 'restockShelf')).length === 0);
    await eventually(client, 'the importer warned again', async () => lastCodes()?.includes('W_UNKNOWN_IMPORT') === true);
    assert.deepEqual(client.logs.filter((entry) => /Could not index/.test(entry.message)), [], 'every change was taken');
    rmSync(importer);
    await watched(client, importer, FileChangeType.Deleted);
  });

  it('lets an open buffer speak for its file, and reads the file again when it closes', async () => {
    const uri = pathToFileURL(join(folder, 'pricing.wst')).href;
    await client.open(uri, 'fn invoiceTotal(): number {\n  return 1;\n}\n');
    assert.deepEqual(await symbols(client, 'orderTotal'), [], 'the buffer, not the disk, says what the file declares');
    assert.equal((await symbols(client, 'invoiceTotal')).length, 1);
    await client.change(uri, [{ range: { start: { line: 0, character: 3 }, end: { line: 0, character: 10 } }, text: 'billing' }]);
    assert.deepEqual(
      (await symbols(client, 'billingTotal')).map((s) => s.location.uri),
      [uri],
    );
    await client.close(uri);
    await eventually(client, 'the file read again from disk', async () => (await symbols(client, 'orderTotal')).length === 1);
    assert.deepEqual(await symbols(client, 'billingTotal'), []);
  });
});

describe('workspace index: files that cannot be read safely', () => {
  let folder: string;
  let outside: string;
  let client: LspClient;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-hostile-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-outside-')));
    writeFileSync(join(folder, 'good.wst'), 'fn stillIndexed() {}\n');
    execFileSync('mkfifo', [join(folder, 'pipe.wst')]);
    // Larger than a buffer may be (4 MiB).
    writeFileSync(join(folder, 'huge.wst'), `fn hugeFunction() {}\n${'// padding\n'.repeat(420_000)}`);
    writeFileSync(join(outside, 'secret.wst'), 'fn outsideSecret() {}\n');
    symlinkSync(join(outside, 'secret.wst'), join(folder, 'link.wst'));
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('skips a FIFO, a file too large and a link out of the folder, each named once in the log with why, and keeps answering', async () => {
    assert.deepEqual(
      (await symbols(client, 'stillIndexed')).map((s) => s.name),
      ['stillIndexed'],
    );
    assert.deepEqual(await symbols(client, 'hugeFunction'), []);
    assert.deepEqual(await symbols(client, 'outsideSecret'), []);
    const skipped = client.logs.map((log) => log.message).filter((message) => message.startsWith('Not indexed: '));
    const about = (name: string) => skipped.filter((message) => message.includes(join(folder, name)));
    assert.equal(about('pipe.wst').length, 1);
    assert.match(about('pipe.wst')[0], /not a regular file/);
    assert.equal(about('huge.wst').length, 1);
    assert.match(about('huge.wst')[0], /larger than 4 MiB/);
    assert.equal(about('link.wst').length, 1);
    assert.match(about('link.wst')[0], /symbolic link to a file outside the source root/);
    // A watched change to the FIFO is refused the same way, without blocking, and not named again.
    await watched(client, join(folder, 'pipe.wst'), FileChangeType.Changed);
    const symbolsAfter = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: pathToFileURL(join(folder, 'good.wst')).href } });
    assert.deepEqual(symbolsAfter, [], 'a request about a file that is not open answers empty');
    assert.equal((await symbols(client, 'stillIndexed')).length, 1);
    assert.equal(client.logs.filter((log) => log.message.includes(join(folder, 'pipe.wst'))).length, 1);
  });
});

describe('workspace index: the editor is answered while it is built', () => {
  let folder: string;
  let client: LspClient;

  before(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-busy-')));
    for (let n = 0; n < 400; n++) writeFileSync(join(folder, `module${n}.wst`), [0, 1, 2, 3, 4].map((k) => moduleText(n * 5 + k)).join('\n'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers requests and takes changes between the files it reads', async () => {
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the build to begin', () => client.progress.find((p) => p.value.kind === 'begin'));
    const uri = pathToFileURL(join(folder, 'open.wst')).href;
    await client.open(uri, 'fn openedMeanwhile() {}\n');
    await client.change(uri, [{ range: { start: { line: 0, character: 3 }, end: { line: 0, character: 9 } }, text: 'edited' }]);
    const answered = await symbols(client, 'editedMeanwhile');
    const endedBefore = client.progress.some((p) => p.value.kind === 'end');
    assert.deepEqual(
      answered.map((s) => s.name),
      ['editedMeanwhile'],
    );
    assert.equal(endedBefore, false, 'the request was answered before the build ended');
    await client.waitFor('the build to end', () => client.progress.find((p) => p.value.kind === 'end'));
    assert.equal((await symbols(client, 'describe1999')).length, 1);
  });
});

describe('workspace index: whetstone.sourceRoots', () => {
  let folder: string;
  let client: LspClient;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-roots-')));
    mkdirSync(join(folder, 'src', 'billing'), { recursive: true });
    mkdirSync(join(folder, 'scratch'));
    writeFileSync(join(folder, 'src', 'billing', 'invoice.wst'), 'fn invoiceTotal(): number {\n  return 0;\n}\n');
    writeFileSync(join(folder, 'scratch', 'draft.wst'), 'fn draftTotal(): number {\n  return 0;\n}\n');
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true, settings: { sourceRoots: ['src'] } });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('indexes only the folders the setting names, relative to the workspace folder, with module names under them', async () => {
    const begin = client.progress.find((p) => p.value.kind === 'begin')?.value;
    assert.equal(begin?.kind === 'begin' && begin.title, 'Indexing 1 Whetstone file');
    assert.deepEqual(
      (await symbols(client, 'Total')).map((s) => [s.name, s.containerName]),
      [['invoiceTotal', 'billing.invoice']],
    );
    // A watched file outside the roots is not taken either (changes are handled in order: once
    // the second is in, the first was looked at).
    await watched(client, join(folder, 'scratch', 'draft.wst'), FileChangeType.Changed);
    writeFileSync(join(folder, 'src', 'billing', 'invoice.wst'), 'fn invoiceSum(): number {\n  return 0;\n}\n');
    await watched(client, join(folder, 'src', 'billing', 'invoice.wst'), FileChangeType.Changed);
    await eventually(client, 'the watched changes handled', async () => (await symbols(client, 'invoiceSum')).length === 1);
    assert.deepEqual(await symbols(client, 'draftTotal'), []);
  });
});

describe('workspace index: workspace folders added and removed', () => {
  let app: string;
  let shared: string;
  let client: LspClient;

  before(async () => {
    app = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-app-')));
    shared = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-shared-')));
    mkdirSync(join(shared, 'units'));
    writeFileSync(join(shared, 'units', 'length.wst'), 'fn toMetres(feet: number): number {\n  return feet * 0.3048;\n}\n');
    writeFileSync(join(app, 'survey.wst'), 'use units.length.{toMetres};\nlet height: number = toMetres(12);\nprint(height);\n');
    client = await LspClient.start({ workspaceFolder: app, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(app, { recursive: true, force: true });
    rmSync(shared, { recursive: true, force: true });
  });

  it('indexes a folder added to the workspace, resolves imports into it, and forgets it when it is removed', async () => {
    assert.deepEqual(client.initializeResult?.capabilities.workspace?.workspaceFolders, { supported: true, changeNotifications: true });
    const survey = pathToFileURL(join(app, 'survey.wst')).href;
    const lastCodes = (): string[] | undefined => client.publicationsFor(survey).at(-1)?.diagnostics.map((d) => String(d.code));
    await eventually(client, 'the import warned of, with one folder', async () => lastCodes()?.includes('W_UNKNOWN_IMPORT') === true);
    const folder = { uri: pathToFileURL(shared).href, name: 'shared' };

    await client.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [folder], removed: [] } });
    await eventually(client, 'the added folder indexed', async () => (await symbols(client, 'toMetres')).length === 1);
    assert.equal((await symbols(client, 'toMetres'))[0].containerName, 'units.length');
    await eventually(client, 'the import found in the added folder', async () => lastCodes()?.length === 0);

    await client.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [], removed: [folder] } });
    await eventually(client, 'the removed folder forgotten', async () => (await symbols(client, 'toMetres')).length === 0);
    await eventually(client, 'the import warned of again', async () => lastCodes()?.includes('W_UNKNOWN_IMPORT') === true);
    // A malformed change is passed over and the server goes on.
    await client.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [null, { uri: 42 }], removed: 'all' } } as never);
    assert.equal((await symbols(client, 'toMetres')).length, 0);
    assert.deepEqual(client.logs.filter((entry) => /didChangeWorkspaceFolders failed/.test(entry.message)), []);
    assert.equal(client.exitCode, undefined);
  });
});
