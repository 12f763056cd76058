// adapter: local mode's first start — create one workspace and its all-scopes key, exactly once per store.
import { systemClock } from '#core/clock';
import { provisionWorkspace } from '#core/workspaces/use-cases';
import { workspaces } from './dynamodb/repositories.ts';

export type BootstrapResult = { created: false } | { created: true; workspaceId: string; apiKey: string };

/**
 * On an empty store, creates the first workspace with an all-scopes key (`apiKey` when given, which must
 * start with `workspace_`; otherwise a random one). On every later start it does nothing.
 */
export async function bootstrapFirstWorkspace(options: { apiKey?: string }): Promise<BootstrapResult> {
  const provisioned = await provisionWorkspace(
    { name: 'Local workspace', ownerEmail: 'owner@localhost', presetKey: options.apiKey || undefined, once: true },
    { workspaces, clock: systemClock },
  );
  return provisioned ? { created: true, workspaceId: provisioned.workspaceId, apiKey: provisioned.apiKey } : { created: false };
}
