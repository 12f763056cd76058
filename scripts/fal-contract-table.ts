// docs: provider two's model contract as the Markdown table in docs/generation-provider-two.md, made
// from fal-models.ts (test/unit/docs/provider-contracts.test.ts keeps the document equal to it). Print it with
// `npx tsx scripts/fal-contract-table.ts`.
import { fileURLToPath } from 'node:url';
import { FAL_DEFAULT_ENDPOINT, FAL_ENDPOINTS, type ParamRule } from '../functions/core/generation/fal-models.ts';

function rule(value: ParamRule): string {
  switch (value.kind) {
    case 'enum':
      return value.values.join(' / ');
    case 'seconds':
      return `${value.min}–${value.max} s${value.auto ? ' or auto' : ''} (sent as "${value.min}${value.suffix ?? ''}")`;
    case 'text':
      return `text ≤ ${value.maxLength}`;
    case 'boolean':
      return 'true / false';
    default:
      return `${value.min}–${value.max}`;
  }
}

export function falContractTable(): string {
  const lines = [
    '| endpoint | mode | references (wire names) | limits | aspect ratios | modelParams | price class |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const endpoint of FAL_ENDPOINTS) {
    const fields = endpoint.fields;
    const references =
      [
        fields.image && `image → \`${fields.image}\`${fields.imageRequired ? ' (required)' : ''}`,
        fields.lastFrame && `last frame → \`${fields.lastFrame}\``,
        fields.referenceImages && `images → \`${fields.referenceImages}\``,
        fields.referenceVideos && `videos → \`${fields.referenceVideos}\``,
        fields.referenceAudios && `audio → \`${fields.referenceAudios}\``,
      ]
        .filter(Boolean)
        .join('; ') || '—';
    const limits = endpoint.referenceLimits
      ? `${endpoint.referenceLimits.images} img, ` +
        `${endpoint.referenceLimits.videos} vid, ` +
        `${endpoint.referenceLimits.audios} ` +
        `audio, ` +
        `${endpoint.referenceLimits.total} total`
      : '—';
    const params = Object.entries(endpoint.params)
      .map(([key, value]) => `\`${key}\` ${rule(value)}`)
      .join('; ');
    const name = `\`${endpoint.id}\`${endpoint.id === FAL_DEFAULT_ENDPOINT ? ' **(default)**' : ''}`;
    lines.push(
      `| ${name} | ${endpoint.mode} | ${references} | ${limits} | ` +
        `${endpoint.aspectRatios?.join(' ') ?? 'none (dropped)'} ` +
        `| ` +
        `${params} | ${endpoint.priceModel} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(falContractTable());
