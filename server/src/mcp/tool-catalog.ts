// The MCP tools, generated from the agent API's one method table: a tool per method an agent may
// call (the person's approvePlan/rejectPlan are not tools), named as the method, described by the
// table's description and the guide's advice, taking the method's params schema and answering in
// the shape of the method's result. The dispatcher still validates every call against the full
// schema; the advertised one leaves out the size bounds and the per-type requirements of a
// mutation (the description says them), which cost a model's context on every request and which
// the -32602 answer names precisely when one is missed.
import type { MethodDefinition } from '../agent/method';
import { TOOL_GUIDE, type ToolGuide } from './tool-guide';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  outputSchema: { type: 'object'; properties: Record<string, unknown> };
  annotations: { readOnlyHint?: true; destructiveHint?: boolean };
}

/**
 * Schema keywords enforced by the dispatcher but not advertised: size bounds, a mutation's
 * per-type requirements and the refusal of unknown parameters (each named by the -32602 answer).
 */
const BOUND_KEYWORDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'maxProperties', 'propertyNames', 'allOf', 'additionalProperties']);

/** The tools for a method table, in its order. */
export function toolCatalog(methods: Iterable<MethodDefinition>): McpTool[] {
  const tools: McpTool[] = [];
  for (const method of methods) {
    const guide = TOOL_GUIDE[method.name];
    if (!guide || method.role === 'person') continue;
    tools.push(toolOf(method, guide));
  }
  return tools;
}

function toolOf(method: MethodDefinition, guide: ToolGuide): McpTool {
  const role = method.role === 'any' ? '' : ` (${method.role} role)`;
  const description = [method.description, guide.use, guide.errors].filter((part) => part !== undefined).join(' ') + role;
  // MCP's defaults: readOnlyHint false, destructiveHint true (for a tool that is not read-only).
  // Only what differs from them, or what a client must not miss, is said.
  const annotations: McpTool['annotations'] = guide.readOnly === true ? { readOnlyHint: true } : { destructiveHint: guide.destructive === true };
  return {
    name: method.name,
    description,
    inputSchema: advertised(method.params) as McpTool['inputSchema'],
    outputSchema: { type: 'object', properties: Object.fromEntries(Object.entries(guide.returns).map(([field, type]) => [field, typeSchema(type)])) },
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
 * A result field's schema: its scalar type(s), or `{}` (anything) for arrays and objects, whose
 * element shapes the description names; a full schema for each would double tools/list.
 */
function typeSchema(type: string): Record<string, unknown> {
  const types = type.split('|');
  if (types.some((one) => one === 'array' || one === 'object')) return {};
  return { type: types.length === 1 ? types[0] : types };
}
