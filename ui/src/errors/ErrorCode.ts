/** The codes of docs/ipc.md that the UI branches on; Rust sends them as strings. */
export type ErrorCode =
  | "catalogue.not-found"
  | "catalogue.not-open"
  | "skill.not-found"
  | "skill.exists"
  | "skill.bad-name"
  | "save.conflict"
  | "edit.invalid"
  | "cancelled"
  | "card.has-errors"
  | "card.unknown-agent"
  | "card.log-unreadable"
  | "server.port-unavailable"
  | "io"
  | "internal";
