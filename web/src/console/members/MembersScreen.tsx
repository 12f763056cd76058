// Members: who is in the workspace and with which role; invite (the link shown once), change a role,
// remove. Tools: list_workspace_members, invite_member, change_member_role, remove_member.
import { useState, type JSX } from 'react';
import { NotReady } from '../shared/NotReady.tsx';
import { SecretOnce } from '../shared/SecretOnce.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource, type ToolAction } from '../shared/use-tool-resource.ts';
import { Announcement, ErrorNotice } from '../../ui/Feedback.tsx';
import { InviteForm } from './InviteForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { changeRole, inviteMember, listMembers, removeMember, type CreatedInvite } from './members-api.ts';
import { describeMemberError, protectedOwners, type Role } from './roles.ts';
import '../shared/admin.css';

export function MembersScreen(): JSX.Element {
  const { resource, reload, retry } = useToolResource(listMembers);
  const [invite, setInvite] = useState<CreatedInvite | undefined>();
  const changes = useChanges(reload, describeMemberError);

  const onInvite = async (input: { email: string; role: Role }): Promise<boolean> =>
    (await changes.run(async (tools) => setInvite(await inviteMember(tools, input)), undefined, { reload: false })).ok;

  /** A row's change: its refusal in words for the row to show, or undefined once done. */
  const rowChange = async (action: ToolAction<unknown>, done: string): Promise<string | undefined> => {
    const outcome = await changes.run(action, done, { inline: true });
    return outcome.ok ? undefined : outcome.message;
  };

  if (resource.state !== 'ready') return <NotReady screen="members" what="members" load={resource} onRetry={retry} />;

  const members = resource.value;
  const onlyOwner = protectedOwners(members);
  return (
    <div className="admin-screen" data-screen="members" data-state="ready">
      {invite ? (
        <SecretOnce
          title={`Invite for ${invite.email}`}
          label="Invite link"
          value={invite.inviteUrl}
          warning={
            `Send this link to ${invite.email} yourself: it is not stored and cannot be shown again. It works once, until ` +
            `${new Date(invite.expiresAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}, ` +
            `and makes them ${/^[aeiou]/.test(invite.role) ? 'an' : 'a'} ${invite.role}.`
          }
          onDone={() => setInvite(undefined)}
        />
      ) : null}
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      <Announcement text={changes.status} />
      <section className="admin-panel">
        <InviteForm onInvite={onInvite} />
      </section>
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members ({members.length})</h2>
        <ul className="admin-list" aria-labelledby="members-title">
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              onlyOwner={onlyOwner.has(member.userId)}
              onChangeRole={(role) =>
                rowChange((tools) => changeRole(tools, member.userId, role), `${member.email} is now ${role}.`)
              }
              onRemove={() => rowChange((tools) => removeMember(tools, member.userId), `Removed ${member.email}.`)}
            />
          ))}
        </ul>
        <p className="muted">An invite link works once, for 7 days. Only an owner can invite or remove owners.</p>
      </section>
    </div>
  );
}
