// The MCP tools, generated from the agent API's one method table: a tool per method that does not
// say it is not one (notTool), named as the method, described by its description, when to use it
// and its errors, taking the method's params schema and answering in the shape of its result.
// The dispatcher still validates every call against the full schema; the advertised one leaves
// out the size bounds and the per-type requirements of a mutation (the description says them),
// which cost a model's context on every request and which the -32602 answer names precisely when
// one is missed.
import type { MethodDefinition, ResultFields } from '../agent';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  outputSchema: { type: 'object'; properties: Record<string, unknown> };
  annotations: { readOnlyHint?: true; destructiveHint?: boolean };
}

/**
 * Schema keywords enforced by the dispatcher but not advertised: size and number bounds, a mutation's
 * per-type requirements and the refusal of unknown parameters (each named by the -32602 answer).
 */
const BOUND_KEYWORDS = new Set(['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'maxProperties', 'propertyNames', 'allOf', 'additionalProperties']);

/** The tools for a method table, in its order. */
export function toolCatalog(methods: Iterable<MethodDefinition>): McpTool[] {
  const tools: McpTool[] = [];
  for (const method of methods) if (isTool(method)) tools.push(toolOf(method, method.returns));
  return tools;
}

/** Whether a method is offered as an MCP tool: unless it says why not, and never the person's. */
export function isTool(method: MethodDefinition): method is MethodDefinition & { returns: ResultFields } {
  return method.notTool === undefined && method.role !== 'person';
}

function toolOf(method: MethodDefinition, returns: ResultFields): McpTool {
  const role = method.role === 'any' ? '' : ` (${method.role} role)`;
  const description = [method.description, method.whenToUse, method.errors].filter((part) => part !== undefined).join(' ') + role;
  // MCP's defaults: readOnlyHint false, destructiveHint true (for a tool that is not read-only).
  // Only what differs from them, or what a client must not miss, is said.
  const annotations: McpTool['annotations'] = method.readOnly === true ? { readOnlyHint: true } : { destructiveHint: method.destructive === true };
  return {
    name: method.name,
    description,
    inputSchema: advertised(method.params) as McpTool['inputSchema'],
    outputSchema: { type: 'object', properties: Object.fromEntries(Object.keys(returns).map((field) => [field, {}])) },
    annotations,
  };
}

/**
 * `schema` without the keywords above, at every depth; the objects an array holds show only their
 * required properties (applyBatch's mutations are applyMutation's params, as its description says).
 * The bounded JSON values of `$defs` (param-bounds.ts) are advertised by their type alone: what
 * they add is bounds.
 */
export function advertised(schema: unknown): unknown {
  const defs = isObject(schema) && isObject(schema.$defs) ? schema.$defs : {};
  return advertisedIn(schema, defs);
}

function advertisedIn(schema: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => advertisedIn(item, defs));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (BOUND_KEYWORDS.has(key) || key === '$defs') continue;
    if (key === '$ref' && typeof value === 'string') {
      const target = defs[value.replace(/^#\/\$defs\//, '')];
      if (isObject(target) && typeof target.type === 'string') out.type = target.type;
    } else if (key === 'properties' && isObject(value)) {
      // Property names are data, not keywords: `properties.maxLength` would be a parameter.
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, advertisedIn(child, defs)]));
    } else if (key === 'items' && isObject(value) && isObject(value.properties) && Array.isArray(value.required)) {
      const required = value.required as string[];
      const properties = Object.fromEntries(Object.entries(value.properties).filter(([name]) => required.includes(name)));
      out[key] = advertisedIn({ ...value, properties }, defs);
    } else {
      out[key] = advertisedIn(value, defs);
    }
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema of a result with those fields, each with its JSON type(s), closed to other fields.
 * tools/list advertises the field names only (each `{}`): with their types it would not fit its
 * budget, and the names are what a model reads; tests check real results against this one.
 */
export function resultSchema(returns: ResultFields): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries(returns).map(([field, type]) => [field, { type: type.split('|') }]));
  return { type: 'object', properties, additionalProperties: false };
}
