// `whetstone-agent serve` in a folder someone else filled (a cloned repository), and on a served
// file replaced while it runs, with the real process over real sockets. The feedback file
// (.whetstone/feedback.json beside the served files) is never written through a symbolic link,
// its own or its folder's, and a FIFO there does not stop suggestions; a link in the folder to a
// file outside it is not served, and a file there too large to be a buffer is skipped; a served
// file (or its folder) replaced by a FIFO or by a link out of the folder leaves its buffer as it
// was and is neither read nor written through, the server answering throughout.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_BUFFER_CHARACTERS } from '../../server/src/workspace/buffer-limits';
import { AgentClient, CLI, startServe, type ServeProcess, type ServeSetup } from './serve-harness';
import { mkfifo } from '../helpers/files';

const MAIN = 'fn total(price: number): number {\n  return price * 2;\n}\n';
const posix = process.platform !== 'win32';
const FEEDBACK = { nodeId: 'node_1', annotationType: 'performance', strategy: 'cache', reason: 'not here', confidence: 0.5, accepted: false };

async function waitForStderr(server: ServeProcess, pattern: RegExp): Promise<void> {
  for (let waited = 0; !pattern.test(server.stderr()); waited += 25) {
    if (waited > 10_000) assert.fail(`serve never said ${pattern}; it said: ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Starts serve with `setup`, connects one agent, runs `body`, and closes both whatever happens. */
async function withSession(setup: ServeSetup, body: (client: AgentClient, server: ServeProcess) => Promise<void>): Promise<void> {
  const server = await startServe(setup);
  try {
    const client = await AgentClient.connect(server);
    await body(client, server);
    await client.close();
  } finally {
    await server.stop();
  }
}

describe('serve in a hostile folder', { skip: !posix, timeout: 120_000 }, () => {
  it('does not write the feedback file through its symbolic link, and reads suggestions without it', async () => {
    let victim = '';
    await withSession({
      files: { 'main.wst': MAIN },
      prepare: ({ folder }) => {
        victim = join(dirname(folder), 'victim.txt');
        writeFileSync(victim, 'precious\n');
        mkdirSync(join(folder, '.whetstone'));
        symlinkSync(victim, join(folder, '.whetstone', 'feedback.json'));
      },
    }, async (client, server) => {
      const suggestions = await client.call('getAnnotationSuggestions', {});
      assert.equal(suggestions.error, undefined, JSON.stringify(suggestions.error));
      const answer = await client.call('recordAnnotationFeedback', FEEDBACK);
      assert.ok(answer.error, 'the answer is not saved');
      assert.match(answer.error.message, /could not be saved to .*feedback\.json: it is a symbolic link/);
      assert.equal(readFileSync(victim, 'utf8'), 'precious\n', 'the file the link points to is untouched');
      assert.ok(lstatSync(join(server.folder, '.whetstone', 'feedback.json')).isSymbolicLink());
    });
  });

  it('does not write the feedback file into a folder that is a symbolic link', async () => {
    let elsewhere = '';
    await withSession({
      files: { 'main.wst': MAIN },
      prepare: ({ folder }) => {
        elsewhere = join(dirname(folder), 'elsewhere');
        mkdirSync(elsewhere);
        symlinkSync(elsewhere, join(folder, '.whetstone'));
      },
    }, async (client) => {
      const answer = await client.call('recordAnnotationFeedback', FEEDBACK);
      assert.ok(answer.error);
      assert.match(answer.error.message, /its folder .*\.whetstone is a symbolic link/);
      assert.deepEqual(readdirSync(elsewhere), [], 'nothing is written where the link points');
    });
  });

  it('answers suggestions when the feedback file is a FIFO, and does not write to it', async () => {
    await withSession({
      files: { 'main.wst': MAIN },
      prepare: ({ folder }) => {
        mkdirSync(join(folder, '.whetstone'));
        mkfifo(join(folder, '.whetstone', 'feedback.json'));
      },
    }, async (client) => {
      // Reading a FIFO would wait for a writer that never comes, and the whole server with it.
      const suggestions = await client.call('getAnnotationSuggestions', {});
      assert.equal(suggestions.error, undefined, JSON.stringify(suggestions.error));
      const answer = await client.call('recordAnnotationFeedback', FEEDBACK);
      assert.match(answer.error?.message ?? '', /it is not a regular file/);
      assert.equal((await client.request<{ message: string }>('ping')).message, 'pong');
    });
  });

  it('serves a link found in the folder only when its file is inside the folder', async () => {
    await withSession({
      files: { 'main.wst': MAIN },
      prepare: ({ folder }) => {
        const secret = join(dirname(folder), 'secret.wst');
        writeFileSync(secret, 'fn secret(): string {\n  return "not for agents";\n}\n');
        symlinkSync(secret, join(folder, 'key.wst'));
        mkdirSync(join(folder, 'lib'));
        symlinkSync(join(folder, 'main.wst'), join(folder, 'lib', 'again.wst'));
      },
    }, async (client) => {
      const listed = await client.request<{ buffers: { uri: string }[] }>('listBuffers');
      const uris = listed.buffers.map((buffer) => buffer.uri.split('/src/')[1]).sort();
      assert.deepEqual(uris, ['lib/again.wst', 'main.wst']);
    });
  });

  it('refuses a change that would take a buffer past the size a buffer may have, and a served file larger than that', async () => {
    const code = 'fn total(price: number): number {\n  return price * 2;\n}\n';
    // Just under the limit: a long comment after the code.
    const filler = `// ${'x'.repeat(MAX_BUFFER_CHARACTERS - code.length - 100)}\n`;
    await withSession({ files: { 'main.wst': code + filler } }, async (client, server) => {
      await client.request('setAgentRole', { role: 'refactor' });
      const { ast } = await client.request<{ ast: { children: { id: string; name?: string }[] } }>('getAST');
      const total = ast.children.find((node) => node.name === 'total')!;
      const refused = await client.call('applyMutation', { type: 'setProperty', nodeId: total.id, property: 'name', value: 'n'.repeat(150) });
      assert.equal(refused.error?.code, -32010);
      assert.match(refused.error.message, /refused: the buffer would be too large \(it has [\d,]+ characters, more than the 4,194,304 a Whetstone buffer may have\); nothing changed/);
      assert.equal(refused.error.data?.reason, 'size');
      assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), code + filler, 'the file is as it was');
      // A small change still goes in.
      await client.request('applyMutation', { type: 'setProperty', nodeId: total.id, property: 'name', value: 'sum' });
      // Grown past the limit on disk by someone else: the buffer keeps its text, and says why.
      writeFileSync(join(server.folder, 'main.wst'), code + filler + filler);
      await waitForStderr(server, /main\.wst: it has [\d,]+ characters, more than the 4,194,304 a Whetstone buffer may have; not read; its buffer keeps its text/);
    });
    // Named on the command line at that size: serve says why and does not start.
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-too-large-'));
    try {
      writeFileSync(join(folder, 'big.wst'), filler + filler);
      const result = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--lock-dir', join(folder, 'locks'), join(folder, 'big.wst')], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, /big\.wst: it has [\d,]+ characters, more than the 4,194,304 a Whetstone buffer may have; not read/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('skips a file in the folder larger than a buffer may have, saying why, and serves the others', async () => {
    const filler = `// ${'x'.repeat(MAX_BUFFER_CHARACTERS)}\n`;
    await withSession({ files: { 'big.wst': filler, 'main.wst': MAIN } }, async (client, server) => {
      const listed = await client.request<{ buffers: { uri: string }[] }>('listBuffers');
      assert.deepEqual(listed.buffers.map((buffer) => buffer.uri.split('/src/')[1]), ['main.wst']);
      assert.match(server.stderr(), /big\.wst: it has [\d,]+ characters, more than the 4,194,304 a Whetstone buffer may have; not read; skipped/);
    });
  });

  it('neither reads nor writes through a served file or folder swapped for a link to outside the folder', async () => {
    let outside = '';
    const util = 'fn util(): number {\n  return 1;\n}\n';
    const secret = 'fn secret(): string {\n  return "not for agents";\n}\n';
    await withSession({
      files: { 'main.wst': MAIN, 'lib/util.wst': util },
      prepare: ({ folder }) => {
        outside = join(dirname(folder), 'private');
        mkdirSync(outside);
        // A private copy with the very text of main.wst: a write through the link would go in.
        writeFileSync(join(outside, 'copy.wst'), MAIN);
        writeFileSync(join(outside, 'util.wst'), secret);
      },
    }, async (client, server) => {
      const file = join(server.folder, 'main.wst');
      await client.request('setAgentRole', { role: 'refactor' });
      const buffers = (await client.request<{ buffers: { uri: string }[] }>('listBuffers')).buffers.map((buffer) => buffer.uri);
      const mainUri = buffers.find((uri) => uri.endsWith('/main.wst'))!;
      const utilUri = buffers.find((uri) => uri.endsWith('/lib/util.wst'))!;
      const before = await client.request<{ revision: number; ast: { children: { id: string; name?: string }[] } }>('getAST', { uri: mainUri });
      const total = before.ast.children.find((node) => node.name === 'total')!;

      // A checkout replaces the file by a link (git writes it beside and renames it over), and an
      // agent's change arrives before anyone looks.
      symlinkSync(join(outside, 'copy.wst'), `${file}.new`);
      renameSync(`${file}.new`, file);
      const refused = await client.call('applyMutation', { uri: mainUri, type: 'setProperty', nodeId: total.id, property: 'name', value: 'sum' });
      assert.equal(refused.error?.code, -32010, JSON.stringify(refused.error ?? refused.result));
      assert.match(refused.error.message, /Cannot read .*main\.wst before writing it: a symbolic link takes it outside the folder served; not read; nothing changed/);
      assert.equal(readFileSync(join(outside, 'copy.wst'), 'utf8'), MAIN, 'nothing is written through the link');
      assert.ok(lstatSync(file).isSymbolicLink(), 'the link is left as it is');
      await waitForStderr(server, /main\.wst: a symbolic link takes it outside the folder served; not read; its buffer keeps its text/);
      assert.equal((await client.request<{ revision: number }>('getAST', { uri: mainUri })).revision, before.revision, 'the buffer kept its text');

      // The folder of a served file replaced by a link to a private folder: its file is not read.
      const utilAst = await client.request<{ revision: number; ast: { children: { id: string; name?: string }[] } }>('getAST', { uri: utilUri });
      renameSync(join(server.folder, 'lib'), join(server.folder, 'lib.old'));
      symlinkSync(outside, join(server.folder, 'lib'));
      const alsoRefused = await client.call('applyMutation', { uri: utilUri, type: 'setProperty', nodeId: utilAst.ast.children[0].id, property: 'name', value: 'helper' });
      assert.equal(alsoRefused.error?.code, -32010, JSON.stringify(alsoRefused.error ?? alsoRefused.result));
      assert.match(alsoRefused.error.message, /util\.wst before writing it: a symbolic link takes it outside the folder served/);
      const utilAfter = await client.request<{ revision: number; ast: { children: { name?: string }[] } }>('getAST', { uri: utilUri });
      assert.deepEqual(utilAfter.ast.children.map((node) => node.name), ['util'], 'the private file never became the buffer');
      assert.equal(readFileSync(join(outside, 'util.wst'), 'utf8'), secret);

      // A regular file back in place: it is read again.
      rmSync(file);
      writeFileSync(file, MAIN.replace('* 2', '* 3'));
      await client.waitForNotification('bufferChanged', (params) => (params as { uri: string }).uri === mainUri);
      assert.equal((await client.request<{ revision: number }>('getAST', { uri: mainUri })).revision, before.revision + 1);
    });
  });

  it('keeps a buffer as it was when its file is replaced by a FIFO or a link to a device, and refuses to write it', async () => {
    await withSession({ files: { 'main.wst': MAIN } }, async (client, server) => {
      const file = join(server.folder, 'main.wst');
      await client.request('setAgentRole', { role: 'refactor' });
      const before = await client.request<{ revision: number; ast: { children: { id: string; name?: string }[] } }>('getAST');
      const total = before.ast.children.find((node) => node.name === 'total')!;

      mkfifo(`${file}.fifo`);
      renameSync(`${file}.fifo`, file);
      await waitForStderr(server, /main\.wst: it is not a regular file .*; its buffer keeps its text/);
      assert.equal((await client.request<{ message: string }>('ping')).message, 'pong');
      const during = await client.request<{ revision: number }>('getAST');
      assert.equal(during.revision, before.revision, 'no revision came from the FIFO');
      const refused = await client.call('applyMutation', { type: 'setProperty', nodeId: total.id, property: 'name', value: 'sum' });
      assert.match(refused.error?.message ?? '', /Cannot read .*main\.wst before writing it: it is not a regular file .*; nothing changed/);
      assert.ok(lstatSync(file).isFIFO(), 'the FIFO was not replaced by a write');

      symlinkSync('/dev/zero', `${file}.zero`);
      renameSync(`${file}.zero`, file);
      // Outside the folder, so not followed at all (a link to a device inside it would be refused as not a regular file).
      await waitForStderr(server, /main\.wst: a symbolic link takes it outside the folder served; not read; its buffer keeps its text/);
      assert.equal((await client.request<{ message: string }>('ping')).message, 'pong');

      // A regular file again: the buffer takes its text as a new revision.
      writeFileSync(`${file}.saving`, MAIN.replace('* 2', '* 3'));
      renameSync(`${file}.saving`, file);
      await client.waitForNotification('bufferChanged');
      const afterwards = await client.request<{ revision: number }>('getAST');
      assert.equal(afterwards.revision, before.revision + 1);
    });
  });
});
