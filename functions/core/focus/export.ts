// use case: the FOCUS export of a workspace for a range — answered inline when small, else stored and
// handed out as a short-lived download link.
//
//   ledger.entriesBetween ─► focusRows ─► writeFocus(format) ─► chunks
//        chunks ─► buffer while the escaped size ≤ inlineLimit ─ stream ended ─► inline (one Lambda response)
//                                  │ limit passed
//                                  ▼
//        store.save(key, buffered chunks + the rest, streamed) ─► store.downloadUrl ─► redirect
//
// A Lambda response holds at most 6 MB of JSON, in which the body is a JSON string: every `"` and `\`
// of the file costs a second byte there. The buffer is measured in those escaped bytes, so whatever
// is answered inline fits. Memory: the buffer (≤ inlineLimit) plus the store's upload parts.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { LedgerReader } from '../credits/ledger-entry.ts';
import type { Principal } from '../keys/api-key.ts';
import { focusMetadata } from './metadata.ts';
import type { FocusRange } from './range.ts';
import { focusRows, type FocusIdentity } from './rows.ts';
import { FOCUS_FILES, writeFocus, type FocusFile, type FocusFormat } from './writers.ts';

/** Escaped bytes answered inline; above it the file goes to the store (Lambda's cap is 6 MB in all). */
export const INLINE_LIMIT_BYTES = 5 * 1024 * 1024;
/** How long a download link of a stored export works. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
/** Key prefix of stored exports; the bucket expires objects under it (lib/constructs/media-bucket.ts). */
export const EXPORT_KEY_PREFIX = 'exports/';

/** Where exports too large for a response go (S3 in AWS, s3rver locally). */
export interface ExportStore {
  /** Streams `chunks` into a new object at `key` with the file's content type and attachment name. */
  save(key: string, chunks: AsyncIterable<string>, file: FocusFile): Promise<void>;
  /** A presigned GET that answers with the file's name (attachment) and content type. */
  downloadUrl(key: string, file: FocusFile, expiresInSeconds: number): Promise<string>;
}

export interface FocusDeps {
  readonly ledger: LedgerReader;
  readonly workspaces: { get(workspaceId: string): Promise<{ name: string } | undefined> };
  readonly store: ExportStore;
  readonly clock: Clock;
  readonly creditPrice: { readonly currency: string; readonly perCredit: string };
  readonly identity: FocusIdentity;
  /** @default INLINE_LIMIT_BYTES */
  readonly inlineLimitBytes?: number;
}

export type FocusExport =
  | { readonly kind: 'inline'; readonly file: FocusFile; readonly body: string }
  | {
      readonly kind: 'stored';
      readonly file: FocusFile;
      readonly key: string;
      readonly url: string;
      readonly expiresInSeconds: number;
    };

/** Bytes `text` takes inside a JSON string (UTF-8, with `"`, `\` and control characters escaped). */
export function escapedBytes(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 || code === 92 || code === 10 || code === 13 || code === 9) extra += 1;
    else if (code < 32) extra += 5;
  }
  return Buffer.byteLength(text, 'utf8') + extra;
}

/** The export's chunks: rows of the workspace's ledger in the range, written in `format`. */
export async function focusChunks(
  workspaceId: string,
  range: FocusRange,
  format: FocusFormat,
  deps: Omit<FocusDeps, 'store' | 'clock'>,
): Promise<AsyncGenerator<string>> {
  const workspace = await deps.workspaces.get(workspaceId);
  const rows = focusRows(deps.ledger.entriesBetween(workspaceId, range.from, range.to), {
    workspaceId,
    workspaceName: workspace?.name ?? null,
    range,
    creditPrice: deps.creditPrice,
    identity: deps.identity,
  });
  return writeFocus(format, rows);
}

export async function exportFocus(
  principal: Principal,
  input: { range: FocusRange; format: FocusFormat },
  deps: FocusDeps,
): Promise<FocusExport> {
  const file = FOCUS_FILES[input.format];
  const chunks = await focusChunks(principal.workspaceId, input.range, input.format, deps);
  const limit = deps.inlineLimitBytes ?? INLINE_LIMIT_BYTES;
  const buffered: string[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { kind: 'inline', file, body: buffered.join('') };
    buffered.push(next.value);
    size += escapedBytes(next.value);
    if (size > limit) break;
  }
  // Too large for a response: the buffered chunks, then the rest of the same stream, into the store.
  async function* everything(): AsyncGenerator<string> {
    yield* buffered.splice(0);
    yield* chunks;
  }
  const day = deps.clock.now().toISOString().slice(0, 10);
  const key = `${EXPORT_KEY_PREFIX}${principal.workspaceId}/${day}/${randomUUID()}/${file.fileName}`;
  await deps.store.save(key, everything(), file);
  const url = await deps.store.downloadUrl(key, file, DOWNLOAD_URL_TTL_SECONDS);
  return { kind: 'stored', file, key, url, expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS };
}

/** The metadata document of the workspace's dataset for the range. */
export async function focusMetadataFor(
  principal: Principal,
  range: FocusRange,
  deps: Pick<FocusDeps, 'workspaces' | 'clock' | 'identity'>,
): Promise<Record<string, unknown>> {
  const workspace = await deps.workspaces.get(principal.workspaceId);
  return focusMetadata({
    workspaceId: principal.workspaceId,
    workspaceName: workspace?.name ?? null,
    range,
    identity: deps.identity,
    now: deps.clock.now(),
  });
}
