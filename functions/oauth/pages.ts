// oauth: the server-rendered pages of sign-in, workspace choice, consent and invites. Plain HTML forms:
// they work without JavaScript, and every form carries a CSRF token (see forms.ts).
import type { Scope } from '#core/scopes';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const text = Array.isArray(value)
      ? value.map((item) => (item instanceof Html ? item.value : escapeHtml(String(item)))).join('')
      : value instanceof Html
        ? value.value
        : escapeHtml(String(value ?? ''));
    out += text + strings[i + 1]!;
  });
  return new Html(out);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f5f7;margin:0;padding:40px 16px;color:#1d1d1f}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.3em;margin-top:0}label{display:block;margin:14px 0 4px;font-weight:600}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;
border-radius:8px;font-size:1em}
button{margin-top:18px;padding:10px 16px;border:0;border-radius:8px;background:#0a66d8;color:#fff;font-size:1em;
cursor:pointer}
button.secondary{background:#e5e5ea;color:#1d1d1f;margin-left:8px}.error{color:#b00020;font-weight:600}
ul{padding-left:0;list-style:none}li{margin:6px 0}.muted{color:#666;font-size:.9em}`;

export function page(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body.value}</main></body></html>`;
}

const errorLine = (error?: string) => (error ? html`<p class="error" role="alert">${error}</p>` : html``);

export function signInPage(input: {
  action: string;
  csrf: string;
  clientName: string;
  email?: string;
  error?: string;
}): string {
  return page(
    'Sign in',
    html`<h1>Sign in</h1>
<p><strong>${input.clientName}</strong> wants to access your workspace.</p>${errorLine(input.error)}
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrf}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required
 value="${input.email ?? ''}">
<label for="password">Password</label><input id="password" name="password" type="password"
 autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function workspacePage(input: {
  action: string;
  csrf: string;
  ticket: string;
  workspaces: { id: string; name: string; role: string }[];
}): string {
  return page(
    'Choose a workspace',
    html`<h1>Choose a workspace</h1>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrf}"><input type="hidden" name="ticket" value="${input.ticket}">
<ul>${input.workspaces.map(
      (ws, i) =>
        html`<li><label><input type="radio" name="workspaceId" value="${ws.id}"${new Html(i === 0 ? ' checked' : '')}>
 ${ws.name} <span class="muted">(${ws.role})</span></label></li>`,
    )}</ul>
<button type="submit">Continue</button>
</form>`,
  );
}

export function consentPage(input: {
  action: string;
  abortAction: string;
  csrf: string;
  clientName: string;
  workspaceName: string;
  role: string;
  scopes: { scope: Scope; allowed: boolean }[];
}): string {
  return page(
    'Authorize access',
    html`<h1>Authorize ${input.clientName}</h1>
<p>Workspace <strong>${input.workspaceName}</strong>, where you are <strong>${input.role}</strong>.</p>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrf}">
<ul>${input.scopes.map(({ scope, allowed }) => {
      const state = new Html(allowed ? ' checked' : ' disabled');
      const note = allowed ? html`` : html` <span class="muted">(not allowed for your role)</span>`;
      const box = html`<input type="checkbox" name="scope" value="${scope}"${state}>`;
      return html`<li><label>${box} ${scope}</label>${note}</li>`;
    })}</ul>
<p class="muted">The agent gets at most what your role allows at the time of each call.</p>
<button type="submit">Allow</button>
</form>
<form method="post" action="${input.abortAction}"><input type="hidden" name="csrf" value="${input.csrf}">
<button class="secondary" type="submit">Deny</button></form>`,
  );
}

export function invitePage(input: {
  action: string;
  csrf: string;
  workspaceName: string;
  role: string;
  email: string;
  existingUser: boolean;
  error?: string;
}): string {
  return page(
    'Join workspace',
    html`<h1>Join ${input.workspaceName}</h1>
<p>You are invited as <strong>${input.role}</strong> (${input.email}).</p>${errorLine(input.error)}
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrf}">
<input type="hidden" name="email" value="${input.email}" autocomplete="username">
<label for="password">${input.existingUser ? 'Your password' : 'Choose a password (at least 8 characters)'}</label>
<input id="password" name="password" type="password"
 autocomplete="${input.existingUser ? 'current-password' : 'new-password'}" required minlength="8">
<button type="submit">${input.existingUser ? 'Sign in and join' : 'Create account and join'}</button>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p>${message}</p>`);
}

/**
 * The end-session confirmation. `form` is oidc-provider's hidden form (id op.logoutForm, with its
 * xsrf token); the buttons submit it, `logout=yes` ending the session.
 */
export function signOutPage(form: string): string {
  return page(
    'Sign out',
    html`<h1>Sign out?</h1><p>This ends your sign-in on this browser.</p>${new Html(form)}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}
