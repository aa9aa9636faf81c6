// JavaScript's throw and try/catch read as Whetstone's, where they keep their meaning. A Whetstone
// throw carries a message and a catch takes only Whetstone throws, so:
// - `throw new Error(m)` (any `…Error` class) throws m, and `throw value` throws the value's text;
//   `class ParseError extends Error {}` (an empty body, or a constructor that only passes the
//   message to super and sets this.name) only names what a throw throws, and is dropped;
// - a catch carries when it uses the caught value only as the message: `e.message` when every
//   throw of the file throws an Error, `e` itself (printed, String(e), in a template) when every
//   throw throws a text written as one (String of an Error is "Error: m", a thrown text has no
//   .message, and a thrown number or object prints otherwise than its text);
// - a JavaScript catch also catches the runtime's own errors (JSON.parse's SyntaxError, a
//   RangeError of repeat or toFixed, whatever an unknown function throws), which a Whetstone catch
//   lets go on: a try whose body can call something that throws them (directly or through the
//   file's own functions) is not carried. Reading a field or an element of null or undefined (a
//   TypeError) is not looked for: in Whetstone the checker asks for the value first.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** Global functions that never throw for any argument. */
const SAFE_FUNCTIONS = new Set(['String', 'Number', 'Boolean', 'parseInt', 'parseFloat', 'isNaN', 'isFinite']);
/** Objects whose every function never throws for numbers and lists (Math.max, Array.isArray, Number.isInteger…). */
const SAFE_NAMESPACES = new Set(['Math', 'Number']);
const SAFE_MEMBER_CALLS = new Set(['console.log', 'Array.isArray', 'Object.keys', 'Object.values', 'Object.entries']);
/** Methods of strings and arrays that never throw on a string or an array. */
const SAFE_METHODS = new Set(
  'push pop shift unshift splice includes indexOf lastIndexOf join slice concat reverse sort map filter some every find findIndex forEach fill at toUpperCase toLowerCase trim trimStart trimEnd startsWith endsWith charAt charCodeAt split substring padStart padEnd'.split(' '),
);

/** How the file's throws throw: Errors (their message is `.message`), other values, or both; and whether a value may be other than a text. */
export interface ThrowKinds {
  errors: boolean;
  values: boolean;
  nonTexts: boolean;
}

/** Whether a thrown value is a text by its form: a string, a template, or a join with one. */
function isTextByForm(node: SyntaxNode): boolean {
  if (node.type === 'string' || node.type === 'template_string') return true;
  if (node.type === 'parenthesized_expression') return namedChildren(node).every(isTextByForm);
  if (node.type === 'binary_expression' && field(node, 'operator')?.text === '+') {
    return [field(node, 'left'), field(node, 'right')].some((side) => side !== undefined && isTextByForm(side));
  }
  return false;
}

/** Whether `node` is `new XError(…)`, or a `new` of an error class of `classes`. */
export function isErrorConstruction(node: SyntaxNode, classes: ReadonlySet<string>): boolean {
  const constructor = node.type === 'new_expression' ? field(node, 'constructor') : undefined;
  return constructor?.type === 'identifier' && (/Error$/.test(constructor.text) || classes.has(constructor.text));
}

/** Whether a class member is a constructor that only passes its one parameter to super and may set this.name to a text. */
function onlyPassesMessage(member: SyntaxNode): boolean {
  if (member.type !== 'method_definition' || field(member, 'name')?.text !== 'constructor') return false;
  const parameters = namedChildren(field(member, 'parameters') ?? member);
  const parameter = parameters.length === 1 ? (field(parameters[0], 'pattern') ?? parameters[0]) : undefined;
  const body = field(member, 'body');
  if (parameter?.type !== 'identifier' || !body) return false;
  const statements = namedChildren(body);
  return statements.every((statement, index) => {
    const expression = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
    if (index === 0) {
      const args = expression?.type === 'call_expression' && field(expression, 'function')?.type === 'super' ? namedChildren(field(expression, 'arguments') ?? expression) : [];
      return args.length === 1 && args[0].text === parameter.text;
    }
    return expression?.type === 'assignment_expression' && field(expression, 'left')?.text === 'this.name' && field(expression, 'right')?.type === 'string';
  }) && statements.length > 0;
}

/**
 * The error classes the file declares at top level that only name what a throw throws:
 * `class ParseError extends Error {}`, extending an `…Error` class or another such class, with
 * an empty body or a constructor that only passes the message on.
 */
