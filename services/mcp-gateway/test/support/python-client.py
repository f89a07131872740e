"""One tool call with the Python MCP SDK, as a Python client would make it: prints the result as JSON.

python-client.py <mcp url> <tool> <arguments as JSON>
"""

import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


async def main(url: str, tool: str, arguments: str) -> None:
    async with streamable_http_client(url) as streams:
        async with ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            result = await session.call_tool(tool, json.loads(arguments))
            print(
                json.dumps(
                    {
                        "is_error": bool(result.is_error),
                        "texts": [c.text for c in result.content if c.type == "text"],
                        "structured": result.structured_content,
                    }
                )
            )


asyncio.run(main(*sys.argv[1:4]))
