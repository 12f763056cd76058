// docs: provider one's model contract as the Markdown table in docs/generation-provider-one.md, made
// from veo-models.ts (test/unit/docs/provider-contracts.test.ts keeps the document equal to it). Print it with
// `npx tsx scripts/veo-contract-table.ts`.
import { fileURLToPath } from 'node:url';
import { VEO_DEFAULT_MODEL, VEO_MODELS, VEO_PARAMS } from '../functions/core/generation/veo-models.ts';

export function veoContractTable(): string {
  const lines = [
    '| model | modes | reference images | last frame | durations | resolutions | aspect ratios | price class |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const model of VEO_MODELS) {
    const name = `\`${model.id}\`${model.id === VEO_DEFAULT_MODEL ? ' **(default)**' : ''}`;
    const references =
      model.maxReferenceImages > 0
        ? `up to ${model.maxReferenceImages} (only at ${model.referenceRules.aspectRatio}, ` +
          `${model.referenceRules.seconds} s)`
        : '—';
    const resolutions = model.resolutions
      .map((resolution, index) => (index === 0 ? resolution : `${resolution} (${model.highResolutionSeconds} s only)`))
      .join(', ');
    lines.push(
      `| ${name} | ${model.modes.join(', ')} | ${references} | ` +
        `${model.lastFrame ? 'yes (with a first frame)' : '—'} | ` +
        `${model.durations.join(', ')} s | ` +
        `${resolutions} | ` +
        `${model.aspectRatios.join(' ')} | ` +
        `${model.priceModel} |`,
    );
  }
  lines.push(
    '',
    '| modelParams key | sent as | rule |',
    '|---|---|---|',
    '| `duration` (or `durationSeconds`) | `parameters.durationSeconds` | one of the model\'s durations; `"8s"` and `"8"` read as 8 |',
    "| `resolution` | `parameters.resolution` | one of the model's resolutions |",
  );
  for (const [key, { wire, rule }] of Object.entries(VEO_PARAMS)) {
    lines.push(
      `| \`${key}\` | \`parameters.${wire}\` | ` +
        `${rule.kind === 'enum' ? rule.values.join(' / ') : `text ≤ ${rule.maxLength}`} ` +
        `|`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(veoContractTable());
