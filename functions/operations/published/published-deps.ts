// operation helper: the adapters the published-server operations and the published endpoint
// (functions/routes/published) share — a view onto the composition root's handles (built on first use).
import { systemClock } from '#core/clock';
import { canvases, publishedServers as servers } from '#adapters/composition/stores';

export const publishDeps = { servers, canvases, clock: systemClock };
