// Members: who is in the workspace and with which role; invite (the link shown once), change a role,
// remove. Tools: list_workspace_members, invite_member, change_member_role, remove_member.
import { useCallback, useEffect, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { NotReady } from '../shared/NotReady.tsx';
import { SignInError } from '../../auth/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { SecretOnce } from '../shared/SecretOnce.tsx';
import { useFailure } from '../shared/use-failure.ts';
import { InviteForm } from './InviteForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { changeRole, inviteMember, listMembers, removeMember, type CreatedInvite, type Member } from './members-api.ts';
import { describeMemberError, protectedOwners, type Role } from './roles.ts';
import '../shared/admin.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; members: Member[] };

export function MembersScreen(): JSX.Element {
  const { tools, sessionEnded } = useStudio();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [invite, setInvite] = useState<CreatedInvite | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const fail = useFailure(setError, describeMemberError);
  const failLoad = useFailure(useCallback((message: string) => setLoad({ state: 'error', message }), []));

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', members: await listMembers(tools) });
    } catch (caught) {
      failLoad(caught);
    }
  }, [tools, failLoad]);

  useEffect(() => void reload(), [reload]);

  const onInvite = async (input: { email: string; role: Role }): Promise<boolean> => {
    setError(undefined);
    try {
      setInvite(await inviteMember(tools, input));
      return true;
    } catch (caught) {
      fail(caught);
      return false;
    }
  };

  /** A row's change: its refusal in words for the row to show, or undefined once done. */
  const rowChange = async (action: () => Promise<unknown>, done: string): Promise<string | undefined> => {
    try {
      await action();
      setStatus(done);
      await reload();
      return undefined;
    } catch (caught) {
      if (caught instanceof SignInError) sessionEnded(caught.message);
      return describeMemberError(caught);
    }
  };

  if (load.state !== 'ready')
    return (
      <NotReady
        screen="members"
        what="members"
        load={load}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void reload();
        }}
      />
    );

  const onlyOwner = protectedOwners(load.members);
  return (
    <div className="admin-screen" data-screen="members" data-state="ready">
      {invite ? (
        <SecretOnce
          title={`Invite for ${invite.email}`}
          label="Invite link"
          value={invite.inviteUrl}
          warning={
            `Send this link to ${invite.email} yourself: it is not stored and cannot be shown again. It works ` +
            `once, until ` +
            `${new Date(invite.expiresAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}, ` +
            `and makes them ${/^[aeiou]/.test(invite.role) ? 'an' : 'a'} ${invite.role}.`
          }
          onDone={() => setInvite(undefined)}
        />
      ) : null}
      {error ? (
        <Alert
          title="That did not work"
          action={
            <button type="button" onClick={() => setError(undefined)}>
              Dismiss
            </button>
          }
        >
          {error}
        </Alert>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <section className="admin-panel">
        <InviteForm onInvite={onInvite} />
      </section>
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members ({load.members.length})</h2>
        <ul className="admin-list" aria-labelledby="members-title">
          {load.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              onlyOwner={onlyOwner.has(member.userId)}
              onChangeRole={(role) =>
                rowChange(() => changeRole(tools, member.userId, role), `${member.email} is now ${role}.`)
              }
              onRemove={() => rowChange(() => removeMember(tools, member.userId), `Removed ${member.email}.`)}
            />
          ))}
        </ul>
        <p className="muted">An invite link works once, for 7 days. Only an owner can invite or remove owners.</p>
      </section>
    </div>
  );
}
