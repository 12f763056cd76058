// use cases: the asset upload lifecycle (reserve → PUT to S3 → verify → finalize, or cancel), the
// workspace library (list, detail, usages, rename, move, tags, place, trash, restore, purge) and the
// assets of a canvas. Every asset id is looked up under the caller's workspace, so another workspace's
// asset is simply not found.
// The lifecycle and the library change for different reasons, so they live in upload.ts and library.ts;
// this module keeps the old import path working.
export * from './deps.ts';
export * from './library.ts';
export * from './upload.ts';
