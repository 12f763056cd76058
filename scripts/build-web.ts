// scripts: builds the studio (web/) into static files — index.html and hashed assets/*.js|css — with
// esbuild. `npm run build:web`; `npm start` calls buildStudio when web/dist is missing or stale; the
// CDK stack deploys the same folder.
//
//   web/src/main.tsx ──esbuild (bundle, ESM, code splitting, minify)──► dist/assets/main-<hash>.js
//                                                                      dist/assets/chunk-<hash>.js (lazy: the canvas
// editor)
//                                                                      dist/assets/*.css
//   web/index.html ──<!-- assets --> replaced by the entry's tags──► dist/index.html
//   web/public/* ──copied──► dist/ (favicon.svg)
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';
import { SCOPES } from '../functions/core/scopes.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const STUDIO_SOURCE = resolve(ROOT, 'web');
export const STUDIO_DIST = resolve(ROOT, 'web/dist');
/** The canvas editor's module, as esbuild's metafile names it: its chunk is what opening a canvas downloads. */
export const STUDIO_EDITOR_SOURCE = 'web/src/canvas/CanvasEditor.tsx';

export interface StudioBuild {
  readonly outdir: string;
  /** Every file written, relative to outdir. */
  readonly files: readonly string[];
  /** The JavaScript a first visit downloads before anything shows: the entry and its static imports. */
  readonly initialJs: JsSizes & { readonly files: readonly string[] };
  readonly totalJs: JsSizes;
  /**
   * Every JavaScript output, with the sources it holds and the chunks it imports, for reports
   * (scripts/bundle-report.ts).
   */
  readonly chunks: readonly StudioChunk[];
}

export interface JsSizes {
  readonly bytes: number;
  /** gzip -9, roughly what a CDN serves. */
  readonly gzipBytes: number;
}

export interface StudioChunk {
  /** Relative to outdir, e.g. assets/chunk-<hash>.js. */
  readonly file: string;
  /** Source files bundled into it, relative to the repository (web/src/canvas/CanvasEditor.tsx). */
  readonly inputs: readonly string[];
  /** Chunks it loads with `import` statements, before it runs (relative to outdir). */
  readonly staticImports: readonly string[];
}

/**
 * The MCP client imports its Ajv provider statically; Ajv compiles with `new Function` (forbidden by
 * the CSP) and weighs ~130 KB gzipped. The studio passes the cfworker validator, so Ajv is never used.
 */
const noAjv: Plugin = {
  name: 'studio-no-ajv',
  setup(context) {
    context.onResolve({ filter: /validation\/ajv-provider\.js$/ }, () => ({
      path: resolve(STUDIO_SOURCE, 'src/mcp/no-ajv.ts'),
    }));
  },
};

