// infra tests: the runbook (docs/observability.md "Runbook") cannot drift from the synthesized alarms
// (issue 31, item 9): every alarm that pages has a row and every row an alarm, and the functions the
// runbook lists per LambdaErrorsN/ThrottlesN/DurationN group are those the synthesized alarms cover.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import {
  CALLBACK_FAILURE_MIN_CALLBACKS,
  CALLBACK_FAILURE_PERCENT,
  DURATION_NEAR_TIMEOUT_PERCENT,
  OUTBOX_BACKLOG_SWEEPS,
  OUTBOX_STUCK_SWEEPS,
  RUN_ACCEPT_MIN_RUNS,
  RUN_ACCEPT_P99_MS,
  WAITS_TO_DEADLINE,
} from '../../lib/constructs/operations-alarms.ts';
import {
  committedAlarmGroups,
  RUNBOOK_FILE,
  renderAlarmGroups,
  type SynthesizedAlarm,
  synthesizedAlarms,
} from '../../scripts/runbook-groups.ts';
import { tempFolders } from '../support/temp-folders.ts';

const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-runbook');

/** The runbook's alarm names, from the first cell of each row of its table (`LambdaErrors1…N` → LambdaErrors). */
function runbookRows(runbook: string): string[] {
  const section = runbook.slice(runbook.indexOf('## Runbook'), runbook.indexOf('### Functions of each alarm group'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Za-z0-9]+)(?:1…N)?`/g)].map((match) => match[1]!));
}

/** The row an alarm is documented under: a group alarm by its kind, a sweeper's failure queue as SweeperFailed. */
const rowOf = (alarm: SynthesizedAlarm) =>
  alarm.id === 'Alarm' ? 'SweeperFailed' : alarm.id.replace(/^(Lambda(?:Errors|Throttles|Duration))\d+$/, '$1');

describe('the runbook (docs/observability.md)', { timeout: 120_000 }, () => {
  let alarms: SynthesizedAlarm[];
  let runbook: string;

  beforeAll(() => {
    // Prepare
    alarms = synthesizedAlarms(buildApp({ outdir: outdir(), context: FAST, nag: false }));
    runbook = readFileSync(RUNBOOK_FILE, 'utf8');
  }, 120_000);

  it('has a row for every alarm that pages, and no row for an alarm that does not exist', () => {
    // Act
    const documented = new Set(runbookRows(runbook));
    const synthesized = new Set(alarms.map(rowOf));
    // Assess
    expect(
      [...synthesized].filter((name) => !documented.has(name)),
      'alarms without a runbook row',
    ).toEqual([]);
    expect(
      [...documented].filter((name) => !synthesized.has(name)),
      'runbook rows without an alarm',
    ).toEqual([]);
    expect(synthesized).toContain('RunOutboxBacklog');
  });

  it('names the functions of every alarm group as the synthesized alarms cover them', () => {
    // Act
    const expected = renderAlarmGroups(alarms);
    // Assess: on a difference, `npx tsx scripts/runbook-groups.ts` rewrites the list
    expect(committedAlarmGroups(runbook), 'run `npx tsx scripts/runbook-groups.ts`').toBe(expected);
  });

  it.each([
    ['LambdaDuration', [`${DURATION_NEAR_TIMEOUT_PERCENT} %`, ...WAITS_TO_DEADLINE.map((name) => `\`${name}\``)]],
    ['RunOutboxBacklog', [`${OUTBOX_BACKLOG_SWEEPS} sweeps in a row`]],
    ['RunOutboxStuck', [`${OUTBOX_STUCK_SWEEPS} sweeps in a row`]],
    ['CallbackFailureRate', [`${CALLBACK_FAILURE_PERCENT} %`, `at least ${CALLBACK_FAILURE_MIN_CALLBACKS}`]],
    ['RunAcceptLatency', [`${RUN_ACCEPT_P99_MS.toLocaleString('en-US')} ms`, `at least ${RUN_ACCEPT_MIN_RUNS} runs`]],
  ])("gives %s's row the alarm's own numbers (operations-alarms.ts)", (alarm, numbers) => {
    const section = runbook.slice(runbook.indexOf('## Runbook'));
    const row = section.split('\n').find((line) => line.startsWith(`| \`${alarm}`))!;
    for (const number of numbers) expect(row, number).toContain(number);
  });

  it('lists every function in exactly one group', () => {
    const names = [...committedAlarmGroups(runbook).matchAll(/: (.*)$/gm)].flatMap((line) =>
      line[1]!.split(', ').map((name) => name.replaceAll('`', '')),
    );
    const functions = alarms
      .filter((alarm) => /^LambdaErrors\d+$/.test(alarm.id))
      .flatMap((alarm) => / in: (.*?)\. Runbook/.exec(alarm.description)![1]!.split(', '));
    expect(names.sort()).toEqual(functions.sort());
    expect(new Set(names).size).toBe(names.length);
  });
});
