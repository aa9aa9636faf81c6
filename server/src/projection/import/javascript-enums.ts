// TypeScript's enums (`enum Color { Red, Green = 5, Blue }`, `enum Dir { Up = "UP" }`): a const
// object of the members' values, `const Color = { Red: 0, Green: 5, Blue: 6 };`, each use of the
// enum as a type its values' type (number or string). That keeps what a program reads of an enum,
// `Color.Green`, and its values. What the object does not keep is an error where the enum is
// declared: a numeric enum's object in JavaScript also maps each value back to its name
// (`Color[5]` is "Green", `Object.keys(Color)` lists "0", "5", "6" first), so any use of the name
// other than `Color.Member` is refused, as is a member whose value is not a literal.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

export interface FileEnum {
  /** The type its members' values have. */
  valueType: 'number' | 'string';
  /** Each member's value, in order. */
  members: [string, number | string][];
}

/** Why an enum declaration cannot be carried, or its members. */
export type EnumReading = FileEnum | { problem: string };

/** The file's top-level enums by name, each read or with why it is not. */
export function fileEnums(root: SyntaxNode): Map<string, { node: SyntaxNode; reading: EnumReading }> {
  const found = new Map<string, { node: SyntaxNode; reading: EnumReading }>();
  for (const child of namedChildren(root)) {
    const node = child.type === 'export_statement' ? field(child, 'declaration') : child;
    if (node?.type !== 'enum_declaration') continue;
    const name = field(node, 'name')?.text;
    if (name) found.set(name, { node, reading: readEnum(node, name, root) });
  }
  return found;
}

function readEnum(node: SyntaxNode, name: string, root: SyntaxNode): EnumReading {
  if (node.parent?.type === 'ambient_declaration') return { problem: `the declared enum '${name}' (its values are elsewhere)` };
  const members: [string, number | string][] = [];
  let next: number | undefined = 0;
  for (const member of namedChildren(field(node, 'body') ?? node)) {
    const key = member.type === 'enum_assignment' ? field(member, 'name') : member;
    if (key?.type !== 'property_identifier') return { problem: `the member ${key?.text ?? member.text} of the enum '${name}' (only plain names are carried)` };
    let value: number | string | undefined = next;
    if (member.type === 'enum_assignment') value = literalValue(field(member, 'value'));
    if (value === undefined) return { problem: `the member '${key.text}' of the enum '${name}' (a value other than a number or text literal, or after a text member)` };
    members.push([key.text, value]);
    next = typeof value === 'number' ? value + 1 : undefined;
  }
  const kinds = new Set(members.map(([, value]) => typeof value));
  if (kinds.size > 1) return { problem: `the enum '${name}' mixing numbers and texts` };
  const misuse = misusedAt(root, name, new Set(members.map(([member]) => member)));
  if (misuse) return { problem: `the enum '${name}' used as ${misuse} (JavaScript's enum object also maps each number back to its name, which the members alone do not)` };
  return { valueType: kinds.has('string') ? 'string' : 'number', members };
}

/** A number literal (or its negation) or a plain text literal, as its value. */
function literalValue(node: SyntaxNode | null | undefined): number | string | undefined {
  if (!node) return undefined;
  if (node.type === 'number') return Number(node.text);
  if (node.type === 'unary_expression' && node.child(0)?.type === '-' && namedChildren(node)[0]?.type === 'number') return -Number(namedChildren(node)[0].text);
  if (node.type === 'string' && !node.text.includes('\\')) return node.text.slice(1, -1);
  return undefined;
}

/** How the file uses the enum's name other than as `Name.Member` of a member it has (undefined: never). */
function misusedAt(root: SyntaxNode, name: string, members: ReadonlySet<string>): string | undefined {
  for (const use of root.descendantsOfType('identifier')) {
    if (use?.text !== name || use.parent?.type === 'enum_declaration') continue;
    const parent = use.parent;
    const property = parent?.type === 'member_expression' && field(parent, 'object')?.id === use.id ? field(parent, 'property') : undefined;
    if (!property || !members.has(property.text)) return `'${parent?.text ?? name}' on line ${use.startPosition.row + 1}`;
    if (parent?.parent?.type === 'assignment_expression' && field(parent.parent, 'left')?.id === parent.id) return `the target of an assignment on line ${use.startPosition.row + 1}`;
  }
  return undefined;
}
