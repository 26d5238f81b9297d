"""What `tracker --serve` answers over HTTP, in process (aiohttp's test client, no view
started): the page, textual-serve's own assets, and nothing else: no directory
listing, no way out of the static folder, no download route, not the save itself;
the page's socket URL follows the address the browser used (a phone's), and a socket
opened from another site's page, or past the cap, is refused."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.support.serve_client import a_save
from tracker.players.serve import MAX_VIEWS, ViewServer


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[TestClient[object, object]]:
    server = ViewServer(a_save(tmp_path), "127.0.0.1", 8000)
    async with TestClient(TestServer(await server.make_web_app())) as test_client:
        test_client.view_server = server  # type: ignore[attr-defined]
        yield test_client


async def test_the_page_points_its_socket_at_the_address_the_browser_used(
    client: TestClient[object, object],
) -> None:
    page = await client.get("/", headers={"Host": "192.168.1.20:8000"})
    assert page.status == 200
    html = await page.text()
    assert 'data-session-websocket-url="ws://192.168.1.20:8000/ws"' in html
    assert "http://192.168.1.20:8000/static/js/textual.js" in html
    assert "Players&#39; view — fight.json" in html or "Players' view — fight.json" in html


async def test_the_page_fits_a_phone_and_asks_the_internet_for_nothing(
    client: TestClient[object, object],
) -> None:
    """Issue 25: without a viewport a phone laid the page out 980 px wide and shrank it
    to ~40 %; it had no title; it fetched its font from Google (none offline)."""
    html = await (await client.get("/")).text()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1" />' in html
    assert "<title>Players&#39; view — fight.json</title>" in html
    assert "googleapis" not in html and "https://" not in html
    assert 'data-font-size="16"' in html
    script = "<script>alert(1)</script>"
    big = await (await client.get("/", params={"fontsize": script})).text()
    assert script not in big and 'data-font-size="16"' in big  # a number, or the default


async def test_textual_serves_own_assets_are_served(client: TestClient[object, object]) -> None:
    script = await client.get("/static/js/textual.js")
    assert script.status == 200 and len(await script.read()) > 100_000


@pytest.mark.parametrize(
    "path",
    [
        "/static/",
        "/static/js/",
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/static/..%2fserver.py",
        "/static/%2e%2e/%2e%2e/__init__.py",
        "/download/anything",
        "/download/",
        "/fight.json",
        "/ws/../fight.json",
        "/etc/passwd",
    ],
)
async def test_nothing_else_is_served(client: TestClient[object, object], path: str) -> None:
    status, body = await raw_get(client, path)
    assert status in (403, 404), (path, status)
    assert "import" not in body and "Ana" not in body and "<a href" not in body


async def raw_get(client: TestClient[object, object], path: str) -> tuple[int, str]:
    """GET exactly `path`, as typed (a client library would normalise the `..` away)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", client.port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    answer = (await asyncio.wait_for(reader.read(), 10)).decode("utf-8", "replace")
    writer.close()
    return int(answer.split(" ", 2)[1]), answer


async def test_nothing_is_posted(client: TestClient[object, object]) -> None:
    assert (await client.post("/", data=b"x")).status == 405
    assert (await client.put("/static/js/textual.js", data=b"x")).status == 405


async def test_a_socket_from_another_sites_page_is_refused(
    client: TestClient[object, object],
) -> None:
    answer = await client.get(
        "/ws", headers={"Origin": "http://evil.example", "Connection": "Upgrade"}
    )
    assert answer.status == 403


async def test_a_forged_host_header_is_refused(client: TestClient[object, object]) -> None:
    for host in ('x" onload="alert(1)', "a b", "<script>"):
        assert (await client.get("/", headers={"Host": host})).status == 400


async def test_views_past_the_cap_are_refused(client: TestClient[object, object]) -> None:
    client.view_server.views = MAX_VIEWS  # type: ignore[attr-defined]
    answer = await client.get("/ws")
    assert answer.status == 503
    assert f"{MAX_VIEWS} views are open already" in await answer.text()


async def test_a_name_pointed_at_this_machine_by_another_site_is_refused(
    client: TestClient[object, object],
) -> None:
    """DNS rebinding: evil.example's page, its name now resolving here, reads nothing."""
    for path in ("/", "/ws"):
        answer = await client.get(path, headers={"Host": "evil.example:8000"})
        assert answer.status == 400
        assert "not a name of this machine" in await answer.text()


async def test_the_machine_is_reached_by_address_or_its_own_names(
    client: TestClient[object, object],
) -> None:
    names = ["localhost:8000", "[::1]:8000", "192.168.1.20", f"{socket.gethostname()}:8000"]
    for host in names:
        answer = await client.get("/", headers={"Host": host})
        assert answer.status == 200, host
        assert f'data-session-websocket-url="ws://{host}/ws"' in await answer.text()
