// openapi: the committed form of the document (docs/openapi.json): two-space JSON and a final newline.
export function serializeOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
