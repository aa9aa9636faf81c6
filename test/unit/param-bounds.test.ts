// Every params schema of the method table bounds what an agent can send: each string has a
// maxLength, each array a maxItems (and typed items), each object with open keys bounds their
// number, names and values, and no place accepts "any JSON" unchecked. The walk fails naming the
// method and the path of each unbounded place, so a new method cannot slip one in. The MCP tools
// are generated from the same table and their calls validated against these same schemas.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { METHODS } from '../../server/src/agent/methods/index';
import { advertised, toolCatalog } from '../../server/src/mcp/tool-catalog';

type Schema = Record<string, unknown>;

/** The places in `schema` (the params object of `method`) that accept strings, arrays or objects without a bound. */
function unboundedPlaces(root: Schema): string[] {
  const problems: string[] = [];
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const seenRefs = new Set<string>();

  const types = (schema: Schema): string[] | undefined => {
    if (typeof schema.type === 'string') return [schema.type];
    if (Array.isArray(schema.type)) return schema.type as string[];
    return undefined;
  };

  /** A schema in a position where a value is validated: it must itself say what it accepts. */
  const value = (schema: Schema | boolean | undefined, path: string): void => {
    if (schema === undefined || schema === true) {
      problems.push(`${path} accepts any JSON`);
      return;
    }
    if (schema === false) return;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace(/^#\/\$defs\//, '');
      if (!(name in defs)) problems.push(`${path} refers to ${schema.$ref}, which is not in $defs`);
      else if (!seenRefs.has(name)) {
        seenRefs.add(name);
        value(defs[name], `$defs.${name}`);
      }
      return;
    }
    if ('const' in schema || Array.isArray(schema.enum)) return;
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (types(schema) === undefined) {
      if (branches) branches.forEach((branch, i) => value(branch, `${path}|${i}`));
      else problems.push(`${path} has no type: it accepts any JSON`);
      return;
    }
    constraints(schema, path);
  };

  /** The constraints a typed schema (or a branch of allOf/then/else on it) puts on its value. */
  const constraints = (schema: Schema, path: string): void => {
    const kinds = types(schema) ?? [];
    if (kinds.includes('string') && typeof schema.maxLength !== 'number') problems.push(`${path}: a string without maxLength`);
    if (kinds.includes('array')) {
      if (typeof schema.maxItems !== 'number') problems.push(`${path}: an array without maxItems`);
      value(schema.items as Schema | undefined, `${path}[]`);
    }
    if (kinds.includes('object') || schema.properties !== undefined) {
      for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) value(child, `${path}.${name}`);
      const open = schema.additionalProperties;
      if (open !== false && kinds.includes('object')) {
        if (typeof schema.maxProperties !== 'number') problems.push(`${path}: an object with open keys without maxProperties`);
        const names = schema.propertyNames as Schema | undefined;
        if (typeof names?.maxLength !== 'number') problems.push(`${path}: an object with open keys without propertyNames.maxLength`);
        value(open as Schema | undefined, `${path}.*`);
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      for (const branch of (schema[key] ?? []) as Schema[]) if (types(branch) === undefined && branch.$ref === undefined) constraints(branch, path);
    }
    for (const key of ['then', 'else'] as const) if (schema[key]) constraints(schema[key] as Schema, path);
  };

  value(root, 'params');
  return problems;
}

describe('params bounds', () => {
  it('every method bounds every string, array and open object of its params', () => {
    const problems = METHODS.flatMap((method) => unboundedPlaces(method.params).map((problem) => `${method.name}: ${problem}`));
    assert.deepEqual(problems, []);
  });

  it('walks the methods that came with rename and projection, and the rename step of a change', () => {
    const names = new Set(METHODS.map((method) => method.name));
    for (const name of ['renameSymbol', 'parseSource', 'runPipeline', 'generateFromAST', 'projectLanguage', 'generateCode']) assert.ok(names.has(name), `${name} is in the table the walk covers`);
    const ajv = new Ajv2020({ strict: false });
    const applyMutation = ajv.compile(METHODS.find((method) => method.name === 'applyMutation')!.params);
    assert.equal(applyMutation({ type: 'rename', nodeId: 'node_1', newName: 'total' }), true);
    assert.equal(applyMutation({ type: 'rename', nodeId: 'node_1', newName: 'x'.repeat(10_000) }), false);
    const applyBatch = ajv.compile(METHODS.find((method) => method.name === 'applyBatch')!.params);
    assert.equal(applyBatch({ mutations: [{ type: 'setProperty', nodeId: 'node_1', property: 'name', value: 'x'.repeat(2 * 1024 * 1024) }] }), false);
    assert.equal(applyBatch({ mutations: [{ type: 'setProperty', nodeId: 'node_1', property: 'name', value: 'total' }] }), true);
  });

  it('every MCP tool is a method of the walked table, advertised from its params schema', () => {
    for (const tool of toolCatalog(METHODS)) {
      const method = METHODS.find((candidate) => candidate.name === tool.name);
      assert.ok(method, `the tool ${tool.name} is a method`);
      assert.deepEqual(tool.inputSchema, advertised(method.params), tool.name);
    }
  });

  it('the walk itself finds what it must (a guard against a walk that finds nothing)', () => {
    assert.deepEqual(unboundedPlaces({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }), ['params.a: a string without maxLength']);
    assert.deepEqual(unboundedPlaces({ type: 'object', properties: { a: { type: 'array', items: { type: 'string', maxLength: 1 } } }, additionalProperties: false }), [
      'params.a: an array without maxItems',
    ]);
    assert.deepEqual(unboundedPlaces({ type: 'object', properties: { a: {} }, additionalProperties: false }), ['params.a has no type: it accepts any JSON']);
    assert.equal(unboundedPlaces({ type: 'object' }).length, 3, 'open keys: no maxProperties, no propertyNames, any values');
  });

  it('every schema compiles, and an over-long string is refused by the dispatcher\'s validator', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const method of METHODS) ajv.compile(method.params);
    const findNodes = METHODS.find((method) => method.name === 'findNodes')!;
    const validate = ajv.compile(findNodes.params);
    assert.equal(validate({ text: 'x'.repeat(1024 * 1024) }), false);
    assert.equal(validate({ text: 'total' }), true);
  });
});
