// The reference's "Complete Refactoring Session" (docs/AGENT-ENDPOINT.md) against the real
// `whetstone-agent serve` over real WebSockets, each response checked against a JSON Schema
// written from the reference's response examples (field names and types); then every error
// code the query, mutation and annotation methods produce, each by a real request, with the
// files on disk byte for byte unchanged after a failure; and undo.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { AgentClient, ROOT, startServe, type RpcResponse, type ServeProcess } from './serve-harness';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'agent');
const ORDERS = readFileSync(join(FIXTURES, 'orders.wst'), 'utf8');
const LIBRARY = JSON.parse(readFileSync(join(FIXTURES, 'library.json'), 'utf8')) as unknown;
const BROKEN = 'fn f() {\n  let a = ;\n  return a;\n}\n';

const ajv = new Ajv2020({ strict: true, allErrors: true });

// ---------------------------------------------------------------------------------------------
// Result schemas, from the reference's response examples (plus the endpoint's uri and revision,
// docs/AGENT-ENDPOINT.md).

const NODE_ID = { type: 'string', pattern: '^node_[0-9]+$' };
const POSITION = { type: 'object', required: ['line', 'column'], properties: { line: { type: 'integer', minimum: 1 }, column: { type: 'integer', minimum: 0 } } };
const SPAN = {
  type: 'object',
  required: ['start', 'end', 'startOffset', 'endOffset'],
  properties: { start: POSITION, end: POSITION, startOffset: { type: 'integer', minimum: 0 }, endOffset: { type: 'integer', minimum: 0 } },
};
const DIAGNOSTIC = {
  type: 'object',
  required: ['code', 'severity', 'message', 'nodeId', 'line', 'column', 'span'],
  properties: {
    code: { type: 'string', pattern: '^[EWH]_[A-Z_]+$' },
    severity: { enum: ['error', 'warning', 'info', 'hint'] },
    message: { type: 'string', minLength: 1 },
    nodeId: NODE_ID,
    line: { type: 'integer', minimum: 1 },
    column: { type: 'integer', minimum: 0 },
    span: SPAN,
    hint: { type: 'string' },
    fix: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
  },
};
const DIAGNOSTICS = { type: 'array', items: DIAGNOSTIC };
const BUFFER_STATE = { uri: { type: 'string', pattern: '^file://' }, revision: { type: 'integer', minimum: 1 } };

const AST_NODE = {
  $id: 'ast-node',
  type: 'object',
  required: ['type', 'id', 'span'],
  properties: { type: { type: 'string' }, id: NODE_ID, span: SPAN },
  allOf: [
    {
      if: { properties: { type: { const: 'FunctionDeclaration' } } },
      then: {
        required: ['name', 'parameters', 'body'],
        properties: {
          name: { type: 'string' },
          parameters: { type: 'array', items: { $ref: 'ast-node' } },
          body: { type: 'object', required: ['type', 'id', 'statements'], properties: { type: { const: 'Block' }, id: NODE_ID, statements: { type: 'array', items: { $ref: 'ast-node' } } } },
        },
      },
    },
  ],
};

