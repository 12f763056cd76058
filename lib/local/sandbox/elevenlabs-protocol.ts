// local: a loopback server speaking ElevenLabs' text-to-speech and speech-to-speech calls
// (docs/generation-audio.md): JSON and multipart requests checked for `xi-api-key`, answered with real
// MP3 bytes (synthetic silence) and the `request-id` and `character-cost` headers; scripted faults (401,
// 422, 429 with Retry-After, 5xx, no answer). Tests start it through test/support/fakes/elevenlabs-server.ts,
// local mode through lib/local/sandbox/elevenlabs.ts (no ELEVENLABS_API_KEY).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue } from '../faults.ts';
import { syntheticMp3 } from './synthetic-media.ts';

export interface SpeechFault {
  action: 'tts' | 'sts';
  count?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
}

export interface SpeechCall {
  action: 'tts' | 'sts';
  voice: string;
  query: string;
  /** tts: the JSON body. sts: the form fields (the audio as its byte length and type). */
  body: Record<string, unknown>;
}

export interface SpeechProtocolServer {
  readonly url: string;
  readonly calls: SpeechCall[];
  readonly faults: FaultQueue<SpeechFault>;
  close(): Promise<void>;
}

export async function startSpeechProtocolServer(
  options: { key?: string } = {},
  host = '127.0.0.1',
): Promise<SpeechProtocolServer> {
  const calls: SpeechCall[] = [];
  const faults = new FaultQueue<SpeechFault>();
  const hanging = new Set<ServerResponse>();
  const reply = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://speech.local');
    const match = /^\/v1\/(text-to-speech|speech-to-speech)\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) return reply(response, 404, { detail: 'Not Found' });
    const action = match[1] === 'text-to-speech' ? 'tts' : 'sts';
    const raw = await readAll(request);
    const key = String(request.headers['xi-api-key'] ?? '');
    const fault = faults.take(action);
    if (fault?.hang) return void hanging.add(response);
    if (fault)
      return reply(
        response,
        fault.status ?? 500,
        fault.body ?? { detail: { status: 'internal_error', message: 'Injected fault' } },
        fault.headers,
      );
    if (!key || (options.key !== undefined && key !== options.key))
      return reply(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });

    let body: Record<string, unknown>;
    let seconds: number;
    if (action === 'tts') {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return reply(response, 422, { detail: [{ loc: ['body'], msg: 'Invalid JSON', type: 'json_invalid' }] });
      }
      if (typeof body.text !== 'string' || body.text === '')
        return reply(response, 422, { detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }] });
      seconds = Math.max(1, Math.round(body.text.length / 15));
    } else {
      const form = await new Request('http://speech.local', {
        method: 'POST',
        headers: { 'content-type': String(request.headers['content-type'] ?? '') },
        body: raw,
      }).formData();
      const audio = form.get('audio');
      if (!(audio instanceof Blob))
        return reply(response, 422, { detail: [{ loc: ['body', 'audio'], msg: 'Field required', type: 'missing' }] });
      body = { audioBytes: audio.size, audioType: audio.type };
      for (const [name, value] of form.entries()) if (name !== 'audio') body[name] = String(value);
      seconds = Math.max(1, Math.round(audio.size / 16_000));
    }
    calls.push({ action, voice: decodeURIComponent(match[2]!), query: url.search, body });
    const requestId = randomUUID();
    response.writeHead(200, {
      'content-type': 'audio/mpeg',
      'request-id': requestId,
      ...(action === 'tts' ? { 'character-cost': String((body.text as string).length) } : {}),
    });
    response.end(syntheticMp3(`${action} ${requestId}`, seconds));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    calls,
    faults,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
