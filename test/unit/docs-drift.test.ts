// The docs and comments that describe the code are checked against it, so they cannot drift: the
// rooms in docs/ARCHITECTURE.md's table are the linter's, with the imports each really has; every
// file a comment cites is in the repository; every custom LSP message is documented; everything
// .vscodeignore brings back into the package exists.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..', '..');

/** The repository's files (tracked or new, not ignored), relative, with forward slashes. */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '');
const FILE_SET = new Set(FILES);
const BASENAMES = new Set(FILES.map((file) => basename(file)));

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The rooms of server/src each room imports (a relative import that leaves its room), shared modules left out. */
function roomImports(sharedModules: readonly string[]): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of FILES.filter((name) => name.startsWith('server/src/') && name.endsWith('.ts'))) {
    const room = file.split('/')[2];
    for (const match of read(file).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = normalize(join(dirname(file), match[1])).split(sep).join('/').replace(/^server\/src\//, '');
      if (sharedModules.some((shared) => target === shared || target.startsWith(`${shared}.`))) continue;
      const other = target.split('/')[0];
      if (other !== room) imports.set(room, (imports.get(room) ?? new Set()).add(other));
    }
  }
  return imports;
}

describe('docs and comments against the code', () => {
  it('docs/ARCHITECTURE.md\'s table has every room of the house rules, with the rooms it may and does import', async () => {
    const config = (await import(pathToFileURL(join(ROOT, 'eslint.config.mjs')).href)) as { HOUSE_RULES: Record<string, string[]>; SHARED_MODULES: string[] };
    const rooms = Object.keys(config.HOUSE_RULES);
    const table = new Map<string, string[]>();
    for (const line of read('docs/ARCHITECTURE.md').split('\n')) {
      const row = /^\| `([\w-]+)\/` \|.*\| ([^|]*) \|$/.exec(line);
      // The last cell, without code spans and notes in brackets: the room names it lists.
      if (row) table.set(row[1], row[2].replace(/`[^`]*`|\([^)]*\)/g, '').split(/[\s,;]+/).filter((word) => rooms.includes(word)));
    }
    const actual = roomImports(config.SHARED_MODULES);
    for (const room of rooms) {
      assert.ok(table.has(room), `docs/ARCHITECTURE.md's table has a row for ${room}/`);
      assert.deepEqual([...table.get(room)!].sort(), [...config.HOUSE_RULES[room]].sort(), `${room}/: the table's imports are the linter's`);
      assert.deepEqual([...(actual.get(room) ?? [])].sort(), [...config.HOUSE_RULES[room]].sort(), `${room}/: it imports every room it is said to`);
    }
    assert.deepEqual([...table.keys()].filter((room) => !rooms.includes(room)), [], 'no row for a room the linter does not know');
  });

  it('every file a comment cites is in the repository', () => {
    // What the build makes and names the process runs, not files of the repository.
    const built = /^(dist|out|node_modules)\/|^(server|cli|extension|source-worker|summary-worker)\.js$|^tree-sitter-[\w-]+\.wasm$/;
    const missing: string[] = [];
    for (const file of FILES.filter((name) => /\.(ts|mjs|js)$/.test(name) && !name.startsWith('test/fixtures/') && !name.startsWith('syntaxes/tree-sitter-whetstone/'))) {
      const comments = read(file).split('\n').flatMap((line) => {
        const comment = /^\s*(?:\/\/|\/?\*)(.*)$|\s\/\/\s(.*)$/.exec(line);
        return comment ? [comment[1] ?? comment[2]] : [];
      });
      for (const comment of comments) {
        for (const match of comment.matchAll(/(?<![\w.*/-])((?:[\w.-]+\/)*[\w-]+\.(?:md|ts|mjs))\b/g)) {
          const cited = match[1];
          if (built.test(cited) || cited === 'package.json' || cited === 'tsconfig.json') continue;
          const found = cited.includes('/')
            ? FILE_SET.has(cited) || FILE_SET.has(relative(ROOT, join(ROOT, dirname(file), cited)).split(sep).join('/')) || FILES.some((name) => name.endsWith(`/${cited}`))
            : BASENAMES.has(cited);
          if (!found) missing.push(`${file}: ${cited}`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  it('every whetstone/… LSP message is documented in docs/LANGUAGE-SERVER.md', () => {
    const doc = read('docs/LANGUAGE-SERVER.md');
    const methods = new Set(FILES.filter((file) => file.startsWith('server/src/protocol/')).flatMap((file) => [...read(file).matchAll(/'(whetstone\/\w+)'/g)].map((match) => match[1])));
    assert.ok(methods.size > 0);
    assert.deepEqual([...methods].filter((method) => !new RegExp(`\`${method}[\\s\`]`).test(doc)), []);
  });

  it('every file .vscodeignore brings back into the package is in the repository (or built in dist/)', () => {
    const patterns = read('.vscodeignore').split('\n').filter((line) => line.startsWith('!') && !line.startsWith('!dist/'));
    const unmatched = patterns.filter((line) => {
      const glob = new RegExp(`^${line.slice(1).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*')}$`);
      return !FILES.some((file) => glob.test(file));
    });
    assert.deepEqual(unmatched, []);
  });
});
