// test support: the fal queue stand-in (lib/local/sandbox/fal-protocol.ts) for tests — start it on a
// free loopback port, script outcomes and faults, read what it was sent.
export {
  startFalProtocolServer as startFalFake,
  type FalProtocolServer as FalFake,
  type FalFault,
  type FalJob,
} from '../../../lib/local/sandbox/fal-protocol.ts';
