// local: `npm start` serves the studio's build; this builds it first when it is missing or older than
// its sources, so `npm install` + `npm start` stays all a new user needs.
import { readdir, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildStudio, STUDIO_DIST, STUDIO_SOURCE } from '../../scripts/build-web.ts';

/** Newest modification time under `dir` (0 when it does not exist). */
async function newest(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  let latest = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(resolve(entry.parentPath, entry.name)).catch(() => undefined);
    if (info && info.mtimeMs > latest) latest = info.mtimeMs;
  }
  return latest;
}

/** Whether web/dist is missing or older than web/src, web/index.html or web/headers.ts. */
export async function studioIsStale(): Promise<boolean> {
  const built = await stat(resolve(STUDIO_DIST, 'index.html')).catch(() => undefined);
  if (!built) return true;
  const sources = Math.max(
    await newest(resolve(STUDIO_SOURCE, 'src')),
    ...(await Promise.all(
      ['index.html', 'headers.ts'].map(
        async (file) => (await stat(resolve(STUDIO_SOURCE, file)).catch(() => undefined))?.mtimeMs ?? 0,
      ),
    )),
  );
  return sources > built.mtimeMs;
}

/**
 * Returns the folder to serve, building it first if needed, or undefined (with a warning printed) when
 * the build fails: the API still starts, only the studio is missing.
 */
export async function ensureStudioBuilt(
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<string | undefined> {
  if (!(await studioIsStale())) return STUDIO_DIST;
  print('Building the studio (web/ → web/dist)…');
  try {
    await buildStudio();
    return STUDIO_DIST;
  } catch (error) {
    warn(
      `Warning: the studio could not be built, so the app host serves no studio: ${(error as Error).message.split('\n')[0]}`,
    );
    warn('  Run `npm run build:web` to see the whole error.');
    return undefined;
  }
}
