// Files that someone else put where the tools read, on the real file system: a FIFO, a device, a
// symbolic link, a file too large, a folder that links back to itself. Reading one never blocks or
// exhausts the process and says why it was not read; the command line skips such entries in a
// folder it walks; the library setting reports them as unreadable.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadLibrary } from '../../server/src/editor-process/library-setting';
import { MAX_BUFFER_CHARACTERS } from '../../server/src/workspace/buffer-limits';
import { readFileWithin, readFileWithinAsync, type FileText } from '../../server/src/workspace/regular-file';
import { mkfifo } from '../helpers/files';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const posix = process.platform !== 'win32';
const CLEAN = 'fn one(): number {\n  return 1;\n}\n';

function problemOf(read: FileText): string {
  assert.ok('problem' in read, `expected a problem, read ${JSON.stringify(read).slice(0, 80)}`);
  return read.problem;
}

/** The CLI as it ships, with a timeout: a run that blocked on a FIFO would be killed and fail here. */
function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  assert.equal(result.signal, null, `the run was killed (${result.signal}): it blocked`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('files someone else put there', { skip: !posix, timeout: 120_000 }, () => {
  let base: string;
  before(() => {
    base = mkdtempSync(join(tmpdir(), 'whetstone-hostile-files-'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('reads a regular file, and refuses a FIFO, a device, a link where links are not followed, and a file too large', async () => {
    const dir = join(base, 'read');
    mkdirSync(dir);
    writeFileSync(join(dir, 'plain.txt'), 'plain');
    mkfifo(join(dir, 'pipe'));
    symlinkSync(join(dir, 'plain.txt'), join(dir, 'link'));
    symlinkSync('/dev/zero', join(dir, 'zero'));
    writeFileSync(join(dir, 'big'), 'x'.repeat(2048));
    for (const read of [readFileWithin, readFileWithinAsync]) {
      const follow = { maxBytes: 1024, followLinks: true };
      const noFollow = { maxBytes: 1024, followLinks: false };
      assert.deepEqual(await read(join(dir, 'plain.txt'), noFollow), { text: 'plain' });
      // Nobody writes to the FIFO: a read that waited for a writer would never come back.
      assert.match(problemOf(await read(join(dir, 'pipe'), follow)), /not a regular file/);
      assert.match(problemOf(await read(join(dir, 'zero'), follow)), /not a regular file/);
      assert.deepEqual(await read(join(dir, 'link'), follow), { text: 'plain' });
      assert.match(problemOf(await read(join(dir, 'link'), noFollow)), /symbolic link/);
      assert.match(problemOf(await read(join(dir, 'big'), follow)), /larger than 1 KiB/);
      const missing = await read(join(dir, 'absent'), follow);
      assert.deepEqual(missing, { problem: 'no such file or folder', missing: true });
    }
  });

  it('check walks a folder with a FIFO, a device link, a link to itself and links out, and reads only its own regular files', () => {
    const project = join(base, 'project');
    const outside = join(base, 'outside');
    mkdirSync(join(project, 'src'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(project, 'src', 'one.wst'), CLEAN);
    writeFileSync(join(outside, 'broken.wst'), 'fn broken( {\n');
    mkfifo(join(project, 'src', 'stuck.wst'));
    symlinkSync('/dev/zero', join(project, 'src', 'zero.wst'));
    symlinkSync('..', join(project, 'src', 'loop'));
    symlinkSync(outside, join(project, 'elsewhere'));
    // A link out of the folder is not: the file it reaches is not the folder's.
    symlinkSync(join(outside, 'broken.wst'), join(project, 'src', 'out.wst'));
    // A link to a file is taken: it is a file of the folder as far as the person can tell.
    symlinkSync(join(project, 'src', 'one.wst'), join(project, 'alias.wst'));
    const result = cli('check', project);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^2 files checked: 0 errors, 0 other diagnostics$/m);
  });

  it('check and parse name a FIFO, a device, a file too large or too long to parse: exit 2 with why, at once', () => {
    const dir = join(base, 'named');
    mkdirSync(dir);
    mkfifo(join(dir, 'pipe.wst'));
    writeFileSync(join(dir, 'huge.wst'), Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    const fifo = cli('check', join(dir, 'pipe.wst'));
    assert.equal(fifo.status, 2, fifo.stderr);
    assert.match(fifo.stderr, /pipe\.wst: it is not a regular file \(a folder, a FIFO or a device\); not read/);
    const device = cli('parse', '/dev/zero');
    assert.equal(device.status, 2, device.stderr);
    assert.match(device.stderr, /\/dev\/zero: it is not a regular file/);
    const huge = cli('parse', join(dir, 'huge.wst'));
    assert.equal(huge.status, 2, huge.stderr);
    assert.match(huge.stderr, /huge\.wst: it is larger than 16 MiB; not read/);
    assert.equal(huge.stdout, '');
    // Under the file limit but over what a buffer may have (parsing it would take gigabytes).
    writeFileSync(join(dir, 'long.wst'), `// ${'x'.repeat(MAX_BUFFER_CHARACTERS)}\n`);
    const long = cli('check', join(dir, 'long.wst'));
    assert.equal(long.status, 2, long.stderr);
    assert.match(long.stderr, /long\.wst: it has 4,194,308 characters, more than the 4,194,304 a Whetstone buffer may have; not read/);
  });

  it('the library setting names a FIFO or a device: no library, and the warning says why', async () => {
    const dir = join(base, 'library');
    mkdirSync(dir);
    mkfifo(join(dir, 'library.json'));
    const fifo = await loadLibrary('library.json', dir);
    assert.equal(fifo.library, undefined);
    assert.ok('error' in fifo);
    assert.match(fifo.error, /cannot be read \(it is not a regular file/);
    const device = await loadLibrary('/dev/zero', dir);
    assert.ok('error' in device);
    assert.match(device.error, /not a regular file/);
  });
});