export function errorClasses(root: SyntaxNode): Set<string> {
  const classes = new Set<string>();
  for (let node of namedChildren(root)) {
    if (node.type === 'export_statement') node = field(node, 'declaration') ?? node;
    if (node.type !== 'class_declaration') continue;
    const name = field(node, 'name')?.text;
    const heritage = namedChildren(node).find((child) => child.type === 'class_heritage');
    const bases = heritage ? namedChildren(heritage) : [];
    // TypeScript wraps the base in an extends_clause.
    const base = bases.length === 1 && bases[0].type === 'extends_clause' ? namedChildren(bases[0]) : bases;
    const members = namedChildren(field(node, 'body') ?? node);
    if (!name || base.length !== 1 || base[0].type !== 'identifier' || !(/Error$/.test(base[0].text) || classes.has(base[0].text))) continue;
    if (members.length === 0 || (members.length === 1 && onlyPassesMessage(members[0]))) classes.add(name);
  }
  return classes;
}

export function throwKinds(root: SyntaxNode, classes: ReadonlySet<string>): ThrowKinds {
  const kinds: ThrowKinds = { errors: false, values: false, nonTexts: false };
  for (const node of root.descendantsOfType('throw_statement')) {
    const thrown = node ? namedChildren(node)[0] : undefined;
    if (thrown && isErrorConstruction(thrown, classes)) kinds.errors = true;
    else if (thrown) {
      kinds.values = true;
      if (!isTextByForm(thrown)) kinds.nonTexts = true;
    }
  }
  return kinds;
}

/** The functions the file declares at top level (declarations and consts bound to a function), by name. */
export function fileFunctions(root: SyntaxNode): Map<string, SyntaxNode> {
  const functions = new Map<string, SyntaxNode>();
  for (let node of namedChildren(root)) {
    if (node.type === 'export_statement') node = field(node, 'declaration') ?? node;
    if (node.type === 'function_declaration') {
      const name = field(node, 'name')?.text;
      if (name) functions.set(name, node);
    } else if (node.type === 'lexical_declaration' || node.type === 'variable_declaration') {
      for (const declarator of namedChildren(node).filter((child) => child.type === 'variable_declarator')) {
        const name = field(declarator, 'name');
        const value = field(declarator, 'value');
        if (name?.type === 'identifier' && value && ['arrow_function', 'function_expression', 'function'].includes(value.type)) functions.set(name.text, value);
      }
    }
  }
  return functions;
}

/** Why a call can throw an error of JavaScript's own, or undefined when it cannot (a call of the file's functions goes to `called`). */
function callRisk(call: SyntaxNode, functions: ReadonlyMap<string, SyntaxNode>, called: SyntaxNode[]): string | undefined {
  const callee = field(call, 'function');
  if (callee?.type === 'identifier') {
    const declared = functions.get(callee.text);
    if (declared) {
      called.push(declared);
      return undefined;
    }
    if (SAFE_FUNCTIONS.has(callee.text)) return undefined;
  } else if (callee?.type === 'member_expression') {
    const object = field(callee, 'object');
    const property = field(callee, 'property')?.text ?? '';
    if (object?.type === 'identifier' && (SAFE_NAMESPACES.has(object.text) || SAFE_MEMBER_CALLS.has(`${object.text}.${property}`))) return undefined;
    if (SAFE_METHODS.has(property)) return undefined;
  }
  return `${shortText(call)} can throw an error of JavaScript's own (or of a function not in this file)`;
}

/** The names of a class's methods. */
function methodsOf(declared: SyntaxNode): string[] {
  return namedChildren(field(declared, 'body') ?? declared)
    .filter((member) => member.type === 'method_definition')
    .map((member) => field(member, 'name')?.text ?? '');
}

function shortText(node: SyntaxNode): string {
  const text = node.text.replace(/\s+/g, ' ');
  return text.length <= 50 ? `\`${text}\`` : `\`${text.slice(0, 47)}…\``;
}

/** What one piece of code can throw of JavaScript's own by itself, and the file's functions it calls. */
interface Reach {
  risk: string | undefined;
  calls: SyntaxNode[];
}

/**
 * Why a try body can throw an error of JavaScript's own, which its catch would catch and a
 * Whetstone catch would not: the first such call or construction, following calls of the file's
 * own functions. What each function does by itself is read once per file, so many tries calling
 * the same functions cost one reading of each.
 */
export class RuntimeErrors {
  private readonly reaches = new Map<number, Reach>();

  constructor(
    private readonly functions: ReadonlyMap<string, SyntaxNode>,
    private readonly classes: ReadonlySet<string>,
    /** The file's classes carried as records, by name: `new C(…)` runs the class's code, and `obj.m(…)` any method m of them. */
    private readonly records: ReadonlyMap<string, SyntaxNode> = new Map(),
  ) {}

