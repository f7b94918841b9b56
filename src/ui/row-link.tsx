/**
 * A link for the cells of a data table: on the console's browser router it does what wouter's
 * `Link` does (a plain primary click navigates inside the app; a click with a modifier key or
 * another button is left to the browser), without subscribing to the location. Wouter's `Link`
 * reads the location (to offer an active class) and so mounts, for each link, a subscription and
 * two effects, is drawn again on every address change, and is unsubscribed from a list one by
 * one: a page of rows holds hundreds of links, and a sort replaces them all. Under another
 * router (a memory location in tests, a base path) it is wouter's `Link`.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link, useRouter } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

export interface RowLinkProps {
  href: string;
  className?: string;
  title?: string;
  'aria-label'?: string;
  children?: ReactNode;
}

export function RowLink({ href, children, ...props }: RowLinkProps) {
  const router = useRouter();
  if (router.hook !== useBrowserLocation || router.base)
    return (
      <Link href={href} {...props}>
        {children}
      </Link>
    );
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    router.aroundNav(navigate, href, {});
  };
  return (
    <a href={router.hrefs(href, router)} onClick={onClick} {...props}>
      {children}
    </a>
  );
}
