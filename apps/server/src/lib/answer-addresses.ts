/**
 * Which kept answer a request URL was answered from, for the URLs answered lately (at most
 * `limit`, the oldest forgotten first, the first entry of a URL kept): the same URL is then
 * answered from the kept bytes before its query is parsed and checked again, which gave the
 * same values when the entry was made (docs/decisions/0077-answers-by-url.md). Only URLs that
 * passed the route's checks are entered.
 */
export class AnswerAddresses<A> {
  private readonly addresses = new Map<string, A>();

  constructor(private readonly limit: number) {}

  get(url: string): A | undefined {
    return this.addresses.get(url);
  }

  set(url: string, address: A): void {
    if (this.addresses.has(url)) return;
    if (this.addresses.size >= this.limit) {
      const oldest = this.addresses.keys().next();
      if (!oldest.done) this.addresses.delete(oldest.value);
    }
    this.addresses.set(url, address);
  }

  get size(): number {
    return this.addresses.size;
  }
}
