"""A protected MCP server written the way the official MCP Python SDK
documents authorization: `MCPServer(..., auth=AuthSettings(...),
auth_server_provider=...)`, the SDK's `mcp.server.auth` serving the
protected resource metadata, the authorization server metadata, dynamic
registration, the authorization and token endpoints (PKCE checked by the
SDK) and requiring a bearer token with the `notes:read` scope on `/mcp`.

The provider is an in-memory `OAuthAuthorizationServerProvider` that
approves at once: `authorize` returns the redirect back with a code, as a
provider whose user is already signed in does (and as the SDK's own tests
do). Every token it issues begins `sdk-token-`.

    python sdk_python_auth.py PORT
"""

import secrets
import sys
import time

from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    OAuthAuthorizationServerProvider,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

PORT = int(sys.argv[1])
BASE = "http://127.0.0.1:%d" % PORT


class Provider(OAuthAuthorizationServerProvider[AuthorizationCode, RefreshToken, AccessToken]):
    def __init__(self):
        self.clients = {}
        self.codes = {}
        self.tokens = {}
        self.refresh_tokens = {}

    async def get_client(self, client_id):
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull):
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client, params: AuthorizationParams):
        code = secrets.token_urlsafe(24)
        self.codes[code] = AuthorizationCode(
            code=code,
            client_id=client.client_id,
            scopes=params.scopes or ["notes:read"],
            expires_at=time.time() + 300,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(self, client, authorization_code):
        return self.codes.get(authorization_code)

    def issue(self, client_id, scopes, resource):
        access = "sdk-token-" + secrets.token_hex(16)
        refresh = "sdk-refresh-" + secrets.token_hex(16)
        self.tokens[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes,
            expires_at=int(time.time()) + 3600, resource=resource)
        self.refresh_tokens[refresh] = RefreshToken(token=refresh, client_id=client_id, scopes=scopes)
        return OAuthToken(access_token=access, token_type="Bearer", expires_in=3600,
                          refresh_token=refresh, scope=" ".join(scopes))

    async def exchange_authorization_code(self, client, authorization_code):
        self.codes.pop(authorization_code.code, None)
        return self.issue(client.client_id, authorization_code.scopes, authorization_code.resource)

    async def load_refresh_token(self, client, refresh_token):
        return self.refresh_tokens.get(refresh_token)

    async def exchange_refresh_token(self, client, refresh_token, scopes):
        self.refresh_tokens.pop(refresh_token.token, None)
        return self.issue(client.client_id, scopes or refresh_token.scopes, None)

    async def load_access_token(self, token):
        return self.tokens.get(token)

    async def revoke_token(self, token):
        self.tokens.pop(getattr(token, "token", None), None)


mcp = MCPServer(
    "notes-python",
    auth_server_provider=Provider(),
    auth=AuthSettings(
        issuer_url=BASE,
        resource_server_url=BASE + "/mcp",
        client_registration_options=ClientRegistrationOptions(
            enabled=True, valid_scopes=["notes:read"], default_scopes=["notes:read"]),
        required_scopes=["notes:read"],
    ),
)


@mcp.tool()
def read_notes() -> str:
    """Read the notes."""
    return "three notes"


if __name__ == "__main__":
    mcp.run(transport="streamable-http", host="127.0.0.1", port=PORT)
