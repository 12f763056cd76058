// core: how long after a delivery's first attempt each provider may still send it again — its own retry
// or redelivery window, defined once. Delivery records must outlive these windows, so that the provider's
// retries and redeliveries are replays rather than new runs.
//
// Sources (checked 2026-12): GitHub, docs.github.com "Redelivering webhooks": no automatic retry; a
// delivery can be redelivered by hand or by the REST API for the past 3 days on github.com, 7 days on
// GitHub Enterprise Server (we take the longer). Shopify, shopify.dev changelog "Updates to webhook retry
// mechanism" (2024-09-10): 8 retries over 4 hours, each with the original payload. Stripe,
// docs.stripe.com/webhooks: live-mode retries for up to 3 days.

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

export const PROVIDER_REDELIVERY_WINDOW_SECONDS = {
  github: 7 * DAY_SECONDS,
  shopify: 4 * HOUR_SECONDS,
  stripe: 3 * DAY_SECONDS,
} as const;

/** The longest window of all: what a record keyed by a provider's delivery id must cover. */
export const LONGEST_REDELIVERY_WINDOW_SECONDS = Math.max(...Object.values(PROVIDER_REDELIVERY_WINDOW_SECONDS));
