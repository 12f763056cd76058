// The library's filters: search (names and tags of what is loaded), kind, folder, tag, and the trash.
import type { JSX } from 'react';
import type { LibraryFilters } from './filters.ts';
import { ASSET_KIND_IDS, type AssetKind } from './kinds.ts';

export function LibraryFiltersForm(props: {
  filters: LibraryFilters;
  onChange: (filters: LibraryFilters) => void;
  folders: readonly string[];
  tags: readonly string[];
  problem: string | undefined;
}): JSX.Element {
  const { filters, onChange } = props;
  const set = (change: Partial<LibraryFilters>) => onChange({ ...filters, ...change });
  return (
    // A search landmark with no form around the fields: they filter as they are typed, so there is nothing to submit.
    <search className="filters asset-filters" aria-label="Filter the library">
      <label htmlFor="asset-search">Search</label>
      <input
        id="asset-search"
        type="search"
        value={filters.query}
        onChange={(event) => set({ query: event.target.value })}
        placeholder="Name or tag"
      />
      <label htmlFor="asset-kind">Kind</label>
      <select
        id="asset-kind"
        value={filters.kind}
        onChange={(event) => set({ kind: event.target.value as AssetKind | '' })}
      >
        <option value="">All kinds</option>
        {ASSET_KIND_IDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind === 'image' ? 'Images' : kind === 'video' ? 'Videos' : 'Audio'}
          </option>
        ))}
      </select>
      <label htmlFor="asset-folder">Folder</label>
      <input
        id="asset-folder"
        value={filters.folder}
        onChange={(event) => set({ folder: event.target.value })}
        placeholder="All folders"
        list="asset-folders"
        aria-invalid={props.problem ? true : undefined}
      />
      <datalist id="asset-folders">
        {props.folders.map((folder) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
      <label htmlFor="asset-tag">Tag</label>
      <input
        id="asset-tag"
        value={filters.tag}
        onChange={(event) => set({ tag: event.target.value })}
        placeholder="Any tag"
        list="asset-tags"
      />
      <datalist id="asset-tags">
        {props.tags.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <label className="check">
        <input type="checkbox" checked={filters.trashed} onChange={(event) => set({ trashed: event.target.checked })} />
        Show the trash
      </label>
      {props.problem ? (
        <p className="field-problem" role="alert">
          {props.problem}
        </p>
      ) : null}
    </search>
  );
}
