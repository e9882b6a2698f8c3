"""Shared test configuration.

Hypothesis: no per-example deadline (the machine may be loaded, and speed is measured by
``bench/``, never by tests); under CI (``CI`` set) the search is derandomized so a run is
reproducible.
"""

import os
import tempfile

from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Tests read English whatever the developer's locale: landsraad follows LC_ALL, LC_MESSAGES and LANG
# when no --lang is given (landsraad/i18n.py); the French tests ask for French by name.
os.environ["LC_ALL"] = "C.UTF-8"

# The answers at the table keep validated scene tables in a cache (landsraad/table/boards.py): the
# tests keep theirs in a folder of their own, never the developer's ~/.cache, and start it empty.
if "LANDSRAAD_CACHE_DIR" not in os.environ:
    os.environ["LANDSRAAD_CACHE_DIR"] = tempfile.mkdtemp(prefix="landsraad-test-cache-")
