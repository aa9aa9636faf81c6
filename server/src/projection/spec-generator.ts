// generateCode's own generator: a natural-language specification in one of a documented set of
// forms becomes one checked Whetstone function. It recognises forms, it does not guess: a
// specification outside them is refused with the list of forms (a language model, where one is
// offered, handles the rest, and its answer is checked the same way: see acceptGeneratedSource).
//
// Forms (case-insensitive, anywhere in the sentence):
//   percentages   "a 10% discount on a given price", "15% tax on an amount", "20% of a total"
//   predicates    "whether a number is even" (odd, positive, negative, zero),
//                 "whether a string is empty", "whether a list is empty"
//   aggregates    "the sum of a list of numbers" (average, minimum, maximum, count),
//                 "the total price of a list of items" (sum/average/min/max of a field),
//                 "count the even numbers in a list" (odd, positive, negative, greater than N, less than N)
//   arithmetic    "multiply a price by a quantity", "add two numbers", "subtract a cost from a price",
//                 "divide a distance by a time"
//   field access  "get the email of a customer"
import { cloneTree, walk, type FunctionDeclaration } from '../core/ast';
import { analyze } from '../core/semantics';
import { WhetstoneDocument } from '../core/syntax';
import { ProjectionError } from './errors';

export const SPEC_FORMS: readonly string[] = [
  'percentages: "a 10% discount on a given price", "15% tax on an amount", "20% of a total"',
  'predicates: "whether a number is even" (odd, positive, negative, zero), "whether a string is empty", "whether a list is empty"',
  'aggregates: "the sum of a list of numbers" (average, minimum, maximum, count), "the total price of a list of items" (sum/average/minimum/maximum of a field)',
  'filtered counts: "count the even numbers in a list" (odd, positive, negative, greater than N, less than N)',
  'arithmetic: "multiply a price by a quantity", "add two numbers", "subtract a cost from a price", "divide a distance by a time"',
  'field access: "get the email of a customer"',
];

export interface GeneratedFunction {
  /** The function's node, ids generated_<n>. */
  node: FunctionDeclaration;
  /** Its Whetstone source. */
  code: string;
  note: string;
  /** The names the function reads and declares (parameters, locals), in order. */
  usedSymbols: string[];
}

interface Draft {
  code: string;
  note: string;
}

/** A Whetstone function for `spec`, or ProjectionError (failed) listing the forms understood. */
export function generateFromSpec(spec: string): GeneratedFunction {
  const text = spec.replace(/\s+/g, ' ').trim();
  const draft = percentage(text) ?? predicate(text) ?? filteredCount(text) ?? aggregate(text) ?? arithmetic(text) ?? fieldAccess(text);
  if (!draft) {
    throw new ProjectionError('failed', 'Code generation failed: the specification is not in a form the built-in generator understands, and no language model is available', `Forms understood: ${SPEC_FORMS.join('; ')}.`);
  }
  return acceptGeneratedSource(draft.code, draft.note);
}

/**
 * Checks generated Whetstone source (the built-in generator's, or a language model's answer):
 * it must parse without errors, check without errors and hold a function. Returns its first
 * function, or ProjectionError (failed) with what is wrong.
 */
