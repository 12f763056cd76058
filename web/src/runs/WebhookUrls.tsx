// A webhook-trigger node's endpoint: its URL, the secret's Authorization header and the signed URLs
// for GitHub, Stripe, Shopify and Standard Webhooks senders, each with a copy button. register_webhook
// creates the endpoint the first time and answers the existing one after, so showing it is safe to repeat.
import { useState, type JSX } from 'react';
import type { ToolClient } from '../mcp/tools.ts';
import { describeError } from '../ui/describe-error.ts';
import type { WebhookRegistration } from './types.ts';

export function WebhookUrls(props: {
  canvasId: string;
  nodeId: string;
  tools: ToolClient;
  beforeShow: () => Promise<void>;
}): JSX.Element {
  const [registration, setRegistration] = useState<WebhookRegistration | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string>('');
  const show = async () => {
    setProblem(null);
    try {
      await props.beforeShow();
      setRegistration(
        await props.tools.call('register_webhook', {
          canvasId: props.canvasId,
          triggerNodeId: props.nodeId,
        }),
      );
    } catch (error) {
      setProblem(describeError(error));
    }
  };
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`${label} copied.`);
    } catch {
      setCopied(`Could not copy ${label}; select it and copy it by hand.`);
    }
  };
  if (!registration) {
    return (
      <div className="webhook-urls">
        <h3>Webhook endpoint</h3>
        <button type="button" onClick={() => void show()}>
          Show webhook URLs
        </button>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    );
  }
  const rows: [string, string][] = [
    ['URL', registration.webhookUrl],
    ['Authorization header', registration.webhookAuthorizationHeader],
    ...Object.entries(registration.signedUrls).map(([scheme, url]): [string, string] => [`${scheme} signed URL`, url]),
  ];
  return (
    <div className="webhook-urls">
      <h3>Webhook endpoint</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="webhook-row">
            <dt>{label}</dt>
            <dd>
              <code>{value}</code>{' '}
              <button type="button" onClick={() => void copy(label, value)} aria-label={`Copy ${label}`}>
                Copy
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="run-hint" role="status">
        {copied}
      </p>
    </div>
  );
}
