// The MCP tool catalog generated from the method table: every method is a tool or is left out for
// a stated reason, the advertised schemas are the params schemas without the size bounds, results
// are shaped for structuredContent, and the whole tools/list stays within its context budget.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { METHODS } from '../../server/src/agent/methods/index';
import { advertised, toolCatalog } from '../../server/src/mcp/tool-catalog';
import { errorResult } from '../../server/src/mcp/tool-calls';

/** The budget for the whole tools/list answer (DESIGN: ≤ 16 KiB of JSON); bench/ reports the figure. */
const TOOLS_LIST_BUDGET = 16 * 1024;
/** A long request id, as some clients send (a UUID is 36 characters). */
const LONG_ID = 'x'.repeat(64);

describe('MCP tool catalog', () => {
  const tools = toolCatalog(METHODS);

  it('offers every method of the table as a tool unless it says why not', () => {
    for (const method of METHODS) {
      const offered = tools.some((tool) => tool.name === method.name);
      assert.equal(offered, method.notTool === undefined, `${method.name}: a tool, or notTool with the reason`);
    }
    assert.deepEqual(
      METHODS.filter((method) => method.notTool !== undefined).map((method) => method.name),
      ['ping', 'getCapabilities', 'getPlan', 'approvePlan', 'rejectPlan', 'getWorkflowRecording', 'projectLanguage'],
    );
  });

  it('lists every field of each result, uri and revision included where the method answers about a buffer', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['getAST', 'getNode', 'findNodes', 'getDiagnostics', 'applyMutation', 'applyBatch', 'undo', 'generateFromAST']) {
      const properties = byName.get(name)!.outputSchema.properties;
      assert.deepEqual([properties.uri, properties.revision], [{}, {}], name);
    }
    for (const tool of tools) assert.notDeepEqual(tool.outputSchema.properties, {}, `${tool.name} lists its result's fields`);
  });

  it('marks queries read-only and plan-gated changes destructive', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['getNode', 'findNodes', 'getDiagnostics', 'getAST', 'listBuffers', 'listFiles', 'findSymbol', 'findReferences']) assert.deepEqual(byName.get(name)!.annotations, { readOnlyHint: true }, name);
    for (const name of ['applyMutation', 'applyBatch']) assert.deepEqual(byName.get(name)!.annotations, { destructiveHint: true }, name);
    for (const name of ['undo', 'setAgentRole', 'applyAnnotationSuggestion']) assert.deepEqual(byName.get(name)!.annotations, { destructiveHint: false }, name);
    for (const tool of tools) if (METHODS.find((method) => method.name === tool.name)!.role !== 'any') assert.notEqual(tool.annotations.readOnlyHint, true, tool.name);
  });

  it('advertises the params schema without size bounds, keeping property names that look like keywords', () => {
    const schema = { type: 'object', properties: { maxLength: { type: 'string', maxLength: 5 }, list: { type: 'array', maxItems: 3, items: { type: 'string' } } }, required: ['maxLength'], additionalProperties: false };
    assert.deepEqual(advertised(schema), { type: 'object', properties: { maxLength: { type: 'string' }, list: { type: 'array', items: { type: 'string' } } }, required: ['maxLength'] });
  });

  it('keeps the whole tools/list answer within its budget, with a long request id', () => {
    // As the SDK writes the JSON-RPC response: the result and its envelope are in the context alike.
    const bytes = Buffer.byteLength(JSON.stringify({ result: { tools }, jsonrpc: '2.0', id: LONG_ID }));
    assert.ok(bytes <= TOOLS_LIST_BUDGET, `tools/list is ${bytes} bytes, more than ${TOOLS_LIST_BUDGET}`);
  });

  it('turns an error into structuredContent {code, message, hint, data}', () => {
    const result = errorResult({ code: -32602, message: 'Invalid params: params.nodeId is required', data: { field: 'params.nodeId', hint: 'see the schema' } });
    assert.equal(result.isError, true);
    assert.deepEqual(result.structuredContent, { code: -32602, message: 'Invalid params: params.nodeId is required', hint: 'see the schema', data: { field: 'params.nodeId' } });
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  });
});
