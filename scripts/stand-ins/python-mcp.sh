#!/usr/bin/env bash
# Installs the Python MCP SDK (PyPI `mcp`) into a venv under the project's ignored cache dir, cached
# by version: services/mcp-gateway/test/client-interop.test.ts calls the service's tools with it,
# as a Python client would. Without it that suite prints why it skips.
set -euo pipefail
MCP_PYTHON_VERSION=2.3.0
exec bash "$(dirname "$0")/pip-venv.sh" python-mcp "$MCP_PYTHON_VERSION" "mcp==$MCP_PYTHON_VERSION"
