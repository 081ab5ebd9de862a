// The name rule of the Agent Skills spec, checked before asking Rust (which checks it again).

export function nameProblem(name: string): string | null {
  if (name.length === 0) return "Type a name.";
  if ([...name].length > 64) return "A name has at most 64 characters.";
  if (/[A-Z]/.test(name)) return "Use lowercase letters only.";
  if (/[^a-z0-9-]/.test(name)) return "Use only lowercase letters, digits and hyphens (no spaces, dots or underscores).";
  if (name.startsWith("-") || name.endsWith("-")) return "A name cannot start or end with a hyphen.";
  if (name.includes("--")) return "A name cannot have two hyphens in a row.";
  return null;
}
