/**
 * A catalogue-relative file path that, when it does not fit, gives up its leading folders
 * first: the skill's folder and the file name stay readable, the full path is in the title.
 */
export function FilePath(props: { path: string; className?: string }) {
  // "team/tools/pdf-tools/SKILL.md" → "team/tools/" and "pdf-tools/SKILL.md".
  const parts = props.path.split(/(?<=[\\/])/);
  const head = parts.slice(0, -2).join("");
  const tail = parts.slice(-2).join("");
  return (
    <span className={props.className ? `file-path ${props.className}` : "file-path"} title={props.path}>
      {head !== "" && <span className="file-path-head">{head}</span>}
      <span className="file-path-tail">{tail}</span>
    </span>
  );
}
