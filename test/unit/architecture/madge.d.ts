// madge ships no types; this is the part of its API the architecture tests use.
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
  }
  interface MadgeResult {
    /** Every module (relative to baseDir) and the modules it imports. */
    obj(): Record<string, string[]>;
    /** Each circle as the list of modules along it. */
    circular(): string[][];
    /** Imports madge could not resolve to a file (packages it did not follow are not listed). */
    skipped(): string[];
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
