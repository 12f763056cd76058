// infra test: the payment webhook routes' Lambda bundles. `stripe` is aliased to its webhook part
// alone (functions/adapters/payments/stripe-webhooks-only.ts): no API resource of the package is
// bundled, only the functions that verify Stripe signatures (the payment webhooks and the webhook
// trigger's signed URLs) carry stripe at all, and the bundle still verifies a real signature.
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
  it('carry the webhook part of stripe only, and no function but the Stripe verifiers carries stripe', async () => {
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
    for (const [output, info] of Object.entries(metafile.outputs)) {
      const stripeFiles = Object.keys(info.inputs).filter((input) => input.includes('node_modules/stripe/'));
      const verifiesStripe = /functions\/routes\/(payments\/|webhooks\/trigger)/.test(info.entryPoint ?? '');
      if (!verifiesStripe) expect(stripeFiles, output).toEqual([]);
      else {
        expect(stripeFiles.some((file) => file.endsWith('Webhooks.js'))).toBe(true);
        expect(stripeFiles.filter((file) => /\/resources\/|stripe\.core\.js|RequestSender\.js/.test(file))).toEqual([]);
      }
    }
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
