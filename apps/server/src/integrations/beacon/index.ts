import { createHmac } from 'node:crypto';
import { sha256, toHex, fromHex } from '@portal/shared/domain/sha256';
import type { LotteryBeacon } from '@portal/shared/schemas/lottery';
import { proxyDispatcher, type OutboundProxy } from '../outbound-proxy';
import { networkCodeOf, ProviderFailure } from '../provider-failure';

/**
 * A public randomness beacon (docs/product/lottery.md, "The random value"): a draw names a future
 * round before the list is committed and reads it at the draw. `null` means the round does not
 * exist yet; a round whose randomness is not the SHA-256 of its signature is refused.
 */
export interface BeaconRound {
  round: number;
  randomness: string;
  signature: string;
}

export interface RandomnessBeacon {
  readonly name: LotteryBeacon;
  fetchRound(round: number): Promise<BeaconRound | null>;
}

/** drand's quicknet chain (League of Entropy): unchained BLS signatures on G1, a round every 3 s. */
export const DRAND_QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisSeconds: 1692803367,
  periodSeconds: 3,
  base: 'https://api.drand.sh',
} as const;

/** Checks the link every drand round carries: randomness = SHA-256(signature). */
export function checkRound(round: BeaconRound): BeaconRound {
  const signature = fromHex(round.signature);
  if (signature.length === 0 || toHex(sha256(signature)) !== round.randomness.toLowerCase()) {
    throw new ProviderFailure(
      'drand',
      'RoundInvalid',
      'randomness is not the SHA-256 of the signature',
    );
  }
  return { ...round, randomness: round.randomness.toLowerCase() };
}

/** The real adapter: drand's HTTP API, `GET <base>/<chain>/public/<round>`. */
export function drandBeacon(
  proxy: OutboundProxy,
  base: string = DRAND_QUICKNET.base,
): RandomnessBeacon {
  return {
    name: 'drand',
    async fetchRound(round) {
      const url = `${base}/${DRAND_QUICKNET.chainHash}/public/${round}`;
      let answer: Response;
      try {
        answer = await fetch(url, {
          signal: AbortSignal.timeout(5_000),
          // @ts-expect-error undici's dispatcher option is not in the DOM fetch types
          dispatcher: proxyDispatcher(proxy, url),
        });
      } catch (error) {
        throw new ProviderFailure('drand', networkCodeOf(error), 'beacon unreachable');
      }
      if (answer.status === 404 || answer.status === 425) return null;
      if (!answer.ok)
        throw new ProviderFailure('drand', `Http${answer.status}`, 'beacon answered an error');
      const body = (await answer.json()) as Partial<BeaconRound>;
      if (
        body.round !== round ||
        typeof body.randomness !== 'string' ||
        typeof body.signature !== 'string'
      ) {
        throw new ProviderFailure('drand', 'RoundInvalid', 'the answer is not the round asked for');
      }
      return checkRound(body as BeaconRound);
    },
  };
}

/**
 * The simulator (demo and tests only): a round's signature is an HMAC of its number under a fixed
 * key and its randomness the SHA-256 of that, checked like drand's; rounds are available once their
 * time (drand's quicknet schedule) has come.
 */
export function simulatedBeacon(now: () => Date = () => new Date()): RandomnessBeacon {
  return {
    name: 'simulator',
    async fetchRound(round) {
      const due =
        (DRAND_QUICKNET.genesisSeconds + (round - 1) * DRAND_QUICKNET.periodSeconds) * 1000;
      if (now().getTime() < due) return null;
      const signature = createHmac('sha256', 'portal-lottery-beacon-simulator')
        .update(String(round))
        .digest('hex');
      return checkRound({ round, signature, randomness: toHex(sha256(fromHex(signature))) });
    },
  };
}

/** The beacons a server may draw with: drand always, the simulator only while simulators run. */
export function createBeacons(options: {
  simulators: boolean;
  proxy: OutboundProxy;
}): Partial<Record<LotteryBeacon, RandomnessBeacon>> {
  return {
    drand: drandBeacon(options.proxy),
    ...(options.simulators ? { simulator: simulatedBeacon() } : {}),
  };
}
