// test support: vitest globalSetup. Starts ONE in-memory DynamoDB Local and ONE s3rver on free
// loopback ports for the whole run, provisions the table and the bucket, and hands the endpoints to
// the test workers. Test files share them, so every test uses unique ids (see uniqueId()).
//
//   globalSetup (main vitest process)            worker (one per test file, pool 'forks')
//   ─────────────────────────────────            ─────────────────────────────────────────
//   start DynamoDB Local + s3rver                setup-env.ts (setupFiles): inject('localServices')
//   provision table + bucket                       → process.env.TABLE_NAME, DYNAMODB_ENDPOINT, …
//   project.provide('localServices', { env })    test file imports handlers → they read process.env
//   (also process.env, inherited by forks)
//   teardown: stop both after the last file
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { freePort } from '../../lib/local/ports.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, provision } from '../../lib/local/provision.ts';
import { startS3Local } from '../../lib/local/s3-local.ts';
import { ENV } from '../../functions/adapters/env.ts';

/** What test workers receive: the environment handlers read at cold start. */
export interface LocalServices {
  readonly env: Readonly<Record<string, string>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    localServices: LocalServices;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [dynamodb, s3] = await Promise.all([startDynamoDbLocal({ port: await freePort() }), startS3Local()]);
  try {
    const env: Record<string, string> = {
      [ENV.tableName]: 'local-test-table',
      [ENV.bucketName]: 'local-test-media',
      [ENV.dynamodbEndpoint]: dynamodb.endpoint,
      [ENV.s3Endpoint]: s3.endpoint,
      // Webhook secrets are derived from this key; registration answers with URLs on this origin.
      [ENV.serviceRootKey]: randomBytes(32).toString('base64url'),
      [ENV.publicBaseUrl]: 'http://127.0.0.1:3001',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    };
    await provision({
      dynamodbEndpoint: dynamodb.endpoint,
      s3Endpoint: s3.endpoint,
      tableName: env[ENV.tableName]!,
      bucketName: env[ENV.bucketName]!,
    });
    Object.assign(process.env, env);
    project.provide('localServices', { env });
  } catch (error) {
    await Promise.allSettled([dynamodb.stop(), s3.stop()]);
    throw error;
  }
  return async () => {
    await Promise.allSettled([dynamodb.stop(), s3.stop()]);
  };
}
