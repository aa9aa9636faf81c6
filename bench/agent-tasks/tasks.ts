// The seven tasks of the agent task benchmark, on the 50-file workspace of workspace.ts. Each task
// has the scripted endpoint agent's steps (MCP tools only: files found by qualified name, ids and
// positions taken from answers, never from the files), the baseline agent's steps (it finds files
// by searching their text, then reads and writes them whole), and its own assertion on the files
// on disk; success also needs the checker to report no error afterwards. What a task gives both
// agents (a checker's line a person pastes, say) is in its `input`, not counted for either.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkerDiagnostics, FileAgent, type EndpointAgent } from './agents';

export interface AgentTask {
  name: string;
  /** Breaks the copy of the workspace before either agent starts (not counted); returns the task's input. */
  prepare?(folder: string): string;
  /** Steps of the endpoint agent; `folder` is the folder served (the root of its URIs). */
  endpoint(agent: EndpointAgent, folder: string, input: string): Promise<void>;
  baseline(agent: FileAgent, input: string): Promise<void> | void;
  /** Why the task is not done in these files (keyed by `/`-separated path), or undefined when it is. */
  verify(files: Record<string, string>): string | undefined;
}

interface Candidate {
  nodeId: string;
  parentId: string | null;
}
interface Found {
  candidates: Candidate[];
}
interface SymbolMatch {
  qualifiedName: string;
  uri: string;
  nodeId: string;
  signature: string;
}
interface Diagnostic {
  code: string;
  severity: string;
  nodeId: string;
  line: number;
  hint?: string;
  /** The fix getDiagnostics keeps under this id (MCP gives it by the id alone; applyBatch {fixId} applies it). */
  fixId?: string;
  /** Where the cause is declared (a call's argument or arity); a parameter's entry may offer to retype it. */
  related?: { uri: string; nodeId: string; qualifiedName: string; hint?: string; fixId?: string }[];
}
/** brokenCallers as MCP gives them: per message, then per file, the calls. */
interface BrokenCallers {
  code: string;
  message: string;
  files: { uri: string; calls: { nodeId: string }[] }[];
}
interface Changed {
  diagnostics?: Diagnostic[];
  /** Whether the diagnostic a fix of another file was for is gone. */
  resolved?: boolean;
  changes?: { diagnostics?: Diagnostic[] }[];
  files?: { diagnostics?: Diagnostic[]; brokenCallers?: BrokenCallers[] }[];
  brokenCallers?: BrokenCallers[];
  brokenCallersTotal?: number;
}

/** A file named by its path under the folder served: MCP takes and gives URIs relative to the one source root. */
const uriOf = (_folder: string, file: string): string => file;

/** The calls brokenCallers names, each with its file. */
const brokenCalls = (groups: BrokenCallers[] = []): { uri: string; nodeId: string }[] =>
  groups.flatMap((group) => group.files.flatMap((file) => file.calls.map((call) => ({ uri: file.uri, nodeId: call.nodeId }))));

/** The agent reads the diagnostics its change returned, as the answer gives them, and stops on an error. */
function noErrors(result: Changed): void {
  const diagnostics = [...(result.diagnostics ?? []), ...(result.changes ?? []).flatMap((change) => change.diagnostics ?? []), ...(result.files ?? []).flatMap((file) => file.diagnostics ?? [])];
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new Error(`the change left errors: ${errors.map((error) => error.code).join(', ')}`);
  const broken = [...brokenCalls(result.brokenCallers), ...(result.files ?? []).flatMap((file) => brokenCalls(file.brokenCallers))];
  if (broken.length > 0) throw new Error(`the change broke ${broken.length} callers`);
}

/** The one declaration a name denotes, found by name across the workspace. */
async function oneSymbol(agent: EndpointAgent, name: string, kind: string): Promise<SymbolMatch> {
  const { matches } = await agent.call<{ matches: SymbolMatch[] }>('findSymbol', { name, kind });
  if (matches.length !== 1) throw new Error(`${name}: ${matches.length} declarations`);
  return matches[0];
}

/** The checker's line for the file's first error, as a person pastes it: `path:line:column: CODE message`. */
function checkerLine(folder: string, file: string): string {
  const error = checkerDiagnostics(folder).find((diagnostic) => diagnostic.file === file && diagnostic.severity === 'error');
  if (!error) throw new Error(`no error in ${file} to start from`);
  return `${error.file}:${error.line}:${error.column}: ${error.code} ${error.message}`;
}

