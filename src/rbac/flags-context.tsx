/**
 * Feature flags loaded from `GET /properties` (provided by the app shell once loaded). Flags hide
 * navigation and in-page actions; they are not access control (contract decision 15).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { isFeatureDisabled } from './flags';

const FlagsContext = createContext<ReadonlySet<string>>(new Set());

export function FlagsProvider({
  disabled,
  children,
}: {
  /** Features whose own `.disable` property is `'true'` (from `disabledFeatureNames`). */
  disabled: ReadonlySet<string>;
  children: ReactNode;
}) {
  return <FlagsContext.Provider value={disabled}>{children}</FlagsContext.Provider>;
}

/** The set of disabled feature names (parents not applied: use `useFeatureEnabled`). */
export function useDisabledFeatures(): ReadonlySet<string> {
  return useContext(FlagsContext);
}

/** Whether `feature` is enabled, considering its parent chain. */
export function useFeatureEnabled(feature: string): boolean {
  return !isFeatureDisabled(useContext(FlagsContext), feature);
}
