"""Which terminal driver the app runs on: on posix, one whose input survives bad bytes
and a hang-up (tracker/app/terminal_driver.py); elsewhere Textual's own."""

from __future__ import annotations

import os

from textual.app import App
from textual.driver import Driver


class ForgivingDriverApp(App[None]):
    """Mix in before `App`: the driver Textual picks, made forgiving on posix."""

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if os.name != "posix":
            return driver
        from tracker.app.terminal_driver import forgiving  # LinuxDriver: posix only

        return forgiving(driver)
