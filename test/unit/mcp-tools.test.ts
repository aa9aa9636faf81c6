// The MCP tool catalog generated from the method table: every method is a tool or is left out for
// a stated reason, the advertised schemas are the params schemas without the size bounds, results
// are shaped for structuredContent, and the whole tools/list stays within its context budget.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { METHODS } from '../../server/src/agent/methods/index';
import { advertised, toolCatalog } from '../../server/src/mcp/tool-catalog';
import { errorResult } from '../../server/src/mcp/tool-calls';
import { NOT_TOOLS, TOOL_GUIDE } from '../../server/src/mcp/tool-guide';

/** The budget for the whole tools/list answer (DESIGN: ≤ 16 KiB of JSON); bench/ reports the figure. */
const TOOLS_LIST_BUDGET = 16 * 1024;

describe('MCP tool catalog', () => {
  const tools = toolCatalog(METHODS);

  it('offers every method of the table as a tool, except those left out for a stated reason', () => {
    for (const method of METHODS) {
      const offered = tools.some((tool) => tool.name === method.name);
      assert.ok(offered || method.name in NOT_TOOLS, `${method.name}: a tool, or in NOT_TOOLS with the reason`);
      assert.ok(!(offered && method.name in NOT_TOOLS), `${method.name} is both`);
      if (!(method.name in NOT_TOOLS)) assert.ok(TOOL_GUIDE[method.name], `${method.name} has a guide entry`);
    }
    for (const name of Object.keys(TOOL_GUIDE)) assert.ok(METHODS.some((method) => method.name === name), `the guide's ${name} is a method`);
  });

  it('marks queries read-only and plan-gated changes destructive', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['getNode', 'findNodes', 'getDiagnostics', 'getAST', 'listBuffers']) assert.deepEqual(byName.get(name)!.annotations, { readOnlyHint: true }, name);
    for (const name of ['applyMutation', 'applyBatch']) assert.deepEqual(byName.get(name)!.annotations, { destructiveHint: true }, name);
    for (const name of ['undo', 'setAgentRole', 'applyAnnotationSuggestion']) assert.deepEqual(byName.get(name)!.annotations, { destructiveHint: false }, name);
    for (const tool of tools) if (METHODS.find((method) => method.name === tool.name)!.role !== 'any') assert.notEqual(tool.annotations.readOnlyHint, true, tool.name);
  });

  it('advertises the params schema without size bounds, keeping property names that look like keywords', () => {
    const schema = { type: 'object', properties: { maxLength: { type: 'string', maxLength: 5 }, list: { type: 'array', maxItems: 3, items: { type: 'string' } } }, required: ['maxLength'], additionalProperties: false };
    assert.deepEqual(advertised(schema), { type: 'object', properties: { maxLength: { type: 'string' }, list: { type: 'array', items: { type: 'string' } } }, required: ['maxLength'] });
  });

  it('keeps the whole tools/list within its budget', () => {
    const bytes = Buffer.byteLength(JSON.stringify({ tools }));
    assert.ok(bytes <= TOOLS_LIST_BUDGET, `tools/list is ${bytes} bytes, more than ${TOOLS_LIST_BUDGET}`);
  });

  it('turns an error into structuredContent {code, message, hint, data}', () => {
    const result = errorResult({ code: -32602, message: 'Invalid params: params.nodeId is required', data: { field: 'params.nodeId', hint: 'see the schema' } });
    assert.equal(result.isError, true);
    assert.deepEqual(result.structuredContent, { code: -32602, message: 'Invalid params: params.nodeId is required', hint: 'see the schema', data: { field: 'params.nodeId' } });
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  });
});