export async function buildStudio(options: { outdir?: string; minify?: boolean } = {}): Promise<StudioBuild> {
  const outdir = resolve(options.outdir ?? STUDIO_DIST);
  // Built next to the target and swapped in, so a server reading the old folder never sees half a build.
  const staging = `${outdir}.building-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [resolve(STUDIO_SOURCE, 'src/main.tsx')],
    outdir: resolve(staging, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    sourcemap: false,
    legalComments: 'linked',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      __STUDIO_SCOPES__: JSON.stringify(SCOPES),
    },
    plugins: [noAjv],
  });
  const assets = Object.keys(result.metafile.outputs).map((path) => relative(staging, resolve(ROOT, path)));
  const entry = entryOutput(result.metafile, staging);
  const chunks = chunksOf(result.metafile, staging);
  const initial = [entry, ...staticClosure(chunks, entry)];
  const css = assets.filter((file) => file.endsWith('.css'));
  const template = await readFile(resolve(STUDIO_SOURCE, 'index.html'), 'utf8');
  // Every stylesheet is linked: esbuild does not load the CSS of lazily imported chunks by itself.
  const tags = [
    ...css.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...initial.slice(1).map((file) => `<link rel="modulepreload" href="/${file}" />`),
    `<script type="module" src="/${entry}"></script>`,
  ].join('\n    ');
  await writeFile(resolve(staging, 'index.html'), template.replace('<!-- assets -->', tags));
  // Files served as they are, at fixed names (the favicon the sign-in pages link too).
  await cp(resolve(STUDIO_SOURCE, 'public'), staging, { recursive: true });
  const copied = await readdir(resolve(STUDIO_SOURCE, 'public'));

  await mkdir(dirname(outdir), { recursive: true });
  await rm(outdir, { recursive: true, force: true });
  try {
    await rename(staging, outdir);
  } catch (error) {
    // Two starts that found the build stale at once (e2e tests start local mode in parallel) both
    // build the same sources; the one that renames second keeps the first one's output.
    if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await rm(staging, { recursive: true, force: true });
  }

  return {
    outdir,
    files: ['index.html', ...copied, ...assets],
    initialJs: { files: initial, ...(await measureFiles(outdir, initial)) },
    totalJs: await measureFiles(
      outdir,
      assets.filter((file) => file.endsWith('.js')),
    ),
    chunks,
  };
}

/** Raw and gzip -9 bytes of `files` (relative to `dir`), summed. */
export async function measureFiles(dir: string, files: readonly string[]): Promise<JsSizes> {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = await readFile(resolve(dir, file));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { bytes, gzipBytes };
}

/**
 * What opening a lazily imported source costs: the chunk holding `source` and the chunks it imports
 * statically, less those the first page has already loaded.
 */
export function lazyLoad(built: Pick<StudioBuild, 'chunks' | 'initialJs'>, source: string): string[] {
  const holder = built.chunks.find((chunk) => chunk.inputs.includes(source));
  if (!holder) throw new Error(`no studio chunk holds ${source}`);
  const loaded = new Set(built.initialJs.files);
  return [holder.file, ...staticClosure(built.chunks, holder.file)].filter((file) => !loaded.has(file));
}

function entryOutput(metafile: Metafile, staging: string): string {
  // Every lazily imported module's chunk has an entryPoint too (esbuild's dynamic import entries): match main's.
  const main = relative(ROOT, resolve(STUDIO_SOURCE, 'src/main.tsx'));
  const [path] = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === main) ?? [];
  if (!path) throw new Error('esbuild produced no entry output');
  return relative(staging, resolve(ROOT, path));
}

function chunksOf(metafile: Metafile, staging: string): StudioChunk[] {
  return Object.entries(metafile.outputs)
    .filter(([path]) => path.endsWith('.js'))
    .map(([path, output]) => ({
      file: relative(staging, resolve(ROOT, path)),
      inputs: Object.keys(output.inputs),
      staticImports: output.imports
        .filter((imported) => imported.kind === 'import-statement' && !imported.external)
        .map((imported) => relative(staging, resolve(ROOT, imported.path))),
    }));
}

/** Chunks loaded by `import` statements (not `import()`), transitively: they block the first render. */
function staticClosure(chunks: readonly StudioChunk[], from: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const chunk of byFile.get(file)?.staticImports ?? []) {
      if (!seen.has(chunk)) {
        seen.add(chunk);
        visit(chunk);
      }
    }
  };
  visit(from);
  return [...seen];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildStudio();
  console.log(
    `studio built into ${relative(process.cwd(), built.outdir) || '.'} in ` +
      `${Math.round(performance.now() - started)} ms`,
  );
  console.log(
    `  initial JS: ${kb(built.initialJs.bytes)} (${kb(built.initialJs.gzipBytes)} gzipped) in ` +
      `${built.initialJs.files.map((file) => basename(file)).join(', ')}`,
  );
  const editor = await measureFiles(built.outdir, lazyLoad(built, STUDIO_EDITOR_SOURCE));
  console.log(`  editor:     ${kb(editor.bytes)} (${kb(editor.gzipBytes)} gzipped) more when a canvas opens`);
  console.log(
    `  all JS:     ${kb(built.totalJs.bytes)} (${kb(built.totalJs.gzipBytes)} gzipped), ${built.files.length} files`,
  );
}
