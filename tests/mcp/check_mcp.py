"""`skillhouse mcp` as the Python MCP SDK (PyPI `mcp`, pinned in requirements.lock.txt) sees it,
over stdio and over Streamable HTTP: initialise, list and call every tool, `skills/list` /
`skills/get` / `resources/read` with every digest and size checked against the bytes read and the
frontmatter compared with the file on disk, bad requests answered with JSON-RPC errors, and an edit
to the catalogue served without a restart: over stdio `notifications/resources/list_changed` is
received first; stateless HTTP sends no notifications, so there the listing is read until it shows.
Over HTTP with a token file, a request without the token is refused with 401.

Usage: check_mcp.py stdio|http|http-token SKILLHOUSE CATALOGUE INDEX_FILE
The catalogue is a scratch copy: this edits it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import pathlib
import re
import sys
import time
from typing import Any, Literal

import contextlib
import os
import subprocess
import urllib.error
import urllib.request

import anyio
import httpx2
import yaml
from mcp import ClientSession, MCPError, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from pydantic import TypeAdapter

SKILLS_EXTENSION = "io.modelcontextprotocol/skills"
TOKENS_META = "dev.skillhouse/tokens"
failures: list[str] = []


def check(condition: bool, what: str) -> None:
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


class SkillsList(types.Request[dict[str, Any] | None, Literal["skills/list"]]):
    method: Literal["skills/list"] = "skills/list"
    params: dict[str, Any] | None = None


class SkillsGet(types.Request[dict[str, Any], Literal["skills/get"]]):
    method: Literal["skills/get"] = "skills/get"
    params: dict[str, Any]


class DirectoryRead(types.Request[dict[str, Any], Literal["resources/directory/read"]]):
    method: Literal["resources/directory/read"] = "resources/directory/read"
    params: dict[str, Any]


ANY = TypeAdapter(dict[str, Any])


def bytes_of(contents: Any) -> bytes:
    if getattr(contents, "text", None) is not None:
        return contents.text.encode()
    return base64.b64decode(contents.blob)


class Core12Loader(yaml.SafeLoader):
    """PyYAML reads YAML 1.1, where `1_000`, `0b101` and `+0x1F` are numbers; the frontmatter is
    YAML 1.2 (its core schema), where they are strings. Numbers are resolved as 1.2 does."""


Core12Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Core12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789")
)
Core12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float", re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$"), list("-+.0123456789")
)
Core12Loader.add_constructor(
    "tag:yaml.org,2002:int",
    lambda loader, node: int(v[2:], 8) if (v := loader.construct_scalar(node)).startswith("0o") else int(v, 0) if v.startswith("0x") else int(v, 10),
)


def frontmatter_of(text: str) -> dict[str, Any]:
    assert text.startswith("---\n"), text[:40]
    return yaml.load(text.split("---\n", 2)[1], Loader=Core12Loader)


def skill_file(root: pathlib.Path, name: str) -> pathlib.Path:
    found = [p for p in root.rglob("SKILL.md") if p.parent.name == name and not any(q.is_symlink() for q in p.parents)]
    assert found, f"no folder {name} with a SKILL.md under {root}"
    return found[0]


async def list_all_skills(session: ClientSession) -> list[dict[str, Any]]:
    skills: list[dict[str, Any]] = []
    cursor = None
    pages = 0
    while True:
        page = await session.send_request(SkillsList(params={"cursor": cursor} if cursor else None), ANY)
        skills.extend(page["skills"])
        pages += 1
        cursor = page.get("nextCursor")
        if not cursor:
            return skills


async def tool_json(session: ClientSession, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await session.call_tool(name, arguments)
    check(not result.is_error, f"{name}({arguments}) is not an error: {result.content}")
    return json.loads(result.content[0].text)


@contextlib.asynccontextmanager
async def http_server(skillhouse: str, root: pathlib.Path, index: str, token: str | None):
    """Starts `skillhouse mcp --http`, yields its URL, stops it."""
    args = [skillhouse, "mcp", str(root), "--index", index, "--http"]
    if token:
        token_file = pathlib.Path(index).with_suffix(".token")
        token_file.write_text(token + "\n")
        os.chmod(token_file, 0o600)
        args += ["--token-file", str(token_file)]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), f"the server printed {url!r}"
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


async def until(predicate, seconds: float) -> float:
    """Waits until the async `predicate` holds; returns how long that took."""
    at = time.monotonic()
    while not await predicate():
        if time.monotonic() - at > seconds:
            raise TimeoutError(f"not within {seconds} s")
        await anyio.sleep(0.05)
    return time.monotonic() - at


async def run(mode: str, skillhouse: str, root: pathlib.Path, index: str) -> None:
    changed = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, types.ResourceListChangedNotification):
            changed.set()

    async with contextlib.AsyncExitStack() as stack:
        if mode == "stdio":
            server = StdioServerParameters(command=skillhouse, args=["mcp", str(root), "--index", index])
            read, write = await stack.enter_async_context(stdio_client(server))
        else:
            token = "skillhouse-test-token-0123456789abcdef" if mode == "http-token" else None
            url = await stack.enter_async_context(http_server(skillhouse, root, index, token))
            headers = {}
            if token:
                probe = urllib.request.Request(url, data=b"{}", headers={"content-type": "application/json"})
                try:
                    urllib.request.urlopen(probe)
                    check(False, "a request without the token is refused")
                except urllib.error.HTTPError as e:
                    check(e.code == 401, f"without the token: 401, got {e.code}")
                headers = {"Authorization": f"Bearer {token}"}
            # Bad bodies: each a JSON-RPC error saying why, as JSON (rmcp alone answers a plain-text 415).
            for body, status, code in [(b"{not json", 400, -32700), (b"[1,2]", 400, -32600), (b'{"jsonrpc":"1.0","id":3,"method":"tools/list"}', 400, -32600), (b"a" * (2 << 20), 413, -32600)]:
                bad = urllib.request.Request(url, data=body, headers={"content-type": "application/json", "accept": "application/json, text/event-stream", **headers})
                try:
                    urllib.request.urlopen(bad)
                    check(False, f"{body[:20]!r} is refused")
                except urllib.error.HTTPError as e:
                    answer = json.loads(e.read())
                    check(e.code == status and answer["error"]["code"] == code and answer["error"]["message"], f"{body[:20]!r}: {e.code} {answer}")
            client = await stack.enter_async_context(httpx2.AsyncClient(headers=headers, timeout=30))
            read, write = await stack.enter_async_context(streamable_http_client(url, http_client=client))
        async with ClientSession(read, write, message_handler=on_message) as session:
            started = time.monotonic()
            init = await session.initialize()
            caps = init.capabilities.model_dump(by_alias=True, exclude_none=True)
            check(SKILLS_EXTENSION in (caps.get("extensions") or {}), f"the skills extension is declared: {caps}")
            check(bool((caps.get("resources") or {}).get("listChanged")), "resources.listChanged is declared")

            # Tools.
            tools = (await session.list_tools()).tools
            names = [t.name for t in tools]
            check(names == ["list_skills", "search_skills", "load_skill", "read_skill_resource", "list_agents"], f"the five tools: {names}")
            listing_bytes = len(json.dumps([t.model_dump(by_alias=True, exclude_none=True) for t in tools]))
            print(f"tools/list: {len(tools)} tools, {listing_bytes} bytes of JSON")
            listed: list[str] = []
            cursor = None
            while True:
                args: dict[str, Any] = {"limit": 4}
                if cursor:
                    args["cursor"] = cursor
                page = await tool_json(session, "list_skills", args)
                listed.extend(s["name"] for s in page["skills"])
                check(all(s["tokens"]["l1"] > 0 for s in page["skills"]), "list_skills gives L1 tokens")
                cursor = page.get("nextCursor")
                if not cursor:
                    break
            check(len(listed) == page["total"] == len(set(listed)), f"list_skills pages give each skill once: {listed}")
            check("broken-skill" not in listed, "a skill with errors is not listed")
            hits = (await tool_json(session, "search_skills", {"query": "commit messages"}))["hits"]
            check(bool(hits) and hits[0]["name"] == "writing-commit-messages", f"search ranks the commit skill first: {hits[:2]}")
            loaded = await session.call_tool("load_skill", {"name": "naming-skills"})
            body = skill_file(root, "naming-skills").read_text().split("---\n", 2)[2].strip()
            check(not loaded.is_error and body in loaded.content[0].text, "load_skill gives the body")
            files = loaded.structured_content["files"]
            check(loaded.structured_content["tokens"]["l2"] > 0, "load_skill gives the L2 count")
            if files:
                read = await session.call_tool("read_skill_resource", {"name": "naming-skills", "path": files[0]["path"]})
                on_disk = (skill_file(root, "naming-skills").parent / files[0]["path"]).read_bytes()
                check(not read.is_error and bytes_of(read.content[0].resource) == on_disk, "read_skill_resource gives the file's bytes")
            refused = await session.call_tool("read_skill_resource", {"name": "naming-skills", "path": "../writing-commit-messages/SKILL.md"})
            check(bool(refused.is_error) and "`..`" in refused.content[0].text, f"a path out of the skill is refused: {refused.content}")
            agents = (await tool_json(session, "list_agents", {}))["agents"]
            on_disk_agents = sorted(p.stem for p in (root / "agents").glob("*.md"))
            check(sorted(a["name"] for a in agents) == on_disk_agents, f"list_agents lists every agent: {[a['name'] for a in agents]}")
            resolved = [s for a in agents for s in a["skills"]]
            check(bool(resolved) and all(s["name"] in listed and s["tokens"]["l1"] > 0 for s in resolved if "notServed" not in s), "each agent's served skills are listed skills, with tokens")

            # The Skills extension: every file's bytes against its digest and size.
            skills = await list_all_skills(session)
            print(f"skills/list: {len(skills)} skills, first page {time.monotonic() - started:.2f} s after start")
            check(sorted(s["frontmatter"]["name"] for s in skills) == sorted(listed), "skills/list and list_skills serve the same skills")
            files_read = 0
            for skill in skills:
                got = await session.send_request(SkillsGet(params={"uri": skill["uri"]}), ANY)
                check(got["skill"] == skill, f"skills/get {skill['uri']} equals its listing")
                check(TOKENS_META in skill.get("_meta", {}), f"{skill['uri']} has token counts in _meta")
                for resource in skill["resources"]:
                    result = await session.read_resource(resource["uri"])
                    data = bytes_of(result.contents[0])
                    check(len(data) == resource["size"], f"{resource['uri']}: size {len(data)} == {resource['size']}")
                    check("sha256:" + hashlib.sha256(data).hexdigest() == resource["digest"], f"{resource['uri']}: digest")
                    files_read += 1
                    if resource["uri"] == skill["uri"]:
                        on_disk = skill_file(root, skill["frontmatter"]["name"]).read_bytes()
                        check(data == on_disk, f"{skill['uri']} is the file on disk")
                        check(frontmatter_of(data.decode()) == skill["frontmatter"], f"{skill['uri']}: frontmatter as written")
            print(f"resources/read: {files_read} files, each digest and size checked")
            top = await session.send_request(DirectoryRead(params={"uri": "skill://naming-skills"}), ANY)
            check(any(r["name"] == "SKILL.md" for r in top["resources"]), f"directory read lists SKILL.md: {top}")

            # Bad requests: JSON-RPC errors, and the server keeps serving.
            for uri, code in [
                ("skill://naming-skills/../writing-commit-messages/SKILL.md", -32602),
                ("skill://no-such-skill/SKILL.md", -32002),
                ("skill://broken-skill/SKILL.md", -32002),
                ("file:///etc/passwd", -32602),
            ]:
                try:
                    await session.read_resource(uri)
                    check(False, f"{uri} is refused")
                except MCPError as e:
                    check(e.error.code == code, f"{uri}: code {e.error.code} == {code} ({e.error.message})")
            try:
                await session.send_request(SkillsGet(params={"uri": "skill://no-such-skill/SKILL.md"}), ANY)
                check(False, "skills/get of an unknown skill is refused")
            except MCPError as e:
                check(e.error.code == -32602, f"skills/get unknown: -32602, got {e.error.code}")

            # Live: an edit on disk is announced, then served; a skill that gets an error stops being served.
            target = skill_file(root, "naming-skills")
            text = target.read_text()
            edited = text.replace("description:", "description: Edited while served.", 1)
            async def served_now() -> bool:
                try:
                    now = await session.read_resource("skill://naming-skills/SKILL.md")
                except MCPError as e:
                    # Between the save and the check, the bytes on disk are not the ones checked,
                    # and the server says so rather than serve them.
                    check("changed on disk since Skillhouse checked it" in e.error.message, f"while re-checking: {e.error.message}")
                    return False
                return bytes_of(now.contents[0]) == edited.encode()

            async def gone() -> bool:
                return "naming-skills" not in [s["frontmatter"]["name"] for s in await list_all_skills(session)]

            target.write_text(edited)
            if mode == "stdio":
                at = time.monotonic()
                with anyio.fail_after(10):
                    await changed.wait()
                print(f"list_changed {time.monotonic() - at:.2f} s after the edit")
                check(await served_now(), "the edit is served without a restart")
            else:
                print(f"the edit served {await until(served_now, 10):.2f} s after it was saved")
            target.write_text(text.replace("name: naming-skills", "name: naming-skills\nname: twice", 1))
            print(f"a skill with an error gone from the listing {await until(gone, 10):.2f} s after it was saved")


def main() -> int:
    mode, skillhouse, root, index = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]), sys.argv[4]
    asyncio.run(run(mode, skillhouse, root, index))
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        return 1
    print(f"mcp ({mode}): the Python MCP SDK read every skill, file and tool as served")
    return 0


if __name__ == "__main__":
    sys.exit(main())
