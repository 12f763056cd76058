// operation helper: what the code-host routes share. The GitHub client is built on first use, so a route
// that only reads records (installations, sync-target) never needs the App's key.
import { systemClock } from '#core/clock';
import { codeHost } from '#adapters/composition/credentials';
import { canvases, codehostRecords } from '#adapters/composition/stores';

export const codehostDeps = { codehost: codeHost, records: codehostRecords, clock: systemClock, canvases };
