// defineMethod reads a handler's params type from its params schema: the compiler refuses a
// handler that reads a parameter the schema does not have, or uses one as another type. The
// checks are the @ts-expect-error lines (this file does not compile when a type is wrong or
// loose); the test runs the handler once on what the schema allows.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineMethod, type ParamsOf } from '../../server/src/agent/method';

const SCHEMA = {
  type: 'object',
  properties: {
    nodeId: { type: 'string' },
    depth: { type: 'integer' },
    mode: { type: 'string', enum: ['keep', 'snake_case'] },
    ids: { type: 'array', items: { type: 'string' } },
    label: { type: ['string', 'null'] },
  },
  required: ['nodeId'],
  additionalProperties: false,
} as const;

describe('defineMethod: the params type comes from the schema', () => {
  it('types required, optional, enum, array and nullable params', () => {
    const seen: unknown[] = [];
    const method = defineMethod({
      name: 'typed',
      role: 'any',
      description: 'test',
      params: SCHEMA,
      recorded: false,
      returns: { depth: 'integer' },
      handler(params) {
        const nodeId: string = params.nodeId;
        const depth: number | undefined = params.depth;
        const mode: 'keep' | 'snake_case' | undefined = params.mode;
        const ids: string[] | undefined = params.ids;
        const label: string | null | undefined = params.label;
        // @ts-expect-error not in the schema
        void params.other;
        // @ts-expect-error optional: may be undefined
        const sure: number = params.depth;
        // @ts-expect-error an enum value outside the schema's
        const wrong: 'camelCase' | undefined = params.mode;
        seen.push(nodeId, depth, mode, ids, label, sure, wrong);
        return { depth: depth ?? 0 };
      },
    });
    const params: ParamsOf<typeof SCHEMA> = { nodeId: 'node_1', mode: 'keep' };
    assert.deepEqual(method.handler(params, {} as never), { depth: 0 });
    assert.deepEqual(seen.slice(0, 3), ['node_1', undefined, 'keep']);
  });
});
