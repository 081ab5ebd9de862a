// The Export view's choices and the file tree of a preview. Pure functions, tested on their own.
import type { FileChange } from "../bindings/FileChange";
import type { Packaging } from "../bindings/Packaging";
import type { PreviewFile } from "../bindings/PreviewFile";
import type { Target } from "../bindings/Target";

export const TARGETS: { id: Target; label: string; about: string }[] = [
  { id: "bundle", label: "Skillhouse bundle", about: "registry.json with digests, the skill folders and the approved cards. What colleagues verify and import." },
  { id: "well-known", label: "Well-known skills site", about: ".well-known/agent-skills/ for the skills CLI to install from." },
  { id: "marketplace", label: "Claude Code marketplace", about: ".claude-plugin/marketplace.json with the skills and agents." },
  { id: "ai-catalog", label: "AI Catalog", about: ".well-known/ai-catalog.json listing the approved agent cards and the skills." },
  { id: "a2a-site", label: "A2A site", about: "Each approved agent card at its well-known path." },
  { id: "prompt", label: "<available_skills> block", about: "The skill listing an agent's system prompt carries." },
  { id: "legacy", label: "ADR-017 registry", about: "extracted-skills-registry.json and component-counts.json." },
];

export const PACKAGINGS: { id: Packaging; label: string }[] = [
  { id: "folder", label: "Folder" },
  { id: "tar-gz", label: ".tar.gz" },
  { id: "zip", label: ".zip" },
];

export function targetLabel(target: Target): string {
  return TARGETS.find((t) => t.id === target)?.label ?? target;
}

/** Where exports go when the person has not chosen: a folder beside the catalogue. */
export function defaultDestination(root: string): string {
  const trimmed = root.replace(/[\\/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  const parent = cut > 0 ? trimmed.slice(0, cut) : "";
  const name = trimmed.slice(cut + 1) || "catalogue";
  return `${parent}/${name}-export`;
}

export type Tally = Record<FileChange, number>;

export function emptyTally(): Tally {
  return { added: 0, changed: 0, unchanged: 0, removed: 0 };
}

export type TreeFolder = { name: string; path: string; folders: TreeFolder[]; files: PreviewFile[]; tally: Tally; size: number };

/** Folders first, then files, each sorted by name; every folder counts the changes below it. */
export function buildTree(files: PreviewFile[]): TreeFolder {
  const root: TreeFolder = { name: "", path: "", folders: [], files: [], tally: emptyTally(), size: 0 };
  const index = new Map<string, TreeFolder>([["", root]]);
  for (const file of files) {
    const parts = file.path.split("/");
    let folder = root;
    folder.tally[file.change] += 1;
    folder.size += file.size;
    for (let i = 0; i < parts.length - 1; i++) {
      const path = parts.slice(0, i + 1).join("/");
      let next = index.get(path);
      if (!next) {
        next = { name: parts[i], path, folders: [], files: [], tally: emptyTally(), size: 0 };
        index.set(path, next);
        folder.folders.push(next);
      }
      next.tally[file.change] += 1;
      next.size += file.size;
      folder = next;
    }
    folder.files.push(file);
  }
  const sort = (f: TreeFolder) => {
    f.folders.sort((a, b) => a.name.localeCompare(b.name));
    f.files.sort((a, b) => a.path.localeCompare(b.path));
    f.folders.forEach(sort);
  };
  sort(root);
  return root;
}

export const CHANGE_LABEL: Record<FileChange, string> = {
  added: "new",
  changed: "changed",
  unchanged: "unchanged",
  removed: "removed",
};

/** "3 new · 1 changed · 2 removed" (unchanged files only when asked). */
export function describeTally(t: Tally, withUnchanged = false): string {
  const parts: string[] = [];
  if (t.added) parts.push(`${t.added} new`);
  if (t.changed) parts.push(`${t.changed} changed`);
  if (t.removed) parts.push(`${t.removed} removed`);
  if (withUnchanged && t.unchanged) parts.push(`${t.unchanged} unchanged`);
  return parts.length ? parts.join(" · ") : "no changes";
}
