// The page harness for engines whose driver cannot report a page's errors or requests (WebKitGTK over
// WebDriver classic): the static server puts this classic script first in each page's <head>, and
// engines.js reads window.__e2e before the page goes away.
(() => {
  const record = { problems: [], urls: [] };
  window.__e2e = record;
  window.__violations = [];
  const describe = (value) => (value instanceof Error ? value.message : String(value));
  addEventListener(
    'error',
    (event) => {
      if (event.target === window) record.problems.push(`pageerror: ${event.message}`);
      else record.problems.push(`failed to load: ${event.target.src || event.target.href || event.target.tagName}`);
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => record.problems.push(`pageerror: ${describe(event.reason)}`));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    record.problems.push(`console: ${args.map(describe).join(' ')}`);
    consoleError(...args);
  };
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      window.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.urls.push(entry.name);
  }).observe({ type: 'resource', buffered: true });
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      record.urls.push(this.url);
    }
  };
})();
