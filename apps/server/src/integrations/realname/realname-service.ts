import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RealnameGateway, RealnameOutcome } from './realname-gateway';
import {
  attachProviderFlow,
  completeRealnameRequest,
  createRealnameRequest,
  findOpenProviderRequest,
  findOpenRealnameRequest,
  type RealnameAccounts,
} from './realname-requests';

/** The least time between two provider look-ups for one request on status polls (ms). */
const POLL_INTERVAL_MS = 5_000;

/** What the 实名认证 dialog shows: the QR (PNG data URL), the link it encodes, whether simulated. */
export interface RealnameQr {
  url: string;
  confirmUrl: string;
  simulated: boolean;
}

/**
 * Real-name verification as the modules use it, built by the app from configuration: issues the
 * QR of a new request and fetches providers' results on the server. `null` gateway = switched
 * off (503 REALNAME_UNAVAILABLE).
 */
export class RealnameService {
  /** When each open request was last asked about on a status poll (ms), per token. */
  private readonly polled = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly gateway: RealnameGateway | null,
    private readonly publicOrigin: string,
    private readonly accounts: RealnameAccounts,
  ) {}

  /** Whether a real provider answers (its go/return pages are then served). */
  get hasProvider(): boolean {
    return this.gateway !== null && !this.gateway.simulated;
  }

  /**
   * Starts a verification for the user. The QR encodes our own link (`/api/realname/go/…`
   * on PUBLIC_ORIGIN, which forwards to the provider's page), or for the simulator its page on
   * the origin the browser used (`requestOrigin`), so a phone on the LAN can open it.
   */
  async issueQr(userId: number, requestOrigin: string): Promise<RealnameQr> {
    const gateway = this.requireGateway();
    const provider = gateway.simulated ? 'simulator' : gateway.name;
    const row = await createRealnameRequest(this.db, userId, provider);
    const origin = gateway.simulated ? requestOrigin : new URL(this.publicOrigin).origin;
    const flow = await gateway.start({
      token: row.token,
      returnUrl: `${origin}/api/realname/return/${row.token}`,
    });
    await attachProviderFlow(this.db, row.id, flow);
    const confirmUrl = gateway.simulated ? flow.url : `${origin}/api/realname/go/${row.token}`;
    const url = await QRCode.toDataURL(confirmUrl, { margin: 1, width: 220 });
    return { url, confirmUrl, simulated: gateway.simulated };
  }

  /** The provider page an open request forwards to; undefined when the request is closed. */
  async providerPage(token: string): Promise<string | undefined> {
    const row = await findOpenRealnameRequest(this.db, token);
    return row?.providerUrl ?? undefined;
  }

  /**
   * Fetches the provider's result of one request and settles it. Answers the request's status
   * ('pending' while the citizen has not finished). Provider outages surface as 503.
   */
  async refreshByToken(token: string): Promise<'pending' | 'passed' | 'failed' | 'closed'> {
    const gateway = this.requireGateway();
    const row = await findOpenRealnameRequest(this.db, token);
    if (!row?.providerToken || gateway.simulated) return row ? 'pending' : 'closed';
    const outcome = await gateway.fetchResult({ token, providerToken: row.providerToken });
    if (outcome.status === 'pending') return 'pending';
    return this.complete(token, outcome);
  }

  /**
   * Settles an open request with its outcome (completeRealnameRequest): the provider's fetched
   * result, or what the simulator's page was told.
   */
  complete(
    token: string,
    outcome: Exclude<RealnameOutcome, { status: 'pending' }>,
  ): Promise<'passed' | 'failed'> {
    return completeRealnameRequest(this.db, token, outcome, this.accounts);
  }

  /**
   * Settles the user's newest open provider request, if any (the dialog polls every 2 s): the
   * provider is asked at most once per POLL_INTERVAL_MS for one request.
   */
  async refreshForUser(userId: number, now = Date.now()): Promise<void> {
    if (!this.gateway || this.gateway.simulated) return;
    const row = await findOpenProviderRequest(this.db, userId);
    if (!row || now - (this.polled.get(row.token) ?? 0) < POLL_INTERVAL_MS) return;
    for (const [token, at] of this.polled) if (now - at > 60_000) this.polled.delete(token);
    this.polled.set(row.token, now);
    await this.refreshByToken(row.token).catch(() => undefined);
  }

  private requireGateway(): RealnameGateway {
    if (!this.gateway) throw new AppError('REALNAME_UNAVAILABLE');
    return this.gateway;
  }
}
