// Which lines of two texts differ, for the save-conflict dialog (longest common subsequence).

export type DiffMarks = { left: Set<number>; right: Set<number> };

const MAX_CELLS = 4_000_000;

export function changedLines(left: string, right: string): DiffMarks {
  const a = left.split("\n");
  const b = right.split("\n");
  const marks: DiffMarks = { left: new Set(), right: new Set() };
  if (a.length * b.length > MAX_CELLS) {
    // Too long to compare line by line: mark lines that differ at the same position.
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i] !== b[i]) {
        if (i < a.length) marks.left.add(i);
        if (i < b.length) marks.right.add(i);
      }
    }
    return marks;
  }
  const w = b.length + 1;
  const table = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * w + j] =
        a[i] === b[j] ? (table[(i + 1) * w + j + 1] ?? 0) + 1 : Math.max(table[(i + 1) * w + j] ?? 0, table[i * w + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else if ((table[(i + 1) * w + j] ?? 0) >= (table[i * w + j + 1] ?? 0)) {
      marks.left.add(i++);
    } else {
      marks.right.add(j++);
    }
  }
  while (i < a.length) marks.left.add(i++);
  while (j < b.length) marks.right.add(j++);
  return marks;
}
