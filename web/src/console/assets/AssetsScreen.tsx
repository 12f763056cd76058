// Console › Assets: the workspace library. Upload (drop or pick files; progress to 100 %), filter and
// search, a grid of thumbnails and posters, and the chosen asset's details and actions beside it.
// Every action is an asset tool through the gateway; the bytes go straight to S3 and back.
import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { RetryAlert } from '../../ui/NotLoaded.tsx';
import { useToolAction, useToolResource } from '../shared/use-tool-resource.ts';
import { listAssets, type Asset } from './assets-api.ts';
import { AssetGrid } from './AssetGrid.tsx';
import { AssetPanel } from './AssetPanel.tsx';
import { describeAssetError } from './asset-errors.ts';
import {
  facets,
  isFiltered,
  listArgs,
  matchesSearch,
  NO_FILTERS,
  type LibraryFilters,
  type ListArgs,
} from './filters.ts';
import { LibraryFiltersForm } from './LibraryFilters.tsx';
import { UploadZone } from './UploadZone.tsx';
import { useDebounced } from './use-debounced.ts';
import './assets.css';

type Library = { items: Asset[]; nextCursor: string | null; more: boolean };

export function AssetsScreen(): JSX.Element {
  const [filters, setFilters] = useState<LibraryFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Asset | undefined>();
  const [status, setStatus] = useState('');
  const [seen, setSeen] = useState<{ folders: string[]; tags: string[] }>({ folders: ['/'], tags: [] });
  const [moreError, setMoreError] = useState<string | undefined>();
  const { kind, trashed } = filters;
  const { folder, tag } = useDebounced({ folder: filters.folder, tag: filters.tag }, 300);
  // The search query is left out: it filters the loaded page in the browser (matchesSearch below), not the listing.
  const request = useMemo(() => listArgs({ ...NO_FILTERS, kind, trashed, folder, tag }), [kind, trashed, folder, tag]);
  // Filters being typed that are not a request yet (a folder without its slash) leave the library as it is.
  const [args, setArgs] = useState<ListArgs>(() =>
    'args' in request ? request.args : (listArgs(NO_FILTERS) as { args: ListArgs }).args,
  );
  useEffect(() => {
    if ('problem' in request) return;
    setArgs(request.args);
    setMoreError(undefined);
  }, [request]);
  const act = useToolAction(describeAssetError);

  const {
    resource: library,
    retry,
    change,
  } = useToolResource(
    async (tools): Promise<Library> => {
      const page = await listAssets(tools, args);
      return { items: page.items, nextCursor: page.nextCursor, more: false };
    },
    { key: args, keep: true, describe: describeAssetError },
  );

  const remember = useCallback((items: readonly Asset[]) => {
    setSeen((known) => {
      const next = facets([...items, ...known.folders.map((folder) => ({ folder, tags: known.tags }))]);
      return next.folders.length === known.folders.length && next.tags.length === known.tags.length ? known : next;
    });
  }, []);
  const loadedItems = library.state === 'ready' ? library.value.items : undefined;
  useEffect(() => {
    if (loadedItems) remember(loadedItems);
  }, [loadedItems, remember]);

  const loadMore = async () => {
    if (library.state !== 'ready' || !library.value.nextCursor) return;
    const cursor = library.value.nextCursor;
    setMoreError(undefined);
    change((current) => ({ ...current, more: true }));
    const page = await act((tools) => listAssets(tools, args, cursor));
    if (!page.ok) setMoreError(page.message);
    // A reload meanwhile (new filters, an upload) answered another list: this page is not part of it.
    change((current) =>
      current.nextCursor !== cursor
        ? current
        : page.ok
          ? { items: [...current.items, ...page.value.items], nextCursor: page.value.nextCursor, more: false }
          : { ...current, more: false },
    );
  };

  const onChanged = useCallback(
    (saved: Asset, message: string) => {
      setSelected(saved);
      setStatus(message);
      remember([saved]);
      change((current) => {
        // Trashed or restored: it now belongs to the other list.
        const belongs = (saved.trashedAt !== null) === filters.trashed;
        const items = current.items.some((item) => item.id === saved.id)
          ? current.items.flatMap((item) => (item.id !== saved.id ? [item] : belongs ? [saved] : []))
          : belongs
            ? [...current.items, saved]
            : current.items;
        return { ...current, items };
      });
    },
    [filters.trashed, remember, change],
  );

  const onPurged = useCallback(
    (assetId: string, message: string) => {
      setSelected(undefined);
      setStatus(message);
      change((current) => ({ ...current, items: current.items.filter((item) => item.id !== assetId) }));
    },
    [change],
  );

  /** Lists the same filters again, keeping the grid on screen meanwhile (after an upload, "Try again"). */
  const refresh = useCallback(() => {
    setMoreError(undefined);
    retry();
  }, [retry]);

  const onUploaded = useCallback(
    (asset: Asset) => {
      setStatus(`Uploaded “${asset.name}”.`);
      refresh();
    },
    [refresh],
  );

  const problem = 'problem' in request ? request.problem : undefined;
  const visible =
    library.state === 'ready' ? library.value.items.filter((asset) => matchesSearch(asset, filters.query)) : [];
  const loadError = library.state === 'ready' ? (library.stale ?? moreError) : undefined;
  const busy = library.state === 'ready' && (library.refreshing === true || library.value.more);
  return (
    <div className="assets-screen" data-screen="assets" data-state={library.state}>
      <UploadZone onUploaded={onUploaded} folderSuggestions={seen.folders} />
      <section className="library" aria-labelledby="library-title">
        <h2 id="library-title">{filters.trashed ? 'Trash' : 'Library'}</h2>
        <LibraryFiltersForm
          filters={filters}
          onChange={setFilters}
          folders={seen.folders}
          tags={seen.tags}
          problem={problem}
        />
        <p className="sr-only" role="status" aria-live="polite">
          {status}
        </p>
        {loadError ? (
          <RetryAlert title="The library could not be refreshed" onRetry={refresh}>
            {loadError}
          </RetryAlert>
        ) : null}
        <div className={selected ? 'library-body with-panel' : 'library-body'}>
          <div className="library-list">
            {library.state === 'loading' ? (
              <p role="status">Loading the library…</p>
            ) : library.state === 'error' ? (
              <RetryAlert title="The library could not be loaded" onRetry={refresh}>
                {library.message}
              </RetryAlert>
            ) : visible.length === 0 ? (
              <p className="empty">
                {isFiltered(filters) || library.value.items.length > 0
                  ? 'Nothing matches these filters.'
                  : filters.trashed
                    ? 'The trash is empty.'
                    : 'No assets yet. Drop files above or choose them to upload.'}
              </p>
            ) : (
              <AssetGrid assets={visible} selectedId={selected?.id} onOpen={setSelected} busy={busy} />
            )}
            {library.state === 'ready' && library.value.nextCursor ? (
              <button type="button" className="load-more" onClick={() => void loadMore()} disabled={busy}>
                {busy ? 'Loading…' : 'Load more'}
              </button>
            ) : null}
          </div>
          {selected ? (
            <AssetPanel
              key={selected.id}
              asset={selected}
              folderSuggestions={seen.folders}
              onChanged={onChanged}
              onPurged={onPurged}
              onClose={() => setSelected(undefined)}
            />
          ) : null}
        </div>
      </section>
    </div>
  );
}
