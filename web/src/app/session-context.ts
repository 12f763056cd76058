import { createContext, useContext } from 'react';
import type { ToolClient } from '../mcp/tools.ts';

export interface Studio {
  readonly tools: ToolClient;
  /** Called when a call finds the session gone: the app shows the sign-in screen with this reason. */
  readonly sessionEnded: (reason: string) => void;
}

export const StudioContext = createContext<Studio | undefined>(undefined);

export function useStudio(): Studio {
  const studio = useContext(StudioContext);
  if (!studio) throw new Error('useStudio outside the signed-in shell');
  return studio;
}
