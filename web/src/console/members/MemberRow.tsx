// One member: email, role, when they joined; change the role (choose, then Save) and remove (asked
// first, in the row). The workspace's only owner carries a note saying why both will be refused.
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import type { Member } from './members-api.ts';
import { LAST_OWNER_REASON, ROLES, type Role } from './roles.ts';

export function MemberRow(props: {
  member: Member;
  onlyOwner: boolean;
  onChangeRole: (role: Role) => Promise<string | undefined>;
  onRemove: () => Promise<string | undefined>;
}): JSX.Element {
  const { member } = props;
  const id = useId();
  const [role, setRole] = useState<Role>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const keep = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  // A reload after someone's change brings the new role; the picker follows it.
  useEffect(() => setRole(member.role), [member.role]);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const run = async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    const problem = await action();
    setBusy(false);
    setConfirming(false);
    setError(problem);
    if (problem) queueMicrotask(() => removeButton.current?.focus());
  };

  const describedBy = props.onlyOwner ? `${id}-protected` : undefined;
  return (
    <li className="admin-row" data-member={member.email}>
      <div className="row-main">
        <span className="row-title">
          {member.email}
          <span className={member.role === 'owner' ? 'badge badge-owner' : 'badge'}>{member.role}</span>
        </span>
        <span className="muted">
          Joined {new Date(member.joinedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
        </span>
        {props.onlyOwner ? (
          <p id={`${id}-protected`} className="protected-note">
            Only owner. {LAST_OWNER_REASON}
          </p>
        ) : null}
        {error ? <Alert title={`Could not change ${member.email}`}>{error}</Alert> : null}
      </div>
      {confirming ? (
        <fieldset className="actions row-confirm bare" aria-label={`Remove ${member.email}?`}>
          <span>Remove {member.email}? Their access ends on their next request.</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void run(props.onRemove)}>
            {busy ? 'Removing…' : 'Remove'}
          </button>
          <button
            type="button"
            ref={keep}
            onClick={() => {
              setConfirming(false);
              return queueMicrotask(() => removeButton.current?.focus());
            }}
          >
            Keep
          </button>
        </fieldset>
      ) : (
        <div className="actions">
          <label className="sr-only" htmlFor={`${id}-role`}>
            Role of {member.email}
          </label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            disabled={busy}
            aria-describedby={describedBy}
          >
            {ROLES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={busy || role === member.role}
            onClick={() => void run(() => props.onChangeRole(role))}
            aria-describedby={describedBy}
          >
            Save role
          </button>
          <button
            type="button"
            ref={removeButton}
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-describedby={describedBy}
          >
            Remove…
          </button>
        </div>
      )}
    </li>
  );
}
