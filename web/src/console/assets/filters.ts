// The library's filters: kind, folder, tag and trash go to list_assets (the server filters, so a large
// library is not downloaded to be narrowed); the search box narrows what is loaded, by name or tag.
// Folder and tag text is checked here with the server's rules so a typo is explained before a call.
import type { AssetKind } from './kinds.ts';

export interface LibraryFilters {
  readonly query: string;
  readonly kind: AssetKind | '';
  /** '' is every folder; otherwise the exact folder, as typed (normalized before use). */
  readonly folder: string;
  readonly tag: string;
  readonly trashed: boolean;
}

export const NO_FILTERS: LibraryFilters = { query: '', kind: '', folder: '', tag: '', trashed: false };

export const PAGE_SIZE = 60;

export interface ListArgs {
  limit: number;
  trashed: boolean;
  kind?: AssetKind;
  folder?: string;
  tag?: string;
}

/** The list_assets arguments for the filters, or the reason they cannot be sent. */
export function listArgs(filters: LibraryFilters): { args: ListArgs } | { problem: string } {
  const args: ListArgs = { limit: PAGE_SIZE, trashed: filters.trashed };
  if (filters.kind) args.kind = filters.kind;
  if (filters.folder.trim()) {
    const folder = normalizeFolder(filters.folder);
    if ('problem' in folder) return folder;
    args.folder = folder.folder;
  }
  const tag = filters.tag.trim();
  if (tag) {
    const problem = tagProblem(tag);
    if (problem) return { problem };
    args.tag = tag;
  }
  return { args };
}

/** `photos/2024` or `/photos/2024/` → `/photos/2024`; `` or `/` → `/` (the root). */
export function normalizeFolder(input: string): { folder: string } | { problem: string } {
  const segments = input
    .trim()
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
  if (segments.length === 0) return { folder: '/' };
  if (segments.length > 8) return { problem: 'A folder is at most 8 levels deep.' };
  const long = segments.find((segment) => segment.length > 64);
  if (long) return { problem: `The folder name “${long.slice(0, 20)}…” is longer than 64 characters.` };
  if (segments.some(hasControlCharacter)) return { problem: 'A folder name cannot hold control characters.' };
  return { folder: `/${segments.join('/')}` };
}

function tagProblem(tag: string): string | undefined {
  if (tag.length > 40) return `The tag “${tag.slice(0, 20)}…” is longer than 40 characters.`;
  if (tag.includes(',')) return 'A tag cannot hold a comma.';
  if (hasControlCharacter(tag)) return 'A tag cannot hold control characters.';
  return undefined;
}

/** "cats, Dogs ,cats" → ["cats", "Dogs"]: comma-separated, trimmed, duplicates dropped, at most 20. */
export function parseTags(input: string): { tags: string[] } | { problem: string } {
  const tags = [
    ...new Set(
      input
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
  for (const tag of tags) {
    const problem = tagProblem(tag);
    if (problem) return { problem };
  }
  if (tags.length > 20) return { problem: `An asset takes at most 20 tags; that is ${tags.length}.` };
  return { tags };
}

// eslint-disable-next-line no-control-regex
const hasControlCharacter = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

/** Whether an asset's name or one of its tags contains the search text (case-insensitive). */
export function matchesSearch(asset: { name: string; tags: readonly string[] }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return (
    needle === '' ||
    asset.name.toLowerCase().includes(needle) ||
    asset.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/** Every folder and tag seen so far, sorted, for the filters' suggestions. */
export function facets(assets: readonly { folder: string; tags: readonly string[] }[]): {
  folders: string[];
  tags: string[];
} {
  const folders = new Set<string>();
  const tags = new Set<string>();
  for (const asset of assets) {
    folders.add(asset.folder);
    for (const tag of asset.tags) tags.add(tag);
  }
  const byText = (a: string, b: string) => a.localeCompare(b);
  return { folders: [...folders].sort(byText), tags: [...tags].sort(byText) };
}

/** Whether any filter narrows the list (the empty state then says "nothing matches", not "empty"). */
export const isFiltered = (filters: LibraryFilters) =>
  filters.query.trim() !== '' || filters.kind !== '' || filters.folder.trim() !== '' || filters.tag.trim() !== '';
