// What the import's run of a Python program (python-float-run.ts) did not check. Some differences
// between Python and Whetstone show only in the values: an int past 2^53, int(…) of NaN or an
// infinity, a division by zero, a text holding a character above U+FFFF measured, cut or ordered,
// a text cased or stripped at a character Python's tables or whitespace take otherwise;
// a list joined to what may not be a list or walked by a function that may change its length.
// The run reports those it meets (python-run-findings.ts); where it gave up (a construct it does
// not follow, where Python raises, its budget) it checked nothing after, and code it never reached
// (a function the program does not call, a branch not taken) it never checked. The constructs
// there whose difference only the run could rule out are errors: one per give-up place, or one per
// function holding unreached ones, naming them and why. Top-level code a run that ended never
// reached is not: the program reads no input, so it never runs that code.
import { childNodes, type Expression, type Node, type Program } from '../../core/ast';
import { analyze, stripOptional, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { pythonRun } from './python-floats';
import { TEXT_KINDS } from '../text-kinds';

type Risk = 'whole numbers' | 'int' | 'radix' | 'repeat' | 'division' | 'text' | 'text order' | 'text rules' | 'text tests' | 'lists' | 'extremes' | 'shown';

/** What each risk is, as a list of them reads ("… does not check: whole-number arithmetic … (line 4)"). */
const RISKS: Record<Risk, string> = {
  'whole numbers': "whole-number arithmetic (Python's ints stay exact past 2^53, a Whetstone number is a double and rounds)",
  int: "int(…) of a number (Python's raises for NaN and the infinities, Whetstone's keeps them)",
  repeat: "a text repeated by a count that may be a float (\"-\" * 2.0: Python raises TypeError, Whetstone cannot tell 2.0 from 2)",
  radix: 'bin, oct or hex of a number (Python raises TypeError for a float, Whetstone writes a whole one)',
  division: 'a division or remainder by a value not known to be non-zero (Python raises ZeroDivisionError, Whetstone gives an infinity or NaN)',
  text: "a text's length, index, slice or search (Python counts a character above U+FFFF once, Whetstone as two UTF-16 units)",
  'text tests': "a text tested by isalpha, isdigit, islower… (Python's Unicode tables may be older than Node's)",
  'text rules': "a text's case changed or blanks stripped (Python's Unicode tables may be older than Node's, and its whitespace has U+001C–U+001F and U+0085, not U+FEFF)",
  'text order': 'an ordering of texts (Python compares code points, Whetstone UTF-16 units: a character above U+FFFF sorts before one in U+E000–U+FFFF)',
  extremes: "min(…) or max(…) of a list (Python raises ValueError for an empty one, where Whetstone's minOf gives Infinity and maxOf -Infinity)",
  shown: "a value of no type known at import shown by print or str (Python shows a dict with number keys as {1: 2} and a tuple as (1, 2), Whetstone's pystr otherwise)",
  lists: "a list joined to a value that may not be a list (Python raises, Whetstone's concat adds it as one element), or walked by a function that may change its length (Python's iterator sees the change, Whetstone's walk does not)",
};

const RISK_ORDER: Risk[] = ['whole numbers', 'int', 'radix', 'repeat', 'division', 'text', 'text order', 'text rules', 'text tests', 'lists', 'extremes', 'shown'];
/** Lines named per risk in a message; the rest are counted. */
const MAX_LINES = 4;

const GROWS = new Set(['+', '-', '*', '**', '<<']);
const ORDERS = new Set(['<', '<=', '>', '>=']);
const MEASURES = new Set(['len', 'slice', 'stepSlice', 'indexOf', 'lastIndexOf', 'padStart', 'padEnd', 'charCodeAt']);
const SORTS = new Set(['sorted', 'sort', 'min', 'max']);
/** The text built-ins whose Python meaning the run checks on the texts it meets. */
const TEXT_RULES = new Set(['upper', 'lower', 'trim', 'trimStart', 'trimEnd']);
/** The text tests (isalpha …), whose Python meaning the run checks on the texts it meets. */
const TEXT_TESTS = new Set(TEXT_KINDS.keys());
const WALKS = new Set(['map', 'filter', 'reduce', 'some', 'every', 'find']);
/** The calls that show values as Python does (the display check carries those of unknown type through pystr). */
const SHOWS = new Set(['print', 'str', 'pystr']);

interface Site {
  node: Node;
  risk: Risk;
}

/** A function (or the module) and the risky constructs directly in it. */
interface Body {
  node: Program | Extract<Node, { type: 'FunctionDeclaration' | 'Lambda' }>;
  sites: Site[];
}

/** Errors for the risky constructs of `program` that its run at import did not check. */
export function reportRunGaps(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const run = pythonRun(program, builder.libraryCallees, builder.source);
  // A finding is an error of its own at the place the run stopped.
  if (run.finding) return [];
  // A run that ended checked what it reached: only the rest of the functions is looked at (and
  // typed). The program reads no input, so top-level code such a run never reached never runs; a
  // function's may, called otherwise (from another module).
  const bodies = riskySites(program, builder.libraryCallees, run.gaveUp ? () => true : (node, body) => body.node.type !== 'Program' && !run.reached.has(node.id));
  const lineOf = (node: Node): number => node.span.start.line;
  if (run.gaveUp) {
    const { at, reason } = run.gaveUp;
    const sites = bodies.flatMap((body) => body.sites);
    if (sites.length === 0) return [];
    return [
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: the run of the program at import stopped here (${reason}), so it did not check the program for values Python and Whetstone hold otherwise: ${listed(sites, lineOf)}`, at.id, at.span, {
        hint: "Let the program's own examples run to the end at import (the run follows the file's functions and the built-ins Whetstone maps), or check those values by hand.",
      }),
    ];
  }
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const body of bodies) {
    if (body.node.type === 'Program') continue;
    const unreached = body.sites; // a run that ended: what it looked at is what it never reached
    const whole = !run.reached.has(body.node.id);
    const where = body.node.type === 'FunctionDeclaration' ? `the function ${body.node.name}` : 'the lambda';
    const what = whole ? `${where}, which the program never calls` : `code of ${where} that the program never runs`;
    const at = whole ? body.node : unreached[0].node;
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: the run of the program at import never reached ${what} (not run at import), so it did not check it for values Python and Whetstone hold otherwise: ${listed(unreached, lineOf)}`, at.id, at.span, {
        hint: "Call it from the program's own examples (print(f(…))) so the run at import checks it, or leave it out.",
      }),
    );
  }
  return diagnostics;
}

