// The five fixed tasks of the agent task benchmark, on the fixture workspace fixtures/shop/
// (pricing.wst; orders.wst and report.wst import from it). Each task has the scripted endpoint
// agent's steps (MCP tools only, ids and positions taken from answers, never from the files), the
// baseline agent's steps (whole files read and written as text), and its own assertion on the
// files on disk; success also needs the checker to report no error afterwards.
import { pathToFileURL } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EndpointAgent, FileAgent } from './agents';

export interface AgentTask {
  name: string;
  /** Sets up the copy of the fixture before either agent starts (not counted). */
  prepare?(folder: string): void;
  /** Steps of the endpoint agent; `folder` is where the served files are (for their URIs). */
  endpoint(agent: EndpointAgent, folder: string): Promise<void>;
  baseline(agent: FileAgent): Promise<void> | void;
  /** Why the task is not done in these files, or undefined when it is. */
  verify(files: Record<string, string>): string | undefined;
}

interface Candidate {
  nodeId: string;
  parentId: string | null;
  type: string;
}
interface Found {
  candidates: Candidate[];
}
interface Diagnostic {
  code: string;
  severity: string;
  nodeId: string;
}
interface Changed {
  diagnostics?: Diagnostic[];
  changes?: { diagnostics: Diagnostic[] }[];
}

const uriOf = (folder: string, file: string): string => pathToFileURL(join(folder, file)).href;

/** The agent reads the diagnostics its change returned, as the answer gives them, and stops on an error. */
function noErrors(result: Changed): void {
  const diagnostics = [...(result.diagnostics ?? []), ...(result.changes ?? []).flatMap((change) => change.diagnostics)];
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new Error(`the change left errors: ${errors.map((error) => error.code).join(', ')}`);
}

const call = (callee: string, ...args: unknown[]): Record<string, unknown> => ({ type: 'CallExpression', callee: { type: 'Identifier', name: callee }, arguments: args });
const id = (name: string): Record<string, unknown> => ({ type: 'Identifier', name });

const NEW_FUNCTION = `
// What the customer pays with tax, in whole cents.
fn orderTotalWithTax(order: Order): number {
  return roundCents(applyTax(orderTotal(order), TAX_RATE));
}
`;

