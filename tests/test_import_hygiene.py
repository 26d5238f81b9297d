"""The rules stay UI-free: importing them must not load textual or rich."""

import subprocess
import sys


def test_rules_import_loads_no_ui() -> None:
    code = (
        "import sys, rules, importlib, pkgutil\n"
        "for m in pkgutil.walk_packages(rules.__path__, 'rules.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", f"rules loaded UI modules: {result.stdout}"
