// operation helper: the adapters the published-server operations and the published endpoint
// (functions/routes/published) share, built once per cold start.
import { systemClock } from '#core/clock';
import { canvases } from '#adapters/dynamodb/repositories';
import { DynamoPublishedServerRepository } from '#adapters/dynamodb/published-server-repository';

export const publishDeps = { servers: new DynamoPublishedServerRepository(), canvases, clock: systemClock };
