import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../../../../functions/core/scopes.ts';
import {
  SCOPE_HELP,
  initialSelection,
  orderScopes,
  pickableScopes,
  selectionProblem,
  toggleScope,
} from '../../../../../web/src/console/keys/key-scopes.ts';

describe('the key scope picker', () => {
  it('describes exactly the service’s scopes, in its order', () => {
    expect(Object.keys(SCOPE_HELP)).toEqual([...SCOPES]);
  });

  it('offers only the scopes the member holds, in canonical order, unknown ones last', () => {
    expect(pickableScopes(['run:workflows', 'future:thing', 'read:canvases', 'read:canvases'])).toEqual([
      'read:canvases',
      'run:workflows',
      'future:thing',
    ]);
    expect(pickableScopes(['read:canvases', 'read:assets'])).not.toContain('manage:integrations');
  });

  it('starts from the service default where held, else the first held scope', () => {
    expect(initialSelection([...SCOPES])).toEqual(['read:canvases', 'run:workflows']);
    expect(initialSelection(['read:assets', 'read:canvases'])).toEqual(['read:canvases']);
    expect(initialSelection(['read:billing', 'write:assets'])).toEqual(['write:assets']);
    expect(initialSelection([])).toEqual([]);
  });

  it('toggles a scope and keeps the order stable', () => {
    expect(toggleScope(['run:workflows'], 'read:canvases', true)).toEqual(['read:canvases', 'run:workflows']);
    expect(toggleScope(['read:canvases', 'run:workflows'], 'read:canvases', false)).toEqual(['run:workflows']);
    expect(toggleScope(['read:canvases'], 'read:canvases', true)).toEqual(['read:canvases']);
    expect(orderScopes(['read:billing', 'read:canvases'])).toEqual(['read:canvases', 'read:billing']);
  });

  it('says what stops a selection: none chosen, or one the member lacks', () => {
    expect(selectionProblem([], ['read:canvases'])).toBe('Choose at least one scope.');
    expect(selectionProblem(['read:canvases', 'read:billing'], ['read:canvases'])).toBe(
      'You do not hold read:billing, so a key cannot get it.',
    );
    expect(selectionProblem(['read:canvases'], ['read:canvases'])).toBeUndefined();
  });
});
