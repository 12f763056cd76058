// core: how a published server's runs are told apart in the ledger — their usage names the server
// (UsageResource.publishedServerId), read back by the transactions, the FOCUS export and the daily limit.
import type { RunTrigger } from '../runs/model.ts';

/** The field to spread into a metered request of a run's node: empty unless a published server started the run. */
export function publishedUsageOf(trigger: RunTrigger): { publishedServerId?: string } {
  return trigger.kind === 'published' ? { publishedServerId: trigger.serverId } : {};
}
