/**
 * Resolves in a new task of the main thread, so the browser can paint and answer input between
 * two steps of work. A message port, not a timer: timers in a hidden tab wait up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
