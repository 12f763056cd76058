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

/**
 * What a route or tool demands: one scope, or any one of several (the spec's "read:assets or
 * read:canvases" pairs); `null`: any valid credential. Every consumer (route authorizer, gateway
 * tools/list and tools/call, OpenAPI, docs) reads it through the helpers below.
 */
export type ScopeRequirement = Scope | readonly Scope[];

/** The scopes of which one suffices, in the order the requirement names them; empty for none. */
export function acceptedScopes(requirement: ScopeRequirement | null): readonly Scope[] {
  if (requirement === null) return [];
  return typeof requirement === 'string' ? [requirement] : requirement;
}

/** Whether `held` meets the requirement: no requirement, or at least one accepted scope held. */
export function meetsRequirement(held: readonly Scope[], requirement: ScopeRequirement | null): boolean {
  const accepted = acceptedScopes(requirement);
  return accepted.length === 0 || accepted.some((scope) => held.includes(scope));
}

/** `write:canvas`, or `write:assets or write:canvas`: how errors, docs and OpenAPI name a requirement. */
export function describeRequirement(requirement: ScopeRequirement | null): string | null {
  const accepted = acceptedScopes(requirement);
  return accepted.length === 0 ? null : accepted.join(' or ');
}
