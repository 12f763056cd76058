// The connection form → upsert_connection: a secret is required to store, optional to edit (then only
// label and origins change), and gone from the draft after a save.
import { describe, expect, it } from 'vitest';
import {
  draftFor,
  emptyDraft,
  upsertOf,
  withoutSecrets,
} from '../../../../../web/src/console/integrations/credential-form.ts';
import type { Connection } from '../../../../../web/src/console/integrations/types.ts';

const stored: Connection = {
  provider: 'http',
  label: 'CRM',
  status: 'active',
  masked: { CRM_TOKEN: '…cdef' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  revokedAt: null,
  updatedBy: 'key_1',
  allowedOrigins: ['https://crm.example.com'],
};

describe('upsertOf', () => {
  it('stores named secrets with their origins', () => {
    const draft = {
      ...emptyDraft('http'),
      label: ' CRM ',
      origins: 'https://crm.example.com',
      secrets: [{ key: 1, name: 'CRM_TOKEN', value: 's3cret-value' }],
    };
    expect(upsertOf(draft, undefined)).toEqual({
      input: {
        provider: 'http',
        label: 'CRM',
        allowedOrigins: ['https://crm.example.com'],
        credential: { CRM_TOKEN: 's3cret-value' },
      },
    });
  });

  it('edits label and origins alone, without a credential, when nothing secret is typed', () => {
    const draft = { ...draftFor(stored), origins: 'https://crm.example.com\nhttps://erp.example.com' };
    expect(draft.secrets.every((row) => row.value === '')).toBe(true);
    expect(upsertOf(draft, stored)).toEqual({
      input: { provider: 'http', label: 'CRM', allowedOrigins: ['https://crm.example.com', 'https://erp.example.com'] },
    });
  });

  it('requires a credential when there is no active connection', () => {
    expect(upsertOf(emptyDraft('speech'), undefined)).toEqual({ problem: 'Enter the credential to store.' });
    expect(upsertOf(emptyDraft('http'), { ...stored, status: 'revoked' })).toEqual({
      problem: 'Add at least one named secret.',
    });
  });

  it('names what is wrong without echoing a secret', () => {
    const badName = upsertOf(
      { ...emptyDraft('http'), secrets: [{ key: 1, name: '1TOKEN', value: 'hidden-value' }] },
      undefined,
    );
    expect(badName).toMatchObject({ problem: expect.stringContaining('1TOKEN') });
    expect(JSON.stringify(badName)).not.toContain('hidden-value');
    expect(upsertOf({ ...emptyDraft('http'), secrets: [{ key: 1, name: 'A', value: '' }] }, undefined)).toEqual({
      problem: 'Enter a value for A.',
    });
    expect(upsertOf({ ...emptyDraft('workspace-suite'), fields: { clientId: 'client' } }, undefined)).toMatchObject({
      problem: expect.stringContaining('refresh token'),
    });
    expect(upsertOf({ ...emptyDraft('speech'), fields: { apiKey: 'k' }, origins: 'ftp://x' }, undefined)).toMatchObject(
      { problem: expect.stringContaining('ftp://x') },
    );
  });

  it('forgets every secret after a save but keeps label and origins', () => {
    const draft = {
      ...emptyDraft('speech'),
      label: 'Mine',
      origins: 'https://api.elevenlabs.io',
      fields: { apiKey: 'secret-key-value' },
    };
    const after = withoutSecrets(draft);
    expect(JSON.stringify(after)).not.toContain('secret-key-value');
    expect(after).toMatchObject({ label: 'Mine', origins: 'https://api.elevenlabs.io' });
  });
});