const SCHEMAS: Record<string, object> = {
  setAgentRole: { type: 'object', required: ['role'], properties: { role: { const: 'refactor' } } },
  startWorkflowRecording: { type: 'object', required: ['recording', 'name'], properties: { recording: { const: true }, name: { type: 'string' } } },
  getAST: {
    type: 'object',
    required: ['ast', 'annotationCount', 'diagnostics', 'uri', 'revision'],
    properties: {
      ast: { type: 'object', required: ['type', 'id', 'children'], properties: { type: { const: 'Program' }, id: NODE_ID, children: { type: 'array', items: AST_NODE } } },
      annotationCount: { type: 'integer', minimum: 0 },
      diagnostics: DIAGNOSTICS,
      ...BUFFER_STATE,
    },
  },
  getAnnotationSuggestions: {
    type: 'object',
    required: ['scopeId', 'suggestions', 'diagnostics', 'modelRevision', 'uri', 'revision'],
    properties: {
      scopeId: NODE_ID,
      suggestions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['nodeId', 'annotationType', 'strategy', 'reason', 'confidence'],
          additionalProperties: false,
          properties: {
            nodeId: NODE_ID,
            annotationType: { type: 'string' },
            strategy: { type: 'string' },
            reason: { type: 'string', minLength: 1 },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
          },
        },
      },
      diagnostics: DIAGNOSTICS,
      modelRevision: { type: 'integer', minimum: 0 },
      ...BUFFER_STATE,
    },
  },
  applyBatch: {
    type: 'object',
    required: ['success', 'appliedCount', 'revision', 'changedNodeIds', 'insertedNodeIds', 'diagnostics', 'uri'],
    properties: {
      success: { const: true },
      appliedCount: { type: 'integer', minimum: 0 },
      changedNodeIds: { type: 'array', items: NODE_ID },
      insertedNodeIds: { type: 'array', items: NODE_ID },
      diagnostics: DIAGNOSTICS,
      ...BUFFER_STATE,
    },
  },
  applyMutation: {
    type: 'object',
    required: ['success', 'warning', 'libraryWarning', 'unknownFunctions', 'revision', 'changedNodeIds', 'insertedNodeIds', 'diagnostics', 'uri'],
    properties: {
      success: { const: true },
      warning: { type: ['string', 'null'] },
      libraryWarning: { type: ['string', 'null'] },
      unknownFunctions: { type: 'array', items: { type: 'string' } },
      changedNodeIds: { type: 'array', items: NODE_ID },
      insertedNodeIds: { type: 'array', items: NODE_ID },
      diagnostics: DIAGNOSTICS,
      ...BUFFER_STATE,
    },
  },
  applyAnnotationSuggestion: {
    type: 'object',
    required: ['success', 'warning', 'revision', 'changedNodeIds', 'insertedNodeIds'],
    properties: { success: { const: true }, warning: { type: ['string', 'null'] }, changedNodeIds: { type: 'array', items: NODE_ID }, insertedNodeIds: { type: 'array', items: NODE_ID }, ...BUFFER_STATE },
  },
  recordAnnotationFeedback: { const: true },
  stopWorkflowRecording: {
    type: 'object',
    required: ['name', 'steps', 'recording'],
    properties: {
      name: { type: 'string' },
      recording: { const: false },
      steps: { type: 'array', items: { type: 'object', required: ['method', 'params', 'timestamp'], properties: { method: { type: 'string' }, params: { type: 'object' }, timestamp: { type: 'integer' } } } },
    },
  },
  generateFromAST: { type: 'object', required: ['code', 'language'], properties: { code: { type: 'string' }, language: { const: 'javascript' } } },
  getInScopeSymbols: {
    type: 'object',
    required: ['symbols', 'uri', 'revision'],
    properties: { symbols: { type: 'array', items: { type: 'object', required: ['name', 'kind', 'nodeId'], properties: { name: { type: 'string' }, kind: { type: 'string' }, nodeId: NODE_ID } } }, ...BUFFER_STATE },
  },
  getCallHierarchy: {
    type: 'object',
    required: ['functionId', 'functionName', 'callerIds', 'calleeIds', 'uri', 'revision'],
    properties: { functionId: NODE_ID, functionName: { type: 'string' }, callerIds: { type: 'array', items: NODE_ID }, calleeIds: { type: 'array', items: NODE_ID }, ...BUFFER_STATE },
  },
  getDependencyGraph: { type: 'object', required: ['dependencies', 'uri', 'revision'], properties: { dependencies: { type: 'array', items: NODE_ID }, ...BUFFER_STATE } },
  undo: { type: 'object', required: ['success', 'revision', 'uri', 'diagnostics'], properties: { success: { const: true }, diagnostics: DIAGNOSTICS, ...BUFFER_STATE } },
};
const validators = new Map(Object.entries(SCHEMAS).map(([method, schema]) => [method, ajv.compile(schema)]));

/** The result of a successful request, checked against the method's result schema. */
async function checked<T>(client: AgentClient, method: string, params?: unknown): Promise<T> {
  const response = await client.call(method, params);
  assert.equal(response.jsonrpc, '2.0');
  assert.equal(response.error, undefined, `${method}: ${JSON.stringify(response.error)}`);
  const validate = validators.get(method);
  assert.ok(validate, `a schema for ${method}`);
  assert.ok(validate(response.result), `${method} result does not match the reference's shape: ${ajv.errorsText(validate.errors)}`);
  return response.result as T;
}

/** The error of a request that must fail with `code`; the message and hint are for a person. */
async function failing(client: AgentClient, method: string, params: unknown, code: number): Promise<NonNullable<RpcResponse['error']>> {
  const response = await client.call(method, params);
  assert.equal(response.result, undefined, `${method} should fail with ${code}: ${JSON.stringify(response.result)?.slice(0, 200)}`);
  assert.ok(response.error);
  assert.equal(response.error.code, code, `${method}: ${JSON.stringify(response.error)}`);
  assert.equal(typeof response.error.message, 'string');
  assert.ok(response.error.message.length > 10);
  return response.error;
}

