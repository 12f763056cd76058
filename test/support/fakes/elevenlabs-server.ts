// test support: the ElevenLabs stand-in (lib/local/sandbox/elevenlabs-protocol.ts) for tests.
export {
  startSpeechProtocolServer as startElevenLabsFake,
  type SpeechProtocolServer as ElevenLabsFake,
  type SpeechCall,
  type SpeechFault,
} from '../../../lib/local/sandbox/elevenlabs-protocol.ts';
