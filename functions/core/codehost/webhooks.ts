// core: GitHub webhook deliveries, applied once. The signature is checked at the edge (over the raw
// body); here the signed body's digest is claimed first, so a redelivery (GitHub's manual or API
// redelivery re-sends the same body) changes nothing the second time. Not the X-GitHub-Delivery id: it is
// outside the signature, so a captured delivery resent under a new id would apply again. And the claim
// never expires: the signature carries no timestamp, so it verifies for as long as the secret does.
//
//   claim body digest ── taken ──▶ { applied: false, duplicate: true }
//        │ new
//   installation: deleted ─▶ forget it (its workspace link goes) · suspend/unsuspend ─▶ flag
//                 created / new_permissions_accepted ─▶ refresh what we keep, if linked
//   push to a synced branch ─▶ record the new head on every sync target that follows it
//   anything else ─▶ acknowledged, ignored
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { CodeHostRepository } from './ports.ts';

export interface GithubDelivery {
  deliveryId: string;
  event: string;
  payload: Record<string, any>;
  /** The bytes the signature covers. */
  body: Buffer;
}

export type DeliveryOutcome = { applied: boolean; duplicate: boolean; effect: string };

export async function applyGithubDelivery(
  delivery: GithubDelivery,
  deps: { records: CodeHostRepository; clock: Clock },
): Promise<DeliveryOutcome> {
  const claim = `body:${createHash('sha256').update(delivery.body).digest('hex')}`;
  if (!(await deps.records.claimDelivery(claim))) {
    return { applied: false, duplicate: true, effect: 'already applied' };
  }
  try {
    return await apply(delivery, deps);
  } catch (error) {
    // Not applied: free the claim so GitHub's redelivery is applied rather than skipped.
    await deps.records.releaseDelivery(claim);
    throw error;
  }
}

async function apply(
  delivery: GithubDelivery,
  deps: { records: CodeHostRepository; clock: Clock },
): Promise<DeliveryOutcome> {
  const now = deps.clock.now().toISOString();
  const { payload } = delivery;
  const installationId = Number(payload.installation?.id);
  if (delivery.event === 'installation' && Number.isInteger(installationId)) {
    const known = await deps.records.getInstallation(installationId);
    if (!known) return { applied: true, duplicate: false, effect: 'installation not linked to a workspace' };
    switch (payload.action) {
      case 'deleted':
        await deps.records.deleteInstallation(installationId);
        return { applied: true, duplicate: false, effect: 'installation removed' };
      case 'suspend':
      case 'unsuspend':
        await deps.records.updateInstallation(installationId, {
          suspended: payload.action === 'suspend',
          updatedAt: now,
        });
        return { applied: true, duplicate: false, effect: `installation ${payload.action}ed` };
      default:
        await deps.records.updateInstallation(installationId, {
          account: String(payload.installation?.account?.login ?? known.account),
          repositorySelection: String(payload.installation?.repository_selection ?? known.repositorySelection),
          updatedAt: now,
        });
        return { applied: true, duplicate: false, effect: 'installation refreshed' };
    }
  }
  if (
    delivery.event === 'push' &&
    Number.isInteger(installationId) &&
    typeof payload.repository?.full_name === 'string' &&
    typeof payload.after === 'string'
  ) {
    const branch =
      typeof payload.ref === 'string' && payload.ref.startsWith('refs/heads/')
        ? payload.ref.slice('refs/heads/'.length)
        : null;
    const targets = (await deps.records.syncTargetsOf(installationId, payload.repository.full_name)).filter(
      (target) => target.branch === branch,
    );
    for (const target of targets) await deps.records.recordRemoteHead(target.workspaceId, payload.after, now);
    return { applied: true, duplicate: false, effect: `head recorded on ${targets.length} sync target(s)` };
  }
  return { applied: true, duplicate: false, effect: 'ignored' };
}
