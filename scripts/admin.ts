// admin CLI: provision a workspace with its owner and print its first all-scopes key once; mint a new
// key for an existing workspace (a lost key); create users who can sign in; list the workspaces (a lost id).
// Works against a deployed stack (AWS credentials from the usual chain) and against `npm start`.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { DomainError } from '#core/errors';
import { provisionWorkspace } from '#core/workspaces/use-cases';
import { EmailSchema, PasswordSchema } from '#core/users/model';
import { createUser } from '#core/users/use-cases';
import { RoleSchema } from '#core/workspaces/invites';
import { addMember } from '#core/workspaces/members';
import { SCOPES, ScopeSchema } from '#core/scopes';
import { createOperatorKey } from '#core/keys/use-cases';
import { ENV } from '#adapters/env';
import { MAX_CREDITS_PER_ENTRY } from '#core/credits/ledger';
import { chooseDataDir, runningServers } from '../lib/local/run-file.ts';

const USAGE = `Usage:
  npm run admin -- create-workspace --name <name> --owner-email <email> [--table-name <table>] [--region <region>]
  npm run admin -- create-workspace --name <name> --owner-email <email> --local
  npm run admin -- create-key --workspace <workspaceId> [--scopes <scope,scope,…>|all] [--name <name>]
                   [--expires-in-days <n>] [--local | --table-name <table>]
  npm run admin -- create-user --email <email> --password <password>
                   [--workspace <workspaceId> --role owner|admin|editor|viewer] [--local | --table-name <table>]
  npm run admin -- relay-token --local | --secret-arn <WebhookSecretKey secret ARN> [--region <region>]
  npm run admin -- grant-credits --workspace <workspaceId> --credits <n> --reason <text> [--operation-id <id>]
                   [--local | --table-name <table>]
  npm run admin -- list-workspaces [--json] [--local | --table-name <table>]

  list-workspaces  every workspace: id, name, created, keys (active/all), members, owners; the one
                   \`npm start\` made on first start is marked (bootstrap). Reads the whole table once.

  grant-credits adds whole credits to a workspace once per --operation-id (default: a new id, printed;
  pass it again to retry a grant whose outcome you did not see without granting twice).

  relay-token   the deployment's own bearer token for POST /api/webhook-relay (derived from the
                webhook service key, so nothing new is stored; rotating that key rotates it)

  create-key    a new key for an existing workspace (the way back in when its keys are lost); all
                scopes unless --scopes names some: ${SCOPES.join(', ')}
  --table-name  the deployed table (stack output TableName); defaults to $${ENV.tableName}
  --region      AWS region of the stack; defaults to $AWS_REGION
  --local       use the stack that \`npm start\` is running: the one named by --data-dir or $DATA_DIR,
                else the one running local server (found by its run file in .local-run/)
  --data-dir    with --local: the DATA_DIR the local server was started with`;

const Target = {
  'table-name': z.optional(z.string().check(z.minLength(1))),
  region: z.optional(z.string().check(z.minLength(1))),
  local: z.optional(z.boolean()),
  'data-dir': z.optional(z.string().check(z.minLength(1))),
};

const Args = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  'owner-email': z.email(),
  ...Target,
});

/** create-key: `--scopes` is a comma- or space-separated list, or `all`. */
const KeyArgs = z.object({
  workspace: z.string().check(z.trim(), z.minLength(1)),
  name: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), 'Admin CLI key'),
  scopes: z.optional(
    z.pipe(
      z.transform((raw: unknown) =>
        raw === 'all'
          ? [...SCOPES]
          : String(raw)
              .split(/[\s,]+/)
              .filter(Boolean),
      ),
      z.array(ScopeSchema).check(z.minLength(1)),
    ),
  ),
  'expires-in-days': z.optional(
    z.pipe(
      z.transform((raw: unknown) => Number(raw)),
      z.int().check(z.minimum(1), z.maximum(365)),
    ),
  ),
  ...Target,
});

/** create-user: a person who can sign in (OAuth, invites), optionally made a member of a workspace. */
const UserArgs = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  workspace: z.optional(z.string().check(z.minLength(1))),
  role: z.optional(RoleSchema),
  ...Target,
});

/** grant-credits: credits added to a workspace's ledger (a `grant` entry), once per operation id. */
const GrantArgs = z.object({
  workspace: z.string().check(z.regex(/^ws_[0-9a-z]{26}$/, 'must be a workspace id (ws_…)')),
  credits: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_CREDITS_PER_ENTRY)),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  'operation-id': z.optional(
    z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces')),
  ),
  'table-name': z.optional(z.string().check(z.minLength(1))),
  region: z.optional(z.string().check(z.minLength(1))),
  local: z.optional(z.boolean()),
});

