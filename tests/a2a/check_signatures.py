"""Cross-verification of signed agent cards with a2a-sdk's own signing code (a2a.utils.signing).

  python check_signatures.py verify-ours CARD JWKS
      a2a-sdk's create_signature_verifier must verify the card Skillhouse signed, once per
      algorithm (EdDSA, then ES256: with one algorithm allowed, only that key's signature can
      pass), and must refuse the same card with one byte of its description changed.
  python check_signatures.py verify-published CARD JWKS JKU
      the card as an a2a-site export published it (with `jku` in each signature's unprotected
      header) verifies with a2a-sdk against the site's key set, for each algorithm, and the
      `jku` in the published bytes is the one the export was told.
  python check_signatures.py sign-theirs CARD OUT_DIR
      a2a-sdk's create_agent_card_signer signs the (unsigned) card with a fresh Ed25519 key and a
      fresh P-256 key; writes OUT_DIR/signed.json, OUT_DIR/jwks.json (public keys only) and
      OUT_DIR/changed.json (the signed card with a changed description), for `skillhouse card
      verify` to check.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from google.protobuf.json_format import MessageToDict, ParseDict
from jwt import PyJWK
from jwt.algorithms import ECAlgorithm, OKPAlgorithm

from a2a.types.a2a_pb2 import AgentCard
from a2a.utils.signing import InvalidSignaturesError, create_agent_card_signer, create_signature_verifier


def card_from(path: str) -> AgentCard:
    return ParseDict(json.loads(Path(path).read_text()), AgentCard())


def verify_ours(card_path: str, jwks_path: str) -> None:
    jwks = json.loads(Path(jwks_path).read_text())["keys"]
    by_kid = {k["kid"]: k for k in jwks}

    def key_provider(kid: str | None, jku: str | None) -> PyJWK:
        assert jku is None, f"the signature names a jku ({jku}); none was asked for"
        return PyJWK(by_kid[kid])

    card = card_from(card_path)
    assert len(card.signatures) == 2, f"expected an EdDSA and an ES256 signature, found {len(card.signatures)}"
    for alg in ("EdDSA", "ES256"):
        create_signature_verifier(key_provider, [alg])(card)
        print(f"a2a-sdk verified Skillhouse's {alg} signature")
    changed = card_from(card_path)
    changed.description = changed.description + "!"
    for alg in ("EdDSA", "ES256"):
        try:
            create_signature_verifier(key_provider, [alg])(changed)
        except InvalidSignaturesError:
            print(f"a2a-sdk refused the changed card ({alg})")
        else:
            raise SystemExit(f"a2a-sdk verified a changed card with {alg}")


def verify_published(card_path: str, jwks_path: str, jku: str) -> None:
    raw = json.loads(Path(card_path).read_text())
    named = [s.get("header", {}).get("jku") for s in raw["signatures"]]
    assert named == [jku] * len(named), f"the published signatures name {named}, not {jku}"
    by_kid = {k["kid"]: k for k in json.loads(Path(jwks_path).read_text())["keys"]}
    card = card_from(card_path)
    for alg in ("EdDSA", "ES256"):
        create_signature_verifier(lambda kid, _jku: PyJWK(by_kid[kid]), [alg])(card)
        print(f"a2a-sdk verified the published card's {alg} signature against the site's key set")


def sign_theirs(card_path: str, out_dir: str) -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    card = card_from(card_path)
    assert not card.signatures, "sign-theirs takes an unsigned card"
    ed_private = ed25519.Ed25519PrivateKey.generate()
    ec_private = ec.generate_private_key(ec.SECP256R1())
    keys = []
    for kid, alg, private, algorithm in (
        ("theirs-ed", "EdDSA", ed_private, OKPAlgorithm),
        ("theirs-es", "ES256", ec_private, ECAlgorithm),
    ):
        card = create_agent_card_signer(private, {"alg": alg, "kid": kid, "typ": "JOSE"})(card)
        public = json.loads(algorithm.to_jwk(private.public_key()))
        keys.append({**public, "kid": kid, "alg": alg, "use": "sig"})
    signed = MessageToDict(card)
    (out / "signed.json").write_text(json.dumps(signed, indent=2, ensure_ascii=False))
    (out / "jwks.json").write_text(json.dumps({"keys": keys}, indent=2))
    signed["description"] = signed["description"] + "!"
    (out / "changed.json").write_text(json.dumps(signed, indent=2, ensure_ascii=False))
    print(f"a2a-sdk signed the card with EdDSA and ES256 into {out}")


if __name__ == "__main__":
    match sys.argv[1:]:
        case ["verify-ours", card, jwks]:
            verify_ours(card, jwks)
        case ["verify-published", card, jwks, jku]:
            verify_published(card, jwks, jku)
        case ["sign-theirs", card, out_dir]:
            sign_theirs(card, out_dir)
        case _:
            raise SystemExit(__doc__)
