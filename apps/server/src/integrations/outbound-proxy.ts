import http from 'node:http';
import https from 'node:https';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { ProxyAgent, type Dispatcher } from 'undici';

/*
 * The forward proxy of calls to outside services (docs/operations.md, "Endpoints and proxies"),
 * from the usual variables: HTTPS_PROXY for https:// addresses, HTTP_PROXY for http:// ones,
 * NO_PROXY for hosts reached directly (lower-case spellings are read too, and win). The
 * provider's own host is always asked for: the proxy opens a CONNECT tunnel and TLS stays
 * between the portal and the provider. A proxy's user and password never reach a log line.
 */

export interface OutboundProxy {
  /** Proxy of https:// addresses; unset = direct. */
  https: URL | undefined;
  /** Proxy of http:// addresses; unset = direct. */
  http: URL | undefined;
  /** NO_PROXY entries in lower case: `*`, a host (and its subdomains), `.domain`, `host:port`. */
  noProxy: string[];
}

/** No proxy: every call connects directly. */
export const DIRECT: OutboundProxy = { https: undefined, http: undefined, noProxy: [] };

const PROXY_EXAMPLE = '应为代理地址，如 http://proxy.example.com:3128（可带 用户名:密码@）';

/** A variable in either spelling: the lower-case one first (as curl and undici read them). */
function either(env: Record<string, string | undefined>, name: string): [string, string] | [] {
  const lower = name.toLowerCase();
  if (env[lower]) return [lower, env[lower]];
  if (env[name]) return [name, env[name]];
  return [];
}

function parseProxyUrl(name: string, value: string, problems: string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value itself is not repeated: it may hold the proxy's password.
    problems.push(`${name}: ${PROXY_EXAMPLE}`);
    return undefined;
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname) {
    problems.push(`${name}: ${PROXY_EXAMPLE}`);
    return undefined;
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    problems.push(`${name}: 代理地址只能有协议、主机和端口（及可选的用户名:密码）`);
    return undefined;
  }
  return url;
}

/**
 * Reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either spelling). Problems name the variable,
 * never its value; a warning is given when only HTTP_PROXY is set, since every provider is
 * reached over https.
 */
export function parseOutboundProxy(env: Record<string, string | undefined>): {
  proxy: OutboundProxy;
  problems: string[];
  warnings: string[];
} {
  const problems: string[] = [];
  const warnings: string[] = [];
  const [httpsName, httpsValue] = either(env, 'HTTPS_PROXY');
  const [httpName, httpValue] = either(env, 'HTTP_PROXY');
  const [, noProxyValue] = either(env, 'NO_PROXY');
  const proxy: OutboundProxy = {
    https: httpsName && httpsValue ? parseProxyUrl(httpsName, httpsValue, problems) : undefined,
    http: httpName && httpValue ? parseProxyUrl(httpName, httpValue, problems) : undefined,
    noProxy: (noProxyValue ?? '')
      .split(/[\s,]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  };
  if (httpName && !httpsName) {
    warnings.push(
      `${httpName}: 只用于 http:// 地址；各服务商都经 https 访问，需经代理时请设置 HTTPS_PROXY`,
    );
  }
  return { proxy, problems, warnings };
}

/** The proxy's address as it may be logged: user and password replaced by `***`. */
export function redactedProxy(url: URL): string {
  const shown = new URL(url.href);
  const hadCredentials = shown.username !== '' || shown.password !== '';
  shown.username = '';
  shown.password = '';
  return hadCredentials ? shown.origin.replace('://', '://***@') : shown.origin;
}

/** The start-up summary of the outbound proxy (credentials redacted). */
export function describeOutboundProxy(proxy: OutboundProxy): string {
  if (!proxy.https && !proxy.http) return '直连（未设置 HTTPS_PROXY）';
  const parts = [
    proxy.https ? `https 经 ${redactedProxy(proxy.https)}` : 'https 直连',
    proxy.http ? `http 经 ${redactedProxy(proxy.http)}` : 'http 直连',
  ];
  if (proxy.noProxy.length > 0) parts.push(`NO_PROXY ${proxy.noProxy.join(',')}`);
  return parts.join('；');
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/** Whether NO_PROXY sends `target` directly (curl's rules, without address ranges). */
export function bypassesProxy(noProxy: readonly string[], target: URL): boolean {
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = target.port || defaultPort(target.protocol);
  return noProxy.some((entry) => {
    if (entry === '*') return true;
    let name = entry;
    let entryPort: string | undefined;
    const withPort = /^(.*?):(\d+)$/.exec(entry);
    if (withPort && !entry.startsWith('[') && entry.split(':').length === 2) {
      name = withPort[1] ?? '';
      entryPort = withPort[2];
    } else if (/^\[.*\]:\d+$/.test(entry)) {
      name = entry.slice(1, entry.lastIndexOf(']'));
      entryPort = entry.slice(entry.lastIndexOf(':') + 1);
    }
    name = name.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
    if (entryPort && entryPort !== port) return false;
    return host === name || host.endsWith(`.${name}`);
  });
}

/** The proxy a call to `target` goes through, or undefined for a direct connection. */
export function proxyFor(proxy: OutboundProxy, target: string | URL): URL | undefined {
  const url = new URL(target);
  const chosen = url.protocol === 'https:' ? proxy.https : proxy.http;
  if (!chosen || bypassesProxy(proxy.noProxy, url)) return undefined;
  return chosen;
}

/**
 * An undici dispatcher for fetch (`dispatcher` option) and urllib (Alipay) calls to `target`:
 * a CONNECT tunnel through the proxy, or undefined to connect directly.
 */
export function proxyDispatcher(
  proxy: OutboundProxy,
  target: string | URL,
): Dispatcher | undefined {
  const chosen = proxyFor(proxy, target);
  return chosen ? new ProxyAgent({ uri: chosen.href, proxyTunnel: true }) : undefined;
}

/**
 * A Node `http.Agent` for calls to `target` (the AWS SDK's and the Tencent Cloud SDK's request
 * handlers): a CONNECT tunnel through the proxy, or undefined to connect directly.
 */
export function proxyNodeAgent(
  proxy: OutboundProxy,
  target: string | URL,
  options: { keepAlive?: boolean } = {},
): http.Agent | undefined {
  const chosen = proxyFor(proxy, target);
  return chosen
    ? new HttpsProxyAgent(chosen.href, { keepAlive: options.keepAlive ?? true })
    : undefined;
}

/**
 * The Tencent Cloud SDK's `httpProfile` fields for calls to `endpoint`. The SDK would otherwise
 * pick up the lower-case `http_proxy` variable by itself (for https too); an explicit agent
 * takes precedence over that, so the configured choice is the only one: the tunnel through
 * the proxy, or Node's own agent for a direct connection.
 */
export function tencentHttpProfile(proxy: OutboundProxy, endpoint: URL): { agent: http.Agent } {
  return {
    agent:
      proxyNodeAgent(proxy, endpoint) ??
      (endpoint.protocol === 'https:' ? https.globalAgent : http.globalAgent),
  };
}
