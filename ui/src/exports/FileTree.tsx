import { useMemo } from "react";
import type { PreviewFile } from "../bindings/PreviewFile";
import { formatBytes, formatCount } from "../model/format";
import { CHANGE_LABEL, buildTree, describeTally, type TreeFolder } from "./exportModel";

/** A large folder (10,000 skills) shows its first entries; the counts above still cover all. */
const SHOWN_PER_FOLDER = 200;

/**
 * The files of one output as folders that open and close, each folder saying what changed
 * inside it. With `onlyChanges`, unchanged files are left out.
 */
export function FileTree(props: { files: PreviewFile[]; onlyChanges: boolean }) {
  const shown = useMemo(
    () => (props.onlyChanges ? props.files.filter((f) => f.change !== "unchanged") : props.files),
    [props.files, props.onlyChanges],
  );
  const tree = useMemo(() => buildTree(shown), [shown]);
  if (shown.length === 0) {
    return <p className="muted small tree-empty">Every file is the same as in the previous export.</p>;
  }
  return (
    <ul className="file-tree" role="tree" data-testid="export-tree">
      <FolderItems folder={tree} depth={0} />
    </ul>
  );
}

function FolderItems(props: { folder: TreeFolder; depth: number }) {
  const { folder } = props;
  const entries = folder.folders.length + folder.files.length;
  const folders = folder.folders.slice(0, SHOWN_PER_FOLDER);
  const files = folder.files.slice(0, Math.max(0, SHOWN_PER_FOLDER - folders.length));
  return (
    <>
      {folders.map((f) => (
        <li key={f.path} role="treeitem">
          <details open={opens(f, props.depth, folder.folders.length)}>
            <summary className="tree-folder" data-path={f.path}>
              <span className="tree-name">{f.name}/</span>
              <span className="tree-tally muted small">{describeTally(f.tally)}</span>
            </summary>
            <ul role="group">
              <FolderItems folder={f} depth={props.depth + 1} />
            </ul>
          </details>
        </li>
      ))}
      {files.map((file) => (
        <li key={file.path} role="treeitem" className="tree-file" data-path={file.path} data-change={file.change}>
          <span className={`change-mark ${file.change}`} title={CHANGE_LABEL[file.change]} aria-label={CHANGE_LABEL[file.change]}>
            {MARK[file.change]}
          </span>
          <span className="tree-name">{file.path.slice(file.path.lastIndexOf("/") + 1)}</span>
          <span className="tree-size muted small">{formatBytes(file.size)}</span>
        </li>
      ))}
      {entries > SHOWN_PER_FOLDER && (
        <li className="tree-more muted small">… and {formatCount(entries - SHOWN_PER_FOLDER)} more in this folder</li>
      )}
    </>
  );
}

/** Small trees show whole; in large ones only the few top folders open. */
function opens(f: TreeFolder, depth: number, siblings: number): boolean {
  const files = f.tally.added + f.tally.changed + f.tally.unchanged + f.tally.removed;
  return files <= 12 || (depth === 0 && siblings <= 3);
}

const MARK = { added: "+", changed: "~", unchanged: "·", removed: "−" } as const;
