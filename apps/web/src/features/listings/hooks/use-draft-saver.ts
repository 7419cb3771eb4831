import type { ListingTypeCode } from '@portal/shared/constants/listings';
import type { ListingDraftBody } from '@portal/shared/schemas/listings';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { saveListingDraft } from '../api/listing-draft';

/** Quiet time after the last keystroke before the draft is saved, ms. */
export const DRAFT_SAVE_DELAY_MS = 700;

export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The draft to send, read when the save goes (null: nothing to save yet). */
export type DraftReader = () => { type: ListingTypeCode; body: ListingDraftBody } | null;

/**
 * Sends the draft a moment after the last change: one save at a time, the latest form always
 * sent last. Stopped while the listing is published (the server deletes its draft then).
 */
export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private read: DraftReader = () => null;
  private state: DraftSaveState = 'idle';
  private readonly listeners = new Set<() => void>();

  /** The state of the last save, for the small note that shows it (not the whole form). */
  readonly getState = (): DraftSaveState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private report(state: DraftSaveState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  schedule(read: DraftReader): void {
    if (this.stopped) return;
    this.read = read;
    this.clearTimer();
    this.timer = setTimeout(() => void this.run(), DRAFT_SAVE_DELAY_MS);
    // The last change is not saved yet: the note must not still say it is.
    if (this.state !== 'saving') this.report('saving');
  }

  /**
   * Saves at once (what `schedule` would do later); `read` replaces the reader when given;
   * `leaving`: the page is going, so the save must outlive it.
   */
  async run(read?: DraftReader, leaving = false): Promise<void> {
    if (read) this.read = read;
    this.clearTimer();
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const current = this.read();
    if (!current) return;
    this.report('saving');
    this.running = saveListingDraft(current.type, current.body, leaving)
      .then(() => {
        if (!this.stopped) this.report('saved');
      })
      .catch(() => {
        if (!this.stopped) this.report('failed');
      })
      .then(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.run();
        }
      });
    return this.running;
  }

  /** A save waiting for its moment goes now (the page is being hidden or left). */
  flush(): void {
    if (this.timer) void this.run(undefined, true);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  restart(): void {
    this.stopped = false;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Saves the form's draft on the server as the citizen types
 * (docs/decisions/0055-forgiving-listing-drafts.md); when the page is hidden (a reload, the app
 * switched) a waiting save goes at once.
 */
export function useDraftSaver(): DraftSaver {
  const [saver] = useState(() => new DraftSaver());
  useEffect(() => {
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    const flush = () => saver.flush();
    document.addEventListener('visibilitychange', flushWhenHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', flushWhenHidden);
      window.removeEventListener('pagehide', flush);
      saver.flush();
    };
  }, [saver]);
  return saver;
}

/** The state of the saver's last save (re-renders only the component that shows it). */
export function useDraftSaveState(saver: DraftSaver): DraftSaveState {
  return useSyncExternalStore(saver.subscribe, saver.getState, () => 'idle');
}
