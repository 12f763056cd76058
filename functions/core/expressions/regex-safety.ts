// core: which tenant regular expressions may run. A regex with catastrophic backtracking is one native
// call that no evaluation hook interrupts (reference §3.1), so it would hold the function for as long
// as the input lets it. Refused, at save and at run start, are the two shapes that cause it in
// practice: a repeated group that itself repeats (`(a+)+`, `(\w+\s?)*`, star height 2) and a
// backreference (`(a*)\1`). A heuristic: it also refuses some safe patterns (`(ab+)+`) and proves
// nothing, but it closes the shapes that take exponential time. One pass over the pattern.

/** A quantifier that repeats (`?` and `{1}` do not), read at lastIndex. */
const REPEATS = /[*+]|\{\d*,\d*\}|\{\d{2,}\}/y;

const repeatsAt = (pattern: string, at: number) => {
  REPEATS.lastIndex = at;
  return REPEATS.test(pattern);
};

interface Group {
  /** Whether a repeating quantifier appears anywhere inside the group (nested groups included). */
  repeatsInside: boolean;
}

/** Why `pattern` may backtrack catastrophically, or undefined when none of the known shapes is in it. */
export function regexHazard(pattern: string): string | undefined {
  const groups: Group[] = [];
  let inClass = false;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      if (!inClass && /[1-9]/.test(pattern[at + 1] ?? '')) return 'a backreference (\\1 …)';
      at += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') groups.push({ repeatsInside: false });
    else if (char === ')') {
      const group = groups.pop();
      const repeated = repeatsAt(pattern, at + 1);
      if (group?.repeatsInside && repeated) return 'a repeated group that itself repeats, e.g. (a+)+';
      const parent = groups.at(-1);
      if (parent && (repeated || group?.repeatsInside)) parent.repeatsInside = true;
    } else if (repeatsAt(pattern, at)) {
      const parent = groups.at(-1);
      if (parent) parent.repeatsInside = true;
    }
  }
  return undefined;
}
