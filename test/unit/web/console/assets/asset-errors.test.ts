import { describe, expect, it } from 'vitest';
import { describeAssetError } from '../../../../../web/src/console/assets/asset-errors.ts';
import { ToolError } from '../../../../../web/src/mcp/tools.ts';

describe('describeAssetError', () => {
  it('shows a refused purge as the server words it, without the advice meant for agents', () => {
    const message =
      'Asset ast_01 is in use on cnv_01 (nodes img); remove it there or purge with force: true. Read the ' +
      'current state again (get_canvas, get_execution) before deciding to retry.';
    expect(describeAssetError(new ToolError(message, 409))).toBe(
      'Asset ast_01 is in use on cnv_01 (nodes img); remove it there or purge with force: true.',
    );
  });

  it('keeps the service’s sentence for other refusals', () => {
    expect(
      describeAssetError(
        new ToolError('Asset ast_02 is in the trash. Fix the arguments of place_asset and call it again.', 400),
      ),
    ).toBe('Asset ast_02 is in the trash.');
    expect(
      describeAssetError(
        new ToolError(
          'Asset ast_03 not found. Check the id: list_canvases and list_canvas_executions show what exists.',
          404,
        ),
      ),
    ).toBe('Asset ast_03 not found.');
  });

  it('leaves the studio’s own words alone (missing scope, lost connection, other errors)', () => {
    const scope = new ToolError(
      'You do not have permission for this (it needs the delete:assets or write:canvas scope, which your ' +
        'role or sign-in does not include).',
      {
        status: 403,
        code: 'missing-scope',
      },
    );
    expect(describeAssetError(scope)).toBe(scope.message);
    expect(describeAssetError(new ToolError('Lost connection to the service.', { code: 'offline' }))).toBe(
      'Lost connection to the service.',
    );
    expect(describeAssetError(new Error('boom'))).toBe('boom');
  });
});
