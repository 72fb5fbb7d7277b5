// Shared steps for the explorer's pages: open a panel, read what it shows.
// Chromium's and Firefox's words for it (WebKitGTK's reaches no page hook).
export const EXPECTED_WS_FAILURE =
  /WebSocket connection to '.*\/ws' failed|Firefox can.t establish a connection to the server at ws:\/\/.*\/ws\./;

/** Problems other than the expected "no bridge here" socket failure. */
export function unexpected(problems) {
  return problems.filter((p) => !EXPECTED_WS_FAILURE.test(p));
}

/** Opens the explorer at base with the given query parameters and waits for the app to render. */
export async function openExplorer(page, base, params = {}) {
  const query = new URLSearchParams(params).toString();
  await page.goto(`${base}${query ? `?${query}` : ''}`);
  await page.locator('nav [role="tab"]').first().waitFor();
  return page;
}

export function panel(page, key) {
  return page.locator(`[data-panel="${key}"]`);
}

export async function text(locator) {
  return (await locator.textContent()).trim();
}
