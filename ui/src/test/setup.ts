// jsdom has no layout: give elements a size so virtualised lists render their rows.
import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

for (const [prop, size] of [
  ["offsetHeight", 800],
  ["offsetWidth", 1000],
  ["clientHeight", 800],
  ["clientWidth", 1000],
] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
}
if (!HTMLElement.prototype.scrollIntoView) {
  HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
}
if (!HTMLElement.prototype.scrollTo) {
  HTMLElement.prototype.scrollTo = function scrollTo() {} as typeof HTMLElement.prototype.scrollTo;
}

// CodeMirror measures text ranges; jsdom has no layout for them.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = function getClientRects() {
    return [] as unknown as DOMRectList;
  };
}
if (!Range.prototype.getBoundingClientRect) {
  Range.prototype.getBoundingClientRect = function getBoundingClientRect() {
    return new DOMRect(0, 0, 0, 0);
  };
}

afterEach(() => {
  cleanup();
});
