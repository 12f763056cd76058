// The FOCUS 1.3 export of the range (the file finance tools read) and its metadata: the dataset, the
// schema version, and which days are complete. Both come from app-host routes that take the session's
// access token, not from tools (focus-download.ts).
import { useMemo, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useToolAction, useToolResource } from '../shared/use-tool-resource.ts';
import { focusFetch, saveBlob } from './focus-download.ts';
import { focusFileName, focusUrl, type FocusFormat } from './focus-url.ts';
import { formatTime } from './format.ts';
import { lastDayOf, type DayRange } from './range.ts';

interface FocusMetadata {
  FocusVersion: string;
  DatasetInstance: { DatasetInstanceName: string }[];
  Recency: { DatasetInstanceLastUpdated: string; TimeSectors: { TimeSectorComplete: boolean }[] }[];
  Schema: { SchemaId: string; DataGeneratorVersion: string; ColumnDefinition: unknown[] }[];
}

export function FocusExportPanel(props: { workspaceId: string; range: DayRange }): JSX.Element {
  const { accessToken } = useStudio();
  const { workspaceId, range } = props;
  const [format, setFormat] = useState<FocusFormat>('csv');
  const request = useMemo(() => ({ workspaceId, range }), [workspaceId, range]);
  // Not a tool: an app-host route that takes the session's token, loaded and worded the same way.
  const { resource: meta } = useToolResource(
    async () => {
      const token = await accessToken();
      const response = await focusFetch(focusUrl('metadata', { workspaceId, range }, window.location.origin), token);
      return (await response.json()) as FocusMetadata;
    },
    { key: request },
  );
  const act = useToolAction();
  const [download, setDownload] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });

  const onDownload = async () => {
    setDownload({ busy: true });
    const saved = await act(async () => {
      const response = await focusFetch(
        focusUrl('export', { workspaceId, range, format }, window.location.origin),
        await accessToken(),
      );
      const blob = await response.blob();
      const name = focusFileName(range, format);
      saveBlob(blob, name);
      return `Downloaded ${name} (${Math.max(1, Math.round(blob.size / 1024))} KB).`;
    });
    setDownload(saved.ok ? { busy: false, message: saved.value } : { busy: false, error: saved.message });
  };

  const sectors = meta.state === 'ready' ? (meta.value.Recency[0]?.TimeSectors ?? []) : [];
  const schema = meta.state === 'ready' ? meta.value.Schema[0] : undefined;
  return (
    <section className="usage-panel" aria-labelledby="usage-focus" data-testid="focus-export">
      <h2 id="usage-focus">FOCUS export</h2>
      <p className="muted">
        The workspace’s credit cost and usage from {range.from} to {lastDayOf(range)} as a FOCUS dataset, for finance
        and FinOps tools.
      </p>
      <fieldset className="usage-format">
        <legend>Format</legend>
        <label>
          <input
            type="radio"
            name="focus-format"
            value="csv"
            checked={format === 'csv'}
            onChange={() => setFormat('csv')}
          />{' '}
          CSV
        </label>
        <label>
          <input
            type="radio"
            name="focus-format"
            value="jsonl"
            checked={format === 'jsonl'}
            onChange={() => setFormat('jsonl')}
          />{' '}
          JSON Lines
        </label>
      </fieldset>
      <button type="button" className="primary" onClick={() => void onDownload()} disabled={download.busy}>
        {download.busy ? 'Preparing the export…' : `Download ${format === 'csv' ? 'CSV' : 'JSON Lines'}`}
      </button>
      <p role="status" className="muted">
        {download.message ?? ''}
      </p>
      {download.error ? <Alert title="The export could not be downloaded">{download.error}</Alert> : null}
      <h3>Metadata</h3>
      {meta.state === 'loading' ? (
        <p role="status">Loading the metadata…</p>
      ) : meta.state === 'error' ? (
        <Alert title="The metadata could not be loaded">{meta.message}</Alert>
      ) : (
        <dl className="usage-meta" data-testid="focus-metadata">
          <dt>Dataset</dt>
          <dd>{meta.value.DatasetInstance[0]?.DatasetInstanceName ?? '—'}</dd>
          <dt>FOCUS version</dt>
          <dd>{meta.value.FocusVersion}</dd>
          <dt>Schema</dt>
          <dd>
            <code>{schema?.SchemaId ?? '—'}</code> ({schema?.ColumnDefinition.length ?? 0} columns, generator{' '}
            {schema?.DataGeneratorVersion ?? '—'})
          </dd>
          <dt>Complete days</dt>
          <dd>
            {sectors.filter((sector) => sector.TimeSectorComplete).length} of {sectors.length} (a day is final 15
            minutes after it ends)
          </dd>
          <dt>Last updated</dt>
          <dd>{meta.value.Recency[0] ? formatTime(meta.value.Recency[0].DatasetInstanceLastUpdated) : '—'}</dd>
        </dl>
      )}
    </section>
  );
}
