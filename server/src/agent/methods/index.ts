// The table of every agent API method: the single source that dispatch, params validation, role
// checks and getCapabilities read. Each group lives in its own file.
import type { MethodDefinition } from '../method';
import { ANNOTATION_METHODS } from './annotations';
import { LIBRARY_METHODS } from './library';
import { MUTATION_METHODS } from './mutations';
import { PIPELINE_METHODS } from './pipeline';
import { PLAN_METHODS } from './plans';
import { QUERY_METHODS } from './queries';
import { RENAME_METHODS } from './rename';
import { SESSION_METHODS } from './session';
import { WORKFLOW_METHODS } from './workflows';
import { WORKSPACE_METHODS } from './workspace';

export const METHODS: readonly MethodDefinition[] = [
  ...SESSION_METHODS,
  ...QUERY_METHODS,
  ...WORKSPACE_METHODS,
  ...MUTATION_METHODS,
  ...RENAME_METHODS,
  ...PLAN_METHODS,
  ...ANNOTATION_METHODS,
  ...WORKFLOW_METHODS,
  ...LIBRARY_METHODS,
  ...PIPELINE_METHODS,
];

export const METHODS_BY_NAME: ReadonlyMap<string, MethodDefinition> = new Map(METHODS.map((method) => [method.name, method]));
