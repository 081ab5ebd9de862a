import { afterEach, describe, expect, it } from "vitest";
import { styleNonce } from "./cspNonce";

describe("styleNonce", () => {
  afterEach(() => document.getElementById("csp-nonce")?.remove());

  it("reads the nonce Tauri put on the page's own <style>", () => {
    const probe = document.createElement("style");
    probe.id = "csp-nonce";
    probe.setAttribute("nonce", "abc123");
    document.head.append(probe);
    expect(styleNonce()).toBe("abc123");
  });

  it("is null outside Tauri (no nonce, or the token not replaced)", () => {
    expect(styleNonce()).toBeNull();
    const probe = document.createElement("style");
    probe.id = "csp-nonce";
    probe.setAttribute("nonce", "__TAURI_STYLE_NONCE__");
    document.head.append(probe);
    expect(styleNonce()).toBeNull();
  });
});