export function acceptGeneratedSource(source: string, note: string): GeneratedFunction {
  const code = extractCode(source);
  const doc = WhetstoneDocument.create(code);
  try {
    const errors = [...doc.syntaxDiagnostics, ...analyze(doc).diagnostics].filter((d) => d.severity === 'error');
    const fn = doc.ast.children.find((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration');
    if (errors.length > 0 || !fn) {
      const problems = errors.length > 0 ? errors.map((d) => `${d.code} line ${d.line}: ${d.message}`).join('; ') : 'it holds no function declaration';
      throw new ProjectionError('failed', `Code generation failed: the generated code does not check (${problems})`, 'Nothing was inserted. Rephrase the specification, or write the function and insert it with applyMutation.');
    }
    const node = cloneTree(fn);
    const usedSymbols: string[] = [];
    walk(node, (child) => {
      child.id = child.id.replace(/^node_/, 'generated_');
      const name = child.type === 'Parameter' || child.type === 'VariableDeclaration' || child.type === 'Identifier' ? child.name : undefined;
      if (name !== undefined && !usedSymbols.includes(name) && name !== fn.name) usedSymbols.push(name);
    });
    return { node, code, note, usedSymbols };
  } finally {
    doc.dispose();
  }
}

/** The code in an answer: the first fenced block if there is one, else the whole text. */
function extractCode(answer: string): string {
  const fenced = /```[A-Za-z]*\n([\s\S]*?)```/.exec(answer);
  return (fenced ? fenced[1] : answer).trim() + '\n';
}

// -----------------------------------------------------------------------------------------------
// Forms

const NAME = '([a-z][a-z0-9]*(?: [a-z][a-z0-9]*)?)';

function camel(words: string): string {
  const parts = words.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return parts.map((part, index) => (index === 0 ? part : part[0].toUpperCase() + part.slice(1))).join('');
}

function pascal(words: string): string {
  const name = camel(words);
  return name[0].toUpperCase() + name.slice(1);
}

/** A number as a Whetstone literal for a percentage: 10 → 0.1. */
function fraction(percent: string): string {
  return String(Number(percent) / 100);
}

function percentage(text: string): Draft | undefined {
  const discount = /(\d+(?:\.\d+)?) ?% (discount|reduction|off)(?: (?:on|from|of|to))? (?:an? |the )?(?:given )?([a-z]+)/i.exec(text);
  if (discount) {
    const [, percent, , input] = discount;
    const param = camel(input);
    return {
      code: `fn calculateDiscount(${param}: number): number {\n  const discount = ${param} * ${fraction(percent)};\n  return ${param} - discount;\n}\n`,
      note: `Generated function: ${param} less a ${percent}% discount`,
    };
  }
  const added = /(\d+(?:\.\d+)?) ?% (tax|vat|tip|surcharge|markup|fee|interest)(?: (?:on|to|for|of))? (?:an? |the )?(?:given )?([a-z]+)/i.exec(text);
  if (added) {
    const [, percent, kind, input] = added;
    const param = camel(input);
    const local = camel(kind);
    return {
      code: `fn add${pascal(kind)}(${param}: number): number {\n  const ${local} = ${param} * ${fraction(percent)};\n  return ${param} + ${local};\n}\n`,
      note: `Generated function: ${param} plus ${percent}% ${kind.toLowerCase()}`,
    };
  }
  const share = /(\d+(?:\.\d+)?) ?% of (?:an? |the )?(?:given )?([a-z]+)/i.exec(text);
  if (share) {
    const [, percent, input] = share;
    const param = camel(input);
    return { code: `fn percentOf${pascal(input)}(${param}: number): number {\n  return ${param} * ${fraction(percent)};\n}\n`, note: `Generated function: ${percent}% of ${param}` };
  }
  return undefined;
}

const NUMBER_TESTS: Record<string, (name: string) => string> = {
  even: (n) => `${n} % 2 == 0`,
  odd: (n) => `${n} % 2 != 0`,
  positive: (n) => `${n} > 0`,
  negative: (n) => `${n} < 0`,
  zero: (n) => `${n} == 0`,
};

function predicate(text: string): Draft | undefined {
  const match = /(?:whether|if|check(?:s)? (?:whether|if)|tell(?:s)? (?:whether|if)) (?:an? |the )?(?:given )?(number|integer|string|text|list|array) is (even|odd|positive|negative|zero|empty)/i.exec(text);
  if (!match) return undefined;
  const [, subject, property] = match.map((part) => part?.toLowerCase());
  if (property === 'empty') {
    const type = subject === 'string' || subject === 'text' ? 'string' : subject === 'list' || subject === 'array' ? 'list<any>' : undefined;
    if (!type) return undefined;
    const param = type === 'string' ? 'text' : 'items';
    return { code: `fn isEmpty(${param}: ${type}): bool {\n  return len(${param}) == 0;\n}\n`, note: `Generated predicate: whether a ${subject} is empty` };
  }
  const test = NUMBER_TESTS[property];
  if (!test || !['number', 'integer'].includes(subject)) return undefined;
  return { code: `fn is${pascal(property)}(n: number): bool {\n  return ${test('n')};\n}\n`, note: `Generated predicate: whether a number is ${property}` };
}

function filteredCount(text: string): Draft | undefined {
  const match = /count(?: of)? (?:the |all )?(?:(even|odd|positive|negative) numbers|numbers (greater|less) than (-?\d+(?:\.\d+)?))/i.exec(text);
  if (!match) return undefined;
  const [, kind, comparison, bound] = match;
  const condition = kind ? NUMBER_TESTS[kind.toLowerCase()]('value') : `value ${comparison.toLowerCase() === 'greater' ? '>' : '<'} ${bound}`;
  const what = kind ? `${kind.toLowerCase()} numbers` : `numbers ${comparison.toLowerCase()} than ${bound}`;
  const name = kind ? `count${pascal(kind)}` : `count${pascal(comparison)}Than`;
  return {
    code: `fn ${name}(values: list<number>): number {\n  let count = 0;\n  for value in values {\n    if ${condition} {\n      count += 1;\n    }\n  }\n  return count;\n}\n`,
    note: `Generated function: how many ${what} a list holds`,
  };
}

const AGGREGATES = '(sum|total|average|mean|minimum|min|smallest|lowest|maximum|max|largest|highest|count|number)';

function aggregate(text: string): Draft | undefined {
  const ofField = new RegExp(`${AGGREGATES} (?:of )?(?:the )?${NAME} (?:of|in|over|across) (?:a |the )?(?:given )?list of ([a-z]+?)s?\\b`, 'i').exec(text);
  if (ofField && !/^numbers?$/i.test(ofField[2])) {
    const [, kind, field, element] = ofField;
    return aggregateCode(kind.toLowerCase(), `${camel(element)}s`, `${camel(element)}.${camel(field)}`, camel(element), `the ${field} of a list of ${element}s`);
  }
  const plain = new RegExp(`${AGGREGATES} (?:of )?(?:the )?(?:(?:numbers|values|items|elements) )?(?:of |in )?(?:a |the )?(?:given )?list(?: of (?:numbers|values))?`, 'i').exec(text);
  if (plain) return aggregateCode(plain[1].toLowerCase(), 'values', 'value', 'value', 'a list of numbers');
  return undefined;
}

function aggregateCode(kind: string, list: string, element: string, iterator: string, over: string): Draft | undefined {
  const elementType = iterator === 'value' ? 'number' : 'any';
  const head = (name: string): string => `fn ${name}(${list}: list<${elementType}>): number {\n`;
  const loop = (body: string): string => `  for ${iterator} in ${list} {\n${body}  }\n`;
  if (kind === 'sum' || kind === 'total') {
    return { code: `${head('sum')}  let total = 0;\n${loop(`    total += ${element};\n`)}  return total;\n}\n`, note: `Generated function: the sum of ${over}` };
  }
  if (kind === 'average' || kind === 'mean') {
    return {
      code: `${head('average')}  if len(${list}) == 0 {\n    return 0;\n  }\n  let total = 0;\n${loop(`    total += ${element};\n`)}  return total / len(${list});\n}\n`,
      note: `Generated function: the average of ${over} (0 for an empty list)`,
    };
  }
  if (kind === 'count' || kind === 'number') {
    return { code: `fn count(${list}: list<${elementType}>): number {\n  return len(${list});\n}\n`, note: `Generated function: how many elements ${over} holds` };
  }
  const smallest = ['minimum', 'min', 'smallest', 'lowest'].includes(kind);
  const name = smallest ? 'minimum' : 'maximum';
  const first = iterator === 'value' ? `${list}[0]` : `${list}[0].${element.split('.')[1]}`;
  return {
    code: `fn ${name}(${list}: list<${elementType}>): number? {\n  if len(${list}) == 0 {\n    return null;\n  }\n  let best: number = ${first};\n${loop(`    if ${element} ${smallest ? '<' : '>'} best {\n      best = ${element};\n    }\n`)}  return best;\n}\n`,
    note: `Generated function: the ${name} of ${over} (null for an empty list)`,
  };
}

const OPERATIONS: Record<string, { operator: string; verb: string }> = {
  add: { operator: '+', verb: 'add' },
  sum: { operator: '+', verb: 'add' },
  subtract: { operator: '-', verb: 'subtract' },
  multiply: { operator: '*', verb: 'multiply' },
  divide: { operator: '/', verb: 'divide' },
};

function arithmetic(text: string): Draft | undefined {
  const two = /\b(add|sum|subtract|multiply|divide)s? (?:two|2) numbers/i.exec(text);
  if (two) {
    const { operator, verb } = OPERATIONS[two[1].toLowerCase()];
    return { code: `fn ${verb}(a: number, b: number): number {\n  return a ${operator} b;\n}\n`, note: `Generated function: ${verb} two numbers` };
  }
  const named = new RegExp(`\\b(add|subtract|multiply|divide)s? (?:an? |the )?(?:given )?${NAME} (by|and|to|from) (?:an? |the )?(?:given )?${NAME}`, 'i').exec(text);
  if (!named) return undefined;
  const [, action, first, joiner, second] = named;
  const { operator, verb } = OPERATIONS[action.toLowerCase()];
  // "subtract a cost from a price" is price - cost.
  const [left, right] = verb === 'subtract' && joiner.toLowerCase() === 'from' ? [camel(second), camel(first)] : [camel(first), camel(second)];
  if (left === right) return undefined;
  return {
    code: `fn ${verb}${pascal(left)}${pascal(right)}(${left}: number, ${right}: number): number {\n  return ${left} ${operator} ${right};\n}\n`,
    note: `Generated function: ${left} ${operator} ${right}`,
  };
}

function fieldAccess(text: string): Draft | undefined {
  const match = /\b(?:get|read|return|fetch)s? (?:the )?([a-z][a-z0-9]*) (?:field )?of (?:an? |the )?(?:given )?([a-z][a-z0-9]*)/i.exec(text);
  if (!match) return undefined;
  const [, field, owner] = match;
  const param = camel(owner);
  return { code: `fn get${pascal(field)}(${param}: any): any {\n  return ${param}.${camel(field)};\n}\n`, note: `Generated function: the ${field} field of a ${owner}` };
}
