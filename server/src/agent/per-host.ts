// State that method groups keep per host (plans, pending suggestions, the feedback model),
// created on first use, so hosts need not know about each group.
import type { AgentHost } from './host';

/** A lookup that gives each host its own value, made by `create` the first time it is asked. */
export function perHost<T>(create: (host: AgentHost) => T): (host: AgentHost) => T {
  const values = new WeakMap<AgentHost, T>();
  return (host) => {
    let value = values.get(host);
    if (value === undefined) {
      value = create(host);
      values.set(host, value);
    }
    return value;
  };
}
