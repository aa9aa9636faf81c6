// Python's raise and try/except read as Whetstone's throw and try/catch, where they keep their
// meaning. A Whetstone throw carries a message and a catch takes every Whetstone throw but none of
// the target's own errors, so:
// - `raise XError(m)` throws m; `class XError(Exception): pass` (a body of pass or a docstring)
//   only names the class, and is dropped;
// - a try carries with one except clause (no else, no finally) that catches every class raised in
//   its body or in the file's functions the body calls: Exception, a bare except, or that class
//   (with its subclasses declared in the file); the handler uses the exception only as its
//   message (`str(e)`, `print(e)`, `{e}` in an f-string);
// - an except of Exception, of a bare except or of ValueError also catches Python's own errors
//   (int("x") and float("x") raise ValueError, xs[10] IndexError, d[k] KeyError, a / 0
//   ZeroDivisionError, whatever an unknown function raises), which a Whetstone catch lets go on:
//   a try whose body can raise them (directly or through the file's own functions, called or
//   passed) is not carried. An except of a class the file declares catches none of them. An
//   attribute of None (AttributeError), a value of the wrong type (TypeError) and a recursion too
//   deep are not looked for: in Whetstone the checker asks for the value and its type first.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** Calls of built-ins that raise no ValueError, IndexError, KeyError or ZeroDivisionError. */
const SAFE_FUNCTIONS = new Set(['print', 'len', 'str', 'repr', 'abs', 'isinstance', 'bool', 'range', 'round', 'list', 'enumerate', 'zip', 'reversed', 'sorted', 'sum']);
/** Methods of str, list and dict that raise none of them. */
const SAFE_METHODS = new Set(
  'append extend insert join upper lower strip lstrip rstrip startswith endswith split replace isdigit isalpha isalnum isspace isupper islower keys values items get copy count find rfind format sort reverse setdefault'.split(' '),
);
/** The classes an except of which also catches Python's own errors. */
const BROAD = new Set(['Exception', 'BaseException']);

/** An exception class the file declares (`class ParseError(ValueError): pass`), by name: its base. */
export function exceptionClasses(root: SyntaxNode): Map<string, string> {
  const classes = new Map<string, string>();
  for (const node of namedChildren(root)) {
    if (node.type !== 'class_definition') continue;
    const name = field(node, 'name')?.text;
    const bases = field(node, 'superclasses');
    const base = bases ? namedChildren(bases) : [];
    const body = field(node, 'body');
    if (!name || base.length !== 1 || base[0].type !== 'identifier' || !body) continue;
    if (!isExceptionName(base[0].text) && !classes.has(base[0].text)) continue;
    if (!namedChildren(body).every((statement) => statement.type === 'pass_statement' || isDocstringOrEllipsis(statement))) continue;
    classes.set(name, base[0].text);
  }
  return classes;
}

function isDocstringOrEllipsis(statement: SyntaxNode): boolean {
  const inner = statement.type === 'expression_statement' ? namedChildren(statement) : [];
  return inner.length === 1 && (inner[0].type === 'string' || inner[0].type === 'ellipsis');
}

/** A name Python's own exception classes are spelled like. */
export function isExceptionName(name: string): boolean {
  return BROAD.has(name) || /^[A-Z]\w*(Error|Exception)$/.test(name);
}

/** The class a raise statement raises (`raise X(m)`, `raise X`), or undefined. */
export function raisedClass(raise: SyntaxNode): string | undefined {
  const raised = namedChildren(raise)[0];
  const callee = raised?.type === 'call' ? field(raised, 'function') : raised;
  return callee?.type === 'identifier' ? callee.text : undefined;
}

/** Whether an except of `caught` catches `raised`: the same class, or one the file derives from it. */
function catchesClass(caught: string, raised: string, classes: ReadonlyMap<string, string>): boolean {
  if (BROAD.has(caught)) return true;
  for (let name: string | undefined = raised, steps = 0; name !== undefined && steps <= classes.size; name = classes.get(name), steps++) {
    if (name === caught) return true;
  }
  return false;
}

