// GatewayClient validates every answer against its tool's output schema from the generated contract: an
// answer the studio does not know is a clear ToolError at the seam, not a silent cast.
import { describe, expect, it } from 'vitest';
import { AnswerValidator, CONTRACT_MISMATCH } from '../../../../web/src/mcp/client.ts';
import { ToolError } from '../../../../web/src/mcp/tools.ts';

describe('AnswerValidator', () => {
  it('passes an answer that fits the tool’s output schema', () => {
    // Prepare
    const answer = { items: [], nextCursor: null };
    // Act / Assess
    expect(new AnswerValidator().check('list_api_keys', answer)).toBe(answer);
  });

  it('refuses an answer that does not fit, naming the tool', () => {
    // Act
    const check = () => new AnswerValidator().check('list_api_keys', { items: [{ id: 'key_1' }] });
    // Assess
    expect(check).toThrow(ToolError);
    expect(check).toThrow(/list_api_keys in a shape this studio does not know/);
    try {
      check();
    } catch (error) {
      expect((error as ToolError).code).toBe(CONTRACT_MISMATCH);
    }
  });
});
