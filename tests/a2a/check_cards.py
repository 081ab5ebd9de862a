#!/usr/bin/env python3
"""Check served A2A Agent Cards with the real A2A Python client (a2a-sdk==1.3.0).

Usage:
    python check_cards.py BASE_URL AGENT_ID [AGENT_ID ...]
    python check_cards.py --root-card BASE_URL [AGENT_ID ...]
    python check_cards.py --no-v03 BASE_URL AGENT_ID      # 1.0-only cards
    python check_cards.py --v03-only BASE_URL AGENT_ID    # 0.3-only cards

For each agent id the card at BASE_URL/agents/<id>/.well-known/agent-card.json
(with --root-card also BASE_URL/.well-known/agent-card.json, once) is

 (a) fetched and parsed by a2a.client.A2ACardResolver(...).get_agent_card()
     -- the SDK's 1.0 path: ProtoJSON, unknown fields ignored, 0.3 fields
     mapped only where the 1.0 ones are absent;
 (b) checked with a2a.utils.proto_utils.validate_proto_required_fields(card)
     (every (google.api.field_behavior) = REQUIRED field set / non-empty);
 (c) checked for a non-empty name, skills and supported interfaces, plus
     what the SDK lets through silently: an interface protocolVersion that is
     not Major.Minor, an apiKey location other than query/header/cookie,
     a security scheme with no variant,
     oauth2 flows with no flow, securityRequirements naming undeclared
     schemes or written in a shape the lenient parser drops (the 0.3
     {"name": [scopes]} form, or bare scope lists), and 1.0 security-scheme
     wrappers that disagree with the flat 0.3 fields the SDK actually reads
     when "type" is present;
 (d) read again, from the same response body, the way the SDK reads A2A 0.3
     cards: a2a.compat.v0_3.types.AgentCard.model_validate(json) (the pydantic
     0.3 model; identical to a2a-sdk 0.3.x's a2a.types.AgentCard, which the
     0.3.x A2ACardResolver uses) followed by
     a2a.compat.v0_3.conversions.to_core_agent_card(); then the 0.3 view is
     compared with the 1.0 view (name, version, skills, modes, security
     schemes and requirements) so that a card that 0.3 clients read
     differently from 1.0 clients fails too.  --no-v03 skips (d).

Prints one line per card: 'ok <id>: <n> skills' or 'FAIL <id>: <reason>'
(warnings go to stderr) and exits 1 if any card failed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import sys
import urllib.parse

from typing import Any

import httpx

from google.protobuf.json_format import MessageToDict, ParseDict
from pydantic import ValidationError

from a2a.client import A2ACardResolver, AgentCardResolutionError
from a2a.compat.v0_3 import conversions as v03_conversions
from a2a.compat.v0_3 import types as v03_types
from a2a.types.a2a_pb2 import AgentCard, SecurityScheme
from a2a.utils.errors import InvalidParamsError
from a2a.utils.proto_utils import validate_proto_required_fields

ROOT_LABEL = 'root'
WELL_KNOWN = '/.well-known/agent-card.json'


class CardCheckError(Exception):
    """A check failed; the message is the one-line reason."""


def _one_line(text: str, limit: int = 400) -> str:
    text = ' '.join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + '...'


def _warn(label: str, msg: str) -> None:
    print(f'warn {label}: {msg}', file=sys.stderr)


def _card_path(agent_id: str | None) -> str:
    if agent_id is None:
        return WELL_KNOWN
    return f'/agents/{urllib.parse.quote(agent_id, safe="")}{WELL_KNOWN}'


def _required_field_errors(card: AgentCard) -> list[str]:
    try:
        validate_proto_required_fields(card)
    except InvalidParamsError as e:
        data = e.data or {}
        return [
            f'{err.get("field")}: {err.get("message")}'
            for err in data.get('errors', [])
        ] or [str(e)]
    return []


def _requirements(reqs: Any) -> list[dict[str, list[str]]]:
    return [
        {name: sorted(sl.list) for name, sl in r.schemes.items()} for r in reqs
    ]


WRAPPER_KEYS = (
    'apiKeySecurityScheme',
    'httpAuthSecurityScheme',
    'oauth2SecurityScheme',
    'openIdConnectSecurityScheme',
    'mtlsSecurityScheme',
)


def _wrapper_disagreements(raw: Any, card: AgentCard) -> list[str]:
    """1.0 wrappers in the JSON that the SDK did not read as written.

    When a scheme also carries the 0.3 discriminator `type`, a2a-sdk 1.3.0's
    resolver rebuilds the scheme from the flat 0.3 fields and drops the 1.0
    wrapper, while other 1.0 readers use the wrapper; the two must agree.
    """
    out: list[str] = []
    schemes = raw.get('securitySchemes') if isinstance(raw, dict) else None
    if not isinstance(schemes, dict):
        return out
    for name, scheme in schemes.items():
        if not isinstance(scheme, dict) or name not in card.security_schemes:
            continue
        wrappers = {k: scheme[k] for k in WRAPPER_KEYS if k in scheme}
        if len(wrappers) != 1:
            continue
        try:
            as_written = ParseDict(
                wrappers, SecurityScheme(), ignore_unknown_fields=True
            )
        except Exception as e:  # noqa: BLE001
            out.append(f'securitySchemes[{name}] wrapper does not parse: {e}')
            continue
        if MessageToDict(as_written) != MessageToDict(card.security_schemes[name]):
            out.append(
                f'securitySchemes[{name}]: the 1.0 wrapper says '
                f'{MessageToDict(as_written)} but a2a-sdk read '
                f'{MessageToDict(card.security_schemes[name])} '
                '(it rebuilds the scheme from the flat 0.3 fields when "type" is present)'
            )
    return out


def _requirement_shape_errors(raw: Any) -> list[str]:
    """securityRequirements entries that a lenient ProtoJSON reader drops.

    a2a-sdk parses with ignore_unknown_fields=True, so the 0.3 shape
    [{"name": [scopes]}] becomes an empty requirement (= no auth) and
    {"schemes": {"name": [scopes]}} loses its scopes, both without an error.
    """
    out: list[str] = []
    if not isinstance(raw, dict):
        return out
    places = [('securityRequirements', raw.get('securityRequirements'))]
    for i, skill in enumerate(raw.get('skills') or []):
        if isinstance(skill, dict):
            places.append(
                (f'skills[{i}].securityRequirements', skill.get('securityRequirements'))
            )
    for where, reqs in places:
        if reqs is None or not isinstance(reqs, list):
            continue
        for j, req in enumerate(reqs):
            if not isinstance(req, dict):
                continue
            extra = sorted(set(req) - {'schemes'})
            if extra:
                out.append(
                    f'{where}[{j}] has members {extra} besides "schemes" '
                    '(0.3 shape?), which a2a-sdk silently drops'
                )
            schemes = req.get('schemes')
            if isinstance(schemes, dict):
                for name, sl in schemes.items():
                    if not isinstance(sl, dict):
                        out.append(
                            f'{where}[{j}].schemes.{name} must be '
                            '{"list": [scopes]}, a2a-sdk silently drops '
                            f'{json.dumps(sl)}'
                        )
    return out


def _semantic_errors(card: AgentCard) -> list[str]:
    """Rules of the proto that validate_proto_required_fields does not check."""
    out: list[str] = []
    declared = set(card.security_schemes)
    for i, iface in enumerate(card.supported_interfaces):
        if not re.fullmatch(r'[0-9]+\.[0-9]+', iface.protocol_version):
            out.append(
                f'supportedInterfaces[{i}].protocolVersion '
                f'{iface.protocol_version!r} is not Major.Minor'
            )
    for name, scheme in card.security_schemes.items():
        kind = scheme.WhichOneof('scheme')
        if kind is None:
            out.append(f'securitySchemes[{name}] sets no variant (oneof scheme)')
        elif kind == 'api_key_security_scheme' and (
            scheme.api_key_security_scheme.location not in ('query', 'header', 'cookie')
        ):
            out.append(
                f'securitySchemes[{name}] apiKey location '
                f'{scheme.api_key_security_scheme.location!r} is not query/header/cookie'
            )
        elif kind == 'oauth2_security_scheme' and (
            scheme.oauth2_security_scheme.flows.WhichOneof('flow') is None
        ):
            out.append(f'securitySchemes[{name}] oauth2 flows set no flow (oneof flow)')
    reqs = [('securityRequirements', card.security_requirements)] + [
        (f'skills[{s.id}].securityRequirements', s.security_requirements)
        for s in card.skills
    ]
    for where, rs in reqs:
        for r in rs:
            for name in r.schemes:
                if name not in declared:
                    out.append(f'{where} names undeclared scheme {name!r}')
    return out


def _compare_views(
    v10: AgentCard, v03: AgentCard, notes: list[str]
) -> list[str]:
    """Differences between what a 1.0 client and a 0.3 client read.

    Differences that A2A 0.3 cannot avoid are appended to `notes` instead.
    """
    diffs: list[str] = []
    for field in ('name', 'description', 'version'):
        if getattr(v10, field) != getattr(v03, field):
            diffs.append(f'{field} differs')
    if list(v10.default_input_modes) != list(v03.default_input_modes):
        diffs.append('defaultInputModes differ')
    if list(v10.default_output_modes) != list(v03.default_output_modes):
        diffs.append('defaultOutputModes differ')
    if [s.id for s in v10.skills] != [s.id for s in v03.skills]:
        diffs.append('skill ids differ')
    else:
        for s10, s03 in zip(v10.skills, v03.skills, strict=True):
            if list(s10.tags) != list(s03.tags):
                diffs.append(f'skill {s10.id}: tags differ')
            if _requirements(s10.security_requirements) != _requirements(
                s03.security_requirements
            ):
                diffs.append(
                    f'skill {s10.id}: securityRequirements (1.0) and '
                    f'security (0.3) differ'
                )
    names10, names03 = set(v10.security_schemes), set(v03.security_schemes)
    if names10 != names03:
        diffs.append(
            f'securitySchemes names differ (1.0 {sorted(names10)}, '
            f'0.3 {sorted(names03)})'
        )
    for name in sorted(names10 & names03):
        s10 = v10.security_schemes[name]
        s03 = v03.security_schemes[name]
        k10, k03 = s10.WhichOneof('scheme'), s03.WhichOneof('scheme')
        if k10 != k03:
            diffs.append(
                f'securitySchemes[{name}] is {k10} for 1.0 but {k03} for 0.3 '
                f'(0.3 form needs "type" plus the flat fields)'
            )
        else:
            d10, d03 = MessageToDict(s10), MessageToDict(s03)
            # What A2A 0.3 cannot express: pkceRequired and the deviceCode flow.
            flows10 = d10.get('oauth2SecurityScheme', {}).get('flows', {})
            if flows10.get('authorizationCode', {}).pop('pkceRequired', None):
                notes.append(f'securitySchemes[{name}]: pkceRequired is invisible to 0.3 clients')
            if 'deviceCode' in flows10:
                flows10.pop('deviceCode')
                notes.append(f'securitySchemes[{name}]: the deviceCode flow is invisible to 0.3 clients')
            if d10 != d03:
                diffs.append(
                    f'securitySchemes[{name}] differs: 1.0 {d10} vs 0.3 {d03}'
                )
    if _requirements(v10.security_requirements) != _requirements(
        v03.security_requirements
    ):
        diffs.append(
            'securityRequirements (1.0) and security (0.3) differ: '
            f'{_requirements(v10.security_requirements)} vs '
            f'{_requirements(v03.security_requirements)}'
        )
    return diffs


async def check_card(
    client: httpx.AsyncClient,
    bodies: list[httpx.Response],
    base_url: str,
    label: str,
    card_path: str,
    check_v03: bool,
    pure_v03: bool = False,
) -> int:
    """Runs checks (a)-(d) on one card; returns the number of skills."""
    # (a) fetch + parse through the SDK's resolver (1.0 path).
    resolver = A2ACardResolver(
        httpx_client=client, base_url=base_url, agent_card_path=card_path
    )
    try:
        card = await resolver.get_agent_card()
    except AgentCardResolutionError as e:
        raise CardCheckError(f'A2ACardResolver: {e}') from e

    target = f'{resolver.base_url}/{resolver.agent_card_path}'
    # The response hook kept the body of the request the resolver just made.
    response = bodies[-1] if bodies else None
    if response is not None:
        ctype = response.headers.get('content-type', '')
        if not ctype.split(';')[0].strip().lower() == 'application/json':
            _warn(label, f'Content-Type is {ctype!r}, not application/json')

    # (b) REQUIRED fields of the proto.
    missing = _required_field_errors(card)
    if missing:
        raise CardCheckError(
            'validate_proto_required_fields: ' + '; '.join(missing)
        )

    # (c) the essentials really parsed.
    if not card.name:
        raise CardCheckError('card.name is empty after parsing')
    if not card.skills:
        raise CardCheckError('card.skills is empty after parsing')
    if not card.supported_interfaces:
        raise CardCheckError('card.supported_interfaces is empty after parsing')

    if response is None:
        raise CardCheckError(f'internal: response body for {target} not captured')
    raw = response.json()
    if pure_v03 and isinstance(raw, dict) and 'supportedInterfaces' in raw:
        raise CardCheckError('--v03-only was given but the card has 1.0 supportedInterfaces')
    if isinstance(raw, dict) and 'supportedInterfaces' not in raw and not pure_v03:
        raise CardCheckError(
            'no supportedInterfaces in the JSON: a 0.3-only card (a2a-sdk '
            'synthesized supported_interfaces from url/preferredTransport/'
            'additionalInterfaces, and validate_proto_required_fields cannot see that)'
        )
    semantic = _semantic_errors(card)
    if pure_v03:
        # The SDK copies the card-level 0.3 protocolVersion ("0.3.0", three parts as 0.3
        # writes it) into the interfaces it synthesizes; that is the SDK's value, not the card's.
        semantic = [p for p in semantic if not (p.startswith('supportedInterfaces[') and 'is not Major.Minor' in p)]
    problems = (
        semantic
        + _requirement_shape_errors(raw)
        + _wrapper_disagreements(raw, card)
    )
    if problems:
        raise CardCheckError('; '.join(problems))

    # (d) the same JSON read as an A2A 0.3 card.
    if check_v03:
        try:
            card03 = v03_types.AgentCard.model_validate(raw)
        except ValidationError as e:
            errs = '; '.join(
                f'{".".join(str(p) for p in err["loc"])}: {err["msg"]}'
                for err in e.errors()[:6]
            )
            raise CardCheckError(f'0.3 AgentCard.model_validate: {errs}') from e
        try:
            core03 = v03_conversions.to_core_agent_card(card03)
        except Exception as e:  # noqa: BLE001 - report any conversion failure
            raise CardCheckError(
                f'0.3 to_core_agent_card: {type(e).__name__}: {e}'
            ) from e
        notes: list[str] = []
        diffs = _compare_views(card, core03, notes)
        for note in notes:
            _warn(label, note)
        if diffs:
            raise CardCheckError(
                '0.3 view differs from 1.0 view: ' + '; '.join(diffs)
            )
        v10_ifaces = {
            (i.url, i.protocol_binding) for i in card.supported_interfaces
        }
        primary = (card03.url, card03.preferred_transport or 'JSONRPC')
        if pure_v03:
            pass  # the 1.0 interfaces were synthesized from these very fields
        elif primary not in v10_ifaces:
            _warn(
                label,
                f'0.3 url/preferredTransport {primary} is not one of '
                'supportedInterfaces',
            )
        elif not any(
            i.url == card03.url and i.protocol_version.startswith('0.')
            for i in card.supported_interfaces
        ):
            _warn(
                label,
                f'0.3 url {card03.url} has no supportedInterfaces entry with '
                'a 0.x protocolVersion',
            )
    return len(card.skills)


async def run(args: argparse.Namespace) -> int:
    bodies: list[httpx.Response] = []

    async def keep_body(response: httpx.Response) -> None:
        await response.aread()
        bodies.append(response)

    targets: list[tuple[str, str]] = []
    if args.root_card:
        targets.append((ROOT_LABEL, _card_path(None)))
    targets.extend((agent_id, _card_path(agent_id)) for agent_id in args.agent_ids)

    failures = 0
    async with httpx.AsyncClient(
        timeout=args.timeout, event_hooks={'response': [keep_body]}
    ) as client:
        for label, path in targets:
            bodies.clear()
            try:
                n = await check_card(
                    client, bodies, args.base_url, label, path,
                    not args.no_v03, args.v03_only,
                )
            except CardCheckError as e:
                failures += 1
                print(f'FAIL {label}: {_one_line(str(e))}')
            except Exception as e:  # noqa: BLE001 - one line per agent, always
                failures += 1
                print(f'FAIL {label}: {_one_line(f"{type(e).__name__}: {e}")}')
            else:
                print(f'ok {label}: {n} skills')
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description='Check served A2A Agent Cards with a2a-sdk 1.3.0 (1.0 and 0.3 paths).'
    )
    parser.add_argument('base_url', metavar='BASE_URL')
    parser.add_argument('agent_ids', metavar='AGENT_ID', nargs='*')
    parser.add_argument(
        '--root-card',
        action='store_true',
        help=f'also check BASE_URL{WELL_KNOWN} (once)',
    )
    parser.add_argument(
        '--no-v03',
        action='store_true',
        help='skip check (d), the A2A 0.3 reading (for 1.0-only cards)',
    )
    parser.add_argument(
        '--v03-only',
        action='store_true',
        help='the cards are 0.3-only (no supportedInterfaces): accept the '
        'interfaces a2a-sdk synthesizes from url/additionalInterfaces, and '
        'require the 0.3 reading (d) to agree with the 1.0 one',
    )
    parser.add_argument('--timeout', type=float, default=10.0)
    args = parser.parse_args(argv)
    if not args.agent_ids and not args.root_card:
        parser.error('give at least one AGENT_ID, or --root-card')
    # The SDK logs every fetched card at INFO and spec warnings at WARNING;
    # keep stdout to one line per card.
    logging.basicConfig(level=logging.ERROR)
    return asyncio.run(run(args))


if __name__ == '__main__':
    sys.exit(main())
