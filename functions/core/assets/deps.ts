// use cases: what every asset use case needs (its ports) and the time limits they share.
import type { Clock } from '../clock.ts';
import type { CanvasRepository } from '../ports.ts';
import type { AssetRepository, AssetStorage } from './ports.ts';

export interface AssetDeps {
  assets: AssetRepository;
  storage: AssetStorage;
  canvases: CanvasRepository;
  clock: Clock;
}

/** How long a presigned PUT works: long enough for a large file on a slow link, short enough to leak little. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** How long a reservation may wait for finalize; the bucket's lifecycle rule expires pending bytes after a day too. */
export const RESERVATION_TTL_SECONDS = 24 * 60 * 60;
/** How long a detail download URL works. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
