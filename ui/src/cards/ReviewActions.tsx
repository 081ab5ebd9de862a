import type { CardReview } from "../bindings/CardReview";
import type { Dialect } from "../bindings/Dialect";
import type { ServerInfo } from "../bindings/ServerInfo";
import { PortSwitch } from "../shell/PortSwitch";
import { plural } from "../model/format";
import { counts, formatTime, shortHash } from "./cardModel";
import { SignedBy, needsSigning } from "./SignedBy";

/** Approval: where the card stands, and the button that records it (refused while it has errors). */
export function ApprovalPanel(props: { review: CardReview; busy: boolean; onApprove: () => void }) {
  const { review } = props;
  const { errors } = counts(review.diagnostics);
  const a = review.approval;
  const sign = review.status === "approved" && needsSigning(review);
  const disabledReason =
    errors > 0
      ? `Fix the ${plural(errors, "error")} listed under Review findings before approving.`
      : review.status === "approved" && !sign
        ? "This exact card is already approved."
        : null;
  return (
    <div className="review-panel" data-testid="approval" data-status={review.status}>
      <div className="review-panel-text">
        <h3>Approval</h3>
        {review.status === "unapproved" && (
          <p>
            Not approved yet. Approving records this exact card (sha256 <code title={review.sha256}>{shortHash(review.sha256)}…</code>) in the
            catalogue's <code>cards/</code> folder, ready to publish.
          </p>
        )}
        {a && review.status === "approved" && (
          <p data-testid="approved-by">
            Approved by <strong>{a.approvedBy}</strong> at {formatTime(a.approvedAt)}, sha256{" "}
            <code title={a.sha256} data-testid="approved-sha">
              {shortHash(a.sha256)}…
            </code>
          </p>
        )}
        {a && review.status === "changed" && (
          <p>
            Changed since <strong>{a.approvedBy}</strong> approved version {a.version} at {formatTime(a.approvedAt)} (sha256{" "}
            <code title={a.sha256}>{shortHash(a.sha256)}…</code>). The changes are listed below.
          </p>
        )}
        <SignedBy review={review} />
        {disabledReason && errors > 0 && (
          <p className="review-blocked" data-testid="approve-reason">
            {disabledReason}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button primary"
        disabled={disabledReason !== null || props.busy}
        title={disabledReason ?? (sign ? "Approve again, signed with your key" : "Record approval of this card")}
        onClick={props.onApprove}
        data-testid="approve"
      >
        {sign ? "Sign approval" : review.status === "approved" ? "Approved" : review.status === "changed" ? "Approve changes" : "Approve"}
      </button>
    </div>
  );
}

/** The loopback card server: a switch, the port, and the addresses while it runs. */
export function ServePanel(props: {
  agent: string;
  dialect: Dialect;
  server: ServerInfo | null;
  busy: boolean;
  onStart: (port: number) => void;
  onStop: () => void;
}) {
  const { server } = props;
  const ownUrl = server ? `${server.url}/agents/${props.agent}/.well-known/agent-card.json` : "";
  const rootUrl = server ? `${server.url}/.well-known/agent-card.json` : "";
  return (
    <div className="review-panel serve-panel" data-testid="serve">
      <div className="review-panel-text">
        <h3>Serve for testing</h3>
        <p className="muted small">
          Serves the cards from this computer only (127.0.0.1), as they are now, so an A2A client can fetch them. Port 0 picks any free port.
        </p>
        {server && (
          <ul className="serve-urls" data-testid="serve-urls">
            <li>
              <span className="muted small">This agent</span>
              <code className="card-url" data-testid="serve-url">{ownUrl}</code>
            </li>
            {server.agent && (
              <li>
                <span className="muted small">At the root ({server.agent})</span>
                <code className="card-url">{rootUrl}</code>
              </li>
            )}
            <li className="muted small">
              Every agent at <code>{server.url}/agents/&lt;agent&gt;/.well-known/agent-card.json</code>, in the {server.dialect} dialect.
            </li>
          </ul>
        )}
      </div>
      <PortSwitch
        runningPort={server?.port ?? null}
        busy={props.busy}
        onStart={props.onStart}
        onStop={props.onStop}
        testId="serve"
      />
    </div>
  );
}
