// JSON pointers (RFC 6901) as used by Diagnostic.pointer and set_field.

export function pointerOf(...segments: string[]): string {
  return segments.map((s) => "/" + s.replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

export function segmentsOf(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer
    .replace(/^\//, "")
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The top-level field a pointer is about (`/metadata/version` -> `metadata`), or null. */
export function fieldOf(pointer: string | null | undefined): string | null {
  if (!pointer) return null;
  return segmentsOf(pointer)[0] ?? null;
}
