// Building the mutations that diagnostic fixes consist of (ast/mutation.ts), so each check only says
// what to change.
import { ROLES, type Block, type Expression, type Node, type Parameter } from '../ast/ast';
import type { Mutation, NodeSpec } from '../ast/mutation';
import { typeToString, type Type } from './types';

export function setProperty(nodeId: string, property: string, value: unknown): Mutation {
  return { type: 'setProperty', nodeId, property, value };
}

export function deleteNode(nodeId: string): Mutation {
  return { type: 'deleteNode', nodeId };
}

export function insertNode(parentId: string, role: string, node: NodeSpec, index?: number): Mutation {
  return index === undefined ? { type: 'insertNode', parentId, role, node } : { type: 'insertNode', parentId, role, node, index };
}

/** A node as a mutation writes it: the same fields, without ids and spans. */
export function toSpec(node: Node): NodeSpec {
  const record = node as unknown as Record<string, unknown>;
  const spec: NodeSpec = { type: node.type };
  const roles = new Map(ROLES[node.type].map((role) => [role.name, role.list]));
  for (const [key, value] of Object.entries(record)) {
    if (key === 'id' || key === 'span' || key === 'type') continue;
    const isList = roles.get(key);
    if (isList === undefined) spec[key] = value;
    else if (isList) spec[key] = (value as Node[]).map(toSpec);
    else spec[key] = value ? toSpec(value as Node) : null;
  }
  return spec;
}

/** Replaces `node` with `name(node)`, e.g. wrapping a number in str() before joining it to a string. */
export function wrapInCall(node: Node, name: string): Mutation {
  return {
    type: 'updateNode',
    nodeId: node.id,
    node: { type: 'CallExpression', callee: { type: 'Identifier', name }, arguments: [toSpec(node)] },
  };
}

/** Replaces a literal with another of the same meaning once converted: `5` → `"5"`, `"3"` → `3` (the digits only). */
export function replaceWithLiteral(node: Node, value: string | number): Mutation {
  return { type: 'updateNode', nodeId: node.id, node: { type: 'Literal', value, raw: typeof value === 'string' ? JSON.stringify(value) : String(value) } };
}

/** Replaces an expression with `node != null`. */
export function compareWithNull(node: Node): Mutation {
  return {
    type: 'updateNode',
    nodeId: node.id,
    node: { type: 'BinaryExpression', operator: '!=', left: toSpec(node), right: { type: 'Literal', value: null, raw: 'null' } },
  };
}

/** Replaces the word `from` with `to` in a type string ("list<Iten>" -> "list<Item>"). */
export function replaceTypeName(typeText: string, from: string, to: string): string {
  return typeText.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
}

/**
 * Where the core knows the missing `return`: a body that ends with an expression statement whose
 * value fits the return type (`fits`) returns that value (`a * 2;` → `return a * 2;`).
 */
export function returnOfLastValue(body: Block, fits: (expression: Expression) => boolean): Mutation[] | undefined {
  const last = body.statements[body.statements.length - 1];
  if (last?.type !== 'ExpressionStatement' || !last.expression || !fits(last.expression)) return undefined;
  return [{ type: 'updateNode', nodeId: last.id, node: { type: 'ReturnStatement', value: toSpec(last.expression) } }];
}

/**
 * The other side of an argument that does not fit: declaring its parameter with the argument's
 * type. Offered only for a type any file can write without an import (the built-in ones, and
 * lists, maps and optionals of them).
 */
export function retypeParameter(parameter: Parameter, argumentType: Type): { hint: string; fix: Mutation[] } | undefined {
  if (!writableAnywhere(argumentType)) return undefined;
  const text = typeToString(argumentType);
  return { hint: `Or declare it as ${text}`, fix: [setProperty(parameter.id, 'paramType', text)] };
}

function writableAnywhere(type: Type): boolean {
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'bool':
      return true;
    case 'list':
      return writableAnywhere(type.element);
    case 'map':
      return writableAnywhere(type.key) && writableAnywhere(type.value);
    case 'optional':
      return writableAnywhere(type.inner);
    default:
      return false;
  }
}
