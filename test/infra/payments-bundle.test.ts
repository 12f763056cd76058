// infra test: the Lambda bundles that verify Stripe signatures (the payment webhooks and the webhook
// trigger's verify=stripe URL). They import the `stripe` package by its supported entry only
// (`import Stripe from 'stripe'`, the exports map's Node entry): no alias, no file path into the package.
// That entry builds the whole API client, about 240 KB of the bundle, though the functions use only
// `Stripe.webhooks`; this is accepted on purpose (a supported entry survives the package's releases,
// a deep import does not), and the sizes below hold it there. No other function carries stripe, and
// the payment webhook bundle verifies a signature the package made.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { build } from 'esbuild';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeById } from '#route-table/manifest';
import { LAMBDA_ALIASES, ROUTE_BUNDLING, operationEntries } from '../../lib/constructs/bundling.ts';
import { routeBundleEntry, routeEntryPath } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('payments-bundle');
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

/** The functions that verify Stripe signatures. */
const STRIPE_VERIFIERS = /^functions\/routes\/(payments\/(webhooks|plan-webhooks)|webhooks\/trigger)\.ts$/;
/** The file the exports map's `default` → `import` condition names (package.json `exports["."]`). */
const SUPPORTED_ENTRY = 'node_modules/stripe/esm/stripe.esm.node.js';
/**
 * Budgets, just above what was measured when the package's entry replaced the hand-written scheme
 * (2026-12-07, stripe 23.1.0): the payment webhook bundles 568,918 and 569,406 bytes (555.6, 556.1 KB;
 * 315.4, 315.9 KB without stripe), the package's share of a bundle 246,261–246,444 bytes. The trigger's
 * bundle (926 KB, from 685) is held by the package's share alone: the rest of it is the run adapters.
 * The audit log's write path (adapters/dynamodb/audit-join.ts, in every bundle's DynamoDB client) then
 * took the payment webhooks to 580,375 bytes (566.8 KB); the balance shards (a grant spreads over the
 * shards, credit-balance-shards.ts) and local mode's transaction fence (emulator-durability.ts) to 586,580
 * (572.8 KB).
 */
const PAYMENT_WEBHOOK_BUNDLE_BUDGET = 576 * 1024;
const STRIPE_SHARE_BUDGET = 244 * 1024;

describe('the Stripe-verifying bundles', { timeout: 120_000 }, () => {
  it('carry stripe by its supported entry, only where Stripe signatures are verified, within budget', async () => {
    // Act
    const entries = [...new Set(ROUTES.map(routeBundleEntry))];
    const { metafile } = await build({
      ...ROUTE_BUNDLING,
      plugins: [operationEntries],
      entryPoints: entries,
      outdir: folder(),
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    // Assess: no alias swaps the package for something else.
    expect(Object.keys(LAMBDA_ALIASES).filter((name) => name.startsWith('stripe'))).toEqual([]);
    expect(Object.keys(ROUTE_BUNDLING.alias ?? {}).filter((name) => name.startsWith('stripe'))).toEqual([]);
    // Every import of a file of the package from outside it is the bare specifier `stripe`.
    const importsOfStripe = Object.entries(metafile.inputs)
      .filter(([input]) => !input.includes('node_modules/stripe/'))
      .flatMap(([input, info]) =>
        info.imports
          .filter((imported) => imported.path.includes('node_modules/stripe/'))
          .map((imported) => ({ input, specifier: imported.original, path: imported.path })),
      );
    expect(importsOfStripe.length).toBeGreaterThan(0);
    for (const imported of importsOfStripe)
      expect(imported).toMatchObject({ specifier: 'stripe', path: SUPPORTED_ENTRY });
    const verifiers: string[] = [];
    for (const [output, info] of Object.entries(metafile.outputs)) {
      if (output.endsWith('.map')) continue;
      const stripeBytes = Object.entries(info.inputs)
        .filter(([input]) => input.includes('node_modules/stripe/'))
        .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
      if (!STRIPE_VERIFIERS.test(info.entryPoint ?? '')) {
        expect(stripeBytes, output).toBe(0);
        continue;
      }
      verifiers.push(info.entryPoint!);
      expect(Object.keys(info.inputs), output).toContain(SUPPORTED_ENTRY);
      expect(stripeBytes, output).toBeLessThanOrEqual(STRIPE_SHARE_BUDGET);
      if (info.entryPoint!.includes('/payments/'))
        expect(info.bytes, output).toBeLessThanOrEqual(PAYMENT_WEBHOOK_BUNDLE_BUDGET);
    }
    expect(verifiers.sort()).toEqual([
      'functions/routes/payments/plan-webhooks.ts',
      'functions/routes/payments/webhooks.ts',
      'functions/routes/webhooks/trigger.ts',
    ]);
  });

  it('verifies a signature made by the stripe package, as bundled', async () => {
    // Prepare
    const outdir = folder();
    await build({
      ...ROUTE_BUNDLING,
      entryPoints: { payments: routeEntryPath(routeById('payments-webhooks')) },
      outdir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'error',
    });
    const secret = 'whsec_bundle_test';
    Object.assign(process.env, {
      TABLE_NAME: 'unused',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
      PAYMENTS_WEBHOOK_SECRET: secret,
    });
    const { handler } = (await import(pathToFileURL(path.join(outdir, 'payments.mjs')).href)) as {
      handler: (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number; body: string }>;
    };
    // An event the route ignores without touching the table: a verified signature answers 200.
    const body = JSON.stringify({
      id: 'evt_bundle',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    const event = (signature: string) =>
      ({
        httpMethod: 'POST',
        path: '/api/payments/webhooks',
        headers: { 'stripe-signature': signature },
        body,
        isBase64Encoded: false,
        requestContext: { requestId: 'r1' },
      }) as unknown as APIGatewayProxyEvent;
    // Act
    const accepted = await handler(event(Stripe.webhooks.generateTestHeaderString({ payload: body, secret })), context);
    const refused = await handler(
      event(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' })),
      context,
    );
    // The bound the package lacks is in the bundle too: an hour ahead is refused.
    const ahead = await handler(
      event(
        Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret,
          timestamp: Math.floor(Date.now() / 1000) + 3600,
        }),
      ),
      context,
    );
    // Assess
    expect(accepted.statusCode).toBe(200);
    expect(JSON.parse(accepted.body)).toMatchObject({ received: true, applied: false, eventId: 'evt_bundle' });
    expect(refused.statusCode).toBe(400);
    expect(ahead.statusCode).toBe(400);
  });
});
