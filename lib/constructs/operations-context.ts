// infra: the operational knobs a deployer sets with CDK context (`cdk deploy -c key=value`, or the
// `context` block of cdk.json), read and checked in one place, so a bad value fails the synth rather
// than a deployment. docs/infrastructure-settings.md lists them.
//
//   logRetentionDays          retention of every log group (functions, state machine, API access logs)
//   advanceConcurrency        reserved concurrency of the workflow task Advance        (default 100)
//   finalizeConcurrency       reserved concurrency of the workflow task Finalize/Recover (default 20)
//   webhookTriggerConcurrency cap of the public webhook trigger route                  (default 50)
//   signInConcurrency         cap of each OAuth sign-in function (oauth-server, well-known) (default 20)
//   accountConcurrency        the account's concurrency limit the numbers must fit in  (default 1000)
//   wafRateLimit              requests per client per 5 minutes; set → WAF web ACLs on both APIs (default off)
//   wafManagedRules           true → the AWS managed rule groups on those web ACLs too (default false)
//   tags                      JSON object of extra tags for every resource
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/** Context keys. */
export const OPERATIONS_CONTEXT = {
  logRetentionDays: 'logRetentionDays',
  advanceConcurrency: 'advanceConcurrency',
  finalizeConcurrency: 'finalizeConcurrency',
  webhookTriggerConcurrency: 'webhookTriggerConcurrency',
  signInConcurrency: 'signInConcurrency',
  accountConcurrency: 'accountConcurrency',
  wafRateLimit: 'wafRateLimit',
  wafManagedRules: 'wafManagedRules',
  tags: 'tags',
} as const;

/**
 * Reserved concurrency per protected function. Reservation both guarantees (the run path keeps capacity
 * however the rest of the account is flooded) and caps (a flood on a public entry point cannot take more).
 * 0 turns a reservation off.
 */
export const DEFAULT_CONCURRENCY = { advance: 100, finalize: 20, webhookTrigger: 50, signIn: 20 } as const;
/** Lambda keeps at least this much of the account's concurrency unreserved; a deployment below it fails. */
export const MIN_UNRESERVED_CONCURRENCY = 100;
export const DEFAULT_ACCOUNT_CONCURRENCY = 1000;
/** The routes capped by signInConcurrency: the OAuth pages and documents anyone may request. */
export const SIGN_IN_ROUTES = ['oauth-server', 'oauth-well-known'] as const;
export const WEBHOOK_TRIGGER_ROUTE = 'webhook-trigger';

const VALID_RETENTION = new Set<number>(
  Object.values(logs.RetentionDays).filter((value): value is number => typeof value === 'number'),
);

function integerContext(
  scope: IConstruct,
  key: string,
  fallback: number | undefined,
  min: number,
  max: number,
): number | undefined {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (raw === 'off' || raw === false) return undefined;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `Context ${key} must be an integer from ${min} to ${max}${fallback === undefined ? ' or off' : ''}, ` +
        `got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/**
 * Retention of a log group: context `logRetentionDays` when set (one of CloudWatch's values: 1, 3, 5,
 * 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653), else
 * `fallback`. Read through the construct tree, so every stack, nested ones included, sees the same.
 */
export function logRetentionOf(scope: IConstruct, fallback: logs.RetentionDays): logs.RetentionDays {
  const days = integerContext(scope, OPERATIONS_CONTEXT.logRetentionDays, undefined, 1, 3653);
  if (days === undefined) return fallback;
  if (!VALID_RETENTION.has(days))
    throw new Error(
      `Context ${OPERATIONS_CONTEXT.logRetentionDays} must be one of ` +
        `${[...VALID_RETENTION].sort((a, b) => a - b).join(', ')}, got ${days}`,
    );
  return days as logs.RetentionDays;
}

export interface ConcurrencySettings {
  readonly advance: number;
  readonly finalize: number;
  readonly webhookTrigger: number;
  readonly signIn: number;
  readonly account: number;
}

/** The reservations from context, checked against the account's limit (what is left unreserved). */
export function concurrencyOf(scope: IConstruct): ConcurrencySettings {
  const account = integerContext(
    scope,
    OPERATIONS_CONTEXT.accountConcurrency,
    DEFAULT_ACCOUNT_CONCURRENCY,
    1,
    1_000_000,
  )!;
  const setting = (key: string, fallback: number) => integerContext(scope, key, fallback, 0, account)!;
  const settings = {
    advance: setting(OPERATIONS_CONTEXT.advanceConcurrency, DEFAULT_CONCURRENCY.advance),
    finalize: setting(OPERATIONS_CONTEXT.finalizeConcurrency, DEFAULT_CONCURRENCY.finalize),
    webhookTrigger: setting(OPERATIONS_CONTEXT.webhookTriggerConcurrency, DEFAULT_CONCURRENCY.webhookTrigger),
    signIn: setting(OPERATIONS_CONTEXT.signInConcurrency, DEFAULT_CONCURRENCY.signIn),
    account,
  };
  const reserved =
    settings.advance + settings.finalize + settings.webhookTrigger + settings.signIn * SIGN_IN_ROUTES.length;
  if (reserved > 0 && account - reserved < MIN_UNRESERVED_CONCURRENCY) {
    throw new Error(
      `Reserved concurrency ${reserved} leaves ${account - reserved} of the account's ${account} unreserved; Lambda refuses below ${MIN_UNRESERVED_CONCURRENCY}. Lower advanceConcurrency, finalizeConcurrency, webhookTriggerConcurrency or signInConcurrency (0 turns one off), or set accountConcurrency to your account's limit.`,
    );
  }
  return settings;
}

/** Requests per client per 5 minutes that the WAF rate rules allow, or undefined (none). AWS's minimum is 10. */
export function wafRateLimitOf(scope: IConstruct): number | undefined {
  return integerContext(scope, OPERATIONS_CONTEXT.wafRateLimit, undefined, 10, 2_000_000_000);
}

/** Whether the web ACLs get the AWS managed rule groups (lib/constructs/api-firewall.ts); true or false. */
export function wafManagedRulesOf(scope: IConstruct): boolean {
  const raw: unknown = scope.node.tryGetContext(OPERATIONS_CONTEXT.wafManagedRules);
  if (raw === undefined || raw === null || raw === '' || raw === false || raw === 'false') return false;
  if (raw === true || raw === 'true') return true;
  throw new Error(`Context ${OPERATIONS_CONTEXT.wafManagedRules} must be true or false, got ${JSON.stringify(raw)}`);
}

/** Extra tags from context `tags` (a JSON object, or its text), checked. */
export function tagsOf(scope: IConstruct): Record<string, string> {
  const raw: unknown = scope.node.tryGetContext(OPERATIONS_CONTEXT.tags);
  if (raw === undefined || raw === null || raw === '') return {};
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`Context ${OPERATIONS_CONTEXT.tags} must be a JSON object of tag name → value`);
  for (const [key, tag] of Object.entries(value)) {
    if (
      typeof tag !== 'string' ||
      key.length === 0 ||
      key.length > 128 ||
      tag.length > 256 ||
      key.toLowerCase().startsWith('aws:')
    ) {
      throw new Error(
        `Context ${OPERATIONS_CONTEXT.tags}: tag ${JSON.stringify(key)} must be a string value (name 1–128 characters, not aws:…, value ≤ 256)`,
      );
    }
  }
  return value as Record<string, string>;
}
