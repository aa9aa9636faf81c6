// The annotation methods (docs/AGENT-ENDPOINT.md "Annotations", "Feedback and suggestions")
// driven directly on real files: suggestions scoped to a node, a position or the buffer; writing
// one into the source as one step; the vocabulary check; and the feedback model, persisted in
// the workspace's feedback file, moving later confidences.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, it } from 'node:test';
import { ErrorCode } from '../../server/src/agent/errors';
import { MAX_DISMISSED } from '../../server/src/agent/suggestions/feedback-store';
import type { FunctionDeclaration, Node } from '../../server/src/core/ast';
import { readLibraryContext } from '../../server/src/core/semantics';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { allNodes, readRepoFile } from '../helpers/core';

const ORDERS = readRepoFile('test', 'fixtures', 'agent', 'orders.wst');
const LIBRARY = readLibraryContext(JSON.parse(readRepoFile('test', 'fixtures', 'agent', 'library.json')));

interface SuggestionsResult {
  scopeId: string;
  suggestions: { nodeId: string; annotationType: string; strategy: string; reason: string; confidence: number }[];
  diagnostics: { code: string }[];
  modelRevision: number;
  uri: string;
  revision: number;
}

function fn(f: AgentFixture, name: string): FunctionDeclaration {
  const found = f.workspace.get(f.uri('orders.wst'))?.document.ast.children.find((c): c is FunctionDeclaration => c.type === 'FunctionDeclaration' && c.name === name);
  assert.ok(found, name);
  return found;
}

function node(f: AgentFixture, id: string): Node | undefined {
  return f.workspace.get(f.uri('orders.wst'))?.document.nodeById(id);
}

const CACHE = { annotationType: 'performance', strategy: 'cache', reason: 'Repeated computation detected in loop', confidence: 0.85 };

describe('getAnnotationSuggestions', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('for a function: the suggestions inside it, each with the reference\'s five fields, and its diagnostics', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { library: LIBRARY });
    const target = fn(f, 'calculateTotal');
    const result = await f.call<SuggestionsResult>('getAnnotationSuggestions', { nodeId: target.id });
    assert.equal(result.scopeId, target.id);
    assert.equal(result.modelRevision, 0);
    assert.equal(result.revision, 1);
    assert.deepEqual(result.diagnostics, []);
    assert.ok(result.suggestions.length > 0);
    for (const s of result.suggestions) assert.deepEqual(Object.keys(s).sort(), ['annotationType', 'confidence', 'nodeId', 'reason', 'strategy']);
    const hoist = result.suggestions.find((s) => s.strategy === 'hoist');
    assert.ok(hoist, JSON.stringify(result.suggestions));
    assert.equal(node(f, hoist.nodeId)?.type, 'AssignmentStatement');
    assert.match(hoist.reason, /`1 \+ taxRate`/);
    assert.ok(!result.suggestions.some((s) => s.nodeId === fn(f, 'lineTotal').id), 'lineTotal is outside the scope');
  });

  it('for the whole buffer without params, and for the declaration at a line and column', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { library: LIBRARY });
    const all = await f.call<SuggestionsResult>('getAnnotationSuggestions');
    const program = f.workspace.get(f.uri('orders.wst'))?.document.ast;
    assert.equal(all.scopeId, program?.id);
    const kinds = all.suggestions.map((s) => `${s.annotationType}/${s.strategy}@${(node(f, s.nodeId) as { name?: string }).name ?? node(f, s.nodeId)?.type}`);
    assert.ok(kinds.includes('performance/memoize@lineTotal'), kinds.join(' '));
    assert.ok(kinds.includes('security/validate@loadOrder'), kinds.join(' '));
    assert.ok(!kinds.includes('semantic/pure@lineTotal'), 'lineTotal already says @semantic(pure)');
    // Line 25 is `const raw = await fetchJson(...)` inside loadOrder: its scope is that statement.
    const atLine = await f.call<SuggestionsResult>('getAnnotationSuggestions', { line: 25, col: 10 });
    assert.equal(node(f, atLine.scopeId)?.type, 'VariableDeclaration');
    const atName = await f.call<SuggestionsResult>('getAnnotationSuggestions', { line: 24, col: 10 });
    assert.equal(atName.scopeId, fn(f, 'loadOrder').id);
    assert.deepEqual(
      atName.suggestions.map((s) => s.strategy),
      ['validate'],
    );
  });

  it('of one annotation type only when asked, and refuses a type outside the vocabulary', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { library: LIBRARY });
    const all = await f.call<SuggestionsResult>('getAnnotationSuggestions');
    const types = new Set(all.suggestions.map((s) => s.annotationType));
    assert.ok(types.has('performance') && types.has('security'), [...types].join(' '));
    const performance = await f.call<SuggestionsResult>('getAnnotationSuggestions', { annotationType: 'performance' });
    assert.deepEqual(performance.suggestions, all.suggestions.filter((s) => s.annotationType === 'performance'));
    assert.deepEqual(performance.diagnostics, all.diagnostics, 'the scope\'s diagnostics are not filtered');
    const refused = await f.fails('getAnnotationSuggestions', { annotationType: 'speed' }, ErrorCode.InvalidParams);
    const data = refused.data as { field?: string; hint?: string };
    assert.equal(data.field, 'params.annotationType');
    assert.match(String(data.hint), /performance/);
  });
});