/** Why a call raises an error of Python's own an except of ValueError catches, or undefined (a call of the file's functions goes to `called`). */
function callRisk(call: SyntaxNode, functions: ReadonlyMap<string, SyntaxNode>, called: SyntaxNode[]): string | undefined {
  const callee = field(call, 'function');
  if (callee?.type === 'identifier') {
    const declared = functions.get(callee.text);
    if (declared) {
      called.push(declared);
      return undefined;
    }
    if (SAFE_FUNCTIONS.has(callee.text)) return undefined;
  } else if (callee?.type === 'attribute' && SAFE_METHODS.has(field(callee, 'attribute')?.text ?? '')) {
    return undefined;
  }
  return `${shortText(call)} can raise an error of Python's own (int("x") and float("x") raise ValueError) or of a function not in this file`;
}

function shortText(node: SyntaxNode): string {
  const text = node.text.replace(/\s+/g, ' ');
  return text.length <= 50 ? `\`${text}\`` : `\`${text.slice(0, 47)}…\``;
}

/** Whether a divisor is a number written out that is not zero. */
function isNonZeroNumber(node: SyntaxNode | undefined): boolean {
  return (node?.type === 'integer' || node?.type === 'float') && Number(node.text.replace(/_/g, '')) !== 0;
}

/** What one piece of code does by itself: its first risky call, its first subscript or division, the classes it raises, the file's functions it calls. */
interface Reach {
  callRisk: string | undefined;
  lookupRisk: string | undefined;
  raised: string[];
  calls: SyntaxNode[];
}

/**
 * What try bodies reach, following calls of the file's functions: the classes raised, and the
 * errors of Python's own that can be raised. What each function does by itself is read once
 * per file, so many tries calling the same functions cost one reading of each.
 */
export class Reaches {
  private readonly reaches = new Map<number, Reach>();

  constructor(private readonly functions: ReadonlyMap<string, SyntaxNode>) {}

  /** Every class raised in `body` or in the file's functions it calls (and they call). */
  raisedFrom(body: SyntaxNode): Set<string> {
    const raised = new Set<string>();
    for (const reach of this.reached(body)) for (const name of reach.raised) raised.add(name);
    return raised;
  }

  /**
   * Why `body` can raise an error of Python's own that an except of `caught` would catch and a
   * Whetstone catch would not; undefined when it cannot. An except of ValueError is concerned with
   * calls; Exception also with subscripts (IndexError, KeyError) and divisions (ZeroDivisionError).
   */
  runtimeErrorIn(body: SyntaxNode, caught: string): string | undefined {
    const broad = BROAD.has(caught);
    for (const reach of this.reached(body)) {
      const why = reach.callRisk ?? (broad ? reach.lookupRisk : undefined);
      if (why) return why;
    }
    return undefined;
  }

  private reached(body: SyntaxNode): Reach[] {
    const out: Reach[] = [];
    const pending: SyntaxNode[] = [body];
    const seen = new Set<number>();
    while (pending.length > 0) {
      const next = pending.pop() as SyntaxNode;
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      const reach = this.reach(next);
      out.push(reach);
      pending.push(...reach.calls);
    }
    return out;
  }

  private reach(code: SyntaxNode): Reach {
    const known = this.reaches.get(code.id);
    if (known) return known;
    const reach: Reach = { callRisk: undefined, lookupRisk: undefined, raised: [], calls: [] };
    for (const node of code.descendantsOfType(['raise_statement', 'call', 'subscript', 'binary_operator', 'augmented_assignment', 'identifier'])) {
      if (!node) continue;
      if (node.type === 'identifier') {
        // A function of the file passed as a value (sorted(xs, key=f), map(f, xs)) may be called.
        const passed = this.functions.get(node.text);
        if (passed) reach.calls.push(passed);
      } else if (node.type === 'raise_statement') {
        const name = raisedClass(node);
        if (name) reach.raised.push(name);
      } else if (node.type === 'call') {
        // The exception a raise constructs is the file's own throw.
        if (node.parent?.type === 'raise_statement') continue;
        const why = callRisk(node, this.functions, reach.calls);
        reach.callRisk ??= why;
      } else if (node.type === 'subscript') {
        reach.lookupRisk ??= `${shortText(node)} can raise IndexError or KeyError`;
      } else {
        const operator = field(node, 'operator')?.text ?? '';
        if (['/', '//', '%', '/=', '//=', '%='].includes(operator) && !isNonZeroNumber(field(node, 'right'))) reach.lookupRisk ??= `${shortText(node)} can raise ZeroDivisionError`;
      }
    }
    this.reaches.set(code.id, reach);
    return reach;
  }
}

