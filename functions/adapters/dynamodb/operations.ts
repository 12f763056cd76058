// adapter: moved to entities.ts (the entity helper of the single table). Kept only until
// run-repository.ts, being rewritten meanwhile, imports from there; then this file goes.
export { batchGetConsistent, findByKey, putIfVersion } from './entities.ts';
