import type { CardReview } from "../bindings/CardReview";
import type { Signing } from "../bindings/Signing";

/** Every signature verified, and there is one. */
export function signingVerified(signing: Signing): boolean {
  return signing.checks.length > 0 && signing.checks.every((c) => c.outcome === "verified");
}

/** An approved card that could be signed but is not: approving it again signs it. */
export function needsSigning(review: CardReview): boolean {
  return review.approval !== undefined && review.signing.keys > 0 && review.signing.keySetProblem === undefined && review.signing.checks.length === 0;
}

/**
 * Who signed the approved card and whether each signature verifies against the catalogue's
 * `cards/jwks.json`, or why not: what a product owner checks before publication.
 */
export function SignedBy(props: { review: CardReview }) {
  const { review } = props;
  const a = review.approval;
  if (!a) return null;
  const { signing } = review;
  const of = review.status === "changed" ? ` (of the approved version ${a.version})` : "";
  if (signing.keySetProblem) {
    return (
      <p className="review-blocked" data-testid="signing" data-state="key-set-problem">
        Signatures not checked: {signing.keySetProblem}. Fix or restore <code>cards/jwks.json</code> (it is in git).
      </p>
    );
  }
  if (signing.checks.length === 0) {
    return (
      <p className="muted small" data-testid="signing" data-state="unsigned">
        {signing.keys === 0 ? (
          <>
            Not signed: this catalogue has no signing key. <code>skillhouse keys new</code> makes one, and approvals are signed from then on.
          </>
        ) : (
          <>Not signed{of}: it was approved before the catalogue had a signing key. Approve it again to sign it.</>
        )}
      </p>
    );
  }
  return (
    <ul className="signatures" data-testid="signing" data-state={signingVerified(signing) ? "verified" : "failed"}>
      {signing.checks.map((c) =>
        c.outcome === "verified" ? (
          <li key={c.index} className="signature-ok" data-testid="signature" data-outcome={c.outcome}>
            Signed by <strong>{a.approvedBy}</strong>
            {of} with {c.alg} key <code title={c.kid}>{(c.kid ?? "").slice(0, 12)}…</code>: verified against <code>cards/jwks.json</code>
            {c.jku && <span className="muted small"> (key set published at {c.jku}, not fetched)</span>}
          </li>
        ) : (
          <li key={c.index} className="signature-failed" data-testid="signature" data-outcome={c.outcome}>
            Signature {c.index + 1} failed: {c.message}
          </li>
        ),
      )}
    </ul>
  );
}
