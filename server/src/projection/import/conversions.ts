// The source languages' conversions of a value to a number: JavaScript's Number, parseFloat and
// parseInt, Python's float and int. Each reads texts by its own rules (Number("") is 0,
// Number("0x10") 16, parseFloat("12px") 12, parseInt("08") 8, float("1_000") 1000, float("inf") an
// infinity, int("x") raises), which no Whetstone built-in shares: num reads a decimal number only,
// int decimal digits only, and both give NaN where Python raises. So a conversion is decided at
// import when its argument is a literal (the source's own result becomes a literal); a conversion of
// a number keeps its meaning (Number(n), parseFloat(n) and float(n) are n, int(n) is int); any other
// argument is a text the import cannot see, and the conversion is an error naming why, but for
// parseInt(s, 10), whose reading the built-in parseInteger has, and Python's int of a text (or
// int(s, base)), whose reading the built-in pyInt has.
import { walk, type CallExpression, type Expression, type Program, type UnaryExpression } from '../../core/ast';
import { analyze } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { AstBuilder, Conversion } from './ast-builder';

/** Why each conversion cannot be carried on a text the import cannot see. */
const READS_OTHERWISE: Record<Conversion, string> = {
  Number: `JavaScript's Number reads "" as 0 and "0x10" as 16, where Whetstone's num gives NaN`,
  parseFloat: `JavaScript's parseFloat reads the number at the start of a text ("12px" is 12), where Whetstone's num gives NaN`,
  parseInt: `JavaScript's parseInt reads the digits at the start of a text ("12px" is 12, "0x10" 16) and a number through its text (1e21 is 1), where Whetstone's int gives NaN or the number`,
  float: `Python's float reads "1_000", "inf" and "nan" and raises ValueError for other texts, where Whetstone's num gives NaN`,
  int: `Python's int takes the whole part of a number and reads a text by its own rules (pyInt's), and the type here does not say which it is given`,
};

const HINT = 'Convert a literal, or a number; for a text, write the conversion you mean in Whetstone (num(s) reads a decimal number, int(s) decimal digits, NaN otherwise).';

/** The source's result for a literal argument: a number, or why the source raises. */
type Outcome = { value: number } | { raises: string } | { unknown: string };

/**
 * The Whetstone expression for `construct(args)` at `at`: the source's own result when the
 * argument is a literal, a num/int call the later check (reportConversions) holds to numbers
 * otherwise (recorded in the builder's `conversions`), or an error node.
 */
export function importConversion(b: AstBuilder, construct: Conversion, args: Expression[], at: SyntaxNode): Expression {
  const name = `${construct}(…)`;
  const literal = literalValue(args[0]);
  const radix = args[1] === undefined ? undefined : literalValue(args[1]);
  if (construct === 'int' && args[1] !== undefined && !(typeof radix?.value === 'number' && Number.isInteger(radix.value) && radix.value >= 2 && radix.value <= 36)) {
    return b.errorNode(at, `${name} with a base other than a whole number from 2 to 36 written out (Python reads 0 by the text's prefix)`, 'Write the base as a number literal from 2 to 36.');
  }
  if (construct === 'parseInt' && args[1] !== undefined && typeof radix?.value !== 'number') {
    return b.errorNode(at, `${name} with a radix that is not a number literal (it is read as a number when the program runs)`, 'Write the radix as a number literal (10).');
  }
  if (literal) {
    const outcome = sourceResult(construct, literal.value, radix?.value as number | undefined);
    if ('value' in outcome) return numberExpression(b, outcome.value, at, construct === 'float');
    if ('raises' in outcome) return b.errorNode(at, `${construct}(${JSON.stringify(literal.value)}) (it raises ${outcome.raises} in Python)`, 'Remove the conversion or give it a text Python reads.');
    return b.errorNode(at, `${construct}(${JSON.stringify(literal.value)}) (${outcome.unknown})`, HINT);
  }
  // parseInt(s, 10) reads the digits at the start of a text, as parseInteger does; without the radix "0x" is read as hexadecimal.
  if (construct === 'parseInt' && radix?.value === 10) return b.call('parseInteger', args.slice(0, 1), at);
  // Another whole radix from 2 to 36: parseInteger's reading in that base (0x too in base 16).
  if (construct === 'parseInt' && typeof radix?.value === 'number' && Number.isInteger(radix.value) && radix.value >= 2 && radix.value <= 36) return b.call('parseInteger', args.slice(0, 2), at);
  if (construct === 'parseInt' && radix !== undefined) return b.errorNode(at, `${name} with a radix other than a whole number from 2 to 36 (JavaScript reads 0 as 10, others as NaN)`, 'Write a radix from 2 to 36.');
  if (construct === 'parseInt') return b.errorNode(at, `${name} of a value not known at import (${READS_OTHERWISE.parseInt})`, 'Math.trunc(x) takes the whole part of a number; for a text, write the conversion you mean in Whetstone.');
  // int(s, base) is pyInt's from the start (the later check holds s to texts); int(x) becomes pyInt there when x is a text.
  if (construct === 'int' && args[1] !== undefined) {
    const call = b.call('pyInt', args, at);
    b.conversions.set(call.id, construct);
    return call;
  }
  const call = b.call(construct === 'int' ? 'int' : 'num', args.slice(0, 1), at);
  b.conversions.set(call.id, construct);
  return call;
}

