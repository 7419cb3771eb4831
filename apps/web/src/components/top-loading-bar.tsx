import { useEffect, useState } from 'react';
import styles from './top-loading-bar.module.css';

/** The bar appears only after 200 ms of loading and gives up after 5000 ms (docs/product/site-shell.md). */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
const TICK_MS = 100;
const FADE_MS = 300;
const START_PROGRESS = 10;
const MAX_PENDING_PROGRESS = 95;

interface TopLoadingBarProps {
  isLoading: boolean;
  throttleMs?: number;
  durationMs?: number;
}

/** A thin progress bar at the top of the window while a route change loads. */
export function TopLoadingBar({
  isLoading,
  throttleMs = LOADING_BAR_THROTTLE_MS,
  durationMs = LOADING_BAR_DURATION_MS,
}: TopLoadingBarProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const isShowing = progress !== null;

  useEffect(() => {
    if (!isLoading) return;
    const startedAt = Date.now();
    const span = MAX_PENDING_PROGRESS - START_PROGRESS;
    let tick: number | undefined;
    let hide: number | undefined;
    const show = window.setTimeout(() => {
      setProgress(START_PROGRESS);
      tick = window.setInterval(() => {
        const share = Math.min(1, (Date.now() - startedAt) / durationMs);
        setProgress(START_PROGRESS + share * span);
      }, TICK_MS);
    }, throttleMs);
    const giveUp = window.setTimeout(() => {
      window.clearInterval(tick);
      setProgress(100);
      hide = window.setTimeout(() => setProgress(null), FADE_MS);
    }, durationMs);
    return () => {
      window.clearTimeout(show);
      window.clearInterval(tick);
      window.clearTimeout(giveUp);
      window.clearTimeout(hide);
    };
  }, [isLoading, throttleMs, durationMs]);

  useEffect(() => {
    if (isLoading || !isShowing) return;
    const complete = window.setTimeout(() => setProgress(100), 0);
    const hide = window.setTimeout(() => setProgress(null), FADE_MS);
    return () => {
      window.clearTimeout(complete);
      window.clearTimeout(hide);
    };
  }, [isLoading, isShowing]);

  if (progress === null) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label="页面加载进度"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      style={{ width: `${progress}%`, opacity: progress === 100 ? 0 : 1 }}
    />
  );
}
