/** A face verification's result as the provider reports it to the server. */
export type RealnameOutcome =
  | { status: 'pending' }
  | { status: 'passed'; realName: string; idCard: string }
  | { status: 'failed'; reason: string };

/**
 * A real-person (face) verification provider. The server starts a flow, sends the citizen's
 * phone to the provider's page, and later fetches the result itself: nothing the browser sends
 * back is trusted.
 */
export interface RealnameGateway {
  /** 模拟 for the simulator, the provider's name otherwise. */
  readonly name: string;
  readonly simulated: boolean;
  /**
   * Starts a flow for our request `token`; `returnUrl` is where the provider sends the phone
   * afterwards. Answers the page the phone opens and the provider's flow token.
   */
  start(input: {
    token: string;
    returnUrl: string;
  }): Promise<{ url: string; providerToken: string }>;
  /** The provider's current result for one flow (by its flow token). */
  fetchResult(input: { token: string; providerToken: string }): Promise<RealnameOutcome>;
}

/** How long one provider call may take (ms). */
export const REALNAME_TIMEOUT_MS = 8_000;
