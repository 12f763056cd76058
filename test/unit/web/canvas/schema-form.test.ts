import { describe, expect, it } from 'vitest';
import { dataChange, formFields, parseFieldValue } from '../../../../web/src/canvas/schema-form.ts';
import { manifest } from './fixtures.ts';

const schemaOf = (type: string) => manifest.nodeTypes.find((entry) => entry.type === type)!.dataSchema;

describe('formFields', () => {
  it('builds the HTTP request form from its data schema', () => {
    const fields = formFields(schemaOf('http-request'));
    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(byName.get('method')).toMatchObject({
      kind: 'select',
      options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    });
    expect(byName.get('url')).toMatchObject({ kind: 'text', maxLength: 2048 });
    expect(byName.get('body')).toMatchObject({ kind: 'textarea' });
    expect(byName.get('timeoutMs')).toMatchObject({
      kind: 'integer',
      label: 'Timeout ms',
      minimum: 1000,
      maximum: 25000,
    });
    expect(byName.get('failOnErrorStatus')).toMatchObject({ kind: 'checkbox' });
    expect(byName.get('headers')).toMatchObject({ kind: 'json' });
    expect(byName.has('assetId')).toBe(false);
  });

  it("gives the language's expressions and the code node's source a code box named by its language", () => {
    const condition = formFields(schemaOf('if'), 'if').find((field) => field.name === 'condition');
    expect(condition).toMatchObject({ kind: 'code', language: 'JSONata', label: 'Condition (JSONata)' });
    const expression = formFields(schemaOf('transform'), 'transform').find((field) => field.name === 'expression');
    expect(expression).toMatchObject({ kind: 'code', language: 'JSONata' });
    const source = formFields(schemaOf('code'), 'code').find((field) => field.name === 'source');
    expect(source).toMatchObject({ kind: 'code', language: 'JavaScript', label: 'Source (JavaScript)' });
    const url = formFields(schemaOf('http-request'), 'http-request').find((field) => field.name === 'url');
    expect(url).toMatchObject({ kind: 'text' });
  });

  it('gives every catalogue type a form with a label field', () => {
    for (const type of manifest.nodeTypes)
      expect(formFields(type.dataSchema).map((field) => field.name)).toContain('label');
  });
});

describe('parseFieldValue', () => {
  const [timeout] = formFields(schemaOf('http-request')).filter((field) => field.name === 'timeoutMs');
  it('checks numbers against the schema and clears on an empty box', () => {
    expect(parseFieldValue(timeout!, '2000')).toBe(2000);
    expect(parseFieldValue(timeout!, '')).toBeUndefined();
    expect(parseFieldValue(timeout!, '10')).toEqual(new Error('Timeout ms must be at least 1000'));
    expect(parseFieldValue(timeout!, '1500.5')).toEqual(new Error('Timeout ms must be a whole number'));
    expect(parseFieldValue(timeout!, 'soon')).toEqual(new Error('Timeout ms must be a number'));
  });

  it('parses JSON fields', () => {
    const headers = formFields(schemaOf('http-request')).find((field) => field.name === 'headers')!;
    expect(parseFieldValue(headers, '{"a":"b"}')).toEqual({ a: 'b' });
    expect(parseFieldValue(headers, '{')).toBeInstanceOf(Error);
  });
});

describe('dataChange', () => {
  it('merges a value and replaces the data to clear a field', () => {
    expect(dataChange({ a: 1, b: 2 }, 'a', 3)).toEqual({ data: { a: 3 }, merge: true });
    expect(dataChange({ a: 1, b: 2 }, 'a', undefined)).toEqual({ data: { b: 2 }, merge: false });
  });
});
