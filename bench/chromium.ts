// The browser the benchmarks drive: Debian's Chromium (or CHROMIUM_PATH) with the flags that
// keep it from reaching the network or doing background work while it is measured.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
