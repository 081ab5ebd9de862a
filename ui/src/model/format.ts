// How numbers read in the UI: thousands separators, sizes in B/KB/MB, shares in percent.

const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  return whole.format(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `share` is 0..1. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}

export function plural(count: number, one: string, many = one + "s"): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
