// adapter (Lambda bundles only): what `import Stripe from 'stripe'` becomes in a bundle, by alias
// (lib/constructs/bundling.ts LAMBDA_ALIASES). The package's entry point builds its whole API client
// (every resource class: 240 KB minified in the route bundle) though a webhook route needs only `Stripe.webhooks`; this
// module builds that part alone, exactly as the package's Node entry point does (createWebhooks over
// its Node platform functions: crypto HMAC, timing-safe compare), from the same package files: 16 KB.
// The package's exports map hides these files from bare specifiers, hence the relative paths.
// test/unit/adapters/payments/stripe-webhooks-only.test.ts checks that it verifies exactly what the full package does.
import { createWebhooks } from '../../../node_modules/stripe/esm/Webhooks.js';
import { NodePlatformFunctions } from '../../../node_modules/stripe/esm/platform/NodePlatformFunctions.js';

const Stripe = { webhooks: createWebhooks(new NodePlatformFunctions()) };
export default Stripe;
