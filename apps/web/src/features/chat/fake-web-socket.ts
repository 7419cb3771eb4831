/** A browser WebSocket stand-in: records what the page sends, lets the test push frames. */
export class FakeSocket {
  static readonly OPEN = 1;
  static instances: FakeSocket[] = [];
  readonly sent: unknown[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  push(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}
