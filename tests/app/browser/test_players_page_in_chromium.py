"""The players' page in a real browser (issue 25): headless Chromium (Debian's `chromium`
and `chromium-driver`; `.ci/run` installs them when missing) opens `tracker --serve`,
gets the track drawn, sees a change the GM saves arrive, and is photographed at
1280×800 and at a phone's width (390×844, as a phone lays out a page with a viewport;
the phone's browser started at a pixel ratio of 3: the terminal is painted at the
phone's own pixels. A ratio set later through DevTools' emulation painted the terminal
three times too large; a browser that has the ratio from its start, as a phone does,
does not).

What the browser was sent is read where it arrives: a script put in the page before its
own (the DevTools protocol) keeps every frame the view's websocket brings, as text with
the escape sequences taken out; the terminal itself paints on a canvas. Needs ~10 s:
a browser and two view processes start.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from rules.mechanics.dice import ScriptedDice
from rules.model.visibility_commands import SetReveal
from rules.saves.store import load_session, save_session
from tests.support.serve_client import screen_text, served
from tests.support.table_fight import saved_table_fight

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra)")
if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "no chromium / chromedriver here (Debian: apt-get install chromium chromium-driver;"
        " .ci/run installs them)",
        allow_module_level=True,
    )

KEEP_FRAMES = """
window.__frames = [];
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Native(...args);
  socket.addEventListener("message", (event) => {
    if (event.data instanceof ArrayBuffer) {
      window.__frames.push(new TextDecoder().decode(event.data));
    }
  });
  return socket;
};
window.WebSocket.prototype = Native.prototype;
"""
WAIT_S = 60.0  # a view starting and drawing on two busy cores
# The README's two pictures: `PLAYERS_PAGE_PICTURES=docs pytest tests/app/browser` copies
# the shots there as docs/players-view-1280x800.png and docs/players-view-phone.png.
PICTURES = os.environ.get("PLAYERS_PAGE_PICTURES")


@contextmanager
def chromium(tmp_path: Path, name: str, *flags: str) -> Iterator[object]:
    """A headless Chromium with its own profile, keeping the frames each page receives."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / name}",
        *flags,
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_FRAMES})
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    with chromium(tmp_path, "profile", "--window-size=1280,800") as driver:
        yield driver


def drawn(driver: object) -> str:
    frames = driver.execute_script("return window.__frames.join('')")  # type: ignore[attr-defined]
    return screen_text(str(frames).encode())


def until_shows(driver: object, *words: str) -> str:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        text = drawn(driver)
        if all(w in text for w in words):
            return text
        time.sleep(0.2)
    pytest.fail(f"the page never showed {words}: {drawn(driver)[-400:]!r}")


def test_a_browser_draws_the_track_and_the_gms_change_arrives(
    tmp_path: Path, browser: object
) -> None:
    save = saved_table_fight(tmp_path, "fight.json")  # mid-fight: cards, foes, a long log
    driver = browser
    with served(save, tmp_path / "serve.log", cwd=tmp_path) as server:
        driver.get(server.url)  # type: ignore[attr-defined]
        assert driver.title == "Players' view — fight.json"  # type: ignore[attr-defined]
        text = until_shows(driver, "Time Track", "Ana", "Unknown A", "WP taken", "acts now")
        assert "Vorn" not in text  # not revealed: the browser is never sent his name
        driver.save_screenshot(str(tmp_path / "players-1280x800.png"))  # type: ignore[attr-defined]
        gm = load_session(save)
        gm.do(SetReveal(id="vorn", reveal="name"), ScriptedDice())
        save_session(gm, save)
        until_shows(driver, "Vorn")  # the GM's change, in the browser
        # A phone: three device pixels a CSS pixel, from the browser's start (as a phone's
        # browser has it), 390 CSS pixels wide.
        with chromium(tmp_path, "phone", "--force-device-scale-factor=3") as phone:
            metrics = {"width": 390, "height": 844, "deviceScaleFactor": 0, "mobile": True}
            phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # type: ignore[attr-defined]
            phone.get(server.url)  # type: ignore[attr-defined]
            until_shows(phone, "Vorn", "Ana", "WP taken")
            width, ratio, canvas, css = phone.execute_script(  # type: ignore[attr-defined]
                "const c = document.querySelector('canvas');"
                "return [innerWidth, devicePixelRatio, c.width, c.getBoundingClientRect().width]"
            )
            assert width == 390  # the viewport: laid out at the phone's width, not 980 px
            assert ratio == 3 and canvas >= 3 * css - 3  # painted at the phone's own pixels
            phone.save_screenshot(str(tmp_path / "players-phone.png"))  # type: ignore[attr-defined]
    shots = [tmp_path / "players-1280x800.png", tmp_path / "players-phone.png"]
    assert all(shot.stat().st_size > 5_000 for shot in shots)  # a painted page, not blank
    if PICTURES:
        names = ["players-view-1280x800.png", "players-view-phone.png"]
        for shot, name in zip(shots, names, strict=True):
            shutil.copyfile(shot, Path(PICTURES) / name)
