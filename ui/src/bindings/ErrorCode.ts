export type ErrorCode =
  | "catalogue.not-found"
  | "catalogue.not-open"
  | "skill.not-found"
  | "skill.exists"
  | "skill.bad-name"
  | "save.conflict"
  | "edit.invalid"
  | "io"
  | "internal";
