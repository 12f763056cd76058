// test support: the Gemini API's Veo stand-in (lib/local/sandbox/gemini-protocol.ts) for tests — start it
// on a free loopback port, script outcomes and faults, read what it was sent.
export {
  startGeminiProtocolServer as startGeminiFake,
  type GeminiProtocolServer as GeminiFake,
  type GeminiFault,
  type GeminiOperationRecord,
} from '../../../lib/local/sandbox/gemini-protocol.ts';
