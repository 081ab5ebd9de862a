import type { ResourceRow } from "../bindings/ResourceRow";
import { formatBytes, formatCount, plural } from "../model/format";

type Folder = { name: string; path: string; folders: Map<string, Folder>; files: ResourceRow[] };

function treeOf(resources: ResourceRow[]): Folder {
  const root: Folder = { name: "", path: "", folders: new Map(), files: [] };
  for (const r of resources) {
    const parts = r.path.split(/[\\/]/);
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { name: part, path: folder.path + part + "/", folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(r);
  }
  return root;
}

function totals(folder: Folder): { size: number; tokens: number; files: number } {
  let size = 0;
  let tokens = 0;
  let files = 0;
  for (const f of folder.files) {
    size += f.size;
    tokens += f.tokens ?? 0;
    files++;
  }
  for (const sub of folder.folders.values()) {
    const t = totals(sub);
    size += t.size;
    tokens += t.tokens;
    files += t.files;
  }
  return { size, tokens, files };
}

function Rows(props: { folder: Folder; depth: number; budget: number }) {
  const folders = [...props.folder.folders.values()].sort((a, b) => a.name.localeCompare(b.name));
  const files = [...props.folder.files].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <>
      {folders.map((f) => {
        const t = totals(f);
        return (
          <FolderRows key={f.path} folder={f} depth={props.depth} budget={props.budget} size={t.size} tokens={t.tokens} files={t.files} />
        );
      })}
      {files.map((r) => {
        const name = r.path.split(/[\\/]/).pop() ?? r.path;
        const over = r.tokens !== null && r.tokens > props.budget;
        return (
          <tr key={r.path} className="file-row" data-testid="resource" data-path={r.path}>
            <td>
              <span className="tree-indent" data-depth={props.depth} />
              <span className="file-icon" aria-hidden="true" />
              <span title={r.path}>{name}</span>
            </td>
            <td className="num">{formatBytes(r.size)}</td>
            <td className={over ? "num over" : "num"}>
              {r.tokens === null ? <span className="muted">binary</span> : formatCount(r.tokens)}
              {over && <span className="badge over inline">over {formatCount(props.budget)}</span>}
            </td>
          </tr>
        );
      })}
    </>
  );
}

function FolderRows(props: { folder: Folder; depth: number; budget: number; size: number; tokens: number; files: number }) {
  return (
    <>
      <tr className="folder-row">
        <td>
          <span className="tree-indent" data-depth={props.depth} />
          <span className="folder-icon" aria-hidden="true" />
          <strong>{props.folder.name}/</strong>
          <span className="muted small"> {plural(props.files, "file")}</span>
        </td>
        <td className="num muted">{formatBytes(props.size)}</td>
        <td className="num muted">{formatCount(props.tokens)}</td>
      </tr>
      <Rows folder={props.folder} depth={props.depth + 1} budget={props.budget} />
    </>
  );
}

/** The skill's other files (L3 resources) as a tree with size and tokens. */
export function FilesTab(props: { resources: ResourceRow[]; resourceBudget: number }) {
  if (props.resources.length === 0) {
    return (
      <div className="tab-empty">
        <p>This skill has no other files: only <code>SKILL.md</code>.</p>
        <p className="muted">Longer material goes in <code>references/</code>, templates in <code>assets/</code> and programs in <code>scripts/</code>.</p>
      </div>
    );
  }
  const tree = treeOf(props.resources);
  const t = totals(tree);
  return (
    <div className="files-tab">
      <table className="table files-table">
        <thead>
          <tr>
            <th>File</th>
            <th className="num">Size</th>
            <th className="num">Tokens</th>
          </tr>
        </thead>
        <tbody>
          <Rows folder={tree} depth={0} budget={props.resourceBudget} />
        </tbody>
        <tfoot>
          <tr>
            <td>{plural(t.files, "file")}</td>
            <td className="num">{formatBytes(t.size)}</td>
            <td className="num">{formatCount(t.tokens)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="muted small">Each text file may use up to {formatCount(props.resourceBudget)} tokens. Binary files are listed but not counted.</p>
    </div>
  );
}
