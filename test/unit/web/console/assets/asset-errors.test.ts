import { describe, expect, it } from 'vitest';
import { describeAssetError } from '../../../../../web/src/console/assets/asset-errors.ts';
import { toolErrorOf } from '../../../../../web/src/mcp/errors.ts';
import { ToolError } from '../../../../../web/src/mcp/tools.ts';

/** A failed tool call as the gateway answers it: the sentence for agents, the code in _meta.error. */
const failed = (text: string, error: Record<string, unknown>) => ({
  isError: true,
  content: [{ type: 'text', text }],
  _meta: { error },
});

describe('describeAssetError', () => {
  it('shows a refused purge as the server words it, without the advice meant for agents', () => {
    const message = 'Asset ast_01 is in use on cnv_01 (nodes img); remove it there or purge with force: true';
    const error = toolErrorOf(
      failed(`${message}. Read the current state again (get_canvas, get_execution) before deciding to retry.`, {
        error: message,
        code: 'conflict',
        status: 409,
      }),
      'purge_asset',
    );
    expect(describeAssetError(error)).toBe(`${message}.`);
    expect(error).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('keeps the service’s sentence for other refusals', () => {
    const notFound = toolErrorOf(
      failed('Asset ast_03 not found. Check the id: …', {
        error: 'Asset ast_03 not found',
        code: 'not_found',
        status: 404,
      }),
      'get_asset',
    );
    expect(describeAssetError(notFound)).toBe('Asset ast_03 not found.');
  });

  it('words a missing scope from its code and scope, and leaves the studio’s own words alone', () => {
    const scope = toolErrorOf(
      failed('Missing scope: delete:assets or write:canvas. This credential cannot call trash_asset; …', {
        error: 'Missing scope: delete:assets or write:canvas',
        code: 'missing_scope',
        status: 403,
        scope: 'delete:assets or write:canvas',
      }),
      'trash_asset',
    );
    expect(describeAssetError(scope)).toBe(
      'You do not have permission for this (it needs the delete:assets or write:canvas scope, which your role or sign-in does not include).',
    );
    expect(scope).toMatchObject({ status: 403, code: 'missing_scope' });
    expect(describeAssetError(new ToolError('Lost connection to the service.', { code: 'offline' }))).toBe(
      'Lost connection to the service.',
    );
    expect(describeAssetError(new Error('boom'))).toBe('boom');
  });
});
