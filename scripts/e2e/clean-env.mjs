// The environment for programs the e2e setup and `npm start` launch (nested npm installs,
// code-server). Under `npm test` or `npm start` the outer npm exports its own state as `npm_*`
// variables; a nested npm or install script reads them as its own. code-server's postinstall, for
// one, takes the Node version from npm_config_user_agent and refuses to install when the outer npm
// runs on an older Node than the Node 24 it is installed with. So those variables are removed,
// and only the settings a person sets to reach the registry at all (registry, proxies, TLS) are
// kept, so the nested install behaves the same under npm as when run directly.
import process from 'node:process';

const KEPT_NPM_SETTINGS = new Set([
  'npm_config_registry',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'npm_config_noproxy',
  'npm_config_cafile',
  'npm_config_strict_ssl',
  'npm_config_cache',
]);

// Set by npm for the scripts it runs; a nested npm must not mistake them for its own.
const NPM_RUN_VARIABLES = new Set(['INIT_CWD', 'NODE', 'COLOR']);

/** A copy of the environment without the outer npm's variables, with `overrides` applied. */
export function cleanEnv(overrides = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^npm_/i.test(key) && !KEPT_NPM_SETTINGS.has(key.toLowerCase())) continue;
    if (NPM_RUN_VARIABLES.has(key)) continue;
    env[key] = value;
  }
  return { ...env, ...overrides };
}
