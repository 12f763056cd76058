// infra test: the payment webhook routes' Lambda bundles. Stripe signatures are checked by the scheme in
// functions/adapters/payments/stripe-scheme.ts, not by the `stripe` package (whose only supported entry
// builds its whole API client): no function bundle carries any of the package, and the payment webhook
// bundle still verifies a signature the package made.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { build } from 'esbuild';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeById } from '#routes/manifest';
import { ROUTE_BUNDLING, operationEntries } from '../../lib/constructs/bundling.ts';
import { routeBundleEntry, routeEntryPath } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('payments-bundle');
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('the payment webhook bundles', { timeout: 120_000 }, () => {
  it('carry no part of the stripe package, in no function', async () => {
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
    // Assess
    const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => input.includes('node_modules/stripe/'))).toEqual([]);
    // The Stripe verifiers are among the bundles: the scheme is in them.
    expect(inputs).toContain('functions/adapters/payments/stripe-scheme.ts');
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
    // Assess
    expect(accepted.statusCode).toBe(200);
    expect(JSON.parse(accepted.body)).toMatchObject({ received: true, applied: false, eventId: 'evt_bundle' });
    expect(refused.statusCode).toBe(400);
  });
});
