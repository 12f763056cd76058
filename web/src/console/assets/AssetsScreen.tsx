// Console › Assets: the workspace library. Upload (drop or pick files; progress to 100 %), filter and
// search, a grid of thumbnails and posters, and the chosen asset's details and actions beside it.
// Every action is an asset tool through the gateway; the bytes go straight to S3 and back.
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { listAssets, type Asset } from './assets-api.ts';
import { AssetGrid } from './AssetGrid.tsx';
import { AssetPanel } from './AssetPanel.tsx';
import { describeAssetError } from './asset-errors.ts';
import { facets, isFiltered, listArgs, matchesSearch, NO_FILTERS, type LibraryFilters } from './filters.ts';
import { LibraryFiltersForm } from './LibraryFilters.tsx';
import { UploadZone } from './UploadZone.tsx';
import { useDebounced } from './use-debounced.ts';
import { useFailure } from './use-failure.ts';
import './assets.css';

type Library =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; items: Asset[]; nextCursor: string | null; refreshing: boolean };

export function AssetsScreen(): JSX.Element {
  const { tools } = useStudio();
  const [filters, setFilters] = useState<LibraryFilters>(NO_FILTERS);
  const [library, setLibrary] = useState<Library>({ state: 'loading' });
  const [selected, setSelected] = useState<Asset | undefined>();
  const [status, setStatus] = useState('');
  const [reloads, setReloads] = useState(0);
  const [seen, setSeen] = useState<{ folders: string[]; tags: string[] }>({ folders: ['/'], tags: [] });
  const [loadError, setLoadError] = useState<string | undefined>();
  const failLoad = useFailure(setLoadError);
  const { kind, trashed } = filters;
  const { folder, tag } = useDebounced({ folder: filters.folder, tag: filters.tag }, 300);
  // The search query is left out: it filters the loaded page in the browser (matchesSearch below), not the listing.
  const request = useMemo(() => listArgs({ ...NO_FILTERS, kind, trashed, folder, tag }), [kind, trashed, folder, tag]);
  const generation = useRef(0);

  const remember = useCallback((items: readonly Asset[]) => {
    setSeen((known) => {
      const next = facets([...items, ...known.folders.map((folder) => ({ folder, tags: known.tags }))]);
      return next.folders.length === known.folders.length && next.tags.length === known.tags.length ? known : next;
    });
  }, []);

  // `reloads`: a retry or an upload lists the same filters again.
  useEffect(() => {
    if ('problem' in request) return;
    const mine = ++generation.current;
    setLoadError(undefined);
    setLibrary((current) => (current.state === 'ready' ? { ...current, refreshing: true } : { state: 'loading' }));
    listAssets(tools, request.args).then(
      (page) => {
        if (mine !== generation.current) return;
        remember(page.items);
        setLibrary({ state: 'ready', items: page.items, nextCursor: page.nextCursor, refreshing: false });
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        failLoad(error);
        setLibrary((current) =>
          current.state === 'ready'
            ? { ...current, refreshing: false }
            : { state: 'error', message: describeAssetError(error) },
        );
      },
    );
  }, [tools, request, reloads, remember, failLoad]);

  const loadMore = async () => {
    if (library.state !== 'ready' || !library.nextCursor || 'problem' in request) return;
    const mine = generation.current;
    setLibrary({ ...library, refreshing: true });
    try {
      const page = await listAssets(tools, request.args, library.nextCursor);
      if (mine !== generation.current) return;
      remember(page.items);
      setLibrary({
        state: 'ready',
        items: [...library.items, ...page.items],
        nextCursor: page.nextCursor,
        refreshing: false,
      });
    } catch (error) {
      failLoad(error);
      setLibrary({ ...library, refreshing: false });
    }
  };

  const onChanged = useCallback(
    (saved: Asset, message: string) => {
      setSelected(saved);
      setStatus(message);
      remember([saved]);
      setLibrary((current) => {
        if (current.state !== 'ready') return current;
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
    [filters.trashed, remember],
  );

  const onPurged = useCallback((assetId: string, message: string) => {
    setSelected(undefined);
    setStatus(message);
    setLibrary((current) =>
      current.state === 'ready' ? { ...current, items: current.items.filter((item) => item.id !== assetId) } : current,
    );
  }, []);

  const onUploaded = useCallback((asset: Asset) => {
    setStatus(`Uploaded “${asset.name}”.`);
    setReloads((count) => count + 1);
  }, []);

  const problem = 'problem' in request ? request.problem : undefined;
  const visible = library.state === 'ready' ? library.items.filter((asset) => matchesSearch(asset, filters.query)) : [];
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
        {loadError && library.state === 'ready' ? (
          <Alert
            title="The library could not be refreshed"
            action={
              <button type="button" onClick={() => setReloads((count) => count + 1)}>
                Try again
              </button>
            }
          >
            {loadError}
          </Alert>
        ) : null}
        <div className={selected ? 'library-body with-panel' : 'library-body'}>
          <div className="library-list">
            {library.state === 'loading' ? (
              <p role="status">Loading the library…</p>
            ) : library.state === 'error' ? (
              <Alert
                title="The library could not be loaded"
                action={
                  <button type="button" onClick={() => setReloads((count) => count + 1)}>
                    Try again
                  </button>
                }
              >
                {library.message}
              </Alert>
            ) : visible.length === 0 ? (
              <p className="empty">
                {isFiltered(filters) || library.items.length > 0
                  ? 'Nothing matches these filters.'
                  : filters.trashed
                    ? 'The trash is empty.'
                    : 'No assets yet. Drop files above or choose them to upload.'}
              </p>
            ) : (
              <AssetGrid assets={visible} selectedId={selected?.id} onOpen={setSelected} busy={library.refreshing} />
            )}
            {library.state === 'ready' && library.nextCursor ? (
              <button type="button" className="load-more" onClick={() => void loadMore()} disabled={library.refreshing}>
                {library.refreshing ? 'Loading…' : 'Load more'}
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
