// core: keeps the secrets a node resolved out of what a run stores. A node reports each value it opened
// (NodeContext.conceal); the engine passes everything the node leaves behind (outputs, warnings, failure
// message) through the node's Redactor before the execution is written, so a target that echoes a
// secret back (in a header, a JSON body, an error page) cannot put it into outputs, timeline or logs.
//
// An echo is recognised as the value itself and as JSON and URL encoding write it; a value the target
// transformed any other way (hashed, base64 inside a larger text) is not recognisable, which is why the
// destinations themselves are limited (integrations/allowed-origins.ts).
import type { PortValue } from './model.ts';

export class Redactor {
  /** Each form a value can be echoed in → its replacement, longest form first when applied. */
  private readonly forms = new Map<string, string>();
  private ordered: [string, string][] = [];

  /** `label` names the value in its replacement (`[redacted:<label>]`), never the value. */
  add(label: string, value: string): void {
    if (value === '') return;
    const replacement = `[redacted:${label}]`;
    for (const form of [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]) {
      if (!this.forms.has(form)) this.forms.set(form, replacement);
    }
    this.ordered = [...this.forms].sort(([a], [b]) => b.length - a.length);
  }

  text(text: string): string {
    let redacted = text;
    for (const [form, replacement] of this.ordered) redacted = redacted.split(form).join(replacement);
    return redacted;
  }

  /** A port value with every string in it (object keys included) redacted. */
  value(value: PortValue): PortValue {
    if (this.ordered.length === 0) return value;
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.value(item)]));
    }
    return value;
  }

  /** Bytes (a body that is not text) with every value's UTF-8 bytes replaced. */
  bytes(bytes: Buffer): Buffer {
    let redacted = bytes;
    for (const [form, replacement] of this.ordered) {
      const needle = Buffer.from(form, 'utf8');
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = redacted.indexOf(needle); at !== -1; at = redacted.indexOf(needle, from)) {
        parts.push(redacted.subarray(from, at), Buffer.from(replacement, 'utf8'));
        from = at + needle.length;
      }
      if (parts.length > 0) redacted = Buffer.concat([...parts, redacted.subarray(from)]);
    }
    return redacted;
  }
}
