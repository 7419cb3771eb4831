import { useEffect, useState } from 'react';
import { setReadAloudOpen } from '../../../lib/read-aloud-launcher';
import { canSpeak, pauseSpeaking, readingOf, speak, stopSpeaking } from '../lib/speech';
import styles from './read-aloud-panel.module.css';

/** The page's main content as read aloud: its text without the skip link's target marks. */
function mainContentText(): string {
  const main = document.querySelector<HTMLElement>('main') ?? document.body;
  return main.innerText;
}

/**
 * 读屏: reads the page's main content, or with 点读 on, whatever the citizen taps next (a room
 * of the building table reads its building, unit, number, state, area and price), with pause,
 * go on and stop (docs/product/accessibility.md). A tap in 点读 reads only; it does not act.
 */
export function ReadAloudPanel() {
  const [isPaused, setPaused] = useState(false);
  const [isPointing, setPointing] = useState(false);
  const [lastRead, setLastRead] = useState('');

  useEffect(() => stopSpeaking, []);

  useEffect(() => {
    if (!isPointing) return;
    const handleClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || target.closest('[data-read-aloud-panel]')) return;
      event.preventDefault();
      event.stopPropagation();
      const text = readingOf(target);
      if (!text) return;
      setLastRead(text);
      setPaused(false);
      speak(text);
    };
    document.addEventListener('click', handleClick, true);
    return () => document.removeEventListener('click', handleClick, true);
  }, [isPointing]);

  const handleReadPage = () => {
    setPaused(false);
    setLastRead('本页主要内容');
    speak(mainContentText());
  };
  const handlePause = () => {
    pauseSpeaking(!isPaused);
    setPaused(!isPaused);
  };
  const handleClose = () => {
    stopSpeaking();
    setReadAloudOpen(false);
  };

  return (
    <section className={styles.panel} aria-label="读屏" data-read-aloud-panel="">
      <h2 className={styles.title}>读屏</h2>
      {canSpeak() ? (
        <>
          <div className={styles.buttons}>
            <button type="button" className={styles.button} onClick={handleReadPage}>
              朗读本页
            </button>
            <button
              type="button"
              className={styles.button}
              aria-pressed={isPointing}
              onClick={() => setPointing(!isPointing)}
            >
              {isPointing ? '点读：开' : '点读：关'}
            </button>
            <button type="button" className={styles.button} onClick={handlePause}>
              {isPaused ? '继续' : '暂停'}
            </button>
            <button type="button" className={styles.button} onClick={() => stopSpeaking()}>
              停止
            </button>
            <button type="button" className={styles.button} onClick={handleClose}>
              关闭读屏
            </button>
          </div>
          <p className={styles.hint} aria-live="polite">
            {isPointing ? '点读已开：点一下页面上的内容即可听到。' : ''}
            {lastRead ? `正在朗读：${lastRead.slice(0, 60)}` : ''}
          </p>
        </>
      ) : (
        <p className={styles.hint}>此浏览器不支持朗读，请使用手机或电脑自带的读屏功能。</p>
      )}
    </section>
  );
}