/** Written by `npm start` so that tools can find the running local stand-ins. */
const LocalStackFile = z.object({ tableName: z.string(), dynamodbEndpoint: z.url(), region: z.string() });

async function configureTarget(
  args: Pick<z.infer<typeof Args>, 'local' | 'table-name' | 'region' | 'data-dir'>,
): Promise<void> {
  if (args.local) {
    const dataDir = chooseDataDir(args['data-dir'] ?? (process.env.DATA_DIR || undefined), runningServers());
    const file = join(dataDir, 'local-stack.json');
    const text = await readFile(file, 'utf8').catch(() => {
      throw new Error(`No running local stack found (${file} is missing): start it with npm start`);
    });
    const local = LocalStackFile.parse(JSON.parse(text));
    process.env[ENV.tableName] = local.tableName;
    process.env[ENV.dynamodbEndpoint] = local.dynamodbEndpoint;
    process.env.AWS_REGION = local.region;
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    return;
  }
  if (args['table-name']) process.env[ENV.tableName] = args['table-name'];
  if (args.region) process.env.AWS_REGION = args.region;
  if (!process.env[ENV.tableName]) throw new Error(`Name the table with --table-name or $${ENV.tableName}`);
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'owner-email': { type: 'string' },
      'table-name': { type: 'string' },
      region: { type: 'string' },
      local: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      email: { type: 'string' },
      password: { type: 'string' },
      workspace: { type: 'string' },
      role: { type: 'string' },
      credits: { type: 'string' },
      reason: { type: 'string' },
      'operation-id': { type: 'string' },
      scopes: { type: 'string' },
      'expires-in-days': { type: 'string' },
      'data-dir': { type: 'string' },
      'secret-arn': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (!values.help && positionals[0] === 'relay-token') return relayTokenCommand(values);
  if (!values.help && positionals[0] === 'create-user') return createUserCommand(values);
  if (!values.help && positionals[0] === 'grant-credits') return grantCreditsCommand(values);
  if (!values.help && positionals[0] === 'create-key') return createKeyCommand(values);
  if (!values.help && positionals[0] === 'list-workspaces') return listWorkspacesCommand(values);
  if (values.help || positionals[0] !== 'create-workspace') {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
    console.error(USAGE);
    return 2;
  }
  await configureTarget(parsed.data);
  // Imported after the target is configured: the adapter reads its configuration on first use.
  const { workspaces } = await import('#adapters/composition/stores');
  const provisioned = await provisionWorkspace(
    { name: parsed.data.name, ownerEmail: parsed.data['owner-email'] },
    { workspaces, clock: systemClock },
  );
  if (!provisioned) throw new Error('The workspace was not created');
  console.log(`workspaceId: ${provisioned.workspaceId}`);
  console.log(`ownerUserId: ${provisioned.ownerUserId}`);
  console.log(`keyId:       ${provisioned.keyId}`);
  console.log(`scopes:      ${provisioned.scopes.join(' ')}`);
  console.log(`apiKey:      ${provisioned.apiKey}`);
  console.log('The key is shown only now; only its SHA-256 hash is stored. Keep it in a secret store.');
  return 0;
}

/** relay-token: from the local stack's key file, or the deployed secret (Secrets Manager). */
async function relayTokenCommand(values: {
  local?: boolean;
  'data-dir'?: string;
  'secret-arn'?: string;
  region?: string;
}): Promise<number> {
  let serviceKey: string;
  if (values.local) {
    const dataDir = chooseDataDir(values['data-dir'] ?? (process.env.DATA_DIR || undefined), runningServers());
    serviceKey = (
      await readFile(join(dataDir, 'webhook-secret.key'), 'utf8').catch(() => {
        throw new Error(`No local webhook key in ${dataDir}: start the stack with npm start first`);
      })
    ).trim();
  } else if (values['secret-arn']) {
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = new SecretsManagerClient(values.region ? { region: values.region } : {});
    serviceKey = (await client.send(new GetSecretValueCommand({ SecretId: values['secret-arn'] }))).SecretString ?? '';
    if (!serviceKey) throw new Error('The secret has no string value');
  } else {
    console.error('relay-token needs --local or --secret-arn');
    console.error(USAGE);
    return 2;
  }
  const { deriveRelayToken } = await import('#core/outbound/relay');
  console.log(deriveRelayToken(serviceKey));
  return 0;
}

