// Which scopes a new key may carry: the scope ceiling (functions/core/scopes.ts scopesBeyondCeiling)
// refuses anything the calling credential lacks, so the picker offers only the signed-in member's
// scopes and never lets a person ask for one that would be refused.

/** What each workspace scope allows, in the service's canonical order (functions/core/scopes.ts). */
export const SCOPE_HELP: Readonly<Record<string, string>> = {
  'read:canvases': 'Read canvases and runs',
  'read:assets': 'Read the asset library',
  'run:workflows': 'Start and cancel runs',
  'write:canvas': 'Create and edit canvases',
  'write:assets': 'Upload and edit assets',
  'delete:canvas': 'Delete canvases',
  'delete:assets': 'Trash and purge assets',
  'manage:integrations': 'Manage keys, members, connections and policies',
  'read:billing': 'Read credits, usage and exports',
};

/** The service's default for a key created without scopes (DEFAULT_KEY_SCOPES). */
const DEFAULT_PICK = ['read:canvases', 'run:workflows'];

const CANONICAL = Object.keys(SCOPE_HELP);

/** Canonical order first, then any scope this build does not know yet (a newer server), by name. */
export function orderScopes(scopes: readonly string[]): string[] {
  const rank = (scope: string) => {
    const index = CANONICAL.indexOf(scope);
    return index === -1 ? CANONICAL.length : index;
  };
  return [...new Set(scopes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The scopes offered in the picker: exactly those held, in a stable order. */
export const pickableScopes = (held: readonly string[]): string[] => orderScopes(held);

/** The first selection: the service's default where held, so a person starts from a narrow key. */
export function initialSelection(held: readonly string[]): string[] {
  const defaults = DEFAULT_PICK.filter((scope) => held.includes(scope));
  return defaults.length > 0 ? defaults : orderScopes(held).slice(0, 1);
}

export function toggleScope(selected: readonly string[], scope: string, on: boolean): string[] {
  return orderScopes(on ? [...selected, scope] : selected.filter((candidate) => candidate !== scope));
}

/** What stops the selection from being sent, in words; undefined when it can be. */
export function selectionProblem(selected: readonly string[], held: readonly string[]): string | undefined {
  if (selected.length === 0) return 'Choose at least one scope.';
  const beyond = selected.filter((scope) => !held.includes(scope));
  if (beyond.length > 0)
    return `You do not hold ${beyond.join(', ')}, so a key cannot get ${beyond.length === 1 ? 'it' : 'them'}.`;
  return undefined;
}
