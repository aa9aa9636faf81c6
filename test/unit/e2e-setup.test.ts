// The editor-tools setup (scripts/e2e/setup.mjs) run the way `npm test` runs it: as a child of npm,
// with the outer npm's variables in its environment.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..', '..');

describe('e2e setup', () => {
  it('runs nested programs without the outer npm\'s variables, keeping registry settings', () => {
    const script = `import('${join(root, 'scripts', 'e2e', 'clean-env.mjs').replace(/\\/g, '/')}').then(({ cleanEnv }) => {
      process.stdout.write(JSON.stringify(cleanEnv({ EXTRA: '1' })));
    });`;
    const result = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        npm_config_user_agent: 'npm/11.0.0 node/v20.0.0 linux x64',
        npm_lifecycle_event: 'test',
        npm_config_nodedir: '/somewhere',
        npm_config_registry: 'http://registry.example/',
        INIT_CWD: '/somewhere',
        KEEP_ME: 'yes',
      },
    });
    assert.equal(result.status, 0, result.stderr);
    const env = JSON.parse(result.stdout) as Record<string, string>;
    assert.equal(env.npm_config_user_agent, undefined);
    assert.equal(env.npm_lifecycle_event, undefined);
    assert.equal(env.npm_config_nodedir, undefined);
    assert.equal(env.INIT_CWD, undefined);
    assert.equal(env.npm_config_registry, 'http://registry.example/');
    assert.equal(env.KEEP_ME, 'yes');
    assert.equal(env.EXTRA, '1');
  });

  it('stops before installing anything when the registry cannot be reached, naming the fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whetstone-setup-test-'));
    try {
      const cache = join(dir, 'cache');
      const result = spawnSync(process.execPath, [join(root, 'scripts', 'e2e', 'setup.mjs')], {
        encoding: 'utf8',
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        env: { ...process.env, WHETSTONE_VSCODE_CACHE: cache, npm_config_registry: 'http://127.0.0.1:9/' },
        timeout: 90_000,
      });
      assert.equal(result.status, 1, result.stdout + result.stderr);
      assert.match(result.stderr, /cannot reach http:\/\/127\.0\.0\.1:9\/.*npm config set registry/);
      // Nothing was installed: the cache holds no Node and no code-server.
      assert.ok(!existsSync(join(cache, 'node24')) && !existsSync(join(cache, 'code-server')), readdirSync(dir).join());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