interface Ast {
  id: string;
  children: { type: string; id: string; name?: string; body?: { id: string; statements: { type: string; id: string }[] }; annotations?: { id: string }[] }[];
}

function functionNamed(ast: Ast, name: string): NonNullable<Ast['children'][number]> & { body: NonNullable<Ast['children'][number]['body']> } {
  const found = ast.children.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
  assert.ok(found?.body, `function ${name}`);
  return found as NonNullable<Ast['children'][number]> & { body: NonNullable<Ast['children'][number]['body']> };
}

describe('the reference\'s Complete Refactoring Session, over a real socket', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'orders.wst': ORDERS }, library: LIBRARY });
  });
  after(async () => {
    await server.stop();
  });

  it('runs every step, each response in the reference\'s shape', async () => {
    const client = await AgentClient.connect(server);
    try {
      // 1. Set role
      await checked(client, 'setAgentRole', { role: 'refactor' });
      // 2. Start recording
      await checked(client, 'startWorkflowRecording', { name: 'Optimize performance' });
      // 3. Get AST (no params, as in the reference)
      const { ast, revision } = await checked<{ ast: Ast; revision: number }>(client, 'getAST');
      const calculateTotal = functionNamed(ast, 'calculateTotal');
      // 4. Suggestions for the function, by its real id
      const suggestions = await checked<{ scopeId: string; suggestions: { strategy: string; reason: string }[] }>(client, 'getAnnotationSuggestions', { nodeId: calculateTotal.id });
      assert.equal(suggestions.scopeId, calculateTotal.id);
      assert.ok(
        suggestions.suggestions.some((s) => s.strategy === 'hoist' && s.reason.includes('1 + taxRate')),
        JSON.stringify(suggestions.suggestions),
      );
      // 5. The batch: rename, and insert `let cache = {};` into its body
      const batch = await checked<{ appliedCount: number; revision: number; insertedNodeIds: string[] }>(client, 'applyBatch', {
        mutations: [
          { type: 'setProperty', nodeId: calculateTotal.id, property: 'name', value: 'calculateTotalOptimized' },
          {
            type: 'insertNode',
            parentId: calculateTotal.body.id,
            role: 'statements',
            node: { type: 'VariableDeclaration', name: 'cache', initializer: { type: 'ObjectLiteral', properties: [] } },
          },
        ],
      });
      assert.equal(batch.appliedCount, 2);
      assert.equal(batch.revision, revision + 1);
      assert.equal(batch.insertedNodeIds.length, 1);
      const onDisk = readFileSync(join(server.folder, 'orders.wst'), 'utf8');
      assert.match(onDisk, /\nfn calculateTotalOptimized\(order: Order, taxRate: number = 0\.2\): number \{\n/);
      assert.match(onDisk, /\n {2}let cache = \{\};\n\}\n/);
      // 6. Stop recording: the session's query and mutation calls, in order
      const workflow = await checked<{ name: string; steps: { method: string }[] }>(client, 'stopWorkflowRecording');
      assert.equal(workflow.name, 'Optimize performance');
      assert.deepEqual(
        workflow.steps.map((step) => step.method),
        ['getAST', 'getAnnotationSuggestions', 'applyBatch'],
      );
      // 7. Generate code: projection is a later issue. Until it exists the method is in the
      //    table (so the reference's client gets no "method not found") and answers -32020.
      const generated = await client.call('generateFromAST', { language: 'javascript' });
      if (generated.error) {
        assert.equal(generated.error.code, -32020, `generateFromAST: ${JSON.stringify(generated.error)}`);
        assert.match(generated.error.message, /not available/);
      } else {
        assert.ok(validators.get('generateFromAST')?.(generated.result), JSON.stringify(generated.result));
      }
    } finally {
      await client.close();
    }
  });

  it('answers the context queries and the annotation methods in the reference\'s shapes', async () => {
    const client = await AgentClient.connect(server);
    try {
      await checked(client, 'setAgentRole', { role: 'refactor' });
      const { ast } = await checked<{ ast: Ast }>(client, 'getAST');
      const lineTotal = functionNamed(ast, 'lineTotal');
      await checked(client, 'getInScopeSymbols', { nodeId: lineTotal.body.statements[0].id });
      const hierarchy = await checked<{ callerIds: string[] }>(client, 'getCallHierarchy', { functionId: lineTotal.id });
      assert.equal(hierarchy.callerIds.length, 1);
      await checked(client, 'getDependencyGraph', { nodeId: lineTotal.id });
      // The reference's Quick Start step 5, on a real node.
      const loadOrder = functionNamed(ast, 'loadOrder');
      const applied = await checked<{ insertedNodeIds: string[] }>(client, 'applyAnnotationSuggestion', {
        nodeId: loadOrder.id,
        annotationType: 'performance',
        strategy: 'cache',
        reason: 'Repeated computation detected',
        confidence: 0.85,
        accepted: true,
      });
      assert.equal(applied.insertedNodeIds.length, 1);
      assert.match(readFileSync(join(server.folder, 'orders.wst'), 'utf8'), /\n@performance\(cache, reason: "Repeated computation detected", confidence: 0\.85\)\nasync fn loadOrder/);
      await checked(client, 'recordAnnotationFeedback', {
        nodeId: loadOrder.id,
        annotationType: 'performance',
        strategy: 'cache',
        reason: 'Repeated computation detected',
        confidence: 0.85,
        accepted: false,
      });
      await checked(client, 'undo');
      assert.ok(!readFileSync(join(server.folder, 'orders.wst'), 'utf8').includes('@performance(cache'));
    } finally {
      await client.close();
    }
  });
});

