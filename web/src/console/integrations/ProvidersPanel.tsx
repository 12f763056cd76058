// Providers and service status: what the deployment can reach without calling out (docs/integrations.md).
import type { JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import type { Resource } from '../../mcp/resource.ts';
import type { Provider, ProviderStatus, ServiceStatus } from './types.ts';

const STATUS_WORDS: Record<ProviderStatus, string> = {
  available: 'Available',
  'bring-your-own': 'With your own key only',
  unavailable: 'Unavailable',
};

export function ProvidersPanel(props: {
  providers: Resource<Provider[]>;
  status: Resource<ServiceStatus>;
}): JSX.Element {
  const { providers, status } = props;
  return (
    <section className="intg-panel" aria-labelledby="providers-heading">
      <h2 id="providers-heading">Providers</h2>
      {status.state === 'ready' ? (
        <p className={status.value.status === 'ok' ? 'intg-ok' : 'intg-degraded'}>
          {status.value.status === 'ok'
            ? 'Every provider is usable.'
            : 'Degraded: at least one provider is unavailable.'}{' '}
          <span className="muted">
            Checked <time dateTime={status.value.checkedAt}>{new Date(status.value.checkedAt).toLocaleString()}</time>
          </span>
        </p>
      ) : status.state === 'error' ? (
        <Alert title="The service status could not be read">{status.message}</Alert>
      ) : null}
      {providers.state === 'loading' ? <p role="status">Loading providers…</p> : null}
      {providers.state === 'error' ? (
        <Alert title="The providers could not be loaded">{providers.message}</Alert>
      ) : null}
      {providers.state === 'ready' ? (
        <table className="intg-table">
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Vendor</th>
              <th scope="col">Status</th>
              <th scope="col">Default model</th>
            </tr>
          </thead>
          <tbody>
            {providers.value.map((provider) => (
              <tr key={provider.id}>
                <th scope="row">
                  {provider.label} <span className="muted">({provider.id})</span>
                </th>
                <td>{provider.vendor}</td>
                <td>
                  <span className={`intg-status intg-status-${provider.status}`}>
                    {STATUS_WORDS[provider.status] ?? provider.status}
                  </span>
                </td>
                <td>
                  {provider.defaultModel ? <code>{provider.defaultModel}</code> : <span className="muted">–</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
