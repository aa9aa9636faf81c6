// The agent's mutation path in-process on a generated 1,000-line buffer: the applyMutation
// handler renaming a function (revision check, mutation engine, library review, syntax
// preflight, plan gate, applyEdits with its incremental reparse, the undo record and the
// diagnostics of the result, analysis included), beside the bare mutation engine on the same
// buffer in the same run. The host's applyEdits edits the workspace buffer and writes no file, so
// the figure is the handler's own cost; the second row adds the headless host's atomic file write.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AgentError, ErrorCode } from '../server/src/agent/errors';
import type { AgentHost } from '../server/src/agent/host';
import { METHODS_BY_NAME } from '../server/src/agent/methods/index';
import { SocketSession } from '../server/src/websocket/socket-session';
import { HeadlessAgentHost } from '../server/src/cli/headless-host';
import type { FunctionDeclaration } from '../server/src/core/ast';
import { applyMutations } from '../server/src/core/editing';
import { loadGrammar } from '../server/src/workspace/grammar';
import { Workspace } from '../server/src/workspace/workspace';
import { generateProgram } from './generate';
import { measure, measureAsync, type Row } from './measure';

const URI = 'file:///bench/orders.wst';

function memoryHost(workspace: Workspace): AgentHost {
  return {
    workspace,
    applyEdits: (buffer, edits, options) => {
      if (buffer.revision !== options.baseRevision) {
        return Promise.reject(new AgentError(ErrorCode.RevisionConflict, 'conflict', { currentRevision: buffer.revision }));
      }
      workspace.edit(buffer.uri, edits, { expected: options.expected });
      return Promise.resolve(buffer.revision);
    },
    decidePlan: () => Promise.resolve({ approved: false, decidedBy: 'bench' }),
    reviewChange: () => Promise.resolve({ accepted: false, decidedBy: 'bench' }),
    library: () => undefined,
    sessions: () => [],
    info: { ideName: 'bench', version: '0' },
  };
}

export async function benchMutation(): Promise<{ rows: Row[] }> {
  await loadGrammar();
  const text = generateProgram(1_000);
  const lines = text.split('\n').length - 1;
  const applyMutation = METHODS_BY_NAME.get('applyMutation');
  if (!applyMutation) throw new Error('no applyMutation method');
  const session = new SocketSession('generator', () => undefined);
  session.role = 'refactor';

  const renames = (host: AgentHost, uri: string) => {
    const buffer = host.workspace.get(uri);
    const target = buffer?.document.ast.children.find((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration' && child.name === 'total10');
    if (!buffer || !target) throw new Error('no function total10 in the generated buffer');
    let n = 0;
    return async () => {
      // Alternating names: every run is a real change of the same size.
      await applyMutation.handler({ type: 'setProperty', nodeId: target.id, property: 'name', value: `total10${n++ % 2 === 0 ? 'a' : 'b'}`, uri }, { session, host });
    };
  };

  const workspace = new Workspace();
  workspace.open(URI, text);
  workspace.setActive(URI);
  const memory = memoryHost(workspace);
  // More runs and a longer warm-up than the parse benchmarks: each run is short, and an agent's
  // session makes many of them, so the steady state is what counts.
  const handler = await measureAsync(200, renames(memory, URI), 30);

  const engineDoc = workspace.get(URI)?.document;
  const fn = engineDoc?.ast.children.find((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration');
  if (!engineDoc || !fn) throw new Error('no function in the generated buffer');
  let k = 0;
  const engine = measure(200, () => applyMutations(engineDoc, [{ type: 'setProperty', nodeId: fn.id, property: 'name', value: `engine${k++}` }], () => `node_bench_${k}`));
  workspace.dispose();

  const folder = mkdtempSync(join(tmpdir(), 'whetstone-bench-'));
  try {
    const path = join(folder, 'orders.wst');
    writeFileSync(path, text);
    const diskWorkspace = new Workspace();
    const headless = new HeadlessAgentHost({
      workspace: diskWorkspace,
      library: undefined,
      decidePlan: () => Promise.resolve({ approved: false, decidedBy: 'bench' }),
    reviewChange: () => Promise.resolve({ accepted: false, decidedBy: 'bench' }),
      info: { ideName: 'bench', version: '0' },
      log: () => undefined,
    });
    const uri = pathToFileURL(path).href;
    headless.openFile(uri, text);
    diskWorkspace.setActive(uri);
    const withDisk = await measureAsync(60, renames(headless, uri), 10);
    diskWorkspace.dispose();
    return {
      rows: [
        {
          what: `applyMutation rename, headless, ${lines}-line buffer (handler: engine + checks + applyEdits + analysis of the result)`,
          budget: '≤ 5 ms p50',
          measured: handler,
          floorName: 'bare mutation engine (applyMutations)',
          floor: engine,
        },
        {
          what: `the same with the headless host writing the file atomically (temp file + rename), ${lines}-line buffer`,
          budget: '—',
          measured: withDisk,
        },
      ],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
