// File answers in flight, each closed once its client has taken no byte of it for --send-timeout: one that
// never reads holds its file (and its descriptor) no longer than that.
import { LIMITS } from './limits.js';

/** The watch: watch(res) follows an answer until it closes; close() stops the timer. */
export function createSendWatch(timeoutMs) {
  const answers = new Map(); // res → {bytes, since}
  const timer = setInterval(() => {
    const t = performance.now();
    for (const [res, seen] of answers) {
      const bytes = res.socket?.bytesWritten ?? seen.bytes;
      if (bytes !== seen.bytes) answers.set(res, { bytes, since: t });
      else if (t - seen.since >= timeoutMs) {
        answers.delete(res);
        res.destroy();
      }
    }
  }, LIMITS.sendWatchMs);
  timer.unref();
  return {
    watch(res) {
      answers.set(res, { bytes: res.socket?.bytesWritten ?? 0, since: performance.now() });
      res.once('close', () => answers.delete(res));
    },
    close: () => clearInterval(timer),
  };
}
