/** Hooks shared by the console shell and the kiosk shell. */
import { useEffect } from 'react';
import { matchRoute, useRouter } from 'wouter';
import { ROUTES, type AppRoute } from './routes';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Vigil`;
  }, [title]);
}

/** The route record matching a path, if any. */
export function useMatchedRoute(location: string): AppRoute | undefined {
  const { parser } = useRouter();
  return ROUTES.find((route) => matchRoute(parser, route.path, location)[0]);
}
