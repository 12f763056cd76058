// script: `npx tsx scripts/runbook-groups.ts` rewrites the runbook's list of the functions each alarm group
// covers (docs/observability.md "Functions of each alarm group") from the synthesized alarms: the app is
// built without bundling, the way the infra tests build it. test/infra/runbook.test.ts fails when the
// committed list differs, so the runbook cannot drift from the alarms (a new route moves the names).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { buildApp, cdkJsonContext } from '../bin/app.ts';

export const RUNBOOK_FILE = new URL('../docs/observability.md', import.meta.url);
const BEGIN = /<!-- alarm-groups:begin[^>]*-->\n/;
const END = '<!-- alarm-groups:end -->';
const GROUPED = /^Lambda(Errors|Throttles|Duration)(\d+)$/;

/** An alarm as synthesized: its construct id and its description. */
export interface SynthesizedAlarm {
  readonly id: string;
  readonly description: string;
}

/** The alarms of the built app's OperationsAlarms, as CloudFormation receives them. */
export function synthesizedAlarms(built: ReturnType<typeof buildApp>): SynthesizedAlarm[] {
  return built.stateless.operationsAlarms.alarms.map((alarm) => ({
    id: alarm.node.id,
    description: String((alarm.node.defaultChild as cloudwatch.CfnAlarm).alarmDescription),
  }));
}

/** The functions an alarm's description lists (`… in: a, b, c. Runbook: …`). */
const listed = (description: string) => (/ in: (.*?)\. Runbook/.exec(description)?.[1] ?? '').split(', ');

/** The list of groups, one line per group: its alarms, then its functions. */
export function renderAlarmGroups(alarms: readonly SynthesizedAlarm[]): string {
  const groups = new Map<number, Partial<Record<string, string[]>>>();
  for (const alarm of alarms) {
    const match = GROUPED.exec(alarm.id);
    if (!match) continue;
    const group = groups.get(Number(match[2])) ?? {};
    group[match[1]!] = listed(alarm.description);
    groups.set(Number(match[2]), group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, { Errors = [], Throttles = [], Duration }]) => {
      if (Throttles.join() !== Errors.join()) throw new Error(`LambdaThrottles${number} covers other functions`);
      const code = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');
      const without = Duration ? Errors.filter((name) => !Duration.includes(name)) : [];
      const duration = Duration
        ? `, \`LambdaDuration${number}\`${without.length ? ` without ${code(without)}` : ''}`
        : ` (no \`LambdaDuration${number}\`)`;
      const alarms = `${code([`LambdaErrors${number}`, `LambdaThrottles${number}`])}${duration}`;
      return `- group ${number} (${alarms}): ${code(Errors)}`;
    })
    .join('\n');
}

/** The list as the runbook holds it (between the markers). */
export function committedAlarmGroups(runbook: string): string {
  const begin = BEGIN.exec(runbook);
  const end = runbook.indexOf(END);
  if (!begin || end < 0) throw new Error('docs/observability.md has no alarm-groups markers');
  return runbook.slice(begin.index + begin[0].length, end).trim();
}

/** The runbook with `list` between the markers. */
export function withAlarmGroups(runbook: string, list: string): string {
  const begin = BEGIN.exec(runbook)!;
  const end = runbook.indexOf(END);
  return `${runbook.slice(0, begin.index + begin[0].length)}${list}\n${runbook.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'cdk.out-runbook-'));
  try {
    const built = buildApp({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] }, nag: false });
    const runbook = readFileSync(RUNBOOK_FILE, 'utf8');
    writeFileSync(RUNBOOK_FILE, withAlarmGroups(runbook, renderAlarmGroups(synthesizedAlarms(built))));
    console.log(`Wrote ${RUNBOOK_FILE.pathname}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
