import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left, 0 once the target is reached. */
  totalMs: number;
}

interface CountdownProps {
  /** The instant counted down to (epoch ms, ISO text or Date). */
  target: number | string | Date;
  /** Server clock minus client clock in ms, so the countdown follows the server's time. */
  serverOffsetMs?: number;
  /** Tokens D, HH, mm, ss; without D the hours run past 24. Ignored when children is given. */
  format?: string;
  children?: (parts: CountdownParts) => ReactNode;
  /** Called once when the countdown reaches zero. */
  onFinish?: () => void;
  className?: string;
}

const SECOND = 1000;

/** Splits a duration in ms into whole days, hours, minutes and seconds (rounded down). */
export function splitDuration(ms: number): CountdownParts {
  const totalMs = Math.max(0, ms);
  const totalSeconds = Math.floor(totalMs / SECOND);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Renders parts with a format such as `D天HH时mm分ss秒` or `mm:ss`. */
export function formatCountdown(parts: CountdownParts, format: string): string {
  const hasDays = format.includes('D');
  const hours = hasDays ? parts.hours : parts.hours + parts.days * 24;
  return format
    .replace('HH', pad(hours))
    .replace('mm', pad(parts.minutes))
    .replace('ss', pad(parts.seconds))
    .replace('D', String(parts.days));
}

/** A live countdown to a target instant (order payment, lock expiry, codes). */
export function Countdown({
  target,
  serverOffsetMs = 0,
  format = 'HH:mm:ss',
  children,
  onFinish,
  className,
}: CountdownProps) {
  const targetMs = new Date(target).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, targetMs - (now + serverOffsetMs));
  const isDone = left === 0;
  const finishRef = useRef(onFinish);
  const finishedTargetRef = useRef<number | null>(null);

  useEffect(() => {
    finishRef.current = onFinish;
  }, [onFinish]);

  useEffect(() => {
    if (isDone) return;
    const timer = window.setInterval(() => setNow(Date.now()), SECOND);
    return () => window.clearInterval(timer);
  }, [isDone]);

  useEffect(() => {
    if (!isDone || finishedTargetRef.current === targetMs) return;
    finishedTargetRef.current = targetMs;
    finishRef.current?.();
  }, [isDone, targetMs]);

  const parts = splitDuration(left);
  return (
    <span className={className} role="timer">
      {children ? children(parts) : formatCountdown(parts, format)}
    </span>
  );
}
