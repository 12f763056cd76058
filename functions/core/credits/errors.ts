// core: the credit ledger's refusals.
import { type ErrorCode, ForbiddenError, PaymentRequiredError } from '../errors.ts';

/**
 * How a workspace gets credits (docs/billing.md). Part of every 402, so that whoever hits one (a new user
 * of `npm start` most of all, whose workspace starts at zero) learns the way out from the answer itself.
 */
export const HOW_TO_GET_CREDITS =
  'Add credits: buy a credit pack or a plan through the payment provider (docs/billing.md, "Payments"), or have an operator grant some with `npm run admin -- grant-credits --workspace <workspaceId> --credits <n> --reason <text>` (add --local for the stack `npm start` runs; GET /api/verify-key names your workspaceId)';

/** The workspace has fewer credits available than the operation needs; nothing was charged (402). */
export class InsufficientCreditsError extends PaymentRequiredError {
  static override readonly code: ErrorCode = 'insufficient_credits';

  constructor(
    readonly required: number,
    readonly available: number | undefined,
  ) {
    super(
      available === undefined
        ? `Not enough credits: this operation needs ${required} credits. ${HOW_TO_GET_CREDITS}`
        : `Not enough credits: this operation needs ${required} credits and ${available} are available. ${HOW_TO_GET_CREDITS}`,
    );
  }
}

/**
 * The workspace's integration policy caps its generation credits per UTC month, and this operation's
 * hold would pass the cap, counting what open holds may still cost (403; nothing was held).
 */
export class MonthlyCapReachedError extends ForbiddenError {
  static override readonly code: ErrorCode = 'monthly_cap_reached';

  constructor(readonly cap: number) {
    super(
      `This workspace has reached its monthly cap of ${cap} credits (generation this UTC month, counting what operations in flight may cost); an owner can raise it in the integration policy`,
    );
  }
}
