// core: the credit ledger's refusals.
import { PaymentRequiredError } from '../errors.ts';

/** The workspace has fewer credits available than the operation needs; nothing was charged (402). */
export class InsufficientCreditsError extends PaymentRequiredError {
  constructor(readonly required: number, readonly available: number | undefined) {
    super(
      available === undefined
        ? `Not enough credits: this operation needs ${required} credits`
        : `Not enough credits: this operation needs ${required} credits and ${available} are available`,
    );
  }
}
