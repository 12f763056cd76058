// adapter: VideoJobRepository on the single table (see table-design.ts): one item per job, written
// first with attribute_not_exists (a retried submit finds it) and then only on its version.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '#core/errors';
import { VIDEO_JOB_TTL_DAYS, type VideoJob, type VideoJobRepository } from '#core/generation/video-jobs';
import { table } from './client.ts';
import { isConditionFailure } from './errors.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

function item(job: VideoJob) {
  return {
    ...keys.videoJob(job.workspaceId, job.id),
    entity: 'VideoJob',
    ...job,
    [TTL_ATTRIBUTE]: Math.ceil(Date.parse(job.createdAt) / 1000) + VIDEO_JOB_TTL_DAYS * 24 * 60 * 60,
  };
}

function toJob(stored: Record<string, unknown>): VideoJob {
  const { PK: _pk, SK: _sk, entity: _entity, [TTL_ATTRIBUTE]: _ttl, ...job } = stored;
  return job as unknown as VideoJob;
}

export class DynamoVideoJobRepository implements VideoJobRepository {
  async create(job: VideoJob) {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({ TableName: tableName, Item: item(job), ConditionExpression: 'attribute_not_exists(PK)' }),
      );
      return { created: true as const };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const existing = await this.get(job.workspaceId, job.id);
      if (!existing) throw error;
      return { created: false as const, existing };
    }
  }

  async get(workspaceId: string, jobId: string): Promise<VideoJob | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.videoJob(workspaceId, jobId), ConsistentRead: true }),
    );
    return Item ? toJob(Item) : undefined;
  }

  async delete(job: Pick<VideoJob, 'workspaceId' | 'id'>): Promise<void> {
    const { client, tableName } = table();
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.videoJob(job.workspaceId, job.id) }));
  }

  async update(job: VideoJob, expectedVersion: number): Promise<void> {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: item(job),
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError(`Video job ${job.id} changed meanwhile`);
      throw error;
    }
  }
}

export const videoJobs = new DynamoVideoJobRepository();
