// core: the data fields node types share — the editor's fields every node carries, and the text
// field shapes — used by node-types.ts and the per-family tables it includes (flow-node-types.ts).
import * as z from '../schema.ts';

export const text = z.optional(z.string().check(z.maxLength(20_000)));
export const shortText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** Fields any node may carry for the editor; type-specific fields are listed per type. */
export const common = {
  label: shortText(200),
  color: shortText(32),
  // An asset shown on (or fed by) the node; place_asset sets it, and asset usages are read from it.
  assetId: z.optional(z.string().check(z.regex(/^ast_[0-9a-hjkmnp-tv-z]{26}$/, 'is not an asset id (ast_…)'))),
};
