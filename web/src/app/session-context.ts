import { createContext, useContext } from 'react';
import type { ToolClient } from '../mcp/tools.ts';

export interface Studio {
  readonly tools: ToolClient;
  /** Called when a call finds the session gone: the app shows the sign-in screen with this reason. */
  readonly sessionEnded: (reason: string) => void;
  /**
   * The signed-in session's access token, refreshed when it is about to expire. Only for the few
   * app-host routes that are files rather than tools (the FOCUS export): everything else is a tool call.
   */
  readonly accessToken: () => Promise<string>;
}

export const StudioContext = createContext<Studio | undefined>(undefined);

export function useStudio(): Studio {
  const studio = useContext(StudioContext);
  if (!studio) throw new Error('useStudio outside the signed-in shell');
  return studio;
}
