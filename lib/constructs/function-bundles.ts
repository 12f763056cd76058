// infra: the code of every ServiceFunction of an app, bundled in ONE esbuild build when the app is
// synthesized (bundling.ts buildBundles), instead of one esbuild run per function as NodejsFunction does
// (~1 s each, most of it process start-up: 125 functions made `cdk synth` take minutes).
//
//   ServiceFunction ── FunctionBundles.of(this).code({ entry }) ──▶ BundledCode (S3 location: Lazy)
//   app.synth()
//     └─ aspect on the app, before anything reads a template:
//          functions whose stack is bundled (aws:cdk:bundling-stacks) ──▶ ONE buildBundles run
//            ──▶ <assembly>/bundle.<key>/index.mjs (+ .map, chunks) per distinct entry
//          each function: Asset 'Code' (as AssetCode makes it), local bundling = move that folder in,
//            hash = its content (AssetHashType.OUTPUT, as NodejsFunction's)
//
// A function whose bundle did not change keeps its asset hash (the hash is the folder's content, and a
// bundle holds its own entry's module graph only); one whose code changed gets a new one. Stacks left
// out of bundling (the tests' `'aws:cdk:bundling-stacks': []`) get CDK's placeholder and no build runs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AspectPriority,
  Aspects,
  AssetHashType,
  type CfnResource,
  type ILocalBundling,
  Lazy,
  Stack,
  Stage,
} from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import type { Construct, IConstruct } from 'constructs';
import { BUILD_BUNDLES_PROGRAM, BUNDLING_ROOT, type BundleJob } from './bundling.ts';

/** What a function's bundle is built from. */
export interface FunctionBundle {
  /** A handler module's absolute path, or an operation's entry point (bundling.ts operationEntryPoint). */
  readonly entry: string;
  /**
   * Bundle with code splitting (bundling.ts splitOptions): modules reached only through `import()` load at first use.
   * @default false
   */
  readonly codeSplitting?: boolean;
}

/** The loader that lets the build process run bundling.ts (the app itself runs under tsx: cdk.json). */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const registries = new WeakMap<IConstruct, FunctionBundles>();

/** The bundles of one app: functions register while the app is built; one build makes them all at synth. */
export class FunctionBundles {
  /** The app's registry (made, with its aspect, on first use). */
  static of(scope: IConstruct): FunctionBundles {
    const root = scope.node.root;
    let bundles = registries.get(root);
    if (!bundles) {
      bundles = new FunctionBundles(root);
      registries.set(root, bundles);
    }
    return bundles;
  }

  /** How many esbuild builds this app's synthesis ran (one, or none when every stack skips bundling). */
  builds = 0;
  private readonly codes: BundledCode[] = [];
  private staged = false;

  private constructor(private readonly root: IConstruct) {
    // Aspects run first in synthesis, before any template or nested stack is rendered: by then every
    // function of the app has registered.
    Aspects.of(root).add({ visit: (node) => node === root && this.stage() }, { priority: AspectPriority.MUTATING });
  }

  /** The distinct bundles the app's functions registered (what its synth builds when every stack is bundled). */
  get bundles(): FunctionBundle[] {
    return [...new Map(this.codes.map((code) => [code.key, code.bundle])).values()];
  }

  /** Code for a function: bundled from `bundle` when the app is synthesized. */
  code(bundle: FunctionBundle): lambda.Code {
    return new BundledCode(this, bundle);
  }

  /** @internal */
  register(code: BundledCode): void {
    if (this.staged)
      throw new Error(`${code.scope().node.path}: a function was added after its app's bundles were built`);
    this.codes.push(code);
  }

