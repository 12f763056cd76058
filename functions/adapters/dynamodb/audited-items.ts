// adapter: which stored items an audit entry joins (docs/audit.md), by the SK prefixes of the key
// templates in table-design.ts.
import type { AuditResource } from '#core/audit/model';

/**
 * The items whose write is the change an audit entry records, by the resource kind of its action: the
 * entry joins the first write of its scope that touches an item whose SK starts with one of these.
 */
export const AUDITED_ITEMS: Readonly<Record<AuditResource, readonly string[]>> = {
  workspace: ['WORKSPACE'],
  member: ['MEMBER#'],
  invite: ['INVITE#'],
  'api-key': ['APIKEY#'],
  canvas: ['CANVAS#'],
  run: ['EXEC#'],
  webhook: ['WEBHOOK#'],
  'callback-secret': ['CBSECRET'],
  connection: ['CONN#'],
  'integration-policy': ['INTPOLICY'],
  template: ['TEMPLATE#'],
  asset: ['ASSET#'],
  codehost: ['CODEHOST#'],
  generation: ['VIDEOJOB#', 'SPEECHOP#'],
  'published-server': ['PUBSERVER#'],
  'published-credential': ['PUBCRED#'],
  // An export changes no item: its entry is written before the export is answered (docs/audit.md).
  'usage-export': [],
};
