import { isIP } from 'node:net';

/*
 * Who can reach this server, judged from its own settings: whether the simulators (which show
 * every SMS code and settle payments on request) may run. See
 * docs/decisions/0024-outside-services-and-safe-defaults.md.
 */

/** Names that never resolve on the public Internet (loopback, local and reserved domains). */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.lan', '.internal', '.home.arpa', '.test'];

function ipv4Parts(address: string): number[] {
  return address.split('.').map(Number);
}

/** Whether an IPv4 address is loopback, private (RFC 1918), shared (RFC 6598) or link-local. */
function isPrivateIpv4(address: string): boolean {
  const [a = -1, b = -1] = ipv4Parts(address);
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254)
  );
}

/** Whether an IPv6 address is loopback, unique-local (fc00::/7) or link-local (fe80::/10). */
function isPrivateIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isPrivateIpv4(mapped[1]);
  return /^f[cd][0-9a-f]{0,2}:/.test(lower) || /^fe[89ab][0-9a-f]?:/.test(lower);
}

/**
 * Whether a host name or address can only be reached from this machine or a private network:
 * loopback and private addresses, `localhost`, single-label names and reserved local domains.
 * The wildcard addresses (`0.0.0.0`, `::`) are not: they listen on every interface.
 */
export function isPrivateHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === '0.0.0.0' || bare === '::') return false;
  const family = isIP(bare);
  if (family === 4) return isPrivateIpv4(bare);
  if (family === 6) return isPrivateIpv6(bare);
  if (bare === 'localhost' || !bare.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => bare.endsWith(suffix));
}

/** Whether an origin (`https://fc.example.gov.cn`) is one the public can reach. */
export function isPublicOrigin(origin: string): boolean {
  return !isPrivateHost(new URL(origin).hostname);
}

export interface ExposureInput {
  nodeEnv: 'development' | 'production' | 'test';
  /** SIMULATORS as given: true, false or unset. */
  simulators: boolean | undefined;
  databaseUrl: string | undefined;
  host: string;
  publicOrigin: string | undefined;
}

/**
 * Whether the simulators run: when asked for (SIMULATORS=on), or in the embedded demo a bare
 * `npm start` gives (not production, no DATABASE_URL, a loopback or private listen address and
 * no public PUBLIC_ORIGIN). Throws the reason when they were asked for on a public origin.
 */
export function decideSimulators(input: ExposureInput): boolean {
  const publicOrigin = input.publicOrigin !== undefined && isPublicOrigin(input.publicOrigin);
  if (input.simulators === true && publicOrigin) {
    throw new Error(
      `SIMULATORS: 模拟服务会公开所有短信验证码并可随意确认支付，不能在公网地址 ${input.publicOrigin} 上开启；请删除 SIMULATORS=on 并配置真实服务`,
    );
  }
  if (input.simulators !== undefined) return input.simulators;
  return (
    input.nodeEnv !== 'production' &&
    input.databaseUrl === undefined &&
    isPrivateHost(input.host) &&
    !publicOrigin
  );
}