  /** Builds the bundles of the functions whose stacks are bundled, in one esbuild run; gives each its asset. */
  private stage(): void {
    if (this.staged) return;
    this.staged = true;
    if (this.codes.length === 0) return;
    // Where CDK stages the assets: one folder, the app's (this service has no nested Stage).
    const outdirs = new Set(this.codes.map((code) => Stage.of(code.scope())?.assetOutdir));
    const [outdir] = outdirs;
    if (outdirs.size !== 1 || !outdir)
      throw new Error('The functions of an app are bundled for one App, with no Stage inside');
    const bundled = this.codes.filter((code) => Stack.of(code.scope()).bundlingRequired);
    // One job per distinct bundle (two routes may share a handler module). Each folder sits directly in
    // the assembly, where CDK's own bundling folder would be, so the source maps' relative paths, and
    // with them the asset hashes, are those a one-function build gives.
    const jobs = new Map<string, BundleJob>();
    for (const code of bundled) jobs.set(code.key, { ...code.bundle, dir: `bundle.${code.key}` });
    const folders = [...jobs.values()].map((job) => path.join(outdir, job.dir));
    try {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      if (jobs.size > 0) {
        process.stderr.write(`Bundling ${jobs.size} function${jobs.size === 1 ? '' : 's'} in one esbuild build …\n`);
        runBuild(outdir, [...jobs.values()]);
        this.builds += 1;
      }
      for (const code of this.codes) code.stage(path.join(outdir, `bundle.${code.key}`));
    } finally {
      // A folder that CDK found in its asset cache (same bundle, same assembly) was never moved.
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  }
}

/** bundling.ts run as a program (its plugins need esbuild's asynchronous API; CDK stages assets synchronously). */
function runBuild(outdir: string, jobs: readonly BundleJob[]): void {
  const result = spawnSync(process.execPath, ['--import', TSX_LOADER, BUILD_BUNDLES_PROGRAM], {
    cwd: BUNDLING_ROOT,
    input: JSON.stringify({ outdir, jobs }),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`esbuild could not bundle the functions (exit ${result.status}); see above`);
}

/**
 * CDK local bundling that moves a prepared bundle into CDK's bundling folder. Its fields are part of CDK's
 * asset cache key (the cache serializes the bundling options), so two functions share a staged asset only
 * when they have the same bundle.
 */
class PreparedBundle implements ILocalBundling {
  constructor(
    readonly entry: string,
    readonly codeSplitting: boolean,
    private readonly folder: () => string,
  ) {}

  tryBundle(outputDir: string): boolean {
    const folder = this.folder();
    for (const name of readdirSync(folder)) renameSync(path.join(folder, name), path.join(outputDir, name));
    return true;
  }
}

/** A function's code: its S3 location is known once the app's bundles are staged (FunctionBundles.stage). */
class BundledCode extends lambda.Code {
  /** The bundle's folder name in the build: a digest of what it is built from. */
  readonly key: string;
  private boundTo?: Construct;
  private resource?: CfnResource;
  private asset?: s3assets.Asset;

  constructor(
    private readonly bundles: FunctionBundles,
    readonly bundle: FunctionBundle,
  ) {
    super();
    this.key = createHash('sha256')
      .update(JSON.stringify([bundle.entry, bundle.codeSplitting ?? false]))
      .digest('hex')
      .slice(0, 16);
  }

  bind(scope: Construct): lambda.CodeConfig {
    if (this.boundTo && this.boundTo !== scope) throw new Error('A bundled code belongs to one function');
    if (!this.boundTo) {
      this.boundTo = scope;
      this.bundles.register(this);
    }
    const asset = () => {
      if (!this.asset) throw new Error(`${scope.node.path}: the function's bundle is made when the app is synthesized`);
      return this.asset;
    };
    return {
      s3Location: {
        bucketName: Lazy.string({ produce: () => asset().s3BucketName }),
        objectKey: Lazy.string({ produce: () => asset().s3ObjectKey }),
      },
    };
  }

  override bindToResource(resource: CfnResource): void {
    this.resource = resource;
  }

  /** @internal The function this code was bound to. */
  scope(): Construct {
    if (!this.boundTo) throw new Error('A bundled code is staged after it is bound to its function');
    return this.boundTo;
  }

  /** @internal Makes the function's asset (construct `Code`, as lambda.AssetCode names it) from the prepared folder. */
  stage(folder: string): void {
    this.asset = new s3assets.Asset(this.scope(), 'Code', {
      // The source CDK hashes is never read: the hash is the bundle's (OUTPUT), as for NodejsFunction.
      path: BUNDLING_ROOT,
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never pulled: the local bundling always succeeds (or the synth fails with esbuild's messages).
        image: lambda.Runtime.NODEJS_22_X.bundlingImage,
        local: new PreparedBundle(this.bundle.entry, this.bundle.codeSplitting ?? false, () => folder),
      },
    });
    if (this.resource) this.asset.addResourceMetadata(this.resource, 'Code');
  }
}