async function createKeyCommand(values: Record<string, unknown>): Promise<number> {
  const parsed = KeyArgs.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
    console.error(USAGE);
    return 2;
  }
  const args = parsed.data;
  await configureTarget(args);
  const { apiKeys, workspaces } = await import('#adapters/composition/stores');
  const created = await createOperatorKey(
    args.workspace,
    { name: args.name, scopes: args.scopes, expiresInDays: args['expires-in-days'] },
    { apiKeys, workspaces, clock: systemClock },
  );
  console.log(`workspaceId: ${created.workspaceId}`);
  console.log(`keyId:       ${created.id}`);
  console.log(`name:        ${created.name}`);
  console.log(`scopes:      ${created.scopes.join(' ')}`);
  console.log(`expiresAt:   ${created.expiresAt ?? 'never'}`);
  console.log(`apiKey:      ${created.key}`);
  console.log('The key is shown only now; only its SHA-256 hash is stored. Keep it in a secret store.');
  return 0;
}

async function createUserCommand(values: Record<string, unknown>): Promise<number> {
  const parsed = UserArgs.safeParse(values);
  if (!parsed.success || Boolean(parsed.data.workspace) !== Boolean(parsed.data.role)) {
    const issues = parsed.success
      ? ['--workspace and --role go together']
      : parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`);
    console.error(issues.join('\n'));
    console.error(USAGE);
    return 2;
  }
  const args = parsed.data;
  await configureTarget(args);
  const { users, memberships } = await import('#adapters/composition/stores');
  const deps = { users, memberships, clock: systemClock };
  if (args.workspace && !(await memberships.owners(args.workspace)).length)
    throw new Error(`No workspace ${args.workspace} (it has no owner)`);
  const user = await createUser({ email: args.email, password: args.password }, deps);
  console.log(`userId:      ${user.id}`);
  console.log(`email:       ${user.email}`);
  if (args.workspace && args.role) {
    await addMember({ workspaceId: args.workspace, user, role: args.role }, deps);
    console.log(`workspace:   ${args.workspace} (${args.role})`);
  }
  return 0;
}

async function grantCreditsCommand(values: Record<string, unknown>): Promise<number> {
  const parsed = GrantArgs.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
    console.error(USAGE);
    return 2;
  }
  const args = parsed.data;
  await configureTarget(args);
  // Imported after the target is configured: the adapter reads its configuration on first use.
  const { DynamoLedgerRepository } = await import('#adapters/dynamodb/ledger-repository');
  const { grantCredits } = await import('#core/credits/ledger');
  const { priceBook } = await import('#core/credits/prices');
  const ledger = new DynamoLedgerRepository();
  const operationId = args['operation-id'] ?? `admin-grant:${randomUUID()}`;
  const result = await grantCredits(
    { workspaceId: args.workspace, credits: args.credits, reason: args.reason, grantedBy: 'admin-cli', operationId },
    { ledger, clock: systemClock, prices: priceBook() },
  );
  const balance = await ledger.getBalance(args.workspace);
  console.log(
    result.applied
      ? `granted:     ${result.entry.credits} credits`
      : `already granted by this operation id (${result.entry.occurredAt}); nothing added`,
  );
  console.log(`operationId: ${operationId}`);
  console.log(`entryId:     ${result.entry.id}`);
  console.log(`balance:     ${balance.balance} (available ${balance.available})`);
  return 0;
}

const ListArgs = z.object({ json: z.optional(z.boolean()), ...Target });

async function listWorkspacesCommand(values: Record<string, unknown>): Promise<number> {
  const parsed = ListArgs.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
    console.error(USAGE);
    return 2;
  }
  await configureTarget(parsed.data);
  // Imported after the target is configured: the adapter reads its configuration on first use.
  const { listAllWorkspaces } = await import('#adapters/dynamodb/workspace-directory');
  const listed = await listAllWorkspaces(systemClock.now());
  if (parsed.data.json) {
    console.log(JSON.stringify(listed, null, 2));
    return 0;
  }
  if (listed.length === 0) {
    console.log('No workspaces yet: npm start makes one on first start; create-workspace makes others.');
    return 0;
  }
  const rows = [
    ['workspaceId', 'name', 'created', 'keys', 'members', 'owners'],
    ...listed.map((workspace) => [
      workspace.id,
      workspace.name + (workspace.bootstrap ? ' (bootstrap)' : ''),
      workspace.createdAt,
      `${workspace.activeKeys} active / ${workspace.keys}`,
      String(workspace.members),
      workspace.owners.join(', ') || '-',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  console.log(
    `${listed.length} workspace${listed.length === 1 ? '' : 's'}. A lost key: create-key --workspace <workspaceId>.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof DomainError || error instanceof Error ? error.message : String(error);
    console.error(`admin: ${message}`);
    process.exit(1);
  },
);
