// unit: input validation at the edge — JSON bodies and query strings parsed with zod.
import { describe, expect, it } from 'vitest';
import * as z from '#core/schema';
import { PayloadTooLargeError, ValidationError } from '#core/errors';
import { DEFAULT_MAX_BODY_BYTES, describeIssues, parseJsonBody, parseQuery } from '#http/parse';
import { PageQuery } from '#core/pagination';
import { CanvasEdit } from '#core/canvas/edits';
import { proxyEvent } from '../support/events.ts';

const Body = z.strictObject({
  name: z.string().check(z.minLength(1)),
  position: z.optional(z.strictObject({ x: z.number(), y: z.number() })),
  tags: z.optional(z.array(z.string())),
});

describe('parseJsonBody', () => {
  it('returns the parsed body', () => {
    // Prepare
    const event = proxyEvent({ body: JSON.stringify({ name: 'Launch', position: { x: 1, y: 2 } }) });

    // Act
    const body = parseJsonBody(event, Body, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(body).toEqual({ name: 'Launch', position: { x: 1, y: 2 } });
  });

  it('decodes a base64-encoded body', () => {
    // Prepare
    const event = proxyEvent({ body: Buffer.from('{"name":"Früh"}').toString('base64'), isBase64Encoded: true });

    // Act
    const body = parseJsonBody(event, Body, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(body).toEqual({ name: 'Früh' });
  });

  it('returns 400 Malformed JSON body for invalid JSON', () => {
    // Prepare
    const event = proxyEvent({ body: '{"name": "Launch",' });

    // Act
    const act = () => parseJsonBody(event, Body, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Malformed JSON body');
  });

  it.each([
    ['an array', '[{"name":"Launch"}]'],
    ['a string', '"Launch"'],
    ['a number', '42'],
    ['null', 'null'],
  ])('returns 400 when the body is %s', (_label, body) => {
    // Prepare
    const event = proxyEvent({ body });

    // Act
    const act = () => parseJsonBody(event, Body, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Request body must be a JSON object');
  });

  it('returns 413 when the body is larger than the route accepts', () => {
    // Prepare
    const event = proxyEvent({ body: JSON.stringify({ name: 'x'.repeat(2_000) }) });

    // Act
    const act = () => parseJsonBody(event, Body, 1_000);

    // Assess
    expect(act).toThrow(PayloadTooLargeError);
    expect(act).toThrow(/this route accepts at most 1000/);
  });

  it('counts the limit in bytes, not characters', () => {
    // Prepare: 10 + 300 three-byte characters = 912 bytes, but only 312 characters
    const event = proxyEvent({ body: `{"name":"${'€'.repeat(300)}"}` });

    // Act
    const act = () => parseJsonBody(event, Body, 500);

    // Assess
    expect(act).toThrow(PayloadTooLargeError);
  });

  it('accepts a body of exactly the limit', () => {
    // Prepare
    const body = JSON.stringify({ name: 'abc' });
    const event = proxyEvent({ body });

    // Act
    const parsed = parseJsonBody(event, Body, Buffer.byteLength(body));

    // Assess
    expect(parsed).toEqual({ name: 'abc' });
  });

  it('checks size before parsing, so an oversize malformed body is 413', () => {
    // Prepare
    const event = proxyEvent({ body: `{${' '.repeat(2_000)}` });

    // Act
    const act = () => parseJsonBody(event, Body, 1_000);

    // Assess
    expect(act).toThrow(PayloadTooLargeError);
  });

  it('treats a missing body as an empty object', () => {
    // Prepare
    const event = proxyEvent({ body: null });

    // Act
    const parsed = parseJsonBody(event, z.object({ name: z._default(z.string(), 'untitled') }), DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(parsed).toEqual({ name: 'untitled' });
  });

  it('returns 400 naming each failing field by its path', () => {
    // Prepare
    const event = proxyEvent({ body: JSON.stringify({ name: '', position: { x: 'left', y: 2 }, tags: ['ok', 7] }) });

    // Act
    const act = () => parseJsonBody(event, Body, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/^Invalid request body: /);
    expect(act).toThrow(/name: /);
    expect(act).toThrow(/position\.x: /);
    expect(act).toThrow(/tags\.1: /);
  });

  it('returns 400 naming an unknown field of a strict schema', () => {
    // Prepare
    const event = proxyEvent({ body: JSON.stringify({ name: 'ok', colour: 'red' }) });

    // Act
    const act = () => parseJsonBody(event, Body, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/colour/);
  });

  it('returns 400 naming the nested field of a canvas operation', () => {
    // Prepare
    const event = proxyEvent({ body: JSON.stringify({ op: 'node/move', nodeId: 'a', position: { x: 1 } }) });

    // Act
    const act = () => parseJsonBody(event, CanvasEdit, DEFAULT_MAX_BODY_BYTES);

    // Assess
    expect(act).toThrow(/position\.y: /);
  });
});

describe('parseQuery', () => {
  it('returns the parsed query with defaults', () => {
    // Prepare
    const event = proxyEvent({ queryStringParameters: null });

    // Act
    const query = parseQuery(event, PageQuery);

    // Assess
    expect(query).toEqual({ limit: 50 });
  });

  it('coerces numeric parameters', () => {
    // Prepare
    const event = proxyEvent({ queryStringParameters: { limit: '200', cursor: 'abc' } });

    // Act
    const query = parseQuery(event, PageQuery);

    // Assess
    expect(query).toEqual({ limit: 200, cursor: 'abc' });
  });

  it('returns 400 naming the query parameter', () => {
    // Prepare
    const event = proxyEvent({ queryStringParameters: { limit: '201' } });

    // Act
    const act = () => parseQuery(event, PageQuery);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/^Invalid query string: limit: /);
  });
});

describe('describeIssues', () => {
  it('joins the issues with their paths, and uses the bare message for root issues', () => {
    // Prepare
    const result = z.strictObject({ a: z.number() }).safeParse({ a: 'x', b: 1 });
    if (result.success) throw new Error('expected a failure');

    // Act
    const message = describeIssues('request body', result.error);

    // Assess
    expect(message).toMatch(/^Invalid request body: a: [^;]+; Unrecognized key/);
  });
});
