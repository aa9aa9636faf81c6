// What an agent session may do: the roles it can hold (linter until it asks for more, up to the
// endpoint's ceiling) and the least role each method requires.

/** Roles an agent session can hold, least first. */
export const AGENT_ROLES = ['linter', 'refactor', 'generator'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/**
 * Who may call a method: any session, a session whose role is at least refactor (refactor or
 * generator), at least generator, or only the person (never an agent session: approvePlan).
 */
export type RequiredRole = 'any' | 'refactor' | 'generator' | 'person';

/** Whether a session holding `role` may call a method that requires `required`. */
export function roleSatisfies(required: RequiredRole, role: AgentRole): boolean {
  switch (required) {
    case 'any':
      return true;
    case 'refactor':
      return role === 'refactor' || role === 'generator';
    case 'generator':
      return role === 'generator';
    case 'person':
      // Plans are decided by the person, never by an agent session, whatever its role.
      return false;
  }
}
