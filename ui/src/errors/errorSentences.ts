// What each AppError means to a person, and what to do next. The UI branches on `code` only;
// the Rust `message` is shown as the particulars.
import type { AppError } from "../bindings/AppError";
import { reasonOf, suggestionOf } from "./errorDetails";

export type ErrorAction = "open-folder" | "retry" | "reload-catalogue" | "none";

export type ErrorSentence = {
  title: string;
  next: string;
  action: ErrorAction;
  actionLabel: string;
};

export function sentenceFor(error: AppError): ErrorSentence {
  switch (error.code) {
    case "catalogue.not-found":
      return {
        title: "That folder could not be opened as a catalogue.",
        next: "Check that the folder still exists, then choose it again.",
        action: "open-folder",
        actionLabel: "Open folder…",
      };
    case "catalogue.not-open":
      return {
        title: "No catalogue is open yet.",
        next: "Open a folder of skills first.",
        action: "open-folder",
        actionLabel: "Open folder…",
      };
    case "skill.not-found":
      return {
        title: "This skill is no longer in the catalogue.",
        next: "It may have been moved or deleted outside Skillhouse. Reload the catalogue to see what is there now.",
        action: "reload-catalogue",
        actionLabel: "Reload catalogue",
      };
    case "skill.exists":
      return {
        title: "A skill with that name already exists.",
        next: "Choose another name.",
        action: "none",
        actionLabel: "",
      };
    case "skill.bad-name": {
      const suggestion = suggestionOf(error);
      return {
        title: "That is not a valid skill name.",
        next: suggestion
          ? `Use lowercase letters, digits and single hyphens, for example “${suggestion}”.`
          : "Use lowercase letters, digits and single hyphens.",
        action: "none",
        actionLabel: "",
      };
    }
    case "save.conflict":
      return {
        title: "The file changed on disk after you opened it.",
        next: "Compare both versions and choose which one to keep.",
        action: "none",
        actionLabel: "",
      };
    case "edit.invalid": {
      const reason = reasonOf(error);
      return {
        title: "That change could not be made without touching the rest of the file.",
        next: reason
          ? `${reason} Make this change in the YAML tab instead.`
          : "Make this change in the YAML tab instead.",
        action: "none",
        actionLabel: "",
      };
    }
    case "cancelled":
      return {
        title: "Opening the catalogue was cancelled.",
        next: "The catalogue that was open before is still open. Open the folder again when you are ready.",
        action: "none",
        actionLabel: "",
      };
    case "card.has-errors":
      return {
        title: "This card cannot be approved while it has errors.",
        next: "Fix the errors listed under Review findings (each one names the file to change), then approve again.",
        action: "none",
        actionLabel: "",
      };
    case "card.unknown-agent":
      return {
        title: "This agent is no longer in the catalogue.",
        next: "It may have been renamed or deleted outside Skillhouse. Reload the catalogue to see the agents there now.",
        action: "reload-catalogue",
        actionLabel: "Reload catalogue",
      };
    case "card.log-unreadable":
      return {
        title: "The record of approved cards could not be read.",
        next: "Check cards/approvals.json in the catalogue folder (it must be valid JSON, or can be removed to start over), then try again.",
        action: "retry",
        actionLabel: "Try again",
      };
    case "card.unsignable":
      return {
        title: "This card could not be signed, so it was not approved.",
        next: "The details name what to change: a value of the card in skillhouse.yaml, or your signing key (skillhouse keys new makes one). Change it, then approve again.",
        action: "none",
        actionLabel: "",
      };
    case "card.not-approved":
      return {
        title: "This card has no approval that is still current.",
        next: "Approve it in the Agent Cards view first, then publish it.",
        action: "none",
        actionLabel: "",
      };
    case "server.port-unavailable":
      return {
        title: "The cards could not be served on that port.",
        next: "Another program may be using it. Choose another port, or 0 to let Skillhouse pick a free one.",
        action: "none",
        actionLabel: "",
      };
    case "serve.cli-missing":
      return {
        title: "The skillhouse program that serves the catalogue was not found.",
        next: "Install the Skillhouse package (it puts skillhouse beside the app), or build it with cargo build -p skillhouse-cli, then switch the server on again.",
        action: "none",
        actionLabel: "",
      };
    case "serve.failed":
      return {
        title: "The MCP server did not start.",
        next: "Read what it said below. If the port is taken, choose another, or 0 to let Skillhouse pick a free one.",
        action: "none",
        actionLabel: "",
      };
    case "export.has-errors":
      return {
        title: "The catalogue has errors, so it cannot be exported.",
        next: "Open Diagnostics, fix the errors it lists (each opens the file at the problem), then export again.",
        action: "none",
        actionLabel: "",
      };
    case "export.has-warnings":
      return {
        title: "The catalogue has warnings, and this export refuses warnings.",
        next: "Fix the warnings listed in Diagnostics, or untick “Refuse warnings” and export again.",
        action: "none",
        actionLabel: "",
      };
    case "export.invalid-option":
      return {
        title: "The export cannot run with these choices.",
        next: "Change what the message below names (formats, destination or options), then preview again.",
        action: "none",
        actionLabel: "",
      };
    case "export.output-exists":
      return {
        title: "Something that is not an earlier export is in the way.",
        next: "Choose another destination folder, or move the files named below out of it.",
        action: "none",
        actionLabel: "",
      };
    case "export.not-a-bundle":
      return {
        title: "That is not a bundle Skillhouse can read.",
        next: "Choose a bundle folder, or a .tar.gz or .zip file written by a Skillhouse export.",
        action: "none",
        actionLabel: "",
      };
    case "export.import-refused":
      return {
        title: "The import was refused; nothing was changed.",
        next: "Preview the bundle again and check what it lists before importing.",
        action: "none",
        actionLabel: "",
      };
    case "export.cards-unreadable":
      return {
        title: "The agent cards could not be read for the export.",
        next: "Open Agent Cards to see what is wrong with them, fix it, then export again.",
        action: "none",
        actionLabel: "",
      };
    case "export.not-exported":
      return {
        title: "Skillhouse only shows files it exported in this session.",
        next: "Export again, then use Show in folder beside the result.",
        action: "none",
        actionLabel: "",
      };
    case "agents.unknown-tool":
      return {
        title: "Skillhouse does not know that agent tool.",
        next: "Pick one of the tools listed, or add your own under agents: in skillhouse.yaml.",
        action: "none",
        actionLabel: "",
      };
    case "agents.lock-invalid":
      return {
        title: "A skills lock file could not be read.",
        next: "Fix or move the lock file named below, then try again. Nothing was changed.",
        action: "retry",
        actionLabel: "Try again",
      };
    case "agents.plan-stale":
      return {
        title: "The agent folders changed since this plan was made.",
        next: "Nothing was written. Look at the new plan, then apply it.",
        action: "retry",
        actionLabel: "Plan again",
      };
    case "agents.write-failed":
      return {
        title: "Installing stopped part-way, and what had changed was put back.",
        next: "Read the reason below, fix it (space, permissions), then sync again.",
        action: "retry",
        actionLabel: "Try again",
      };
    case "demo.read-only":
      return {
        title: "This demo can only show the sample catalogue.",
        next: "Open the catalogue in the Skillhouse desktop app to change, check or export it.",
        action: "none",
        actionLabel: "",
      };
    case "io":
      return {
        title: "A file could not be read or written.",
        next: "Check that the folder is still there and that you may change it, then try again.",
        action: "retry",
        actionLabel: "Try again",
      };
    case "internal":
    default:
      return {
        title: "Something went wrong inside Skillhouse.",
        next: "Try again. If it keeps happening, restart Skillhouse and report what you were doing.",
        action: "retry",
        actionLabel: "Try again",
      };
  }
}