  /** The first call or construction in `body` (or a function it reaches) that can throw, in words; undefined when none can. */
  in(body: SyntaxNode): string | undefined {
    const pending: SyntaxNode[] = [body];
    const seen = new Set<number>();
    while (pending.length > 0) {
      const next = pending.pop() as SyntaxNode;
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      const reach = this.reach(next);
      if (reach.risk) return reach.risk;
      pending.push(...reach.calls);
    }
    return undefined;
  }

  private reach(code: SyntaxNode): Reach {
    const known = this.reaches.get(code.id);
    if (known) return known;
    const reach: Reach = { risk: undefined, calls: [] };
    for (const node of code.descendantsOfType(['call_expression', 'new_expression', 'identifier'])) {
      if (!node || reach.risk) continue;
      // A function of the file passed as a value (xs.map(f), xs.sort(compare)) may be called.
      const passed = node.type === 'identifier' ? this.functions.get(node.text) : undefined;
      const callee = node.type === 'call_expression' ? field(node, 'function') : undefined;
      const method = callee?.type === 'member_expression' ? field(callee, 'property')?.text : undefined;
      const made = node.type === 'new_expression' ? this.records.get(field(node, 'constructor')?.text ?? '') : undefined;
      const methods = method === undefined ? [] : [...this.records.values()].filter((declared) => methodsOf(declared).includes(method));
      if (passed) reach.calls.push(passed);
      else if (made) reach.calls.push(made);
      // A method of a class of the file runs that class's code (on a list or a text, what is not a safe library method is reported at import).
      else if (methods.length > 0) reach.calls.push(...methods);
      else if (node.type === 'call_expression') reach.risk = callRisk(node, this.functions, reach.calls);
      else if (node.type === 'new_expression' && !(isErrorConstruction(node, this.classes) && node.parent?.type === 'throw_statement')) reach.risk = `${shortText(node)} can throw an error of JavaScript's own`;
    }
    this.reaches.set(code.id, reach);
    return reach;
  }
}

/** How a catch's handler uses the caught value: not at all, as `e.message`, as `e` itself; or why not carried. */
export type CaughtUse = { kind: 'none' | 'message' | 'value' } | { why: string };

/** Whether `identifier` (the caught name) stands where its text is all that is used: printed, String(e), a template, joined with +. */
function usedAsText(identifier: SyntaxNode): boolean {
  const parent = identifier.parent;
  if (parent?.type === 'template_substitution') return true;
  if (parent?.type === 'binary_expression' && field(parent, 'operator')?.text === '+') return true;
  if (parent?.type !== 'arguments') return false;
  const call = parent.parent;
  const callee = call ? field(call, 'function') : undefined;
  return callee?.text === 'console.log' || (callee?.text === 'String' && namedChildren(parent).length === 1);
}

/** The node `identifier` stands for with TypeScript's casts and brackets around it: `(e as Error)`. */
function castOf(identifier: SyntaxNode): SyntaxNode {
  let node = identifier;
  while (node.parent && (node.parent.type === 'parenthesized_expression' || node.parent.type === 'non_null_expression' || (node.parent.type === 'as_expression' && namedChildren(node.parent)[0]?.id === node.id))) node = node.parent;
  return node;
}

/** The caught name when `object` is it, cast or bracketed (`e`, `(e as Error)`), else undefined. */
export function caughtName(object: SyntaxNode): string | undefined {
  let node: SyntaxNode | undefined = object;
  while (node && (node.type === 'parenthesized_expression' || node.type === 'non_null_expression' || node.type === 'as_expression')) node = namedChildren(node)[0];
  return node?.type === 'identifier' ? node.text : undefined;
}

export function caughtUse(handler: SyntaxNode, name: string): CaughtUse {
  let message = false;
  let value = false;
  for (const identifier of handler.descendantsOfType(['identifier', 'shorthand_property_identifier'])) {
    if (!identifier || identifier.text !== name) continue;
    const cast = castOf(identifier);
    const parent = cast.parent;
    if (parent?.type === 'member_expression' && field(parent, 'object')?.id === cast.id && field(parent, 'property')?.text === 'message' && !isAssigned(parent)) message = true;
    else if (usedAsText(identifier)) value = true;
    else return { why: `a catch that uses the caught value other than as ${name}.message, String(${name}) or printed` };
  }
  if (message && value) return { why: `a catch that uses both ${name}.message and ${name} itself` };
  return { kind: message ? 'message' : value ? 'value' : 'none' };
}

function isAssigned(node: SyntaxNode): boolean {
  const parent = node.parent;
  return (parent?.type === 'assignment_expression' || parent?.type === 'augmented_assignment_expression') && field(parent, 'left')?.id === node.id;
}
