// test support: vitest setupFiles. Runs in each worker before the test file is imported, so handlers
// imported by the test read the local stack's endpoints at cold start, as a Lambda reads its env vars.
import { inject } from 'vitest';
import type {} from './local-services.ts'; // the ProvidedContext type of 'localServices'

const services = inject('localServices');
if (services) Object.assign(process.env, services.env);
