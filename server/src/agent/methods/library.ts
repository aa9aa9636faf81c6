// The library context in force (docs/AGENT-ENDPOINT.md "Library context"): also sent on connect as
// the `libraryContext` notification.
import { defineMethod, type MethodDefinition } from '../method';

const getLibraryContext = defineMethod<Record<string, never>>({
  name: 'getLibraryContext',
  role: 'any',
  description: 'The library context: modules with their functions (name, signature, description, tags, vulnerable) and the policy; null when no library is configured.',
  params: { type: 'object', additionalProperties: false },
  recorded: false,
  handler: (_params, { host }) => host.library() ?? null,
});

export const LIBRARY_METHODS: readonly MethodDefinition[] = [getLibraryContext];
