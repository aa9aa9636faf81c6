// The server's settings are read as package.json's `contributes.configuration` says, the one place
// their types, bounds and defaults are written: a value its schema does not allow is read as the
// default, and the defaults used elsewhere (the endpoint's port and message size, the diagnostics'
// delay) are that schema's.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_LIMITS } from '../../server/src/agent/dispatcher';
import { DEFAULT_PORT } from '../../server/src/endpoint/endpoint';
import { SERVER_VERSION } from '../../server/src/editor-process/server';
import { DEFAULT_SETTINGS, readSettings, settingsFromPush } from '../../server/src/editor-process/settings';
import { DEFAULT_SEMANTIC_DELAY_MS } from '../../server/src/lsp/diagnostics';

const ROOT = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; contributes: { configuration: { properties: Record<string, { default: unknown }> } } };
const defaultOf = (name: string): unknown => manifest.contributes.configuration.properties[`whetstone.${name}`].default;

describe('settings from package.json', () => {
  it('with no section every setting is its default in package.json', () => {
    assert.deepEqual(readSettings(undefined), DEFAULT_SETTINGS);
    assert.equal(DEFAULT_SETTINGS.semanticDelayMs, defaultOf('diagnostics.semanticDelayMs'));
    assert.equal(DEFAULT_SETTINGS.diagnosticsScope, defaultOf('diagnostics.scope'));
    assert.deepEqual(DEFAULT_SETTINGS.suggestions, {
      enabled: defaultOf('suggestions.enabled'),
      kinds: defaultOf('suggestions.kinds'),
      minConfidence: defaultOf('suggestions.minConfidence'),
      codeLens: defaultOf('suggestions.codeLens'),
      writeReason: defaultOf('suggestions.writeReason'),
    });
    assert.deepEqual(DEFAULT_SETTINGS.agentServer, {
      enabled: defaultOf('agentServer.enabled'),
      port: defaultOf('agentServer.port'),
      allowedOrigins: defaultOf('agentServer.allowedOrigins'),
      maxMessageBytes: defaultOf('agentServer.maxMessageBytes'),
      maxRole: defaultOf('agentServer.maxRole'),
    });
    assert.equal(DEFAULT_SETTINGS.library, defaultOf('library'));
    assert.deepEqual(DEFAULT_SETTINGS.sourceRoots, defaultOf('sourceRoots'));
  });

  it('keeps the values the schema allows', () => {
    const settings = readSettings({
      diagnostics: { semanticDelayMs: 0, scope: 'openFiles' },
      suggestions: { enabled: false, kinds: ['security', 'memory'], minConfidence: 0.5, codeLens: 'all', writeReason: true },
      agentServer: { enabled: false, port: 0, allowedOrigins: ['http://localhost:3000'], maxMessageBytes: 1024, maxRole: 'linter' },
      library: ' lib.json ',
      sourceRoots: ['src', ' ', ' lib '],
    });
    assert.deepEqual(settings, {
      semanticDelayMs: 0,
      diagnosticsScope: 'openFiles',
      suggestions: { enabled: false, kinds: ['security', 'memory'], minConfidence: 0.5, codeLens: 'all', writeReason: true },
      agentServer: { enabled: false, port: 0, allowedOrigins: ['http://localhost:3000'], maxMessageBytes: 1024, maxRole: 'linter' },
      library: 'lib.json',
      sourceRoots: ['src', 'lib'],
    });
  });

  it('reads a value its schema does not allow as the default: wrong type, out of bounds, not in the enum', () => {
    const settings = readSettings({
      diagnostics: { semanticDelayMs: -1, scope: 'everything' },
      suggestions: { enabled: 'yes', kinds: ['security', 'speed'], minConfidence: 2, codeLens: 'some', writeReason: 1 },
      agentServer: { enabled: null, port: 70000, allowedOrigins: 'http://localhost:3000', maxMessageBytes: 1500.5, maxRole: 'admin' },
      library: 7,
      sourceRoots: [1],
    });
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.deepEqual(readSettings({ agentServer: 'on', suggestions: [] }), DEFAULT_SETTINGS);
    assert.deepEqual(settingsFromPush({ whetstone: { agentServer: { port: 9000.5 } } })?.agentServer.port, defaultOf('agentServer.port'));
  });

  it('the defaults used elsewhere and the version are package.json\'s', () => {
    assert.equal(DEFAULT_PORT, defaultOf('agentServer.port'));
    assert.equal(DEFAULT_LIMITS.maxMessageBytes, defaultOf('agentServer.maxMessageBytes'));
    assert.equal(DEFAULT_SEMANTIC_DELAY_MS, defaultOf('diagnostics.semanticDelayMs'));
    assert.equal(SERVER_VERSION, manifest.version);
  });
});
