// The deposit orders of an orders-beside-search run as the server timed them: reads the request
// log kept with BENCH_SERVER_LOG and reports the created orders' p50 / p99 (`responseTime`, from
// the request's arrival in the server to its answer) alone and beside the searches (an order
// counts as beside them when its second saw over 500 second-hand searches), and each split by
// whether a sign-in ran at the same time. The client's figures of the same run also hold the
// time before the server reads the request and the client's own waits for a core.
// Usage (in bench/): npx tsx server-log-orders.ts <request log>
import { readFileSync } from 'node:fs';
import { quantile } from './crowd';

interface Logged {
  method: string;
  url: string;
  start: number;
  status?: number;
  ms?: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx server-log-orders.ts <request log>');
const requests = new Map<string, Logged>();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  const entry = JSON.parse(line) as {
    reqId?: string;
    time: number;
    req?: { method: string; url: string };
    res?: { statusCode: number };
    responseTime?: number;
  };
  if (!entry.reqId) continue;
  if (entry.req) {
    requests.set(entry.reqId, { method: entry.req.method, url: entry.req.url, start: entry.time });
  } else if (entry.res) {
    const request = requests.get(entry.reqId);
    if (request) Object.assign(request, { status: entry.res.statusCode, ms: entry.responseTime });
  }
}
const answered = [...requests.values()].filter((request) => request.ms !== undefined);
const searchesInSecond = new Map<number, number>();
for (const request of answered) {
  if (!request.url.startsWith('/api/listings')) continue;
  const second = Math.floor(request.start / 1000);
  searchesInSecond.set(second, (searchesInSecond.get(second) ?? 0) + 1);
}
const orders = answered.filter(
  (request) => request.method === 'POST' && request.url === '/api/orders' && request.status === 200,
);
const signIns = answered.filter(
  (request) => request.method === 'POST' && request.url === '/api/auth/login',
);
const overlapsSignIn = (order: Logged) =>
  signIns.some(
    (signIn) =>
      signIn.start < order.start + (order.ms ?? 0) && order.start < signIn.start + (signIn.ms ?? 0),
  );
const figures = (group: Logged[]) => {
  const times = group.map((order) => order.ms ?? 0).sort((a, b) => a - b);
  return { orders: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
};
const beside = (order: Logged) => (searchesInSecond.get(Math.floor(order.start / 1000)) ?? 0) > 500;
const report = Object.fromEntries(
  (['alone', 'beside'] as const).map((name) => {
    const group = orders.filter((order) => beside(order) === (name === 'beside'));
    return [
      name,
      {
        ...figures(group),
        withSignIn: figures(group.filter(overlapsSignIn)),
        withoutSignIn: figures(group.filter((order) => !overlapsSignIn(order))),
      },
    ];
  }),
);
const ratio = (report.beside?.p99 ?? 0) / (report.alone?.p99 || 1);
console.log(JSON.stringify({ ...report, p99ToAlone: Number(ratio.toFixed(2)) }, null, 1));
