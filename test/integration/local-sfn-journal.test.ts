// integration: the local Step Functions endpoint keeps its executions under a data directory, so a
// process that dies (kill -9, simulated by simply abandoning the first endpoint) loses nothing: the
// next one, on the same directory, resumes what was running at the state it was in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  RedriveExecutionCommand,
  SFNClient,
  StartExecutionCommand,
  type DescribeExecutionCommandOutput,
} from '@aws-sdk/client-sfn';
import { afterEach, describe, expect, it } from 'vitest';
import { startSfnLocal, type SfnLocal } from '../../lib/local/sfn-local.ts';
import { waitUntil } from '../support/wait-until.ts';

const fixture = fileURLToPath(new URL('../support/fixtures/tiny-workflow.asl.json', import.meta.url));
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

interface Endpoint {
  sfn: SfnLocal;
  client: SFNClient;
  arn: string;
  /** How often each task ran in this endpoint. */
  calls: { Double: number; Gate: number };
  /** Resolves when Gate has been entered in this endpoint. */
  gateEntered: Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfn-journal-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An endpoint on `dir` whose Gate task holds forever, fails, or passes. */
async function endpoint(dir: string, gate: 'hold' | 'fail' | 'pass'): Promise<Endpoint> {
  const sfn = await startSfnLocal({ dataDir: dir });
  const calls = { Double: 0, Gate: 0 };
  let entered!: () => void;
  const gateEntered = new Promise<void>((resolve) => (entered = resolve));
  const arn = sfn.registerStateMachine({
    name: 'tiny',
    definitionFile: fixture,
    substitutions: {
      DoubleFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:double',
      GateFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:gate',
    },
    tasks: {
      Double: async (event: { value: number }) => {
        calls.Double += 1;
        return { ...event, value: event.value * 2 };
      },
      Gate: async (event: { value: number }) => {
        calls.Gate += 1;
        entered();
        if (gate === 'hold') return new Promise(() => {});
        if (gate === 'fail') throw Object.assign(new Error('gate closed'), { name: 'GateError' });
        return { value: event.value + 1, gateCalls: calls.Gate };
      },
    },
  });
  const client = new SFNClient({ endpoint: sfn.endpoint, region: 'us-east-1', credentials });
  cleanups.push(async () => {
    client.destroy();
    await sfn.stop();
  });
  return { sfn, client, arn, calls, gateEntered };
}

const executionArnOf = (stateMachineArn: string, name: string) =>
  `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

async function closed(client: SFNClient, executionArn: string): Promise<DescribeExecutionCommandOutput> {
  let last!: DescribeExecutionCommandOutput;
  await waitUntil(
    async () => {
      last = await client.send(new DescribeExecutionCommand({ executionArn }));
      return last.status !== 'RUNNING';
    },
    { what: `${executionArn} closed` },
  );
  return last;
}

describe('local Step Functions journal', () => {
  it('resumes an execution the previous process died with, at the state it was in', async () => {
    // Prepare: the first process runs Prepare and Double, then "dies" inside Gate
    const dir = dataDir();
    const first = await endpoint(dir, 'hold');
    const start = await first.client.send(
      new StartExecutionCommand({
        stateMachineArn: first.arn,
        name: 'crash-1',
        input: JSON.stringify({ value: 5, mode: 'pass', key: 'a' }),
      }),
    );
    await first.gateEntered;

    // Act: a new process on the same data directory
    const second = await endpoint(dir, 'pass');
    const described = await closed(second.client, start.executionArn!);

    // Assess: finished from Gate with Double's result; Double did not run again
    expect(described).toMatchObject({ status: 'SUCCEEDED', name: 'crash-1' });
    expect(JSON.parse(described.output!)).toEqual({ value: 11, gateCalls: 1 });
    expect(second.calls).toEqual({ Double: 0, Gate: 1 });
  });

  it('remembers closed executions: their names stay taken and a failed one can be redriven after a restart', async () => {
    // Prepare: one execution fails at Gate
    const dir = dataDir();
    const first = await endpoint(dir, 'fail');
    const input = JSON.stringify({ value: 1, mode: 'pass', key: 'b' });
    const { executionArn } = await first.client.send(
      new StartExecutionCommand({ stateMachineArn: first.arn, name: 'crash-2', input }),
    );
    expect((await closed(first.client, executionArn!)).status).toBe('FAILED');

    // Act: restart, then reuse the name and redrive
    const second = await endpoint(dir, 'pass');
    const reuse = second.client.send(
      new StartExecutionCommand({ stateMachineArn: second.arn, name: 'crash-2', input }),
    );
    await expect(reuse).rejects.toBeInstanceOf(ExecutionAlreadyExists);
    await second.client.send(new RedriveExecutionCommand({ executionArn }));
    const described = await closed(second.client, executionArn!);

    // Assess
    expect(described).toMatchObject({ status: 'SUCCEEDED', redriveCount: 1 });
    expect(second.calls).toEqual({ Double: 0, Gate: 1 });
  });

  it('does not close what a graceful stop interrupts: the next start resumes it', async () => {
    // Prepare
    const dir = dataDir();
    const first = await endpoint(dir, 'hold');
    const { executionArn } = await first.client.send(
      new StartExecutionCommand({
        stateMachineArn: first.arn,
        name: 'stop-1',
        input: JSON.stringify({ value: 2, mode: 'pass', key: 'c' }),
      }),
    );
    await first.gateEntered;

    // Act
    await first.sfn.stop();
    const second = await endpoint(dir, 'pass');

    // Assess
    expect(executionArn).toBe(executionArnOf(second.arn, 'stop-1'));
    expect(await closed(second.client, executionArn!)).toMatchObject({ status: 'SUCCEEDED' });
  });
});