/** The file's module-level functions by name. */
export function fileFunctions(root: SyntaxNode): Map<string, SyntaxNode> {
  const functions = new Map<string, SyntaxNode>();
  for (const node of namedChildren(root)) {
    const fn = node.type === 'decorated_definition' ? field(node, 'definition') : node;
    const name = fn?.type === 'function_definition' ? field(fn, 'name')?.text : undefined;
    if (fn && name) functions.set(name, fn);
  }
  return functions;
}

/** How a try/except reads as Whetstone's, or why it does not. */
export type ExceptReading = { body: SyntaxNode; handler: SyntaxNode; name: string | undefined } | { why: string; hint?: string };

/** Whether `identifier` (the exception's name) stands where only its message is used: str(e), print(e), {e} in an f-string. */
function usedAsMessage(identifier: SyntaxNode): boolean {
  const parent = identifier.parent;
  if (parent?.type === 'interpolation') return namedChildren(parent).length === 1;
  if (parent?.type !== 'argument_list') return false;
  const callee = parent.parent ? field(parent.parent, 'function')?.text : undefined;
  return callee === 'print' || (callee === 'str' && namedChildren(parent).length === 1);
}

/**
 * Reads `try: … except C as e: …`: one except clause, no else or finally, catching every class
 * the file raises, the exception used only as its message, and a body that cannot raise an error
 * of Python's own the clause would catch.
 */
export function readTry(node: SyntaxNode, classes: ReadonlyMap<string, string>, reaches: Reaches): ExceptReading {
  const body = field(node, 'body');
  const clauses = namedChildren(node).filter((child) => child.id !== body?.id && child.type !== 'comment');
  const excepts = clauses.filter((clause) => clause.type === 'except_clause');
  if (clauses.some((clause) => clause.type === 'finally_clause')) return { why: 'a try with finally', hint: 'Whetstone has try/catch without finally.' };
  if (clauses.some((clause) => clause.type === 'else_clause')) return { why: 'a try with else', hint: 'Move the else part to the end of the try body if it may be caught, or after the try.' };
  if (excepts.length !== 1) return { why: 'a try with several except clauses (or an except*)', hint: 'A Whetstone catch takes every Whetstone throw: it cannot tell the classes apart.' };
  if (clauses.some((clause) => clause.type !== 'except_clause')) return { why: 'a try with an except* clause' };
  const clause = excepts[0];
  const handler = namedChildren(clause).find((child) => child.type === 'block');
  const value = field(clause, 'value');
  if (!body || !handler) return { why: 'a try without a body or a handler' };
  let caught = 'BaseException';
  let name: string | undefined;
  if (value?.type === 'as_pattern') {
    const [classNode] = namedChildren(value);
    const alias = field(value, 'alias');
    const target = alias ? namedChildren(alias)[0] : undefined;
    if (classNode?.type !== 'identifier' || target?.type !== 'identifier') return { why: `the except clause ${clause.text.split('\n')[0]}` };
    caught = classNode.text;
    name = target.text;
  } else if (value?.type === 'identifier') {
    caught = value.text;
  } else if (value) {
    return { why: `an except of ${value.text} (several classes)`, hint: 'A Whetstone catch takes every Whetstone throw: it cannot tell the classes apart.' };
  }
  if (!BROAD.has(caught) && caught !== 'ValueError' && !classes.has(caught)) {
    return { why: `an except of ${caught}`, hint: 'An except of Exception, ValueError or an exception class the file declares is carried.' };
  }
  const missed = [...reaches.raisedFrom(body)].filter((raisedName) => !catchesClass(caught, raisedName, classes));
  if (missed.length > 0) {
    return { why: `an except of ${caught} around code that also raises ${missed.join(', ')}`, hint: 'A Whetstone catch takes every Whetstone throw: it cannot tell the classes apart.' };
  }
  if (name !== undefined) {
    for (const identifier of handler.descendantsOfType('identifier')) {
      if (identifier && identifier.text === name && !usedAsMessage(identifier)) {
        return { why: `a use of the exception ${name} other than str(${name}), print(${name}) or {${name}} in an f-string`, hint: 'A Whetstone catch receives the message of the throw, a string.' };
      }
    }
  }
  if (!classes.has(caught)) {
    const risk = reaches.runtimeErrorIn(body, caught);
    if (risk) return { why: `a try whose except of ${caught} also catches Python's own errors`, hint: `${risk}, and a Whetstone catch takes only Whetstone throws.` };
  }
  return { body, handler, name };
}
