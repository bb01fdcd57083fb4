import { useEffect, useState } from 'react';

/** How long a typed search waits for the next key before asking the API. */
const SEARCH_PAUSE_MS = 250;

/** The value once it has stopped changing for `ms`: a search asks the API once the typing pauses. */
export function useSettledValue<T>(value: T, ms = SEARCH_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
