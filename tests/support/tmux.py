"""A real terminal for the tests that drive the real `tracker` (tmux, 120×40): one tmux
server on its own socket, killed alone."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TMUX = shutil.which("tmux")


class Terminal:
    """One tmux server (own socket) running one command in a 120×40 window."""

    def __init__(self, command: str) -> None:
        self.socket = f"tracker-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TEXTUAL_ANIMATION="none")
        self.tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command)

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            [TMUX or "tmux", "-u", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            env=self.env,
            check=False,
        )
        return result.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "t", key)

    def wait_for(self, *texts: str, gone: bool = False, timeout: float = 20.0) -> str:
        """The screen once every text is on it (or, `gone`, none is). Wait for what you
        assert: a capture can catch tmux half way through drawing a frame."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if all((t in screen) != gone for t in texts):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"waited for {texts} (gone={gone}); the screen shows:\n{screen}")

    def running(self) -> bool:
        return "t" in self.tmux("list-sessions", "-F", "#{session_name}").split()

    def close(self) -> None:
        self.tmux("kill-server")
