// The connection form's state and the upsert_connection call it becomes. Secret values live only in
// this draft: they are sent once and cleared after a successful save (`withoutSecrets`), and a save
// with no secret typed changes only the label and allowed origins, keeping the stored secret.
import { parseOrigins } from './origins.ts';
import type { Connection, UpsertConnection } from './types.ts';

export interface CredentialField {
  name: string;
  label: string;
  help?: string;
}

/** The fields of each provider's credential (functions/core/integrations/providers.ts, CREDENTIAL_SHAPES). */
const FIELDS: Record<string, readonly CredentialField[]> = {
  'provider-one': [{ name: 'apiKey', label: 'API key', help: 'A Gemini API key (AIza…, 39 characters).' }],
  'provider-two': [{ name: 'apiKey', label: 'API key', help: 'A fal key, key_id:key_secret.' }],
  speech: [{ name: 'apiKey', label: 'API key', help: 'An ElevenLabs API key.' }],
  'workspace-suite': [
    { name: 'clientId', label: 'Client id' },
    { name: 'refreshToken', label: 'Refresh token' },
  ],
};

/** `http` holds named secrets instead of fixed fields. */
export const NAMED_SECRETS = 'http';
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const credentialFields = (provider: string): readonly CredentialField[] => FIELDS[provider] ?? [];

export interface SecretRow {
  /** Which row this is while rows are added and removed (React's key); never sent. */
  key: number;
  name: string;
  value: string;
}

let rowsMade = 0;

/** An empty secret row with a key no other row has. */
export function emptySecretRow(): SecretRow {
  rowsMade += 1;
  return { key: rowsMade, name: '', value: '' };
}

export interface ConnectionDraft {
  provider: string;
  label: string;
  origins: string;
  fields: Record<string, string>;
  secrets: SecretRow[];
}

export function emptyDraft(provider: string): ConnectionDraft {
  return {
    provider,
    label: '',
    origins: '',
    fields: {},
    secrets: provider === NAMED_SECRETS ? [emptySecretRow()] : [],
  };
}

/** Editing a stored connection: its label and origins filled in, every secret field empty (kept unless typed). */
export function draftFor(connection: Connection): ConnectionDraft {
  return {
    ...emptyDraft(connection.provider),
    label: connection.label ?? '',
    origins: connection.allowedOrigins.join('\n'),
  };
}

export function typedCredential(draft: ConnectionDraft): boolean {
  return draft.provider === NAMED_SECRETS
    ? draft.secrets.some((row) => row.name.trim() !== '' || row.value !== '')
    : Object.values(draft.fields).some((value) => value !== '');
}

function credentialOf(draft: ConnectionDraft): { credential: Record<string, string> } | { problem: string } {
  if (draft.provider === NAMED_SECRETS) {
    const rows = draft.secrets.filter((row) => row.name.trim() !== '' || row.value !== '');
    const credential: Record<string, string> = {};
    for (const row of rows) {
      const name = row.name.trim();
      if (!SECRET_NAME.test(name))
        return {
          problem: `The secret name “${name}” is not valid: use letters, digits and _ (like CRM_TOKEN), starting with a letter or _.`,
        };
      if (row.value === '') return { problem: `Enter a value for ${name}.` };
      if (name in credential) return { problem: `${name} is named twice.` };
      credential[name] = row.value;
    }
    return { credential };
  }
  const fields = credentialFields(draft.provider);
  const missing = fields.filter((field) => (draft.fields[field.name] ?? '') === '');
  if (missing.length > 0)
    return {
      problem:
        `Enter the ` +
        `${missing.map((field) => field.label.toLowerCase()).join(' and ')} ` +
        `too, or leave every ` +
        `secret field empty to keep the stored one.`,
    };
  return { credential: Object.fromEntries(fields.map((field) => [field.name, draft.fields[field.name]!])) };
}

/**
 * The call a save makes, or what to fix first. `stored` is the provider's active connection, if any:
 * without one, a credential is required.
 */
export function upsertOf(
  draft: ConnectionDraft,
  stored: Connection | undefined,
): { input: UpsertConnection } | { problem: string } {
  const { origins, problems } = parseOrigins(draft.origins);
  if (problems.length > 0) return { problem: problems.join(' ') };
  const input: UpsertConnection = { provider: draft.provider, allowedOrigins: origins };
  const label = draft.label.trim();
  if (label) input.label = label;
  if (typedCredential(draft)) {
    const credential = credentialOf(draft);
    if ('problem' in credential) return credential;
    input.credential = credential.credential;
  } else if (stored?.status !== 'active') {
    return {
      problem: draft.provider === NAMED_SECRETS ? 'Add at least one named secret.' : 'Enter the credential to store.',
    };
  }
  return { input };
}

/** After a successful save: the secrets go, the rest stays as typed. */
export function withoutSecrets(draft: ConnectionDraft): ConnectionDraft {
  return { ...draft, fields: {}, secrets: draft.provider === NAMED_SECRETS ? [emptySecretRow()] : [] };
}