describe('every error code of the query, mutation and annotation methods, by a real request', () => {
  let server: ServeProcess;
  let client: AgentClient;
  const disk = (name: string): string => readFileSync(join(server.folder, name), 'utf8');
  before(async () => {
    server = await startServe({ files: { 'orders.wst': ORDERS, 'zz-broken.wst': BROKEN }, library: LIBRARY });
    client = await AgentClient.connect(server);
    await client.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  const orders = async (): Promise<{ ast: Ast; revision: number; uri: string }> => client.request('getAST');

  it('-32000 for a buffer that is not open; -32002 for an unknown node', async () => {
    const none = await failing(client, 'getAST', { uri: 'file:///nowhere/x.wst' }, -32000);
    assert.match(String(none.data?.hint), /orders\.wst/);
    const missing = await failing(client, 'getNode', { nodeId: 'node_999999' }, -32002);
    assert.equal(missing.data?.nodeId, 'node_999999');
    assert.ok(missing.data?.hint);
    // -32001 needs an active editor whose document the server has not opened: only VS Code has
    // that state (the unit tests reach it through the workspace); headless, the active buffer is open.
  });

  it('-32010: an engine refusal names the index, the buffer and the file stay unchanged; the syntax refusal; strictMode', async () => {
    const { ast } = await orders();
    const calculateTotal = functionNamed(ast, 'calculateTotal');
    const before = disk('orders.wst');
    const engine = await failing(
      client,
      'applyBatch',
      {
        mutations: [
          { type: 'setProperty', nodeId: calculateTotal.id, property: 'name', value: 'renamed' },
          { type: 'insertNode', parentId: calculateTotal.body.id, role: 'statements', node: { type: 'Parameter', name: 'p' } },
        ],
      },
      -32010,
    );
    assert.equal(engine.data?.index, 1);
    assert.match(String(engine.data?.reason), /a Parameter cannot go into 'statements' of Block/);
    assert.equal(disk('orders.wst'), before, 'byte for byte');
    assert.equal((await orders()).revision, 1);

    const broken = await client.request<{ ast: Ast; uri: string }>('getAST', { uri: (await orders()).uri.replace('orders.wst', 'zz-broken.wst') });
    const statement = functionNamed(broken.ast, 'f').body.statements.find((s) => s.type === 'ReturnStatement');
    assert.ok(statement);
    const syntax = await failing(
      client,
      'applyMutation',
      { uri: broken.uri, type: 'updateNode', nodeId: statement.id, node: { type: 'ExpressionStatement', expression: { type: 'Identifier', name: 'y' } } },
      -32010,
    );
    assert.equal(syntax.data?.reason, 'syntax');
    assert.equal(disk('zz-broken.wst'), BROKEN);

    const strict = await failing(client, 'applyMutation', { type: 'setProperty', nodeId: calculateTotal.id, property: 'name', value: 'renamed', strictMode: true }, -32010);
    assert.equal(strict.data?.reason, 'semantic');
    assert.equal(disk('orders.wst'), before);

    const annotation = await failing(client, 'applyAnnotationSuggestion', { nodeId: calculateTotal.id, annotationType: 'performance', strategy: 'turbo', reason: 'r', confidence: 0.5 }, -32010);
    assert.match(String(annotation.data?.hint), /Allowed for @performance: cache/);
  });

  it('-32011: a blocked function, and an unknown one with strictMode', async () => {
    const { ast } = await orders();
    const body = functionNamed(ast, 'calculateTotal').body;
    const call = (name: string): Record<string, unknown> => ({
      type: 'insertNode',
      parentId: body.id,
      role: 'statements',
      index: 0,
      node: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name }, arguments: [{ type: 'Literal', value: 'x' }] } },
    });
    const before = disk('orders.wst');
    const blocked = await failing(client, 'applyMutation', call('fetchRaw'), -32011);
    assert.match(blocked.message, /http\.fetchRaw/);
    const unknown = await failing(client, 'applyMutation', { ...call('frobnicate'), strictMode: true }, -32011);
    assert.deepEqual(unknown.data?.unknownFunctions, ['frobnicate']);
    assert.equal(disk('orders.wst'), before);
    const lenient = await client.request<{ unknownFunctions: string[]; libraryWarning: string }>('applyMutation', call('frobnicate'));
    assert.deepEqual(lenient.unknownFunctions, ['frobnicate']);
    assert.match(lenient.libraryWarning, /frobnicate/);
    await client.request('undo');
    assert.equal(disk('orders.wst'), before);
  });

  it('-32012 with currentRevision when ifRevision is stale, nothing changed', async () => {
    const { ast, revision } = await orders();
    const before = disk('orders.wst');
    const conflict = await failing(
      client,
      'applyMutation',
      { type: 'setProperty', nodeId: functionNamed(ast, 'lineTotal').id, property: 'name', value: 'x', ifRevision: revision - 1 },
      -32012,
    );
    assert.equal(conflict.data?.currentRevision, revision);
    assert.equal(disk('orders.wst'), before);
  });

  it('-32040 for a destructive mutation without a plan; -32050 when there is nothing to undo', async () => {
    const { ast, uri } = await orders();
    const loadOrder = functionNamed(ast, 'loadOrder');
    const required = await failing(client, 'applyMutation', { type: 'deleteNode', nodeId: loadOrder.id }, -32040);
    assert.deepEqual(required.data?.targets, [{ op: 'deleteNode', nodeId: loadOrder.id, uri }]);
    const fresh = await AgentClient.connect(server);
    try {
      await fresh.request('setAgentRole', { role: 'refactor' });
      const nothing = await failing(fresh, 'undo', {}, -32050);
      assert.ok(nothing.data?.hint);
    } finally {
      await fresh.close();
    }
  });

  it('-32031 for a linter and -32602 naming the field, from the dispatcher, before any handler', async () => {
    const linter = await AgentClient.connect(server);
    try {
      await failing(linter, 'applyBatch', { mutations: [] }, -32031);
    } finally {
      await linter.close();
    }
    const invalid = await failing(client, 'applyMutation', { type: 'setProperty', nodeId: 'node_1', property: 'name' }, -32602);
    assert.match(invalid.message, /value/);
    const misspelt = await failing(client, 'getNode', { nodeID: 'node_1' }, -32602);
    assert.match(misspelt.message, /nodeI[dD]/);
  });
});

describe('plans over a real socket when the person rejects', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'orders.wst': ORDERS }, args: ['--approve', 'deny'] });
  });
  after(async () => {
    await server.stop();
  });

  it('-32041 for a mutation under a rejected plan; the file is unchanged', async () => {
    const client = await AgentClient.connect(server);
    try {
      await client.request('setAgentRole', { role: 'refactor' });
      const { ast } = await client.request<{ ast: Ast }>('getAST');
      const target = functionNamed(ast, 'loadOrder');
      const { planId } = await client.request<{ planId: string }>('proposePlan', { steps: ['delete loadOrder'], reason: 'unused', targets: [{ op: 'deleteNode', nodeId: target.id }] });
      await client.planDecided(planId);
      const error = await failing(client, 'applyMutation', { type: 'deleteNode', nodeId: target.id, planId }, -32041);
      assert.equal(error.data?.status, 'rejected');
      assert.equal(readFileSync(join(server.folder, 'orders.wst'), 'utf8'), ORDERS);
    } finally {
      await client.close();
    }
  });
});