export const TASKS: AgentTask[] = [
  {
    name: 'add a feature: a new function built on existing ones, and a call to it',
    async endpoint(agent, folder) {
      await agent.call('setAgentRole', { role: 'refactor' });
      const anchor = await oneFunctionIn(agent, uriOf(folder, 'orders.wst'), 'orderTotal');
      const result = await agent.call<Changed>('applyBatch', {
        uri: uriOf(folder, 'orders.wst'),
        mutations: [
          {
            type: 'insertNode',
            parentId: anchor.parentId,
            role: 'children',
            node: {
              type: 'FunctionDeclaration',
              name: 'orderTotalWithTax',
              returnType: 'number',
              parameters: [{ type: 'Parameter', name: 'order', paramType: 'Order' }],
              body: { type: 'Block', statements: [{ type: 'ReturnStatement', value: call('roundCents', call('applyTax', call('orderTotal', id('order')), id('TAX_RATE'))) }] },
            },
          },
          { type: 'insertNode', parentId: anchor.parentId, role: 'children', node: { type: 'ExpressionStatement', expression: call('print', call('orderTotalWithTax', id('sample'))) } },
        ],
      });
      noErrors(result);
    },
    baseline(agent) {
      // It reads what it builds on (the signatures in pricing.wst), then writes orders.wst whole.
      agent.read('pricing.wst');
      const orders = agent.read('orders.wst');
      const at = orders.indexOf('\n// The number of lines in an order.');
      agent.write('orders.wst', `${orders.slice(0, at)}\n${NEW_FUNCTION.trim()}\n${orders.slice(at)}print(orderTotalWithTax(sample));\n`);
      agent.check();
    },
    verify({ 'orders.wst': orders }) {
      if (!/fn orderTotalWithTax\(order: Order\): number \{\n\s+return roundCents\(applyTax\(orderTotal\(order\), TAX_RATE\)\);\n\}/.test(orders)) return 'orderTotalWithTax is missing or wrong';
      if (!/\nprint\(orderTotalWithTax\(sample\)\);\n/.test(orders)) return 'the call is missing';
      return undefined;
    },
  },
  {
    name: 'repair the type error the checker reports',
    prepare(folder) {
      const file = join(folder, 'report.wst');
      writeFileSync(file, readFileSync(file, 'utf8').replace('let slowThreshold: number = 3;', 'let slowThreshold: number = "3";'));
    },
    async endpoint(agent, folder) {
      await agent.call('setAgentRole', { role: 'refactor' });
      const uri = uriOf(folder, 'report.wst');
      const { diagnostics } = await agent.call<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri });
      const error = diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH');
      if (!error) throw new Error('no type error reported');
      const { node } = await agent.call<{ node: { type: string; id: string; value?: unknown; initializer?: { id: string; type: string; value?: unknown } } }>('getNode', { nodeId: error.nodeId, depth: 1, uri });
      // The declared type is number and the value a numeric string: write the number.
      const literal = node.type === 'Literal' ? node : node.initializer;
      if (literal?.type !== 'Literal' || typeof literal.value !== 'string') throw new Error(`unexpected node ${node.type}`);
      const result = await agent.call<Changed>('applyMutation', { type: 'updateNode', nodeId: literal.id, node: { type: 'Literal', value: Number(literal.value) }, uri });
      noErrors(result);
    },
    baseline(agent) {
      agent.check();
      const report = agent.read('report.wst');
      agent.write('report.wst', report.replace('let slowThreshold: number = "3";', 'let slowThreshold: number = 3;'));
      agent.check();
    },
    verify({ 'report.wst': report }) {
      return /let slowThreshold: number = 3;/.test(report) ? undefined : 'slowThreshold is not the number 3';
    },
  },
  {
    name: 'rename a function across its references in two files',
    async endpoint(agent, folder) {
      await agent.call('setAgentRole', { role: 'refactor' });
      const target = await oneFunctionIn(agent, uriOf(folder, 'pricing.wst'), 'roundCents');
      const result = await agent.call<Changed>('renameSymbol', { nodeId: target.nodeId, newName: 'toCents', uri: uriOf(folder, 'pricing.wst') });
      noErrors(result);
    },
    baseline(agent) {
      // Generous to the baseline: it reads only the two files that use the name, as if it knew.
      for (const file of ['pricing.wst', 'orders.wst']) agent.write(file, agent.read(file).replace(/\broundCents\b/g, 'toCents'));
      agent.check();
    },
    verify(files) {
      if (Object.values(files).some((text) => /\broundCents\b/.test(text))) return 'roundCents is still used';
      if (!/fn toCents\(amount: number\): number/.test(files['pricing.wst'])) return 'no toCents in pricing.wst';
      if (!/use pricing\.\{subtotal, applyTax, applyDiscount, toCents,/.test(files['orders.wst'])) return 'orders.wst does not import toCents';
      return undefined;
    },
  },
  {
    name: "change a function's signature (a new parameter with a default) and update its callers",
    async endpoint(agent, folder) {
      await agent.call('setAgentRole', { role: 'refactor' });
      const pricing = uriOf(folder, 'pricing.wst');
      const fn = await oneFunctionIn(agent, pricing, 'formatPrice');
      const dollar = await agent.call<Found>('findNodes', { type: 'Literal', text: '"$"', uri: pricing });
      const literal = dollar.candidates.find((candidate) => candidate.type === 'Literal');
      if (!literal) throw new Error('no "$" literal');
      noErrors(
        await agent.call<Changed>('applyBatch', {
          uri: pricing,
          mutations: [
            { type: 'insertNode', parentId: fn.nodeId, role: 'parameters', node: { type: 'Parameter', name: 'currency', paramType: 'string', defaultValue: { type: 'Literal', value: '$' } } },
            { type: 'updateNode', nodeId: literal.nodeId, node: id('currency') },
          ],
        }),
      );
      for (const [file, currency] of [
        ['orders.wst', '$'],
        ['report.wst', 'EUR '],
      ] as const) {
        const uri = uriOf(folder, file);
        const calls = await agent.call<Found>('findNodes', { type: 'CallExpression', text: 'formatPrice(', uri });
        noErrors(
          await agent.call<Changed>('applyBatch', {
            uri,
            mutations: calls.candidates.map((candidate) => ({ type: 'insertNode', parentId: candidate.nodeId, role: 'arguments', node: { type: 'Literal', value: currency } })),
          }),
        );
      }
    },
    baseline(agent) {
      const pricing = agent.read('pricing.wst');
      agent.write('pricing.wst', pricing.replace('fn formatPrice(amount: number): string {\n  return "$" + str(roundCents(amount));', 'fn formatPrice(amount: number, currency: string = "$"): string {\n  return currency + str(roundCents(amount));'));
      const orders = agent.read('orders.wst');
      agent.write('orders.wst', orders.replace('formatPrice(orderTotal(order))', 'formatPrice(orderTotal(order), "$")').replace('formatPrice(applyTax(orderTotal(sample), TAX_RATE))', 'formatPrice(applyTax(orderTotal(sample), TAX_RATE), "$")'));
      const report = agent.read('report.wst');
      agent.write('report.wst', report.replace('formatPrice(sale.price * sale.qty)', 'formatPrice(sale.price * sale.qty, "EUR ")').replace('formatPrice(total)', 'formatPrice(total, "EUR ")'));
      agent.check();
    },
    verify(files) {
      if (!/fn formatPrice\(amount: number, currency: string = "\$"\): string \{\n\s+return currency \+ str\(roundCents\(amount\)\);/.test(files['pricing.wst'])) return 'formatPrice has not the new parameter';
      const calls = [...files['orders.wst'].matchAll(/formatPrice\(/g)].length + [...files['report.wst'].matchAll(/formatPrice\(/g)].length;
      const updated = [...files['orders.wst'].matchAll(/, "\$"\)/g)].length + [...files['report.wst'].matchAll(/, "EUR "\)/g)].length;
      return calls === 4 && updated === 4 ? undefined : `${updated} of ${calls} calls pass the currency`;
    },
  },
  {
    name: 'add the annotation the engine suggests',
    async endpoint(agent, folder) {
      await agent.call('setAgentRole', { role: 'refactor' });
      const uri = uriOf(folder, 'pricing.wst');
      const fn = await oneFunctionIn(agent, uri, 'lineTotal');
      const { suggestions } = await agent.call<{ suggestions: Record<string, unknown>[] }>('getAnnotationSuggestions', { nodeId: fn.nodeId, uri });
      const pure = suggestions.find((suggestion) => suggestion.annotationType === 'semantic' && suggestion.strategy === 'pure');
      if (!pure) throw new Error(`no @semantic(pure) among ${suggestions.length} suggestions`);
      noErrors(await agent.call<Changed>('applyAnnotationSuggestion', { ...pure, uri }));
    },
    baseline(agent) {
      const pricing = agent.read('pricing.wst');
      agent.write('pricing.wst', pricing.replace('fn lineTotal(', '@semantic(pure, reason: "depends only on its argument", confidence: 0.9)\nfn lineTotal('));
      agent.check();
    },
    verify({ 'pricing.wst': pricing }) {
      return /@semantic\(pure[^\n]*\)\nfn lineTotal\(/.test(pricing) ? undefined : 'lineTotal carries no @semantic(pure)';
    },
  },
];

async function oneFunctionIn(agent: EndpointAgent, uri: string, name: string): Promise<Candidate> {
  const found = await agent.call<Found>('findNodes', { type: 'FunctionDeclaration', name, uri });
  if (found.candidates.length !== 1) throw new Error(`${name}: ${found.candidates.length} candidates`);
  return found.candidates[0];
}