const lineOf = (input: string): number => Number(input.split(':')[1]);

function replaceIn(folder: string, file: string, from: string, to: string): void {
  const path = join(folder, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not hold ${from}`);
  writeFileSync(path, text.replace(from, to));
}

/** Adds `argument` as the last argument of every call of `name` in `text` (not its declaration). */
function addArgument(text: string, name: string, argument: string): string {
  let out = '';
  let at = 0;
  for (let found = text.indexOf(`${name}(`, at); found >= 0; found = text.indexOf(`${name}(`, at)) {
    const open = found + name.length;
    let depth = 0;
    let close = open;
    for (; close < text.length; close++) {
      if (text[close] === '(') depth++;
      if (text[close] === ')' && --depth === 0) break;
    }
    const isDeclaration = text.slice(Math.max(0, found - 3), found) === 'fn ';
    out += text.slice(at, close) + (isDeclaration ? '' : `, ${argument}`);
    at = close;
  }
  return out + text.slice(at);
}


const NEW_FUNCTION = `
// What the customer pays with tax, in whole cents.
fn orderTotalWithTax(order: Order): number {
  return roundCents(applyTax(orderTotal(order), TAX_RATE));
}
`;

export const TASKS: AgentTask[] = [
  {
    name: 'add a feature',
    async endpoint(agent) {
      const orderTotal = await oneSymbol(agent, 'orderTotal', 'function');
      // New code goes as Whetstone text, parsed by the server for the role it goes into; without a
      // parentId it goes into the file's top level.
      const result = await agent.call<Changed>('applyBatch', {
        uri: orderTotal.uri,
        mutations: [
          // A node keeps no comment: the function alone.
          { type: 'insertNode', role: 'children', source: NEW_FUNCTION.trim().replace(/^\/\/.*\n/, '') },
          { type: 'insertNode', role: 'children', source: 'print(orderTotalWithTax(sample));' },
        ],
      });
      noErrors(result);
    },
    baseline(agent) {
      const [file] = FileAgent.filesOf(agent.grep(/fn orderTotal\(/));
      const orders = agent.read(file);
      const at = orders.indexOf('\n// The number of lines in an order.');
      agent.write(file, `${orders.slice(0, at)}\n${NEW_FUNCTION.trim()}\n${orders.slice(at)}print(orderTotalWithTax(sample));\n`);
      agent.check();
    },
    verify({ 'orders.wst': orders }) {
      if (!/fn orderTotalWithTax\(order: Order\): number \{\n\s+return roundCents\(applyTax\(orderTotal\(order\), TAX_RATE\)\);\n\}/.test(orders)) return 'orderTotalWithTax is missing or wrong';
      if (!/\nprint\(orderTotalWithTax\(sample\)\);\n/.test(orders)) return 'the call is missing';
      return undefined;
    },
  },
  {
    name: 'repair a type error',
    prepare(folder) {
      replaceIn(folder, 'report.wst', 'let slowThreshold: number = 3;', 'let slowThreshold: number = "3";');
      return checkerLine(folder, 'report.wst');
    },
    async endpoint(agent, folder, input) {
      const uri = uriOf(folder, input.slice(0, input.indexOf(':')));
      const { diagnostics } = await agent.call<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri });
      const error = diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH' && diagnostic.line === lineOf(input));
      // The engine's fix writes the text's digits as the number (its hint says so): applied by its id.
      if (!error?.fixId || error.hint !== 'Write it as the number 3') throw new Error(`no fix writing the number reported: ${JSON.stringify(error)}`);
      noErrors(await agent.call<Changed>('applyBatch', { fixId: error.fixId }));
    },
    baseline(agent, input) {
      const file = input.slice(0, input.indexOf(':'));
      const report = agent.read(file);
      agent.write(file, report.replace('let slowThreshold: number = "3";', 'let slowThreshold: number = 3;'));
      agent.check();
    },
    verify({ 'report.wst': report }) {
      return /let slowThreshold: number = 3;/.test(report) ? undefined : 'slowThreshold is not the number 3';
    },
  },
  {
    name: 'rename across files',
    async endpoint(agent) {
      const target = await oneSymbol(agent, 'roundCents', 'function');
      noErrors(await agent.call<Changed>('renameSymbol', { nodeId: target.nodeId, newName: 'toCents', uri: target.uri }));
    },
    baseline(agent) {
      for (const file of FileAgent.filesOf(agent.grep(/\broundCents\b/))) agent.write(file, agent.read(file).replace(/\broundCents\b/g, 'toCents'));
      agent.check();
    },
    verify(files) {
      const left = Object.keys(files).filter((file) => /\broundCents\b/.test(files[file]));
      if (left.length > 0) return `roundCents is still used in ${left.join(', ')}`;
      if (!/fn toCents\(amount: number\): number/.test(files['pricing.wst'])) return 'no toCents in pricing.wst';
      const importers = Object.keys(files).filter((file) => /use pricing\.\{[^}]*\btoCents\b/.test(files[file]));
      return importers.length === 5 ? undefined : `${importers.length} files import toCents, not 5`;
    },
  },
  {
    name: 'signature with a default',
    async endpoint(agent, folder) {
      const formatPrice = await oneSymbol(agent, 'formatPrice', 'function');
      const dollar = await agent.call<Found>('findNodes', { type: 'Literal', text: '"$"', uri: formatPrice.uri });
      // Every candidate is a Literal: the call asked for that type.
      if (dollar.candidates.length !== 1) throw new Error(`${dollar.candidates.length} "$" literals`);
      const literal = dollar.candidates[0];
      const report = uriOf(folder, 'report.wst');
      const calls = await agent.call<Found>('findNodes', { type: 'CallExpression', text: 'formatPrice(', uri: report });
      noErrors(
        await agent.call<Changed>('applyBatch', {
          mutations: [
            { type: 'insertNode', parentId: formatPrice.nodeId, role: 'parameters', source: 'currency: string = "$"', uri: formatPrice.uri },
            { type: 'updateNode', nodeId: literal.nodeId, source: 'currency', uri: formatPrice.uri },
            ...calls.candidates.map((candidate) => ({ type: 'insertNode', parentId: candidate.nodeId, role: 'arguments', source: '"EUR "', uri: report })),
          ],
        }),
      );
    },
    baseline(agent) {
      const [file] = FileAgent.filesOf(agent.grep(/fn formatPrice\(/));
      const pricing = agent.read(file);
      agent.write(file, pricing.replace('fn formatPrice(amount: number): string {\n  return "$" + str(roundCents(amount));', 'fn formatPrice(amount: number, currency: string = "$"): string {\n  return currency + str(roundCents(amount));'));
      agent.write('report.wst', addArgument(agent.read('report.wst'), 'formatPrice', '"EUR "'));
      agent.check();
    },
    verify(files) {
      if (!/fn formatPrice\(amount: number, currency: string = "\$"\): string \{\n\s+return currency \+ str\(roundCents\(amount\)\);/.test(files['pricing.wst'])) return 'formatPrice has not the new parameter';
      const calls = [...files['report.wst'].matchAll(/formatPrice\(/g)].length;
      const updated = [...files['report.wst'].matchAll(/, "EUR "\)/g)].length;
      if (calls !== 2 || updated !== 2) return `${updated} of the report's ${calls} calls pass the currency`;
      const elsewhere = Object.keys(files).filter((file) => file !== 'report.wst' && files[file].includes('"EUR "'));
      return elsewhere.length === 0 ? undefined : `other files changed: ${elsewhere.join(', ')}`;
    },
  },
  {
    name: 'add the suggested annotation',
    async endpoint(agent) {
      const fn = await oneSymbol(agent, 'lineTotal', 'function');
      // The agent wants a purity annotation: it asks for the semantic suggestions only.
      const { suggestions } = await agent.call<{ suggestions: Record<string, unknown>[] }>('getAnnotationSuggestions', { nodeId: fn.nodeId, annotationType: 'semantic', uri: fn.uri });
      const pure = suggestions.find((suggestion) => suggestion.strategy === 'pure');
      if (!pure) throw new Error(`no @semantic(pure) among ${suggestions.length} suggestions`);
      // The server keeps what it showed: the suggestion is accepted by its node, type and strategy.
      noErrors(await agent.call<Changed>('applyAnnotationSuggestion', { nodeId: pure.nodeId, annotationType: 'semantic', strategy: 'pure', uri: fn.uri }));
    },
    baseline(agent) {
      const [file] = FileAgent.filesOf(agent.grep(/fn lineTotal\(/));
      agent.write(file, agent.read(file).replace('fn lineTotal(', '@semantic(pure, reason: "depends only on its argument", confidence: 0.9)\nfn lineTotal('));
      agent.check();
    },
    verify({ 'pricing.wst': pricing }) {
      return /@semantic\(pure[^\n]*\)\nfn lineTotal\(/.test(pricing) ? undefined : 'lineTotal carries no @semantic(pure)';
    },
  },
  {
    name: 'API change breaking callers',
    async endpoint(agent) {
      const padLeft = await oneSymbol(agent, 'padLeft', 'function');
      const padding = await agent.call<Found>('findNodes', { type: 'BinaryExpression', text: '" " + out', uri: padLeft.uri });
      if (padding.candidates.length !== 1) throw new Error(`${padding.candidates.length} candidates for the padding`);
      const declaration = [
        { type: 'insertNode', parentId: padLeft.nodeId, role: 'parameters', source: 'fill: string' },
        { type: 'updateNode', nodeId: padding.candidates[0].nodeId, source: 'fill + out' },
      ];
      // A preview names every call the change breaks, in every file; the change and their fixes then go as one batch.
      const preview = await agent.call<Changed>('applyBatch', { uri: padLeft.uri, mutations: declaration, dryRun: true });
      const broken = brokenCalls(preview.brokenCallers);
      if (broken.length === 0 || broken.length !== preview.brokenCallersTotal) throw new Error(`${broken.length} of ${preview.brokenCallersTotal} broken callers listed`);
      noErrors(
        await agent.call<Changed>('applyBatch', {
          mutations: [
            ...declaration.map((mutation) => ({ ...mutation, uri: padLeft.uri })),
            ...broken.map((caller) => ({ type: 'insertNode', parentId: caller.nodeId, role: 'arguments', source: '" "', uri: caller.uri })),
          ],
        }),
      );
    },
    baseline(agent) {
      const found = agent.grep(/padLeft\(/);
      const declaring = found.split('\n').find((line) => line.includes('fn padLeft('))!;
      for (const file of FileAgent.filesOf(found)) {
        let text = agent.read(file);
        if (declaring.startsWith(`${file}:`)) text = text.replace('fn padLeft(text: string, width: number): string {', 'fn padLeft(text: string, width: number, fill: string): string {').replace('out = " " + out;', 'out = fill + out;');
        agent.write(file, addArgument(text, 'padLeft', '" "'));
      }
      agent.check();
    },
    verify(files) {
      if (!/fn padLeft\(text: string, width: number, fill: string\): string \{[^}]*out = fill \+ out;/.test(files['core/text.wst'])) return 'padLeft has not the new parameter';
      let calls = 0;
      let passing = 0;
      for (const text of Object.values(files)) {
        calls += [...text.matchAll(/(?<!fn )padLeft\(/g)].length;
        passing += [...text.matchAll(/padLeft\([^()]*(?:\([^()]*\)[^()]*)*, " "\)/g)].length;
      }
      return calls > 0 && calls === passing ? undefined : `${passing} of ${calls} calls pass the fill`;
    },
  },
  {
    name: 'type error caused in another file',
    prepare(folder) {
      replaceIn(folder, 'catalog/rules.wst', 'fn weightLabel(kg: number): string {', 'fn weightLabel(kg: string): string {');
      return checkerLine(folder, 'shipping/view.wst');
    },
    async endpoint(agent, folder, input) {
      const uri = uriOf(folder, input.slice(0, input.indexOf(':')));
      const { diagnostics } = await agent.call<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri });
      const error = diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH' && diagnostic.line === lineOf(input));
      // The argument is fine (a weight); the parameter it is passed to, which the diagnostic names, is
      // declared wrong: the agent takes the fix offered there (declare it with the argument's type).
      const parameter = error?.related?.[0];
      if (!parameter?.fixId) throw new Error(`no type error offering to retype its parameter reported: ${JSON.stringify(error)}`);
      const result = await agent.call<Changed>('applyBatch', { fixId: parameter.fixId });
      noErrors(result);
      if (result.resolved !== true) throw new Error('the error is still reported');
    },
    baseline(agent, input) {
      const file = input.slice(0, input.indexOf(':'));
      const line = agent.read(file).split('\n')[lineOf(input) - 1];
      const callee = /(\w+)\(parcel\.weightKg\)/.exec(line)?.[1];
      const [declaring] = FileAgent.filesOf(agent.grep(new RegExp(`fn ${callee}\\(`)));
      agent.write(declaring, agent.read(declaring).replace(`fn ${callee}(kg: string)`, `fn ${callee}(kg: number)`));
      agent.check();
    },
    verify(files) {
      return /fn weightLabel\(kg: number\): string/.test(files['catalog/rules.wst']) ? undefined : 'weightLabel does not take a number';
    },
  },
];