describe('applyAnnotationSuggestion', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  it('writes the reference\'s example above the declaration as one step and records the acceptance', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: true });
    const target = fn(f, 'calculateTotal');
    const result = await f.call<{ success: boolean; warning: string | null; revision: number; changedNodeIds: string[]; insertedNodeIds: string[]; modelRevision: number }>(
      'applyAnnotationSuggestion',
      { nodeId: target.id, ...CACHE, accepted: true },
    );
    assert.equal(result.success, true);
    assert.equal(result.warning, null);
    assert.equal(result.revision, 2);
    assert.deepEqual(result.changedNodeIds, [target.id]);
    assert.equal(node(f, result.insertedNodeIds[0])?.type, 'Annotation');
    assert.equal(
      f.disk('orders.wst'),
      ORDERS.replace('fn calculateTotal(', '@performance(cache, reason: "Repeated computation detected in loop", confidence: 0.85)\nfn calculateTotal('),
    );
    assert.equal(result.modelRevision, 1);
    const stored = JSON.parse(readFileSync(f.path('.whetstone/feedback.json'), 'utf8')) as { modelRevision: number; rules: Record<string, unknown> };
    assert.deepEqual(stored.rules, { 'performance/cache': { accepted: 1, rejected: 0 } });
    // The same annotation again updates it in place instead of repeating it.
    await f.call('applyAnnotationSuggestion', { nodeId: target.id, ...CACHE, reason: 'called for every order', confidence: 0.9 });
    assert.equal(f.disk('orders.wst').match(/@performance/g)?.length, 1);
    assert.match(f.disk('orders.wst'), /@performance\(cache, reason: "called for every order", confidence: 0\.9\)\nfn calculateTotal\(/);
    await f.call('undo');
    await f.call('undo');
    assert.equal(f.disk('orders.wst'), ORDERS, 'each application is one undo step');
  });

  it('takes a suggestion the buffer shows by its node, type and strategy alone, and refuses one it does not show, changing nothing', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const { suggestions } = await f.call<SuggestionsResult>('getAnnotationSuggestions', { nodeId: fn(f, 'calculateTotal').id });
    const hoist = suggestions.find((s) => s.strategy === 'hoist');
    assert.ok(hoist, JSON.stringify(suggestions));
    const notShown = await f.fails('applyAnnotationSuggestion', { nodeId: hoist.nodeId, annotationType: 'performance', strategy: 'parallelize' }, ErrorCode.InvalidParams);
    assert.match(notShown.message, /No @performance\(parallelize\) is suggested on .*: give its reason and confidence/);
    assert.equal(f.disk('orders.wst'), ORDERS);
    await f.call('applyAnnotationSuggestion', { nodeId: hoist.nodeId, annotationType: hoist.annotationType, strategy: hoist.strategy });
    const written = f.disk('orders.wst').split('\n').find((line) => line.includes('@performance(hoist'));
    assert.ok(written?.includes(`confidence: ${hoist.confidence})`) && written.includes('reason: "') && written.includes('1 + taxRate'), written);
  });

  it('annotates a statement inside a function at its indentation', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const loop = fn(f, 'calculateTotal').body.statements[1];
    assert.equal(loop.type, 'ForStatement');
    await f.call('applyAnnotationSuggestion', { nodeId: loop.id, annotationType: 'performance', strategy: 'parallelize', reason: 'iterations are independent', confidence: 0.5 });
    assert.match(f.disk('orders.wst'), /\n {2}let subtotal = 0;\n {2}@performance\(parallelize, reason: "iterations are independent", confidence: 0\.5\)\n {2}for item in order\.items \{/);
  });

  it('refuses an unknown type or strategy (-32010 with the allowed list), an expression, and a stale revision', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const target = fn(f, 'calculateTotal');
    const type = await f.fails('applyAnnotationSuggestion', { nodeId: target.id, ...CACHE, annotationType: 'speed' }, ErrorCode.MutationFailed);
    assert.match(String(type.data?.hint), /Annotation types: performance, security, memory, concurrency, semantic, style, contract/);
    const strategy = await f.fails('applyAnnotationSuggestion', { nodeId: target.id, ...CACHE, strategy: 'turbo' }, ErrorCode.MutationFailed);
    assert.match(String(strategy.data?.hint), /Allowed for @performance: cache, memoize, hoist, inline, batch, parallelize, lazy, vectorize/);
    const expression = allNodes(target).find((n) => n.type === 'BinaryExpression');
    assert.ok(expression);
    const notAnnotatable = await f.fails('applyAnnotationSuggestion', { nodeId: expression.id, ...CACHE }, ErrorCode.MutationFailed);
    assert.match(String(notAnnotatable.data?.hint), /the enclosing one is node_\d+ \(AssignmentStatement\)/);
    const stale = await f.fails('applyAnnotationSuggestion', { nodeId: target.id, ...CACHE, ifRevision: 5 }, ErrorCode.RevisionConflict);
    assert.equal(stale.data?.currentRevision, 1);
    await f.fails('applyAnnotationSuggestion', { nodeId: 'node_777777', ...CACHE }, ErrorCode.NodeNotFound);
    assert.equal(f.disk('orders.wst'), ORDERS);
  });

  it('with accepted: false writes nothing and records a rejection', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    const result = await f.call<{ success: boolean; applied: boolean; revision: number; modelRevision: number }>('applyAnnotationSuggestion', {
      nodeId: fn(f, 'calculateTotal').id,
      ...CACHE,
      accepted: false,
    });
    assert.deepEqual([result.success, result.applied, result.revision, result.modelRevision], [true, false, 1, 1]);
    assert.equal(f.disk('orders.wst'), ORDERS);
  });
});

