// infra: where the studio's files come from at synth time. Like a Lambda bundle, the studio is built
// locally by CDK's asset bundling (so `cdk synth` on a fresh clone works offline, and synths that skip
// bundling, the infra tests, skip the build too); or a built folder is given (context studioDir).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StudioSiteContent } from './studio-site.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The studio's build entry point (exports `buildStudio({ outdir })`). */
export const STUDIO_BUILD_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'build-web.ts');
const STUDIO_SOURCE_DIR = path.join(PROJECT_ROOT, 'web');

/**
 * The studio built by `buildStudio` from scripts/build-web.ts into the asset's output folder, or
 * undefined when that script is not there. The build runs in a child process: asset bundling is
 * synchronous and `buildStudio` may be asynchronous.
 */
export function studioBuildContent(): StudioSiteContent | undefined {
  if (!existsSync(STUDIO_BUILD_SCRIPT) || !existsSync(STUDIO_SOURCE_DIR)) return undefined;
  return {
    sourceDirectory: STUDIO_SOURCE_DIR,
    build(outputDir: string) {
      process.stderr.write(`Building the studio (web/) into ${outputDir} …\n`);
      const script =
        `const { buildStudio } = await ` +
        `import(${JSON.stringify(new URL(`file://${STUDIO_BUILD_SCRIPT}`).href)}); await buildStudio({ ` +
        `outdir: process.argv[1] });`;
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script, outputDir],
        {
          cwd: PROJECT_ROOT,
          // Its output goes to stderr: the CDK CLI reads the app's stdout.
          stdio: ['ignore', 2, 2],
        },
      );
      if (result.status !== 0)
        throw new Error(
          `The studio build (scripts/build-web.ts) ` +
            `failed${result.error ? `: ${result.error.message}` : ` with exit code ${result.status}`}`,
        );
      if (!existsSync(path.join(outputDir, 'index.html')))
        throw new Error(`The studio build wrote no index.html into ${outputDir}`);
    },
  };
}

/** A built studio folder (context studioDir), checked. */
export function studioDirectoryContent(directory: string): StudioSiteContent {
  const absolute = path.resolve(PROJECT_ROOT, directory);
  if (!existsSync(path.join(absolute, 'index.html')))
    throw new Error(`Context studioDir: ${absolute} has no index.html (build it with npm run build:web)`);
  return { directory: absolute };
}
