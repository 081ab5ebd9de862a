"""Google ADK's McpToolset (PyPI `google-adk`, pinned in requirements.lock.txt) pointed at
`skillhouse mcp` over stdio lists the five tools, and one of them runs through ADK.

Usage: check_adk.py SKILLHOUSE CATALOGUE INDEX_FILE
"""

from __future__ import annotations

import asyncio
import sys

from google.adk.tools.mcp_tool.mcp_session_manager import StdioConnectionParams
from google.adk.tools.mcp_tool.mcp_toolset import McpToolset
from mcp import StdioServerParameters


async def run(skillhouse: str, root: str, index: str) -> int:
    params = StdioServerParameters(command=skillhouse, args=["mcp", root, "--index", index])
    toolset = McpToolset(connection_params=StdioConnectionParams(server_params=params, timeout=30))
    try:
        tools = await toolset.get_tools()
        names = [t.name for t in tools]
        expected = ["list_skills", "search_skills", "load_skill", "read_skill_resource", "list_agents"]
        if sorted(names) != sorted(expected):
            print(f"FAIL: McpToolset lists {names}, not {expected}", file=sys.stderr)
            return 1
        declarations = [t._get_declaration() for t in tools]
        missing = [d.name for d in declarations if d is None or not d.description]
        if missing:
            print(f"FAIL: ADK made no declaration with a description for {missing}", file=sys.stderr)
            return 1
        print(f"adk: McpToolset lists {', '.join(names)}")
        return 0
    finally:
        await toolset.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(run(sys.argv[1], sys.argv[2], sys.argv[3])))
