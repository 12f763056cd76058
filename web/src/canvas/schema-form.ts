// The inspector's form, read from a node type's dataSchema (JSON Schema from get_port_manifest): one
// field per property, its control chosen by the property's type.
import type { JsonSchema } from './types.ts';

export type FieldKind = 'text' | 'textarea' | 'code' | 'number' | 'integer' | 'select' | 'checkbox' | 'json';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  options?: string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
  /** For a `code` field: the language its text is written in, named in its label. */
  language?: string;
}

/** String fields that hold an expression of the workflow language (docs/language.md), by name. */
const JSONATA_FIELDS = new Set(['condition', 'expression', 'untilExpression', 'inputs']);

/** The language a field's text is code in (a monospace box with the language in its label), if any. */
function codeLanguage(name: string, nodeType: string | undefined): string | undefined {
  if (JSONATA_FIELDS.has(name)) return 'JSONata';
  if (name === 'source' && nodeType === 'code') return 'JavaScript';
  return undefined;
}

/** Longer strings than this get a multi-line box (prompts, templates, bodies). */
const TEXTAREA_FROM = 5000;
/** Set by the editor or other tools, not typed by a person. */
const HIDDEN = new Set(['color', 'assetId']);

export function formFields(schema: JsonSchema | undefined, nodeType?: string): FormField[] {
  const fields: FormField[] = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (HIDDEN.has(name)) continue;
    const prop = unwrap(property);
    const base = { name, label: humanize(name), ...(prop.description ? { description: prop.description } : {}) };
    if (Array.isArray(prop.enum)) fields.push({ ...base, kind: 'select', options: prop.enum.map(String) });
    else if (prop.type === 'string' && codeLanguage(name, nodeType)) {
      const language = codeLanguage(name, nodeType)!;
      fields.push({
        ...base,
        label: `${base.label} (${language})`,
        kind: 'code',
        language,
        ...(prop.maxLength ? { maxLength: prop.maxLength } : {}),
      });
    } else if (prop.type === 'string') {
      fields.push({
        ...base,
        kind: (prop.maxLength ?? Infinity) > TEXTAREA_FROM ? 'textarea' : 'text',
        ...(prop.maxLength ? { maxLength: prop.maxLength } : {}),
      });
    } else if (prop.type === 'number' || prop.type === 'integer') {
      fields.push({
        ...base,
        kind: prop.type,
        ...(prop.minimum !== undefined ? { minimum: prop.minimum } : {}),
        ...(prop.maximum !== undefined ? { maximum: prop.maximum } : {}),
      });
    } else if (prop.type === 'boolean') fields.push({ ...base, kind: 'checkbox' });
    else fields.push({ ...base, kind: 'json' });
  }
  return fields;
}

/** An optional field may come as `anyOf: [X, {type: null}]`; the form edits X. */
function unwrap(schema: JsonSchema): JsonSchema {
  const choices = schema.anyOf?.filter((choice) => choice.type !== 'null');
  return choices && choices.length === 1
    ? { ...choices[0]!, description: schema.description ?? choices[0]!.description }
    : schema;
}

function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's typed value from what the person entered: undefined clears the field (empty box), and an
 * Error explains input the field cannot hold.
 */
export function parseFieldValue(field: FormField, raw: string | boolean): unknown {
  if (field.kind === 'checkbox') return raw === true;
  const text = String(raw);
  if (text.trim() === '') return undefined;
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const value = Number(text);
      if (!Number.isFinite(value)) return new Error(`${field.label} must be a number`);
      if (field.kind === 'integer' && !Number.isInteger(value))
        return new Error(`${field.label} must be a whole number`);
      if (field.minimum !== undefined && value < field.minimum)
        return new Error(`${field.label} must be at least ${field.minimum}`);
      if (field.maximum !== undefined && value > field.maximum)
        return new Error(`${field.label} must be at most ${field.maximum}`);
      return value;
    }
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return new Error(`${field.label} must be valid JSON`);
      }
    default:
      if (field.maxLength !== undefined && text.length > field.maxLength)
        return new Error(`${field.label} is longer than ${field.maxLength} characters`);
      return text;
  }
}

/** The node/update data for one field's change: merge a value, or replace the data without the field to clear it. */
export function dataChange(
  current: Record<string, unknown>,
  name: string,
  value: unknown,
): { data: Record<string, unknown>; merge: boolean } {
  if (value !== undefined) return { data: { [name]: value }, merge: true };
  const { [name]: _cleared, ...rest } = current;
  return { data: rest, merge: false };
}
