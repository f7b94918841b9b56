import { useEffect, useState } from 'react';

/** The current time, re-read every `ms` (countdowns and "updated … ago" stay true). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
