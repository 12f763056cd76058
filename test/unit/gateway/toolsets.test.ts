// The gateway's toolsets: the committed toolsets.generated.json equals the catalogue's groups, a client's
// selection is parsed (unknown names refused, naming the known ones), tools/list shows the selected
// groups in catalogue order, the compaction drops only what says nothing, and the default list keeps
// within its budget (issue 24: ≤ 60 KB).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import type { Principal } from '#core/keys/api-key';
import { ALL_SCOPES } from '#core/scopes';
import { OPERATIONS, TOOLSETS as CATALOGUE_TOOLSETS } from '#operations/catalogue';
import { TOOLSETS_FILE, renderToolsets } from '#gateway/toolset-index-source';
import { toolsFor } from '#gateway/tools';
import { DEFAULT_TOOLSETS, compactTool, parseToolSelection, selectionOf, TOOLSETS } from '#gateway/toolsets';

const admin = { workspaceId: 'ws_1', keyId: 'key_1', scopes: [...ALL_SCOPES] } as unknown as Principal;
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('gateway toolsets', () => {
  it('is what toolsets.generated.json holds (run `npm run tool-index` after changing the catalogue)', () => {
    expect(readFileSync(TOOLSETS_FILE, 'utf8')).toBe(renderToolsets());
    expect(TOOLSETS.map((toolset) => toolset.name)).toEqual(CATALOGUE_TOOLSETS.map((toolset) => toolset.name));
    expect(TOOLSETS.flatMap((toolset) => toolset.tools)).toEqual(OPERATIONS.map((operation) => operation.name));
  });

  it('takes names, all, default and dynamic, case and spaces aside; no choice is the default', () => {
    expect([...parseToolSelection(undefined).toolsets]).toEqual(DEFAULT_TOOLSETS);
    expect([...parseToolSelection(' Runs , canvases').toolsets]).toEqual(['runs', 'canvases']);
    expect([...parseToolSelection('all').toolsets]).toEqual(TOOLSETS.map((toolset) => toolset.name));
    expect(parseToolSelection('dynamic')).toEqual({ toolsets: new Set(), dynamic: true });
    expect(parseToolSelection('default,assets').toolsets).toEqual(new Set([...DEFAULT_TOOLSETS, 'assets']));
    expect([...selectionOf('assets', 'runs').toolsets]).toEqual(['assets']);
    expect([...selectionOf(undefined, 'runs').toolsets]).toEqual(['runs']);
  });

  it('refuses an unknown toolset, naming the known ones', () => {
    expect(() => parseToolSelection('canvases,reports')).toThrow(ValidationError);
    expect(() => parseToolSelection('reports')).toThrow(/Unknown toolset reports: choose from canvases, authoring/);
  });

  it('lists the selected groups in catalogue order, and the discovery tools first in dynamic mode', () => {
    const runs = TOOLSETS.find((toolset) => toolset.name === 'runs')!.tools;
    const canvases = TOOLSETS.find((toolset) => toolset.name === 'canvases')!.tools;
    expect(toolsFor(admin, parseToolSelection('runs,canvases')).map((tool) => tool.name)).toEqual([
      ...canvases,
      ...runs,
    ]);
    expect(toolsFor(admin, parseToolSelection('dynamic')).map((tool) => tool.name)).toEqual([
      'list_toolsets',
      'get_toolset_tools',
      'call_tool',
    ]);
    expect(toolsFor(admin, parseToolSelection('all')).map((tool) => tool.name)).toEqual(
      OPERATIONS.map((operation) => operation.name),
    );
  });

  it('compacts a schema without changing what it allows: no $schema, no empty additionalProperties', () => {
    const tool = {
      name: 'x',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object' as const,
        properties: {
          additionalProperties: { type: 'string' },
          data: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
          count: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          strict: { type: 'object', additionalProperties: false },
          mode: { enum: [{ additionalProperties: {} }] },
        },
        additionalProperties: {},
      },
    };
    expect(compactTool(tool).inputSchema).toEqual({
      type: 'object',
      properties: {
        // A property that happens to be named like a keyword stays.
        additionalProperties: { type: 'string' },
        data: { type: 'object' },
        count: { type: 'integer', minimum: 0 },
        strict: { type: 'object', additionalProperties: false },
        mode: { enum: [{ additionalProperties: {} }] },
      },
    });
  });

  it('keeps the default tools/list within 60 KB, and every toolset smaller than all of them', () => {
    const all = bytesOf({ tools: toolsFor(admin, parseToolSelection('all')) });
    const byDefault = bytesOf({ tools: toolsFor(admin, parseToolSelection(undefined)) });
    expect(byDefault).toBeLessThanOrEqual(60 * 1024);
    for (const toolset of TOOLSETS)
      expect(bytesOf({ tools: toolsFor(admin, parseToolSelection(toolset.name)) })).toBeLessThan(all);
  });
});
