// The long work on source text an agent can ask for — parseSource and runPipeline — as jobs the
// source worker runs (source-worker.ts): plain data in, the result's JSON text out. A job needs
// nothing of the endpoint's state (the library context travels with it), so it can run on
// another thread.
import { inSourceOrder } from '../../core/ast';
import { analyze } from '../../core/semantics';
import { parseSourceText, runPipeline, type PipelineRequest } from '../../projection';

export type SourceJob = { kind: 'parseSource'; source: string; language: string } | { kind: 'runPipeline'; request: PipelineRequest };

/** The job's result as JSON text; throws ProjectionError for input it cannot read. */
export async function runSourceJob(job: SourceJob): Promise<string> {
  if (job.kind === 'runPipeline') return JSON.stringify(await runPipeline(job.request));
  const parsed = await parseSourceText(job.source, job.language);
  // Whetstone source is also checked (as a buffer would be); other languages report what did not carry.
  const semantic = parsed.language === 'whetstone' ? analyze(parsed.ast).diagnostics : [];
  const diagnostics = inSourceOrder(parsed.diagnostics, semantic);
  return JSON.stringify({ ast: parsed.ast, diagnostics, language: parsed.language });
}