describe('recordAnnotationFeedback and the feedback model', () => {
  let f: AgentFixture;
  afterEach(() => f.dispose());

  const hoistOf = async (fixture: AgentFixture): Promise<SuggestionsResult['suggestions'][number] | undefined> =>
    (await fixture.call<SuggestionsResult>('getAnnotationSuggestions')).suggestions.find((s) => s.strategy === 'hoist');

  it('answers true; rejections lower that rule\'s confidence, acceptances raise it, modelRevision counts', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS, 'other.wst': 'fn f(xs: list<number>, k: number) {\n  for x in xs {\n    print(x + k * 2);\n  }\n}\n' }, { feedbackFile: true });
    const first = await hoistOf(f);
    assert.ok(first);
    const answer = { nodeId: 'node_1', annotationType: 'performance', strategy: 'hoist', reason: 'r', confidence: first.confidence, accepted: false, uri: f.uri('other.wst') };
    assert.equal(await f.call('recordAnnotationFeedback', answer), true);
    assert.equal(await f.call('recordAnnotationFeedback', answer), true);
    const lowered = await f.call<SuggestionsResult>('getAnnotationSuggestions');
    assert.equal(lowered.modelRevision, 2);
    const second = lowered.suggestions.find((s) => s.strategy === 'hoist');
    assert.ok(second && second.confidence < first.confidence, `${second?.confidence} < ${first.confidence}`);
    for (let i = 0; i < 6; i++) await f.call('recordAnnotationFeedback', { ...answer, accepted: true });
    const raised = await hoistOf(f);
    assert.ok(raised && raised.confidence > first.confidence, `${raised?.confidence} > ${first.confidence}`);
  });

  it('persists in the workspace\'s feedback file: a new host on the same folder starts from it', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: true });
    const file = f.path('.whetstone/feedback.json');
    const base = await hoistOf(f);
    assert.ok(base);
    for (let i = 0; i < 3; i++) {
      await f.call('recordAnnotationFeedback', { nodeId: 'node_1', annotationType: 'performance', strategy: 'hoist', reason: 'r', confidence: 0.7, accepted: false });
    }
    assert.ok(existsSync(file));
    const second = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: file });
    try {
      const later = await second.call<SuggestionsResult>('getAnnotationSuggestions');
      assert.equal(later.modelRevision, 3);
      const hoist = later.suggestions.find((s) => s.strategy === 'hoist');
      assert.ok(hoist && hoist.confidence < base.confidence);
      // Both hosts write the same file: answers add up instead of overwriting each other.
      await second.call('recordAnnotationFeedback', { nodeId: 'node_1', annotationType: 'security', strategy: 'validate', reason: 'r', confidence: 0.7, accepted: true });
      await f.call('recordAnnotationFeedback', { nodeId: 'node_1', annotationType: 'security', strategy: 'validate', reason: 'r', confidence: 0.7, accepted: true });
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { modelRevision: number; rules: Record<string, { accepted: number; rejected: number }> };
      assert.equal(stored.modelRevision, 5);
      assert.deepEqual(stored.rules['security/validate'], { accepted: 2, rejected: 0 });
      assert.deepEqual(stored.rules['performance/hoist'], { accepted: 0, rejected: 3 });
    } finally {
      second.dispose();
    }
  });

  it('a damaged feedback file starts the model afresh; a rejected suggestion is not shown again for its node', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: true });
    const hoist = await hoistOf(f);
    assert.ok(hoist);
    await f.call('recordAnnotationFeedback', { ...hoist, accepted: false });
    assert.equal(await hoistOf(f), undefined, 'dismissed on that node');
    writeFileSync(f.path('.whetstone/feedback.json'), '{ not json');
    const result = await f.call<SuggestionsResult>('getAnnotationSuggestions');
    assert.equal(result.modelRevision, 0);
  });

  it('a rejection outlasts the host (headless restart) while the node\'s code is unchanged; changed code brings it back', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: true });
    const file = f.path('.whetstone/feedback.json');
    const hoist = await hoistOf(f);
    assert.ok(hoist);
    await f.call('recordAnnotationFeedback', { ...hoist, accepted: false, uri: f.uri('orders.wst') });
    const again = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: file, dir: f.dir });
    try {
      assert.equal(await hoistOf(again), undefined, 'still hidden after a restart');
    } finally {
      again.dispose();
    }
    const changed = await agentFixture({ 'orders.wst': ORDERS.replace('(1 + taxRate)', '(1.0 + taxRate)') }, { feedbackFile: file, dir: f.dir });
    try {
      assert.ok(await hoistOf(changed), 'the statement\'s code changed: suggested again');
    } finally {
      changed.dispose();
    }
  });

  it(`remembers at most ${MAX_DISMISSED} rejections, forgetting the oldest first`, async () => {
    f = await agentFixture({ 'orders.wst': ORDERS }, { feedbackFile: true });
    const file = f.path('.whetstone/feedback.json');
    const old = Array.from({ length: MAX_DISMISSED }, (_, i) => createHash('sha256').update(String(i)).digest('base64url'));
    mkdirSync(f.path('.whetstone'), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: 1, modelRevision: 0, rules: {}, dismissed: [...old, 'not a hash'] }));
    const hoist = await hoistOf(f);
    assert.ok(hoist);
    await f.call('recordAnnotationFeedback', { ...hoist, accepted: false });
    const { dismissed } = JSON.parse(readFileSync(file, 'utf8')) as { dismissed: string[] };
    assert.equal(dismissed.length, MAX_DISMISSED);
    assert.equal(dismissed[0], old[1], 'the oldest was forgotten');
    assert.ok(!dismissed.includes('not a hash'), 'what is not a rejection\'s hash is dropped on reading');
    assert.ok(!old.includes(dismissed.at(-1)!), 'the newest is last');
    assert.equal(await hoistOf(f), undefined);
  });

  it('refuses an answer outside the vocabulary (-32602) and keeps rules whose confidence feedback sank out of the results', async () => {
    f = await agentFixture({ 'orders.wst': ORDERS });
    await f.fails('recordAnnotationFeedback', { nodeId: 'n', annotationType: 'speed', strategy: 'cache', reason: 'r', confidence: 0.5, accepted: true }, ErrorCode.InvalidParams);
    assert.equal(f.paramsValid('recordAnnotationFeedback', { nodeId: 'n', annotationType: 'performance', strategy: 'cache', reason: 'r', confidence: 0.5 }), false, 'accepted is required');
    assert.equal(f.paramsValid('recordAnnotationFeedback', { nodeId: 'n', annotationType: 'performance', strategy: 'cache', reason: 'r', confidence: 1.5, accepted: true }), false);
    // A rejection counts a quarter of an answer: 0.65 sinks below 0.1 after 89.
    for (let i = 0; i < 100; i++) {
      await f.call('recordAnnotationFeedback', { nodeId: 'elsewhere', annotationType: 'performance', strategy: 'memoize', reason: 'r', confidence: 0.65, accepted: false });
    }
    const { suggestions } = await f.call<SuggestionsResult>('getAnnotationSuggestions');
    assert.ok(!suggestions.some((s) => s.strategy === 'memoize'), 'after 100 rejections the rule is below the shown minimum');
    assert.ok(suggestions.some((s) => s.strategy === 'hoist'), 'other rules are unaffected');
  });
});
