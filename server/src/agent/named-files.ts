// The files a request names: its `uri`, and the `uri` of each entry of its lists (a plan's
// targets). The dispatcher hands them to the host before the method runs, so a file of the
// workspace nobody has open is a buffer by the time the method looks for it (AgentHost.reachFiles).

/** The distinct `uri` strings of `params` and of the objects in its arrays, in order of appearance. */
export function namedFiles(params: Readonly<Record<string, unknown>>): string[] {
  const uris = new Set<string>();
  const take = (value: unknown): void => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const uri = (value as Record<string, unknown>).uri;
      if (typeof uri === 'string') uris.add(uri);
    }
  };
  take(params);
  for (const value of Object.values(params)) if (Array.isArray(value)) for (const entry of value) take(entry);
  return [...uris];
}
