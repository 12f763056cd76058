// test support (vitest globalSetup of the e2e project): builds the studio once before any e2e file
// starts local mode, so parallel starts find it fresh instead of each building it at the same time
// (and one replacing web/dist while another serves it).
import { studioIsStale } from '../../lib/local/studio-build.ts';
import { buildStudio } from '../../scripts/build-web.ts';

export default async function setup(): Promise<void> {
  if (await studioIsStale()) await buildStudio();
}
