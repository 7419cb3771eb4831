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

/** Whether a listen address is this machine only: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** Whether a listen address is a private LAN address: 10/8, 172.16/12 or 192.168/16. */
function isLanAddress(host: string): boolean {
  if (isIP(host) !== 4) return false;
  const [a = -1, b = -1] = ipv4Parts(host);
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

export interface EnvironmentInput {
  nodeEnv: 'development' | 'production' | 'test';
  /** SIMULATORS as given: true, false or unset. */
  simulators: boolean | undefined;
  host: string;
  publicOrigin: string | undefined;
  paymentProvider: string | undefined;
  alipaySellerId: string | undefined;
}

/**
 * The settings that are unsafe for where the server runs, each naming its variable and the fix
 * (docs/security.md, "Configuration that fails closed"). Production refuses the simulators, a
 * missing or http PUBLIC_ORIGIN and Alipay without its seller id; outside production a public
 * origin or a listen address beyond this machine and the LAN is refused, so that a forgotten
 * NODE_ENV never serves the public with demo data, the development key and the simulators.
 */
export function environmentProblems(input: EnvironmentInput): string[] {
  const problems: string[] = [];
  const origin = input.publicOrigin;
  if (input.nodeEnv === 'production') {
    if (input.simulators === true) {
      problems.push(
        'SIMULATORS: 生产环境（NODE_ENV=production）不能开启模拟服务（它公开所有短信验证码并可随意确认支付）；请删除 SIMULATORS=on，为各外部服务配置真实服务商或设为 off',
      );
    }
    if (origin === undefined) {
      problems.push(
        'PUBLIC_ORIGIN: 生产环境必须设置为站点的 https 地址，如 PUBLIC_ORIGIN=https://fc.example.gov.cn',
      );
    } else if (
      new URL(origin).protocol !== 'https:' &&
      !(isLoopbackHost(new URL(origin).hostname) && isLoopbackHost(input.host))
    ) {
      // http only for a production build tried on this machine (origin and listen address
      // both loopback: benchmarks, the start-up tests); never for an address others reach.
      problems.push(
        `PUBLIC_ORIGIN: 生产环境必须使用 https 地址（当前为 ${origin}），请改为 https://…`,
      );
    }
    if (input.paymentProvider === 'alipay' && input.alipaySellerId === undefined) {
      problems.push(
        'ALIPAY_SELLER_ID: 生产环境使用 PAYMENT_PROVIDER=alipay 时必须设置（收款支付宝账号的 PID，2088 开头），用于核对支付结果的收款方',
      );
    }
    return problems;
  }
  const publicOrigin = origin !== undefined && isPublicOrigin(origin);
  if (input.nodeEnv === 'development' && publicOrigin) {
    problems.push(
      `PUBLIC_ORIGIN: 公网地址 ${origin} 只能用于生产环境；请设置 NODE_ENV=production 并按生产要求配置（本机试用请删除 PUBLIC_ORIGIN）`,
    );
  }
  const lanDemo = isLanAddress(input.host) && !publicOrigin;
  if (!isLoopbackHost(input.host) && !lanDemo) {
    problems.push(
      `HOST: 非生产环境只能监听本机地址（localhost、127.0.0.1、::1），或在 PUBLIC_ORIGIN 也是内网地址时监听局域网地址（192.168.x.x、10.x.x.x、172.16–31.x.x）；当前为 ${input.host}，对外服务请设置 NODE_ENV=production`,
    );
  }
  return problems;
}

/**
 * Warnings that do not stop the start: TRUST_PROXY=true on a listen address beyond this machine
 * lets any client that reaches the server directly forge its address (X-Forwarded-For) past the
 * per-address limits.
 */
export function environmentWarnings(input: { host: string; trustProxy: string | undefined }) {
  const warnings: string[] = [];
  if (input.trustProxy === 'true' && !isLoopbackHost(input.host)) {
    warnings.push(
      `TRUST_PROXY: 服务监听在 ${input.host} 上，TRUST_PROXY=true 会信任任何客户端自带的 X-Forwarded-For，可伪造地址绕过频率限制；请改为代理的地址或层数（如 TRUST_PROXY=127.0.0.1 或 TRUST_PROXY=1）`,
    );
  }
  return warnings;
}
