// core: the workspace key scopes of the spec, defined once.
import * as z from './schema.ts';

export const SCOPES = [
  'read:canvases',
  'read:assets',
  'run:workflows',
  'write:canvas',
  'write:assets',
  'delete:canvas',
  'delete:assets',
  'manage:integrations',
  'read:billing',
] as const;

export type Scope = (typeof SCOPES)[number];

export const ScopeSchema = z.enum(SCOPES);

/** Scopes a key gets when its creator chooses none. */
export const DEFAULT_KEY_SCOPES: readonly Scope[] = ['read:canvases', 'run:workflows'];

/** Scopes the first key of a workspace gets (bootstrap and admin CLI). */
export const ALL_SCOPES: readonly Scope[] = SCOPES;

/** Returns the scopes of `requested` that `held` does not include (the scope ceiling). */
export function scopesBeyondCeiling(requested: readonly Scope[], held: readonly Scope[]): Scope[] {
  return requested.filter((scope) => !held.includes(scope));
}
