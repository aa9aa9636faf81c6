// The examples of docs/AGENTS.md, taken from the page as written and run against the real server:
// the JavaScript agent with node, the Python agent with python3 (when python3 and the websockets
// package are there), and the MCP configurations parsed as JSON.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, startServe, type ServeProcess } from './serve-harness';

const PAGE = readFileSync(join(ROOT, 'docs', 'AGENTS.md'), 'utf8');

/** The fenced blocks of one language, in page order. */
function blocks(language: string): string[] {
  return [...PAGE.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);
}

const LIB = 'fn total(xs: list<number>): number {\n  let sum = 0;\n  for x in xs {\n    sum = sum + x;\n  }\n  return sum;\n}\n';
const MAIN = 'use lib.{total};\n\nprint(total([1, 2, 3]));\n';
const BROKEN = 'let count: number = "three";\nprint(count);\n';

/** The first websockets whose connect() takes additional_headers, as the Python example passes the token. */
const WEBSOCKETS_MAJOR = 14;

function hasPythonWebsockets(): boolean {
  const probe = spawnSync('python3', ['-c', `import websockets, sys; sys.exit(0 if int(websockets.__version__.split(".")[0]) >= ${WEBSOCKETS_MAJOR} else 1)`], { encoding: 'utf8' });
  return probe.status === 0;
}

describe('docs/AGENTS.md examples', () => {
  let server: ServeProcess;
  let scripts: string;
  before(async () => {
    server = await startServe({ files: { 'lib.wst': LIB, 'main.wst': MAIN, 'broken.wst': BROKEN } });
    scripts = mkdtempSync(join(tmpdir(), 'whetstone-doc-examples-'));
  });
  after(async () => {
    await server.stop();
    rmSync(scripts, { recursive: true, force: true });
  });

  it('the JavaScript agent renames a function in both files', () => {
    const [example] = blocks('js').filter((block) => block.startsWith('// rename.js'));
    assert.ok(example, 'the page has rename.js');
    writeFileSync(join(scripts, 'rename.js'), example);
    const run = spawnSync(process.execPath, [join(scripts, 'rename.js'), 'total', 'sumOf'], {
      cwd: server.folder,
      encoding: 'utf8',
      env: { ...process.env, WHETSTONE_LOCK_DIR: server.lockDir, NODE_PATH: join(ROOT, 'node_modules') },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /lib\.wst: revision 2, 0 errors/);
    assert.match(run.stdout, /main\.wst: revision 2, 0 errors/);
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), 'use lib.{sumOf};\n\nprint(sumOf([1, 2, 3]));\n');
  });

  it('the Python example names the websockets it needs', () => {
    assert.match(PAGE, new RegExp(`## Example: Python \\(\`websockets\` ${WEBSOCKETS_MAJOR} or later\\)`));
    assert.ok(PAGE.includes(`pip install "websockets>=${WEBSOCKETS_MAJOR}"`));
  });

  it('the Python agent reports the errors of every buffer', (t) => {
    if (!hasPythonWebsockets()) {
      t.skip(`python3 with websockets ${WEBSOCKETS_MAJOR} or later is not installed here (pip install "websockets>=${WEBSOCKETS_MAJOR}")`);
      return;
    }
    const [example] = blocks('python').filter((block) => block.startsWith('# report.py'));
    assert.ok(example, 'the page has report.py');
    writeFileSync(join(scripts, 'report.py'), example);
    const run = spawnSync('python3', [join(scripts, 'report.py')], { cwd: server.folder, encoding: 'utf8', env: { ...process.env, WHETSTONE_LOCK_DIR: server.lockDir } });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /broken\.wst: 1 errors\n {2}line 1: E_TYPE_MISMATCH .* \(in a (Literal|VariableDeclaration)\)/);
    assert.match(run.stdout, /lib\.wst: 0 errors/);
  });

  it('the MCP configurations are JSON with a whetstone server', () => {
    const configurations = blocks('json')
      .map((block) => JSON.parse(block) as { mcpServers?: Record<string, { command?: string; url?: string }> })
      .filter((config) => config.mcpServers);
    assert.equal(configurations.length, 2);
    assert.deepEqual(configurations[0].mcpServers!.whetstone, { command: 'npx', args: ['-y', 'whetstone-agent', 'mcp'] }, 'the published package, which needs no editor');
    assert.equal(configurations[1].mcpServers!.whetstone.url, 'http://127.0.0.1:8080/mcp');
  });
});
