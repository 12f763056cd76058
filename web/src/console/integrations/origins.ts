// Allowed origins as a person types them (one per line) → the list upsert_connection takes. The service
// checks and normalises them again; checking here too names a mistyped line before anything is sent.
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/** The origin a line names, or why it is not one. */
export function originOf(line: string): { origin: string } | { problem: string } {
  const rule = 'write https://host or https://host:port, with no path, query or wildcard';
  if (/[\s?#@\\*]/.test(line)) return { problem: `“${line}” is not an origin: ${rule}.` };
  let url: URL;
  try {
    url = new URL(line);
  } catch {
    return { problem: `“${line}” is not an origin: ${rule}.` };
  }
  if (url.pathname !== '/' || url.search || url.hash) return { problem: `“${line}” has a path: ${rule}.` };
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    return { problem: `“${line}” uses http: only https is allowed, except for localhost.` };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: `“${line}” is not an origin: ${rule}.` };
  return { origin: url.origin };
}

export function parseOrigins(text: string): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const line of text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const parsed = originOf(line);
    if ('problem' in parsed) problems.push(parsed.problem);
    else if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
  }
  return { origins, problems };
}

export const originsText = (origins: readonly string[]) => origins.join('\n');
