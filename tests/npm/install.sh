#!/usr/bin/env bash
# Installs the Node programs the tests drive, pinned, into target/npm-tools:
# Node 22 (the conformance suite needs it; npm ships it as the package
# node@22), the official MCP conformance suite (the pinned release, and
# 0.2.0-alpha.12 under the alias conformance-next) and the reference server
# @modelcontextprotocol/server-everything, mcporter (a host `mcp-elicit
# probe` measures), and the Zod converters whose
# output the source reader emulates (zod 3.25, which also ships zod/v4 and
# its z.toJSONSchema, and zod-to-json-schema), and pnpm and Yarn 1, whose
# lock files tell which SDK a package installs.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=target/npm-tools
mkdir -p "$dir"
cp tests/npm/package.json "$dir/package.json"
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null
"$dir/node_modules/.bin/node" --version >/dev/null
