// Invite someone by email with a role. The link comes back once (MembersScreen shows it); what was
// typed stays when the call fails.
import { useId, useState, type FormEvent, type JSX } from 'react';
import { ROLES, ROLE_HELP, type Role } from './roles.ts';

export function InviteForm(props: {
  onInvite: (input: { email: string; role: Role }) => Promise<boolean>;
}): JSX.Element {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setBusy(true);
    if (await props.onInvite({ email: email.trim(), role })) setEmail('');
    setBusy(false);
  };

  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invite a member</h2>
      <div className="admin-inline">
        <div className="admin-field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            maxLength={254}
            autoComplete="off"
            placeholder="name@example.com"
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            aria-describedby={`${id}-role-help`}
          >
            {ROLES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-role-help`} className="muted">
        {role[0]!.toUpperCase() + role.slice(1)}: {ROLE_HELP[role]}.
      </p>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Inviting…' : 'Create invite link'}
      </button>
    </form>
  );
}
