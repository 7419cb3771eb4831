/*
 * Reading aloud with the browser's own speech synthesis, in Mandarin
 * (docs/product/accessibility.md). Nothing is sent anywhere: the phone or computer speaks.
 */

/** Longest piece handed to the engine at once: some engines stop a long utterance midway. */
const PIECE_CHARS = 120;

/** Whether this browser can speak at all. */
export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window;
}

/** The text cut at sentence ends into pieces the engine reads whole. */
export function piecesOf(text: string): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[。！？；!?;])\s*|\s(?=\S{8,})/)
    .map((part) => part.trim())
    .filter(Boolean);
  const pieces: string[] = [];
  for (const sentence of sentences) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + sentence.length < PIECE_CHARS) {
      pieces[pieces.length - 1] = `${last} ${sentence}`;
      continue;
    }
    for (let start = 0; start < sentence.length; start += PIECE_CHARS) {
      pieces.push(sentence.slice(start, start + PIECE_CHARS));
    }
  }
  return pieces;
}

/** A Mandarin voice of the mainland if there is one, else any Chinese voice, else the default. */
function mandarinVoice(): SpeechSynthesisVoice | undefined {
  const voices = window.speechSynthesis.getVoices();
  return (
    voices.find((voice) => voice.lang.replace('_', '-').toLowerCase() === 'zh-cn') ??
    voices.find((voice) => voice.lang.toLowerCase().startsWith('zh'))
  );
}

/** Stops what is being read and reads `text` instead, in zh-CN, a little slower than usual. */
export function speak(text: string): void {
  if (!canSpeak()) return;
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  const voice = mandarinVoice();
  for (const piece of piecesOf(text)) {
    const utterance = new SpeechSynthesisUtterance(piece);
    utterance.lang = 'zh-CN';
    utterance.rate = 0.9;
    if (voice) utterance.voice = voice;
    synthesis.speak(utterance);
  }
}

/** Pauses (true) or goes on (false) where it stopped. */
export function pauseSpeaking(isPaused: boolean): void {
  if (!canSpeak()) return;
  if (isPaused) window.speechSynthesis.pause();
  else window.speechSynthesis.resume();
}

/** Stops reading and forgets the rest. */
export function stopSpeaking(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}

/**
 * What a tap reads: the nearest element's own reading (`data-read-aloud`, e.g. a room of the
 * building table: "3号楼 2单元 1202，可售，89平方米，总价 98 万"), else its accessible name or
 * visible text.
 */
export function readingOf(target: Element): string {
  const labelled = target.closest<HTMLElement>('[data-read-aloud]');
  if (labelled) return labelled.dataset.readAloud ?? '';
  const control = target.closest<HTMLElement>(
    'a, button, [role], label, li, td, th, p, h1, h2, h3, h4',
  );
  const element = control ?? (target as HTMLElement);
  return (element.getAttribute('aria-label') ?? element.innerText ?? '').trim();
}
