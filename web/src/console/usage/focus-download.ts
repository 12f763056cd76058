// The FOCUS export and its metadata come from app-host routes that answer files, not tool results
// (docs/focus-export.md). They take the session's access token and the workspace id.
//
// A large export answers 303 to a presigned storage URL on another origin. fetch follows it and, per
// the Fetch standard, drops our Authorization header on the way (the link is its own credential); the
// page's CSP must allow that origin in connect-src (AWS adds the media bucket's). A script cannot read
// a redirect's Location (redirect: 'manual' gives an opaque answer), so following is the only way to
// get the file as a Blob.
export class FocusRequestError extends Error {
  override name = 'FocusRequestError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** GETs a FOCUS route with the token; answers the response, or throws a sentence a person can read. */
export async function focusFetch(url: string, accessToken: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, cache: 'no-store' });
  } catch {
    throw new FocusRequestError(
      'The download could not be fetched: the service did not answer, or the export was large enough to be served from storage at an address this page may not reach. Check your connection, or try a shorter range.',
      0,
    );
  }
  if (response.ok) return response;
  const body = await response.text();
  let detail = body;
  try {
    detail = (JSON.parse(body) as { error?: string }).error ?? body;
  } catch {
    // Not JSON: keep the text.
  }
  throw new FocusRequestError(
    `${response.status === 403 ? 'Not allowed' : 'The service refused'} ` +
      `(${response.status}): ` +
      `${detail || response.statusText}`,
    response.status,
  );
}

/** Saves a Blob as a file: an object URL and a download link, revoked once the browser has it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
