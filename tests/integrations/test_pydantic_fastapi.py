"""urikit.pydantic in FastAPI: a query parameter and a body field of urikit's
types, the value as written, and the 422 response naming the field and the
position. The app is called in process through httpx's ASGI transport (what
FastAPI's TestClient does; Starlette's TestClient now warns that it wants
another HTTP client): no network.

Skipped when FastAPI (the ``fastapi`` extra, with pydantic and httpx) is not
installed.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import httpx
import pytest
from fastapi import FastAPI, Query
from pydantic import BaseModel

import urikit
from urikit.pydantic import HttpURL, SafeHttpURL


class Client(BaseModel):
    name: str
    redirect_uri: HttpURL


def make_app() -> FastAPI:
    app = FastAPI()

    @app.post("/clients")
    def register(client: Client) -> Client:
        assert type(client.redirect_uri) is urikit.URIReference
        return client

    @app.get("/fetch")
    def fetch(url: Annotated[urikit.URIReference, Query(), SafeHttpURL]) -> dict[str, Any]:
        return {"host": url.host, "url": str(url)}

    return app


class AppClient:
    """``get`` and ``post`` on an ASGI app, each request in an event loop of its own."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    def request(self, method: str, path: str, **options: Any) -> httpx.Response:
        async def send() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://app") as client:
                return await client.request(method, path, **options)

        return asyncio.run(send())

    def get(self, path: str, **options: Any) -> httpx.Response:
        return self.request("GET", path, **options)

    def post(self, path: str, **options: Any) -> httpx.Response:
        return self.request("POST", path, **options)


@pytest.fixture(scope="module")
def client() -> AppClient:
    return AppClient(make_app())


@pytest.mark.parametrize("uri", ["https://app.example", "HTTPS://App.Example:443/cb?a=1&b=%7e"])
def test_a_body_field_comes_back_as_written(client: AppClient, uri: str) -> None:
    response = client.post("/clients", json={"name": "n", "redirect_uri": uri})
    assert response.status_code == 200, response.text
    assert response.json() == {"name": "n", "redirect_uri": uri}


@pytest.mark.parametrize(
    ("uri", "kind", "reason", "position"),
    [
        ("https://app.example/c b", "uri_parsing", "invalid-char", 21),
        ("ftp://app.example/", "uri_scheme", "bad-value", 0),
        ("https:/cb", "uri_scheme", "empty-component", 6),
    ],
)
def test_a_bad_body_field_is_a_422_naming_the_position(
    client: AppClient, uri: str, kind: str, reason: str, position: int
) -> None:
    response = client.post("/clients", json={"name": "n", "redirect_uri": uri})
    assert response.status_code == 422
    (detail,) = response.json()["detail"]
    assert detail["loc"] == ["body", "redirect_uri"]
    assert detail["type"] == kind
    assert detail["input"] == uri
    assert (detail["ctx"]["reason"], detail["ctx"]["position"]) == (reason, position)
    assert f"at position {position}" in detail["msg"]


def test_a_query_parameter(client: AppClient) -> None:
    ok = client.get("/fetch", params={"url": "https://example.org/a?b"})
    assert ok.status_code == 200, ok.text
    assert ok.json() == {"host": "example.org", "url": "https://example.org/a?b"}
    blocked = client.get("/fetch", params={"url": "http://169.254.169.254/latest"})
    assert blocked.status_code == 422
    (detail,) = blocked.json()["detail"]
    assert detail["loc"] == ["query", "url"]
    assert detail["type"] == "uri_unsafe"
    assert detail["ctx"]["component"] == "host" and detail["ctx"]["position"] == 7


def test_the_openapi_schema_says_the_format(client: AppClient) -> None:
    schema = client.get("/openapi.json").json()
    body = schema["components"]["schemas"]["Client"]["properties"]["redirect_uri"]
    assert (body["type"], body["format"]) == ("string", "uri")
    (param,) = schema["paths"]["/fetch"]["get"]["parameters"]
    assert (param["in"], param["schema"]["format"]) == ("query", "uri")
