/**
 * Lets a page offer the header's refresh button: the page registers a handler and whether it is
 * loading; the header renders the button (spinning while loading) only when one is registered.
 */
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';

export interface PageRefreshState {
  refresh: () => void;
  isRefreshing: boolean;
}

type Setter = Dispatch<SetStateAction<PageRefreshState | null>>;

const StateContext = createContext<PageRefreshState | null>(null);
const SetterContext = createContext<Setter | null>(null);

export function PageRefreshProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PageRefreshState | null>(null);
  return (
    <SetterContext.Provider value={setState}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </SetterContext.Provider>
  );
}

/** Register the page's refresh action for as long as the calling component is mounted. */
export function usePageRefresh(onRefresh: () => void, isRefreshing: boolean): void {
  const setState = useContext(SetterContext);
  const handler = useRef(onRefresh);
  useEffect(() => {
    handler.current = onRefresh;
  });
  useEffect(() => {
    if (!setState) return;
    setState({ refresh: () => handler.current(), isRefreshing });
  }, [setState, isRefreshing]);
  useEffect(() => {
    if (!setState) return;
    return () => setState(null);
  }, [setState]);
}

/** The registered refresh action, if any (read by the header). */
export function usePageRefreshState(): PageRefreshState | null {
  return useContext(StateContext);
}
