import { useEffect, useState } from 'react';

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/** Whole seconds until `deadline` (ms since the epoch), ticking each second; 0 once it has passed. */
export function useSecondsUntil(deadline: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline));
  useEffect(() => {
    setSeconds(secondsLeft(deadline));
    if (secondsLeft(deadline) === 0) return;
    const timer = window.setInterval(() => {
      const left = secondsLeft(deadline);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return seconds;
}
