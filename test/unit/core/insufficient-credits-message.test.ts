// unit: a 402 for missing credits says how to get credits (issue 21, item 19): buying through the payment
// provider, or an operator's grant with the admin CLI, and the --local form for `npm start`.
import { describe, expect, it } from 'vitest';
import { InsufficientCreditsError } from '#core/credits/errors';
import { errorResponse } from '#http/errors';

describe('InsufficientCreditsError', () => {
  it.each([
    [
      'with the available credits',
      new InsufficientCreditsError(30, 12),
      'Not enough credits: this operation needs 30 credits and 12 are available',
    ],
    [
      'without them',
      new InsufficientCreditsError(30, undefined),
      'Not enough credits: this operation needs 30 credits',
    ],
  ])('answers 402 saying how to get credits (%s)', (_case, error, start) => {
    const response = errorResponse(error, 'req-1');
    const { error: message } = JSON.parse(response.body) as { error: string };

    expect(response.statusCode).toBe(402);
    expect(message.startsWith(start)).toBe(true);
    expect(message).toContain('npm run admin -- grant-credits --workspace <workspaceId>');
    expect(message).toContain('--local');
    expect(message).toMatch(/credit pack|plan/);
    expect(message).toContain('docs/billing.md');
  });
});
