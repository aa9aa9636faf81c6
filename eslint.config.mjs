// ESLint with typescript-eslint's type-aware rules for the TypeScript sources, and the house rules:
// which room of server/src may import which (docs/ARCHITECTURE.md draws them). An import that
// crosses them, a type-only one included, fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The rooms of server/src and the rooms each may import (besides itself). */
export const HOUSE_RULES = {
  core: [],
  workspace: ['core'],
  lsp: ['projection', 'workspace', 'core', 'protocol'],
  agent: ['projection', 'workspace', 'core'],
  endpoint: ['agent', 'workspace'],
  websocket: ['endpoint', 'agent'],
  mcp: ['endpoint', 'agent'],
  'editor-process': ['lsp', 'websocket', 'mcp', 'endpoint', 'agent', 'projection', 'workspace', 'core', 'protocol'],
  cli: ['websocket', 'mcp', 'endpoint', 'agent', 'projection', 'workspace', 'core', 'protocol'],
  protocol: [],
  projection: ['core'],
};
const ROOMS = Object.keys(HOUSE_RULES);

/** Rooms imported from outside through their public surface (`index.ts`) only, so their insides can change. */
export const SURFACED_ROOMS = ['agent', 'endpoint', 'websocket', 'mcp'];

/**
 * Modules every room but core may import, whatever its arrows: pure, importing nothing. The
 * escaping of agent- and file-supplied text for display is one, so every place that shows such
 * text escapes it the same way.
 */
export const SHARED_MODULES = ['protocol/display-text'];

/** Matches an import path that enters one of `rooms` (room names are unique folder names under server/src), a shared module excepted unless `strict`. */
const entering = (rooms, strict = false) => `(^|/)${strict ? '' : `(?!(${SHARED_MODULES.join('|')})$)`}(${rooms.join('|')})(/|$)`;

/** The no-restricted-imports patterns of one room, plus `extra`. */
function roomPatterns(room, extra = []) {
  const forbidden = ROOMS.filter((other) => other !== room && !HOUSE_RULES[room].includes(other));
  const patterns = [
    {
      regex: entering(forbidden, room === 'core'),
      message: `House rules (docs/ARCHITECTURE.md): server/src/${room}/ may import ${HOUSE_RULES[room].join(', ') || 'no other room'} only.`,
    },
  ];
  if (room !== 'core') {
    patterns.push({ regex: '(^|/)core/[^/]+/', message: 'House rules: outside core, import core through its folders\' index files (core/syntax, core/semantics, …).' });
  }
  for (const surfaced of SURFACED_ROOMS.filter((other) => other !== room && HOUSE_RULES[room].includes(other))) {
    patterns.push({ regex: `(^|/)${surfaced}/(?!index$)`, message: `House rules: outside ${surfaced}, import ${surfaced} through its public surface (${surfaced}/index.ts).` });
  }
  return [...patterns, ...extra];
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The core does no I/O and knows no editor or transport. */
const CORE_EXTRA = [
  {
    regex: '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|os|path|url|readline|worker_threads|dgram|tls|process)$|^ws$|^vscode',
    message: 'House rules: core/ does no I/O (the grammar is handed to it) and knows no editor or transport.',
  },
];

/** The agent protocol and the endpoint are transport-neutral: only websocket/ knows WebSockets. */
const TRANSPORT_NEUTRAL = (room) => [{ regex: '^ws$', message: `House rules: ${room}/ is transport-neutral; the WebSocket transport is the websocket/ room.` }];

/** The protocol is plain data over the LSP message types. */
const PROTOCOL_EXTRA = [
  {
    regex: '^(?!vscode-languageserver-protocol$|vscode-jsonrpc$|\\./)',
    message: 'House rules: protocol/ imports only vscode-languageserver-protocol and vscode-jsonrpc.',
  },
];

/** The core's folders, lowest first: each may import those before it, never one after it. */
export const CORE_LAYERS = ['ast', 'syntax', 'semantics', 'queries', 'editing', 'suggest'];

const coreLayerRules = CORE_LAYERS.map((folder, index) => {
  const above = CORE_LAYERS.slice(index + 1);
  const layer = above.length === 0 ? [] : [{ regex: `^\\.\\./(${above.join('|')})(/|$)`, message: `House rules: core/${folder}/ may import ${CORE_LAYERS.slice(0, index).join(', ') || 'no other core folder'} only (core's folders, lowest first: ${CORE_LAYERS.join(', ')}).` }];
  return { files: [`server/src/core/${folder}/**/*.ts`], rules: restrict(roomPatterns('core', [...CORE_EXTRA, ...layer])) };
});

const houseRules = [
  ...ROOMS.filter((room) => !['agent', 'endpoint', 'core', 'protocol'].includes(room)).map((room) => ({
    files: [`server/src/${room}/**/*.ts`],
    rules: restrict(roomPatterns(room)),
  })),
  { files: ['server/src/core/**/*.ts'], rules: restrict(roomPatterns('core', CORE_EXTRA)) },
  ...coreLayerRules,
  { files: ['server/src/protocol/**/*.ts'], rules: restrict(roomPatterns('protocol', PROTOCOL_EXTRA)) },
  ...['agent', 'endpoint'].map((room) => ({ files: [`server/src/${room}/**/*.ts`], rules: restrict(roomPatterns(room, TRANSPORT_NEUTRAL(room))) })),
  {
    files: ['client/src/**/*.ts'],
    rules: restrict([
      {
        regex: '^(?!vscode$|vscode-languageclient(/|$)|\\./|(\\.\\./)+server/src/protocol/)',
        message: 'House rules: client/src imports vscode, vscode-languageclient and server/src/protocol only.',
      },
    ]),
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', '.vscode-test/', 'syntaxes/tree-sitter-whetstone/src/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  ...houseRules,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', fetch: 'readonly', globalThis: 'readonly' } },
  },
);
