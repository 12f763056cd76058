// test support (integration, canvas): canvas calls through the handlers as the holder of `key` — create,
// add a node or an edge, read the state.
import { expect } from 'vitest';
import { call } from './invoke.ts';

export async function newCanvas(key: string, name = 'Flow') {
  const response = await call('POST', '/api/mcp/canvas/create', { key, body: { name } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

export const addNode = (key: string, canvasId: string, body: Record<string, unknown>) =>
  call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId, ...body } });
export const addEdge = (key: string, canvasId: string, body: Record<string, unknown>) =>
  call('POST', '/api/mcp/canvas/edge/add', { key, body: { canvasId, ...body } });
export const state = async (key: string, canvasId: string) =>
  (await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } })).body;
