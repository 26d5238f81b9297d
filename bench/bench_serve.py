"""The players' page with a table's worth of browsers (issue 25: `view_update_ms_24`, the
median ≤ 250 ms with 24 views open).

`tracker --serve` runs as the GM starts it, on a free loopback port; 24 clients open
the page's websocket as textual.js does (tests/support/serve_client.py, the same driver
as the end-to-end tests: one piece, not a second copy). Once every view has drawn, the
GM's session saves a change SAMPLES times (a PC renamed, which every view shows whole),
each after a pause; the clock starts when `save_session` returns and stops, per view,
when that view's terminal output holds the new name. The figure is the median over all
views and samples; the slowest and how long the 24 took to draw first are printed too.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from rules.saves.store import load_session, save_session
from tests.support.serve_client import a_save, open_view, served

VIEWS = 24
SAMPLES = 5
GAP_S = 1.0
DRAW_S = 240.0  # 24 view processes starting on two cores


async def _measure(save: Path, url: str) -> tuple[list[float], float]:
    async with aiohttp.ClientSession() as http:
        started = time.perf_counter()
        views = [await open_view(http, url) for _ in range(VIEWS)]
        await asyncio.gather(*(v.until_shows("Ana", timeout=DRAW_S) for v in views))
        first = time.perf_counter() - started
        samples: list[float] = []
        for n in range(SAMPLES):
            await asyncio.sleep(GAP_S)
            gm = load_session(save)
            name = f"Ana{n}x"
            gm.encounter.combatants["ana"].name = name  # the change every view shows
            save_session(gm, save)
            saved = time.perf_counter()

            async def shown(view: object, name: str = name, saved: float = saved) -> float:
                await view.until_shows(name, timeout=DRAW_S)  # type: ignore[attr-defined]
                return (time.perf_counter() - saved) * 1000

            samples += await asyncio.gather(*(shown(v) for v in views))
        for view in views:
            await view.socket.close()
        return samples, first


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        save = a_save(Path(folder))
        with served(save, Path(folder) / "serve.log", cwd=Path(folder)) as server:
            samples, first = asyncio.run(_measure(save, server.url))
    median = statistics.median(samples)
    print(f"  ({VIEWS} views: all drawn first in {first:.1f} s; a change shown in median")
    print(f"   {median:.0f} ms, slowest {max(samples):.0f} ms, over {len(samples)} view-samples)")
    return {"view_update_ms_24": median, "view_update_ms_24_max": max(samples)}