/**
 * After the import: a conversion of a number keeps its meaning (Number(n), parseFloat(n), float(n)
 * become n; int(n) stays int); of anything else (a text, a value of unknown type) it is an error.
 */
export function reportConversions(program: Program, conversions: ReadonlyMap<string, Conversion>): ProjectionDiagnostic[] {
  if (conversions.size === 0) return [];
  const calls: { call: CallExpression; construct: Conversion }[] = [];
  walk(program, (node) => {
    const construct = node.type === 'CallExpression' ? conversions.get(node.id) : undefined;
    if (construct) calls.push({ call: node as CallExpression, construct });
  });
  if (calls.length === 0) return [];
  const model = analyze(program);
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const { call, construct } of calls) {
    const argument = call.arguments[0] as Expression;
    if (argument.type === 'ErrorNode') continue; // reported where it was left out
    const type = model.typeOf(argument.id);
    const named = call.callee.type === 'Identifier' ? call.callee.name : '';
    if (type?.kind === 'number' && named !== 'pyInt') {
      if (construct !== 'int') becomeArgument(call, argument);
      continue;
    }
    // Python's int of a text: pyInt reads it as Python does, and stops where Python raises.
    if (construct === 'int' && type?.kind === 'string') {
      if (call.callee.type === 'Identifier') call.callee.name = 'pyInt';
      continue;
    }
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${construct}(…) of a value not known at import to be a number: ${READS_OTHERWISE[construct]}`, call.id, call.span, { hint: HINT }),
    );
  }
  return diagnostics;
}

/** Turns the call node into its argument in place (the tree holds the call object). */
function becomeArgument(call: CallExpression, argument: Expression): void {
  const target = call as unknown as Record<string, unknown>;
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, argument);
}

/** A literal's value (a negative number is a minus before one), or undefined. */
function literalValue(expression: Expression | undefined): { value: string | number | boolean | null } | undefined {
  if (!expression) return undefined;
  if (expression.type === 'Literal') return { value: expression.value };
  if (expression.type === 'UnaryExpression' && expression.operator === '-' && expression.operand.type === 'Literal' && typeof expression.operand.value === 'number') {
    return { value: -expression.operand.value };
  }
  return undefined;
}

/** What the source's conversion gives for a literal. JavaScript's own functions decide JavaScript's. */
export function sourceResult(construct: Conversion, value: string | number | boolean | null, radix?: number): Outcome {
  switch (construct) {
    case 'Number':
      return { value: Number(value) };
    case 'parseFloat':
      return { value: parseFloat(String(value)) };
    case 'parseInt':
      return { value: parseInt(String(value), radix) };
    case 'float':
      return pythonFloat(value);
    case 'int':
      return pythonInt(value, radix);
  }
}

// Python strips these ASCII blanks around a number (not U+001C–U+001F, which str.isspace counts);
// other characters are judged by Unicode tables the import does not carry, so a text holding one
// is not decided here.
const PY_SPACE = '[ \\t\\n\\v\\f\\r]*';
const DIGITS = '[0-9](?:_?[0-9])*';
const PY_INT = new RegExp(`^${PY_SPACE}([+-]?${DIGITS})${PY_SPACE}$`);
const PY_FLOAT = new RegExp(`^${PY_SPACE}([+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf|infinity|nan))${PY_SPACE}$`, 'i');

const outsideAscii = (text: string): boolean => [...text].some((char) => char.codePointAt(0)! > 0x7f);

function pythonFloat(value: string | number | boolean | null): Outcome {
  if (typeof value === 'number') return { value };
  if (typeof value === 'boolean') return { value: value ? 1 : 0 };
  if (value === null) return { raises: 'TypeError' };
  if (outsideAscii(value)) return { unknown: 'a text with characters outside ASCII, which Python reads by Unicode rules' };
  const match = PY_FLOAT.exec(value);
  if (!match) return { raises: 'ValueError' };
  const text = match[1].replace(/_/g, '').toLowerCase();
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[+-]/, '');
  if (body === 'inf' || body === 'infinity') return { value: sign * Infinity };
  if (body === 'nan') return { value: NaN };
  return { value: Number(text) };
}

function pythonInt(value: string | number | boolean | null, base = 10): Outcome {
  if (typeof value === 'number' && base === 10) return Number.isFinite(value) ? { value: Math.trunc(value) } : { raises: Number.isNaN(value) ? 'ValueError' : 'OverflowError' };
  if (typeof value === 'boolean' && base === 10) return { value: value ? 1 : 0 };
  if (typeof value !== 'string') return { raises: 'TypeError' };
  if (outsideAscii(value)) return { unknown: 'a text with characters outside ASCII, which Python reads by Unicode rules' };
  if (base === 10) {
    const match = PY_INT.exec(value);
    if (!match) return { raises: 'ValueError' };
    return wholeWithin(BigInt(match[1].replace(/_/g, '')));
  }
  return pythonIntInBase(value, base);
}

/** int(text, base) of an ASCII text in a base from 2 to 36 but 10: Python's reading, prefixes and underscores included. */
export function pythonIntInBase(text: string, base: number): Outcome {
  let body = text.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');
  const negative = body.startsWith('-');
  if (negative || body.startsWith('+')) body = body.slice(1);
  const prefix = ({ 2: '0b', 8: '0o', 16: '0x' } as Record<number, string>)[base];
  if (prefix !== undefined && body.slice(0, 2).toLowerCase() === prefix) body = body.slice(2).replace(/^_(?=.)/, '');
  if (!/^[0-9a-z]+(_[0-9a-z]+)*$/i.test(body)) return { raises: 'ValueError' };
  let whole = 0n;
  for (const char of body.replace(/_/g, '')) {
    const digit = parseInt(char, 36);
    if (digit >= base) return { raises: 'ValueError' };
    whole = whole * BigInt(base) + BigInt(digit);
  }
  return wholeWithin(negative ? -whole : whole);
}

function wholeWithin(whole: bigint): Outcome {
  const limit = 2n ** 53n;
  if (whole >= limit || whole <= -limit) return { unknown: "a whole number from 2^53, which Python keeps exact and Whetstone's numbers cannot" };
  return { value: Number(whole) };
}

/**
 * A number as a Whetstone expression: a literal (a minus before it when negative); NaN and the
 * infinities as num("NaN"), num("Infinity"). `asFloat` keeps Python's float a num call, which the
 * display check knows shows as a float.
 */
function numberExpression(b: AstBuilder, value: number, at: SyntaxNode, asFloat: boolean): Expression {
  if (!Number.isFinite(value) || asFloat) return b.call('num', [b.literal(String(value), at)], at);
  const literal = b.literal(Math.abs(value), at);
  if (value >= 0 && !Object.is(value, -0)) return literal;
  return b.make<UnaryExpression>('UnaryExpression', at, { operator: '-', operand: literal });
}
