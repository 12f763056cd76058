// The gateway's tool index: rendered from the operation catalogue at build time and committed, so a
// cold gateway answers tools/list without importing any operation and loads one operation per tool
// called. These tests keep the committed files equal to the catalogue and each loader true to its tool.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';
import {
  GATEWAY_PAGE_FILE,
  TOOL_INDEX_FILE,
  TOOL_LOADERS_FILE,
  renderToolIndex,
  renderToolLoaders,
  scopeOf,
  toolOf,
  withToolTable,
} from '#gateway/tool-index-source';
import { OPERATION_ROUTES_FILE, renderOperationRoutes } from '#route-table/operation-routes';
import { TOOLSETS } from '#operations/catalogue';
import { TOOL_LOADERS } from '#gateway/tool-loaders.generated';

describe('generated from the catalogue', () => {
  it('docs/gateway.md holds the tool table of the catalogue (run `npm run tool-index`)', () => {
    const page = readFileSync(GATEWAY_PAGE_FILE, 'utf8');
    expect(page).toBe(withToolTable(page));
  });

  it('operation-routes.generated.json holds the routes of the catalogue (run `npm run tool-index`)', () => {
    expect(readFileSync(OPERATION_ROUTES_FILE, 'utf8')).toBe(renderOperationRoutes(TOOLSETS));
  });
});

describe('gateway tool index', () => {
  it('is what tool-index.generated.json holds (run `npm run tool-index` after changing an operation)', () => {
    // Prepare
    const committed = readFileSync(TOOL_INDEX_FILE, 'utf8');
    // Assess
    expect(committed).toBe(renderToolIndex());
  });

  it('is what tool-loaders.generated.ts holds (run `npm run tool-index` after adding an operation)', async () => {
    // Prepare
    const committed = readFileSync(TOOL_LOADERS_FILE, 'utf8');
    // Assess
    expect(committed).toBe(await renderToolLoaders());
  });

  it('lists every operation once, in catalogue order, with its tool and scope', () => {
    // Prepare
    const index = JSON.parse(readFileSync(TOOL_INDEX_FILE, 'utf8')) as Array<{
      tool: { name: string };
      scope: unknown;
    }>;
    // Assess
    expect(index.map((entry) => entry.tool.name)).toEqual(OPERATIONS.map((operation) => operation.name));
    for (const [position, operation] of OPERATIONS.entries()) {
      expect(index[position], operation.name).toEqual(
        JSON.parse(JSON.stringify({ tool: toolOf(operation), scope: scopeOf(operation) })),
      );
    }
  });

  it('loads, for each tool, the very operation the catalogue holds under that name', async () => {
    // Prepare
    const byName = new Map(OPERATIONS.map((operation) => [operation.name, operation]));
    // Act
    const loaded = await Promise.all(
      Object.entries(TOOL_LOADERS).map(async ([name, load]) => [name, (await load()).operation] as const),
    );
    // Assess
    expect(loaded.map(([name]) => name).sort()).toEqual([...byName.keys()].sort());
    for (const [name, operation] of loaded) expect(operation, name).toBe(byName.get(name));
  });
});
