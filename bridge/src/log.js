// Structured log lines: one JSON object per line on stderr, with a timestamp, a level and an event name.
export function createLogger({ stream = process.stderr, quiet = false } = {}) {
  const write = (level, event, fields) => {
    if (quiet && level !== 'error') return;
    stream.write(`${JSON.stringify({ ts: new Date().toISOString(), level, event, ...fields })}\n`);
  };
  return {
    info: (event, fields = {}) => write('info', event, fields),
    warn: (event, fields = {}) => write('warn', event, fields),
    error: (event, fields = {}) => write('error', event, fields),
  };
}
