import { useEffect, useState } from "react";
import type { About } from "../bindings/About";
import type { AppError } from "../bindings/AppError";
import { Modal } from "../actions/Modal";
import * as platform from "../platform";

/** This build's version and commit, and the `skillhouse` CLI the app runs to serve over MCP. */
export function AboutDialog(props: { onClose: () => void }) {
  const [about, setAbout] = useState<About | null>(null);
  const [failure, setFailure] = useState<AppError | null>(null);
  useEffect(() => {
    platform.about().then(setAbout, (reason: unknown) => setFailure(platform.toAppError(reason)));
  }, []);
  return (
    <Modal
      title="About Skillhouse"
      onClose={props.onClose}
      testId="about-dialog"
      footer={
        <button type="button" className="button primary" onClick={props.onClose}>
          Close
        </button>
      }
    >
      {failure && <p className="field-note error">{failure.message}</p>}
      {!about && !failure && <p className="muted">Reading the build…</p>}
      {about && (
        <dl className="about-facts">
          <dt>Version</dt>
          <dd data-testid="about-version">{about.version}</dd>
          <dt>Commit</dt>
          <dd data-testid="about-commit">
            <code>{about.commit}</code>
          </dd>
          <dt>Command line</dt>
          <dd data-testid="about-cli">
            {about.cli ? (
              <>
                <code>{about.cli.path}</code>
                <div className={about.cli.sameBuild ? "muted small" : "field-note warning"}>
                  {about.cli.sameBuild
                    ? "The same build as this app: CI running it checks what you see here."
                    : `A different build (${about.cli.versionLine ?? "it did not say its version"}): CI running it may check differently from this app. Install one package for both.`}
                </div>
              </>
            ) : (
              <span className="field-note warning">
                No <code>skillhouse</code> program beside the app or on the PATH: serving over MCP needs it.
              </span>
            )}
          </dd>
        </dl>
      )}
    </Modal>
  );
}
