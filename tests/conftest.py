"""Hypothesis profiles: ``ci`` (default, fast) and ``deep``; choose with ``HYPOTHESIS_PROFILE=deep``."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=25, deadline=None, print_blob=True)
settings.register_profile("deep", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