/** "whole-number arithmetic (…) on lines 4, 7; a division … on line 9". */
function listed(sites: Site[], lineOf: (node: Node) => number): string {
  return RISK_ORDER.filter((risk) => sites.some((site) => site.risk === risk))
    .map((risk) => {
      const lines = [...new Set(sites.filter((site) => site.risk === risk).map((site) => lineOf(site.node)))].sort((a, b) => a - b);
      const named = lines.slice(0, MAX_LINES).join(', ');
      const more = lines.length > MAX_LINES ? ` and ${lines.length - MAX_LINES} more` : '';
      return `${RISKS[risk]} on line${lines.length === 1 ? '' : 's'} ${named}${more}`;
    })
    .join('; ');
}

/** A count that is never a float: a whole-number literal or a length. */
function wholeCount(count: Expression | undefined): boolean {
  if (count?.type === 'Literal') return typeof count.value === 'number' && Number.isInteger(count.value);
  return count?.type === 'CallExpression' && count.callee.type === 'Identifier' && count.callee.name === 'len';
}

/** The program's risky constructs that `consider` accepts, per function (and the module), in source order. */
function riskySites(program: Program, libraryCallees: ReadonlySet<string>, consider: (node: Node, body: Body) => boolean): Body[] {
  // The checker's types, made only when a construct is looked at.
  let model: ReturnType<typeof analyze> | undefined;
  const typeOf = (expression: Expression): Type | undefined => (model ??= analyze(program)).typeOf(expression.id);
  const kind = (expression: Expression | undefined): string => {
    const type: Type | undefined = expression ? typeOf(expression) : undefined;
    return type ? stripOptional(type).kind : 'any';
  };
  const elementKind = (expression: Expression | undefined): string => {
    const type = expression ? typeOf(expression) : undefined;
    const list = type ? stripOptional(type) : undefined;
    return list?.kind === 'list' ? stripOptional(list.element as Type).kind : list?.kind === 'string' || list === undefined || list.kind === 'any' ? 'any' : 'none';
  };
  // What may be a number or a text when the types do not say.
  const mayBeNumber = (expression: Expression): boolean => ['number', 'any'].includes(kind(expression));
  const mayBeText = (expression: Expression | undefined): boolean => ['string', 'any'].includes(kind(expression));
  const nonZero = (expression: Expression): boolean => expression.type === 'Literal' && typeof expression.value === 'number' && expression.value !== 0;
  const library = (node: Node, names: ReadonlySet<string>): string | undefined =>
    node.type === 'CallExpression' && node.callee.type === 'Identifier' && names.has(node.callee.name) && libraryCallees.has(node.callee.id) ? node.callee.name : undefined;

  const riskOf = (node: Node): Risk | undefined => {
    switch (node.type) {
      case 'BinaryExpression':
        if (GROWS.has(node.operator) && mayBeNumber(node.left) && mayBeNumber(node.right)) return 'whole numbers';
        if ((node.operator === '/' || node.operator === '%') && !nonZero(node.right)) return 'division';
        if (ORDERS.has(node.operator) && mayBeText(node.left) && mayBeText(node.right)) return 'text order';
        return undefined;
      case 'AssignmentStatement':
        if (['+=', '-=', '*='].includes(node.operator) && mayBeNumber(node.target) && mayBeNumber(node.value)) return 'whole numbers';
        if (node.operator === '/=' && !nonZero(node.value)) return 'division';
        return undefined;
      case 'IndexExpression':
        return mayBeText(node.object) ? 'text' : undefined;
      case 'CallExpression': {
        if (library(node, TEXT_RULES)) return 'text rules';
        if (library(node, TEXT_TESTS)) return 'text tests';
        if (library(node, SHOWS)) return node.arguments.some((argument) => kind(argument) === 'any') ? 'shown' : undefined;
        if (library(node, new Set(['fromCharCode']))) return 'text';
        if (library(node, new Set(['radixText']))) return 'radix';
        if (library(node, new Set(['repeatText']))) return wholeCount(node.arguments[1]) ? undefined : 'repeat';
        if (library(node, new Set(['minOf', 'maxOf']))) return 'extremes';
        const name = library(node, new Set([...MEASURES, ...SORTS, ...WALKS, 'int', 'pow', 'sum', 'concat']));
        const [first, second] = node.arguments;
        if (name === 'int') return first && mayBeNumber(first) ? 'int' : undefined;
        if (name === 'pow' || name === 'sum') return 'whole numbers';
        if (name === 'concat') return kind(second) === 'list' ? undefined : 'lists';
        // A lambda that calls nothing changes no list's length.
        if (name && WALKS.has(name)) return second?.type === 'Lambda' && !hasCall(second.body) ? undefined : 'lists';
        if (name && MEASURES.has(name)) return mayBeText(first) ? 'text' : undefined;
        if (name && SORTS.has(name)) {
          const texts = node.arguments.length >= 2 && (name === 'min' || name === 'max') ? mayBeText(first) && mayBeText(second) : ['string', 'any'].includes(elementKind(first));
          return texts ? 'text order' : undefined;
        }
        return undefined;
      }
      default:
        return undefined;
    }
  };

  const bodies: Body[] = [];
  const visit = (node: Node, body: Body): void => {
    if (node.type === 'FunctionDeclaration' || node.type === 'Lambda') {
      const inner: Body = { node, sites: [] };
      bodies.push(inner);
      for (const child of childNodes(node)) visit(child, inner);
      return;
    }
    const risk = consider(node, body) ? riskOf(node) : undefined;
    if (risk) body.sites.push({ node, risk });
    for (const child of childNodes(node)) visit(child, body);
  };
  const top: Body = { node: program, sites: [] };
  bodies.push(top);
  for (const child of program.children) visit(child, top);
  return bodies.filter((body) => body.sites.length > 0);
}

/** Whether a call is anywhere under `node`. */
function hasCall(node: Node): boolean {
  return node.type === 'CallExpression' || childNodes(node).some(hasCall);
}
