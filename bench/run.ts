// `npm run bench`: runs every benchmark, prints the table, and writes it into bench/README.md
// between the figures markers, with the machine and date, so the README keeps the latest figures.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchAgent } from './agent.bench';
import { benchAgentTasks } from './agent-tasks/index';
import { benchCliCheck } from './cli-check.bench';
import { writeFigures } from './readme-figures';
import { benchCore } from './core.bench';
import { benchExamples } from './examples.bench';
import { benchIdleSockets } from './idle-sockets.bench';
import { benchLsp } from './lsp.bench';
import { benchMcpCall } from './mcp-call.bench';
import { table, type Row } from './measure';
import { benchMutation } from './mutation.bench';
import { benchParseSource } from './parse-source.bench';
import { benchProjection } from './projection.bench';
import { benchServeMemory, SERVE_RENAMES } from './serve-memory.bench';
import { benchWorkspaceIndex } from './workspace-index.bench';
import { benchWorkspaceReferences } from './workspace-references.bench';
import { benchWorkspaceAgent } from './workspace-agent.bench';

async function main(): Promise<void> {
  const rows: Row[] = [];
  const core = await benchCore();
  rows.push(...core.rows);
  const lsp = await benchLsp();
  rows.push(...lsp.rows);
  rows.push(...(await benchAgent()));
  const mcpCall = await benchMcpCall();
  rows.push(...mcpCall.rows);
  const serve = await benchServeMemory();
  rows.push(...serve.rows);
  rows.push(...(await benchMutation()).rows);
  rows.push(...(await benchProjection()));
  rows.push(...(await benchParseSource()));
  rows.push(...(await benchIdleSockets()));
  const workspaceIndex = await benchWorkspaceIndex();
  await benchCliCheck();
  const workspaceReferences = await benchWorkspaceReferences();
  const workspaceAgent = await benchWorkspaceAgent();
  const agentTasks = await benchAgentTasks();
  const memory = [
    `Language server RSS with the 10,000-line buffer open, after the edits: ${lsp.serverRssMb?.toFixed(0) ?? 'n/a'} MB (budget ≤ 150 MB).`,
    `The same server after 1,000 edits: ${lsp.memory.after1000Mb?.toFixed(0) ?? 'n/a'} MB; after 10,000 edits: ${lsp.memory.after10000Mb?.toFixed(0) ?? 'n/a'} MB (budget ≤ 150 MB, and no growth between the two).`,
    `Headless \`serve\` RSS with the 10,000-line file open, after ${SERVE_RENAMES} renames each followed by getAST: ${mb(serve.memory.servingMb)} MB, started as people start it (the process they started stays beside it: ${mb(serve.memory.launcherMb)} MB RSS, of which ${mb(serve.memory.launcherOwnMb)} MB its own); with V8's default heap sizing: ${mb(serve.memory.defaultSizingMb)} MB.`,
    `Bench process RSS after all core runs (includes the garbage of repeated full parses): ${core.rssMb.toFixed(0)} MB.`,
  ].join('\n');
  const when = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
  const figures = `Measured ${when} on ${machine}.\n\n${table(rows)}\n\n${memory}\n`;
  console.log(figures);
  const readme = join(__dirname, '..', '..', 'bench', 'README.md');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- figures:start -->';
  const end = '<!-- figures:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${figures}${text.slice(to)}`);
  console.log(mcpCall.markdown);
  writeFigures('mcp-call', mcpCall.markdown);
  console.log(agentTasks.markdown);
  writeFigures('agent-tasks', agentTasks.markdown);
  console.log(workspaceIndex.markdown);
  writeFigures('workspace-index', workspaceIndex.markdown);
  console.log(workspaceReferences.markdown);
  writeFigures('workspace-references', workspaceReferences.markdown);
  console.log(workspaceAgent.markdown);
  writeFigures('workspace-agent', workspaceAgent.markdown);
  const examples = await benchExamples();
  console.log(examples.markdown);
  writeFigures('examples', examples.markdown);
  console.log(workspaceIndex.diagnosticsMarkdown);
  writeFigures('workspace-diagnostics', workspaceIndex.diagnosticsMarkdown);
}

function mb(value: number | undefined): string {
  return value?.toFixed(0) ?? 'n/a';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
