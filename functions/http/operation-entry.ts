// http: the Lambda entry of every operation's route. `operation-module` is not a package: each
// operation's function bundles this file with `operation-module` replaced by its operation's file
// (lib/constructs/bundling.ts operationEntries), so the bundle holds that one operation and nothing
// of the catalogue. Local mode and tests build the same handler with operationRoute directly.
import { operation } from 'operation-module';
import { operationRoute } from './operation-route.ts';

export const handler = operationRoute(operation);
