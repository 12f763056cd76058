// Drop files here, or choose them with the file picker (the keyboard's way in). Each file gets a row
// with a progress bar from 0 to 100 % while its bytes go straight to S3; a failure says why and
// offers to try again with the same file, so nothing chosen is lost.
import { useCallback, useId, useRef, useState, type DragEvent, type FormEvent, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { SignInError } from '../../auth/session.ts';
import type { Asset } from './assets-api.ts';
import { describeAssetError } from './asset-errors.ts';
import { normalizeFolder, parseTags } from './filters.ts';
import { ACCEPTED_TYPES, refusal } from './kinds.ts';
import { formatBytes, percent, progressText } from './progress.ts';
import { putWithXhr } from './put-xhr.ts';
import { uploadFile, type UploadPhase } from './upload.ts';

interface UploadRow {
  key: number;
  file: File;
  loaded: number;
  phase: UploadPhase | 'done' | 'failed';
  message?: string;
}

const PHASE_WORDS: Record<UploadRow['phase'], string> = {
  hashing: 'Computing the checksum…',
  reserving: 'Preparing the upload…',
  sending: 'Sending…',
  finishing: 'Adding to the library…',
  done: 'Uploaded',
  failed: 'Failed',
};

export function UploadZone(props: {
  onUploaded: (asset: Asset) => void;
  folderSuggestions: readonly string[];
}): JSX.Element {
  const { tools, sessionEnded } = useStudio();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);
  const [folder, setFolder] = useState('');
  const [tags, setTags] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const picker = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const ids = useId();

  const update = useCallback(
    (key: number, change: Partial<UploadRow>) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row))),
    [],
  );

  const run = useCallback(
    async (key: number, file: File, target: { folder?: string; tags?: string[] }) => {
      update(key, { phase: 'hashing', loaded: 0, message: undefined });
      try {
        const asset = await uploadFile(tools, file, {
          ...target,
          put: putWithXhr,
          onPhase: (phase) => update(key, { phase }),
          onProgress: (loaded) => update(key, { loaded }),
        });
        update(key, { phase: 'done', loaded: file.size });
        props.onUploaded(asset);
      } catch (error) {
        if (error instanceof SignInError) return sessionEnded(error.message);
        update(key, { phase: 'failed', message: describeAssetError(error) });
      }
    },
    [tools, sessionEnded, props.onUploaded, update],
  );

  /** Where the files go, from the optional fields; undefined (with the reason shown) when they are wrong. */
  const target = (): { folder?: string; tags?: string[] } | undefined => {
    const result: { folder?: string; tags?: string[] } = {};
    if (folder.trim()) {
      const normalized = normalizeFolder(folder);
      if ('problem' in normalized) return void setProblem(normalized.problem);
      result.folder = normalized.folder;
    }
    const parsed = parseTags(tags);
    if ('problem' in parsed) return void setProblem(parsed.problem);
    if (parsed.tags.length) result.tags = parsed.tags;
    return result;
  };

  const start = (files: readonly File[]) => {
    setProblem(undefined);
    if (files.length === 0) return;
    const where = target();
    if (!where) return;
    const refused = files.map(refusal).filter((reason): reason is string => reason !== undefined);
    if (refused.length) setProblem(refused.join(' '));
    for (const file of files.filter((candidate) => !refusal(candidate))) {
      const key = nextKey.current++;
      setRows((current) => [{ key, file, loaded: 0, phase: 'hashing' }, ...current]);
      void run(key, file, where);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };
  const onDragOver = (event: DragEvent) => {
    // Without preventDefault the browser opens the dropped file instead of handing it to the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onPicked = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    start([...(input.files ?? [])]);
    // The same file may be picked again after a failure.
    input.value = '';
  };

  return (
    <section className="upload" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Upload</h2>
      {/* Dropping is the pointer's shortcut; the "Choose files…" button inside does the same from the keyboard,
          so the zone itself stays a plain container rather than a widget a screen reader would offer. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the button inside is the way in */}
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        data-testid="drop-zone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          Drop images, videos or audio files here, or{' '}
          <button type="button" className="primary" onClick={() => picker.current?.click()}>
            Choose files…
          </button>
        </p>
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          hidden
          onChange={onPicked}
          aria-label="Files to upload"
        />
        <div className="upload-target">
          <label htmlFor={`${ids}-folder`}>Into folder</label>
          <input
            id={`${ids}-folder`}
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
            placeholder="/ (root)"
            list={`${ids}-folders`}
          />
          <datalist id={`${ids}-folders`}>
            {props.folderSuggestions.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
          <label htmlFor={`${ids}-tags`}>With tags</label>
          <input
            id={`${ids}-tags`}
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            placeholder="comma, separated"
          />
        </div>
      </div>
      {problem ? (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {rows.length ? (
        <ul className="uploads" aria-label="Uploads">
          {rows.map((row) => (
            <UploadItem
              key={row.key}
              row={row}
              onRetry={() => {
                const where = target();
                if (where) void run(row.key, row.file, where);
              }}
              onDismiss={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadItem(props: { row: UploadRow; onRetry: () => void; onDismiss: () => void }): JSX.Element {
  const { row } = props;
  const total = row.file.size;
  const value = row.phase === 'done' ? 100 : percent(row.loaded, total);
  const finished = row.phase === 'done' || row.phase === 'failed';
  return (
    <li className={`upload-row ${row.phase}`} data-upload={row.file.name} data-phase={row.phase}>
      <div className="upload-line">
        <span className="upload-name">{row.file.name}</span>
        <span className="muted">{formatBytes(total)}</span>
        <span className="upload-phase">{PHASE_WORDS[row.phase]}</span>
        {finished ? (
          <span className="actions">
            {row.phase === 'failed' ? (
              <button type="button" onClick={props.onRetry}>
                Try again
              </button>
            ) : null}
            <button type="button" onClick={props.onDismiss} aria-label={`Dismiss ${row.file.name}`}>
              Dismiss
            </button>
          </span>
        ) : null}
      </div>
      <progress
        max={100}
        value={value}
        aria-label={`Upload of ${row.file.name}`}
        aria-valuetext={progressText(row.phase === 'done' ? total : row.loaded, total)}
      />
      <span className="upload-progress" aria-hidden="true">
        {progressText(row.phase === 'done' ? total : row.loaded, total)}
      </span>
      {row.message ? (
        <p className="field-problem" role="alert">
          {row.message}
        </p>
      ) : null}
    </li>
  );
}
