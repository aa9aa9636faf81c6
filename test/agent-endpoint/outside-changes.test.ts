// A served file edited on disk while `whetstone-agent serve` runs, over real sockets: the buffer
// takes the file's text as a new revision (ids of what did not change kept), every session hears
// `bufferChanged {uri, revision}`, a change made for the revision before gets -32012, and nothing
// is lost: neither the edit on disk nor any change the server acknowledged. Outside writers that
// append, save in place (truncate, then write) or save in two pieces while agents change the file
// lose no line, and no half-saved file ever becomes the buffer.
import * as assert from 'node:assert/strict';
import { closeSync, ftruncateSync, openSync, readdirSync, readFileSync, renameSync, writeFileSync, writeSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

const MAIN = 'fn greet(name: string): string {\n  return "Hello, " + name;\n}\n';

interface Ast {
  ast: { children: { id: string; type: string; name?: string }[] };
  revision: number;
}

function idOf(ast: Ast, name: string): string {
  const node = ast.ast.children.find((child) => child.name === name);
  assert.ok(node, name);
  return node.id;
}

describe('serve: files changed on disk', () => {
  it('turns an edit on disk into a new revision and tells every session; the older revision conflicts', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const uri = pathToFileURL(file).href;
      const agent = await AgentClient.connect(server);
      const observer = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const before = await agent.request<Ast>('getAST');
      assert.equal(before.revision, 1);

      // Saved the way editors save: a new file renamed over the old one.
      writeFileSync(`${file}.saving`, `${MAIN}\nfn helper(): number {\n  return 1;\n}\n`);
      renameSync(`${file}.saving`, file);
      const heard = await agent.waitForNotification('bufferChanged');
      assert.deepEqual(heard.params, { uri, revision: 2 });
      assert.deepEqual((await observer.waitForNotification('bufferChanged')).params, { uri, revision: 2 });
      const after = await agent.request<Ast>('getAST');
      assert.equal(after.revision, 2);
      assert.equal(idOf(after, 'greet'), idOf(before, 'greet'), 'the unchanged function keeps its id');
      idOf(after, 'helper');

      const stale = await agent.call('applyMutation', { type: 'setProperty', nodeId: idOf(before, 'greet'), property: 'name', value: 'welcome', ifRevision: 1 });
      assert.equal(stale.error?.code, -32012, JSON.stringify(stale.error));
      assert.equal(stale.error.data?.currentRevision, 2);

      const applied = await agent.request<{ revision: number }>('applyMutation', { type: 'setProperty', nodeId: idOf(after, 'greet'), property: 'name', value: 'welcome', ifRevision: 2 });
      assert.equal(applied.revision, 3);
      const disk = readFileSync(file, 'utf8');
      assert.match(disk, /fn welcome\(name: string\)/, 'the acknowledged change is on disk');
      assert.match(disk, /fn helper\(\): number/, 'and so is the edit made on disk');
      // Every change is heard once (the edit on disk, then the agent's own change); the server's own
      // write does not come back from the watcher as another revision.
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(
        agent.notifications.filter((n) => n.method === 'bufferChanged').map((n) => n.params),
        [
          { uri, revision: 2 },
          { uri, revision: 3 },
        ],
      );
      await agent.close();
      await observer.close();
    } finally {
      await server.stop();
    }
  });

  it('loses nothing when edits on disk race with mutations', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const agent = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const acknowledged: string[] = [];
      for (let round = 0; round < 8; round++) {
        // Someone appends a comment on disk, and at once an agent renames greet (no ifRevision).
        writeFileSync(file, `${readFileSync(file, 'utf8')}// outside ${round}\n`);
        const ast = await agent.request<Ast>('getAST');
        const name = `greet${round}`;
        const answer = await agent.call('applyMutation', { type: 'setProperty', nodeId: ast.ast.children[0].id, property: 'name', value: name });
        if (answer.error) assert.equal(answer.error.code, -32012, JSON.stringify(answer.error));
        else acknowledged.push(name);
        const disk = readFileSync(file, 'utf8');
        assert.match(disk, new RegExp(`// outside ${round}\\n`), `round ${round}: the edit on disk is kept`);
        if (!answer.error) assert.match(disk, new RegExp(`fn ${name}\\(`), `round ${round}: the acknowledged change is on disk`);
      }
      const final = readFileSync(file, 'utf8');
      for (let round = 0; round < 8; round++) assert.ok(final.includes(`// outside ${round}\n`));
      if (acknowledged.length > 0) assert.match(final, new RegExp(`fn ${acknowledged.at(-1)}\\(`));
      const { revision } = await agent.request<Ast>('getAST');
      assert.ok(revision >= 9, `every outside edit is a revision (${revision})`);
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  // At once, and a while after the change (longer than a file takes to settle): a slow writer.
  for (const delayMs of [0, 300]) it(`carries a write that reached the file a change replaced into the new file, and keeps the change (written ${delayMs} ms after)`, async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const agent = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const greet = idOf(await agent.request<Ast>('getAST'), 'greet');
      // A program opened the file to append just before the change replaced it, and writes after.
      const appender = openSync(file, 'a');
      const applied = await agent.request<{ revision: number }>('applyMutation', { type: 'setProperty', nodeId: greet, property: 'name', value: 'welcome' });
      await sleep(delayMs);
      writeSync(appender, '// appended late\n');
      closeSync(appender);
      await until(() => readFileSync(file, 'utf8').includes('// appended late\n'), 'the late write reaches the file');
      const disk = readFileSync(file, 'utf8');
      assert.equal(disk, `${MAIN.replace('greet', 'welcome')}// appended late\n`, 'both the change and the late write are in the file');
      const after = await agent.request<Ast>('getAST');
      assert.ok(after.revision > applied.revision, 'the carried write is a new revision');
      assert.equal(idOf(after, 'welcome'), greet, 'the function keeps its id');
      // serve says so on stderr, which may arrive after the file changed.
      await until(() => /was written to while a change replaced it; that write is carried into the file/.test(server.stderr()), 'the carried write is reported');
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  it('does not take a file saved in two pieces with a pause inside a line until its last line ends', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const agent = await AgentClient.connect(server);
      const greet = idOf(await agent.request<Ast>('getAST'), 'greet');
      const text = `${MAIN}fn helper(): number {\n  return 1;\n}\n`;
      const descriptor = openSync(file, 'w');
      writeSync(descriptor, text.slice(0, 20));
      // Longer than a file takes to settle: only the cut last line says the save is not finished.
      await sleep(300);
      writeSync(descriptor, text.slice(20));
      closeSync(descriptor);
      const heard = await agent.waitForNotification('bufferChanged');
      const after = await agent.request<Ast>('getAST');
      assert.equal(after.revision, 2, 'the whole save is one revision');
      assert.equal((heard.params as { revision: number }).revision, 2);
      assert.equal(idOf(after, 'greet'), greet, 'greet kept its id: the half-saved text never became the buffer');
      idOf(after, 'helper');
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  it('keeps a late write that overlaps the change beside the file, never dropped, and says where', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const agent = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const greet = idOf(await agent.request<Ast>('getAST'), 'greet');
      // A program saving in place opened the file before the change; its text renames the same function.
      const saver = openSync(file, 'r+');
      await agent.request('applyMutation', { type: 'setProperty', nodeId: greet, property: 'name', value: 'welcome' });
      const theirs = MAIN.replace('greet', 'salute');
      ftruncateSync(saver, 0);
      writeSync(saver, theirs, 0);
      closeSync(saver);
      const kept = await until(() => readdirSync(server.folder).find((name) => name.startsWith('main.wst.late-write-')), 'the late write is kept beside the file');
      assert.equal(readFileSync(join(server.folder, kept), 'utf8'), theirs, 'their whole text is kept');
      assert.equal(readFileSync(file, 'utf8'), MAIN.replace('greet', 'welcome'), 'the file keeps the acknowledged change');
      await until(() => server.stderr().includes(`it is kept in ${join(server.folder, kept)}, not merged`), 'where the late write is kept is reported');
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  it('loses no outside write and takes no half-saved file while agents change the file (appends, in-place saves, two-piece saves)', { timeout: 120_000 }, async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const agents = [await AgentClient.connect(server), await AgentClient.connect(server)];
      for (const agent of agents) await agent.request('setAgentRole', { role: 'refactor' });
      const greetId = idOf(await agents[0].request<Ast>('getAST'), 'greet');
      const markers: string[] = [];
      const unexpected: unknown[] = [];
      let acknowledged = 0;

      for (const pattern of WRITERS) {
        let writing = true;
        const writer = (async () => {
          for (let i = 0; writing; i++) {
            const marker = `// ${pattern.name} ${i}`;
            await pattern.write(file, marker);
            markers.push(marker);
          }
        })();
        // Each agent renames greet by its id, again and again, without ifRevision.
        const changing = agents.map(async (agent, a) => {
          for (let n = 0; writing; n++) {
            const answer = await agent.call('applyMutation', { type: 'setProperty', nodeId: greetId, property: 'name', value: `greet_${a}_${n}` });
            if (!answer.error) acknowledged++;
            // A change beaten by an outside write four times in a row is refused; anything else
            // (the id gone because a half-saved file became the buffer) is a loss.
            else if (answer.error.code !== -32012) unexpected.push({ pattern: pattern.name, error: answer.error });
          }
        });
        await sleep(PATTERN_MS);
        writing = false;
        await writer;
        await Promise.all(changing);
      }

      // Once the file has settled, the buffer and the file agree, and every outside write is there.
      // A late write is carried in once its writer has settled, which takes longer on a loaded machine.
      const missing = (): string[] => markers.filter((marker) => !readFileSync(file, 'utf8').includes(`${marker}\n`));
      for (let tries = 0; tries < 80 && missing().length > 0; tries++) await sleep(250);
      await sleep(500);
      const final = readFileSync(file, 'utf8');
      // A late write that overlaps changes made since is kept whole beside the file (and said so): kept, not lost.
      const keptBeside = readdirSync(server.folder)
        .filter((name) => name.startsWith('main.wst.late-write-'))
        .map((name) => readFileSync(join(server.folder, name), 'utf8'));
      const lost = markers.filter((marker) => ![final, ...keptBeside].some((text) => text.includes(`${marker}\n`)));
      assert.deepEqual(lost, [], `${lost.length} of ${markers.length} outside writes were lost; what serve said of late writes:\n${server.stderr().split('\n').filter((line) => /late|kept|could not|emptied/.test(line)).slice(-20).join('\n')}`);
      assert.deepEqual(unexpected.slice(0, 3), [], `${unexpected.length} changes failed otherwise than with -32012 (the first three shown)`);
      assert.ok(acknowledged > 0, 'some agent changes went in');
      const ast = await agents[0].request<Ast>('getAST');
      assert.ok(
        ast.ast.children.some((child) => child.id === greetId),
        'greet kept its id throughout: no empty or half-saved file ever became the buffer',
      );
      assert.match(final, /^fn greet\w*\(name: string\): string \{\n {2}return "Hello, " \+ name;\n\}\n/, 'the file is whole');
      for (const agent of agents) await agent.close();
    } finally {
      await server.stop();
    }
  });
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `look` to find something (polling; the server works on its own time), or fails saying what did not happen. */
async function until<T>(look: () => T | undefined | false, what: string): Promise<T> {
  // Up to 20 s: a loaded machine may be slow, and a miss is a failure, not a pass.
  for (let tries = 0; tries < 800; tries++) {
    const found = look();
    if (found) return found;
    await sleep(25);
  }
  assert.fail(`${what}: not seen`);
}

/** How long each kind of outside writer runs while the agents change the file. */
const PATTERN_MS = 2_000;
/** A pause between two saves, as a person or a tool leaves one: longer than the watcher waits for a file to settle. */
const BETWEEN_SAVES_MS = 80;
/** How long an in-place or two-piece save leaves the file empty or half written. */
const MID_SAVE_MS = 4;

/** Outside writers, each adding its marker line to the file the way some program saves. */
const WRITERS: { name: string; write: (file: string, marker: string) => Promise<void> }[] = [
  {
    // A log or a generator adding a line at a time.
    name: 'append',
    write: async (file, marker) => {
      appendFileSync(file, `${marker}\n`);
      await sleep(1);
    },
  },
  {
    // Programs that save in place: the file is truncated, then its new text written.
    name: 'in-place',
    write: async (file, marker) => {
      const text = `${readFileSync(file, 'utf8')}${marker}\n`;
      const descriptor = openSync(file, 'r+');
      try {
        ftruncateSync(descriptor, 0);
        await sleep(MID_SAVE_MS);
        writeSync(descriptor, text, 0);
      } finally {
        closeSync(descriptor);
      }
      await sleep(BETWEEN_SAVES_MS);
    },
  },
  {
    // A save written in two pieces, the first cut inside the first function.
    name: 'two-piece',
    write: async (file, marker) => {
      const text = `${readFileSync(file, 'utf8')}${marker}\n`;
      const descriptor = openSync(file, 'w');
      try {
        writeSync(descriptor, text.slice(0, 20));
        await sleep(MID_SAVE_MS);
        writeSync(descriptor, text.slice(20));
      } finally {
        closeSync(descriptor);
      }
      await sleep(BETWEEN_SAVES_MS);
    },
  },
];
