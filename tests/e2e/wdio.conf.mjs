// How the specs reach the app: WebdriverIO 9 used standalone (`remote`), talking WebDriver
// Classic to tauri-driver, which starts WebKitWebDriver and, through it, the app binary.
// tests/e2e/run.sh starts tauri-driver and sets the variables read here; the specs run under
// node's own test runner (node --test), one app session per spec file.

/** @returns {import("webdriverio").RemoteOptions} */
export function remoteOptions(application = process.env.E2E_APP) {
  if (!application) throw new Error("E2E_APP is not set: run the specs through tests/e2e/run.sh");
  return {
    hostname: "127.0.0.1",
    port: Number(process.env.TAURI_DRIVER_PORT ?? 4444),
    path: "/",
    logLevel: "error",
    connectionRetryTimeout: 60_000,
    connectionRetryCount: 1,
    waitforTimeout: 10_000,
    waitforInterval: 100,
    capabilities: {
      browserName: "wry",
      // WebdriverIO 9 would otherwise ask for WebDriver BiDi, which WebKitWebDriver lacks.
      "wdio:enforceWebDriverClassic": true,
      "tauri:options": { application },
    },
  };
}
