import { beijingParts } from '@portal/shared/beijing-time';
import type { NewsCoverKeyword } from './pictures/index';
import type { Rng } from './random';

/** An article: a title, the HTML body about that title, its source, summary and cover topic. */
export interface ArticleDraft {
  title: string;
  content: string;
  source: string;
  summary: string;
  /** The cover keyword that fits the topic (policy and market news). */
  cover: NewsCoverKeyword | null;
}

/** What a topic writes before it becomes a draft: the title and the paragraphs about it. */
export interface TopicText {
  title: string;
  /**
   * What the article reports on (e.g. one district's deals in one month), when one subject could
   * get several titles; two articles never report on the same subject. Default: the title.
   */
  subject?: string;
  paragraphs: string[];
  source: string;
  cover: NewsCoverKeyword | null;
}

/** A topic: writes one article for an instant, or null when it has nothing new to say then. */
export type Topic<S> = (rng: Rng, at: Date, state: S) => TopicText | null;

export { beijingParts };

/** `2026年3月5日` of an instant, in Beijing time. */
export function dateText(at: Date): string {
  const { year, month, day } = beijingParts(at);
  return `${year}年${month}月${day}日`;
}

/** Quarter (1–4) of a month (1–12). */
export function quarterOf(month: number): number {
  return Math.ceil(month / 3);
}

/** Turns topic text into a draft: paragraphs as `<p>`, the summary from the first paragraph. */
export function toDraft(text: TopicText): ArticleDraft {
  const first = text.paragraphs[0] ?? text.title;
  return {
    title: text.title,
    content: text.paragraphs.map((line) => `<p>${line}</p>`).join('\n'),
    source: text.source,
    summary: first.length > 80 ? `${first.slice(0, 79)}…` : first,
    cover: text.cover,
  };
}

/**
 * Keeps titles and subjects unique across the city: `claim` tries topics until one writes about
 * a subject not yet covered under a title not yet used; if every try repeats, the last article
 * is kept and its title made unique with its date.
 */
export class TitleBook {
  private readonly used = new Set<string>();

  /** Whether a title or subject is already taken. */
  has(text: TopicText): boolean {
    return this.used.has(text.title) || (text.subject !== undefined && this.used.has(text.subject));
  }

  /** Writes an article with a fresh title from the topics (weighted), for the given instant. */
  claim<S>(
    rng: Rng,
    at: Date,
    state: S,
    topics: ReadonlyArray<readonly [Topic<S>, number]>,
  ): TopicText {
    let last: TopicText | null = null;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const text = rng.weighted(topics)(rng, at, state);
      if (!text) continue;
      last = text;
      if (!this.has(text)) return this.take(text);
    }
    if (!last) throw new Error('no news topic could write an article');
    for (let n = 1; ; n += 1) {
      const title = `${last.title}（${dateText(at)}${n > 1 ? ` 之${n}` : ''}）`;
      if (!this.used.has(title)) return this.take({ ...last, title });
    }
  }

  /** Marks a title and its subject used; returns the text. */
  take(text: TopicText): TopicText {
    this.used.add(text.title);
    if (text.subject !== undefined) this.used.add(text.subject);
    return text;
  }
}
