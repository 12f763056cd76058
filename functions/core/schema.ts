// core: the one entry point to zod. zod/mini is tree-shakeable (about 20 KB in a bundle with the
// English messages below); the classic build bundles every locale and the JSON Schema converters,
// about 440 KB and 30 ms of cold start in every Lambda. Import it as `import * as z from '#core/schema'`
// (a namespace import keeps it tree-shakeable; re-exporting `z` as a value object would not), never
// from 'zod' directly.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
