import { createContext, useContext } from 'react';
import type { AppRoute } from './routes';

/** The route record being rendered (title for the header and placeholder pages). */
export const CurrentRouteContext = createContext<AppRoute | null>(null);

export function useCurrentRoute(): AppRoute | null {
  return useContext(CurrentRouteContext);
}
