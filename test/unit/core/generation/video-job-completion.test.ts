// A provider's completion webhook: recorded once on the job it names and waking that job's run; twice,
// late (a poll settled the job first), for another job or for no job, it changes nothing.
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import { recordProviderCompletion } from '#core/generation/video-job-completion';
import type { VideoJob, VideoJobRepository } from '#core/generation/video-jobs';

function memoryJobs(initial: VideoJob[]) {
  const items = new Map(initial.map((job) => [job.id, structuredClone(job)]));
  let writes = 0;
  const repo: VideoJobRepository = {
    async create(job) {
      items.set(job.id, structuredClone(job));
      return { created: true };
    },
    async get(_workspaceId, jobId) {
      const job = items.get(jobId);
      return job && structuredClone(job);
    },
    async update(job, expectedVersion) {
      if (items.get(job.id)?.version !== expectedVersion) throw new ConflictError('changed');
      writes++;
      items.set(job.id, structuredClone(job));
    },
    async delete(job) {
      items.delete(job.id);
    },
  };
  return { repo, items, writes: () => writes };
}

const job = (over: Partial<VideoJob> = {}): VideoJob => ({
  id: 'vjb_1',
  workspaceId: 'ws_1',
  canvasId: 'cnv_1',
  nodeId: 'video',
  executionId: 'exec_1',
  operationId: 'run:exec_1:video:1',
  provider: 'provider-two',
  model: 'fal-ai/kling-video/v3/pro/text-to-video',
  mode: 'text-to-video',
  status: 'running',
  providerJobId: 'req-1',
  requestedSeconds: 5,
  producedSeconds: null,
  priceModel: 'kling',
  credential: 'shared',
  dropped: [],
  assetId: null,
  copyClaimedAt: null,
  error: null,
  pollAfterSeconds: 5,
  completionWebhook: true,
  providerCompletedAt: null,
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
  version: 2,
  ...over,
});

function setup(initial: VideoJob[]) {
  const jobs = memoryJobs(initial);
  const woken: string[] = [];
  const deps = {
    jobs: jobs.repo,
    clock: { now: () => new Date('2026-11-26T06:01:00.000Z') },
    runWaits: { wake: async (_ws: string, executionId: string) => void woken.push(executionId) },
  };
  return { jobs, woken, deps };
}

const completion = { workspaceId: 'ws_1', jobId: 'vjb_1', provider: 'provider-two' as const, providerJobId: 'req-1' };

describe('recordProviderCompletion', () => {
  it('records the completion on the job and wakes its run', async () => {
    const { jobs, woken, deps } = setup([job()]);
    const result = await recordProviderCompletion(completion, deps);
    expect(result.outcome).toBe('recorded');
    expect(jobs.items.get('vjb_1')).toMatchObject({
      status: 'running',
      providerCompletedAt: '2026-11-26T06:01:00.000Z',
      version: 3,
    });
    expect(woken).toEqual(['exec_1']);
  });

  it('a second delivery writes nothing', async () => {
    const { jobs, deps } = setup([job()]);
    await recordProviderCompletion(completion, deps);
    const after = structuredClone(jobs.items.get('vjb_1'));
    const second = await recordProviderCompletion(completion, deps);
    expect(second.outcome).toBe('duplicate');
    expect(jobs.items.get('vjb_1')).toEqual(after);
    expect(jobs.writes()).toBe(1);
  });

  it('a delivery after polling settled the job changes nothing and wakes nobody', async () => {
    for (const status of ['succeeded', 'failed', 'cancelled', 'copying'] as const) {
      const settled = job({ status, assetId: status === 'succeeded' ? 'ast_1' : null });
      const { jobs, woken, deps } = setup([settled]);
      expect((await recordProviderCompletion(completion, deps)).outcome).toBe('late');
      expect(jobs.items.get('vjb_1')).toEqual(settled);
      expect(jobs.writes()).toBe(0);
      expect(woken).toEqual([]);
    }
  });

  it('a delivery for another job, another provider or no job changes nothing', async () => {
    const { jobs, woken, deps } = setup([job()]);
    const cases = [
      { ...completion, providerJobId: 'req-of-another-job' },
      { ...completion, provider: 'provider-one' as const },
      { ...completion, jobId: 'vjb_unknown' },
      { ...completion, workspaceId: 'ws_1', jobId: 'vjb_1', providerJobId: '' },
    ];
    for (const other of cases) expect((await recordProviderCompletion(other, deps)).outcome).toBe('ignored');
    expect(jobs.items.get('vjb_1')).toEqual(job());
    expect(jobs.writes()).toBe(0);
    expect(woken).toEqual([]);
  });

  it('a job a route submitted (no run) is recorded and wakes nothing', async () => {
    const { executionId: _none, ...routeJob } = job();
    const { woken, deps } = setup([routeJob as VideoJob]);
    expect((await recordProviderCompletion(completion, deps)).outcome).toBe('recorded');
    expect(woken).toEqual([]);
  });
});
