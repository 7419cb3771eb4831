// The embedded database on a thread of its own (docs/decisions/0076-embedded-database-thread.md).
// PGlite runs PostgreSQL compiled to WebAssembly on the thread that calls it, so on the server's
// thread every statement stops HTTP, JSON and every other request for as long as it runs. Here
// it runs on a worker thread; `pglite-remote.ts` is its face on the server's thread. Requests
// come over the worker's port; every answer and notification goes back, in order, over the
// `replies` port and is counted on the shared `signal`, so the server's thread can also wait
// for one answer without a turn of its event loop:
//   → { id, op: 'query', sql, params, rowMode, tx?, urgent? } ← { id, ok: true, value: Results }
//   → { id, op: 'begin', urgent? }                  ← { id, ok: true, value: transaction id }
//   → { id, op: 'end', tx, commit, urgent? }        ← { id, ok: true } once committed/rolled back
//   → { id, op: 'listen' | 'unlisten', channel }    ← { id, ok: true }; then { notify, payload }
//   → { id, op: 'dump' }                            ← { id, ok: true, value: ArrayBuffer }
//   → { id, op: 'close' }                           ← { id, ok: true }
// A failure answers { id, ok: false, error } with the error's own fields (code, detail,
// constraint…), which the server's thread puts back on an Error. Plain JavaScript, so the same
// file runs under the sources and beside the compiled server.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.mjs runs only as a worker thread');
const port = parentPort;

/** Timestamps, dates and intervals stay text, as Drizzle's PGlite driver asks of PGlite. */
const keepText = (value) => value;
const PARSERS = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/** An error as plain data: its message, name and every own field of scalar value. */
function plainError(error) {
  const plain = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
        plain[key] = value;
      }
    }
  }
  return plain;
}

const { dataDir, loadDataDir, replies, signal } = workerData;
/** Every answer and notification goes out on `replies`, in order, and is counted on `signal`. */
const counter = new Int32Array(signal);
const reply = (message, transfer = []) => {
  replies.postMessage(message, transfer);
  Atomics.add(counter, 0, 1);
  Atomics.notify(counter, 0);
};
const database = await PGlite.create({
  dataDir,
  extensions: { pg_trgm },
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
}).catch((error) => {
  reply({ ready: false, error: plainError(error) });
  return null;
});

if (database) {
  /** Open transactions by id: the PGlite handle inside each and how to end it. */
  const transactions = new Map();
  let nextTx = 1;
  const unlisteners = new Map();

  /** The reason a transaction its caller ended without committing is rolled back. */
  const ROLLED_BACK = new Error('rolled back by its caller');

  const operations = {
    query({ sql, params, rowMode, tx }) {
      const handle = tx === undefined ? database : transactions.get(tx)?.handle;
      if (!handle) throw new Error(`no open transaction ${tx}`);
      return handle.query(sql, params, { rowMode, parsers: PARSERS });
    },
    begin() {
      const id = nextTx++;
      return new Promise((started, failed) => {
        let running = false;
        const open = { handle: null, commit: null, rollback: null, finished: null };
        open.finished = database.transaction(
          (handle) =>
            new Promise((commit, rollback) => {
              running = true;
              Object.assign(open, { handle, commit, rollback });
              transactions.set(id, open);
              started(id);
            }),
        );
        // BEGIN itself failed: the caller hears it; a rollback it asked for is expected.
        open.finished.catch((error) => {
          if (!running) failed(error);
        });
      });
    },
    async end({ tx, commit }) {
      const open = transactions.get(tx);
      if (!open) throw new Error(`no open transaction ${tx}`);
      transactions.delete(tx);
      if (commit) {
        open.commit();
        await open.finished;
      } else {
        open.rollback(ROLLED_BACK);
        await open.finished.catch((error) => {
          if (error !== ROLLED_BACK) throw error;
        });
      }
    },
    async listen({ channel }) {
      if (unlisteners.has(channel)) return;
      const unlisten = await database.listen(channel, (payload) => {
        reply({ notify: channel, payload });
      });
      unlisteners.set(channel, unlisten);
    },
    async unlisten({ channel }) {
      const unlisten = unlisteners.get(channel);
      unlisteners.delete(channel);
      await unlisten?.();
    },
    async dump() {
      const tarball = await database.dumpDataDir('none');
      return tarball.arrayBuffer();
    },
    async close() {
      await database.close();
    },
  };

  // One statement at a time goes to PGlite, which runs one at a time anyway; the choice of the
  // next is made here. While a transaction is open only its own messages go (PGlite's lock would
  // hold the others); otherwise a message marked urgent (a deposit order's, decision 0073) goes
  // before the others, each class in the order it came.
  const urgent = [];
  const normal = [];
  const ofOpenTransaction = [];
  let openTransaction = null;
  let running = false;

  const answer = async (message) => {
    const { id, op } = message;
    try {
      const value = await operations[op](message);
      if (op === 'begin') openTransaction = value;
      if (op === 'end') openTransaction = null;
      reply({ id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
    } catch (error) {
      if (op === 'end') openTransaction = null;
      reply({ id, ok: false, error: plainError(error) });
    }
  };

  const enqueue = (message) => {
    if (message.tx !== undefined) ofOpenTransaction.push(message);
    else (message.urgent ? urgent : normal).push(message);
  };

  const pump = () => {
    if (running) return;
    // Messages that came while the last statement ran are all taken in before choosing: a
    // statement runs on this thread from start to end, so they are waiting in the port.
    for (let waiting = receiveMessageOnPort(port); waiting; waiting = receiveMessageOnPort(port)) {
      enqueue(waiting.message);
    }
    const next =
      openTransaction === null ? (urgent.shift() ?? normal.shift()) : ofOpenTransaction.shift();
    if (!next) return;
    running = true;
    void answer(next).finally(() => {
      running = false;
      pump();
    });
  };

  port.on('message', (message) => {
    enqueue(message);
    pump();
  });
  reply({ ready: true });
}
