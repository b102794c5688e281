"""The ``inspect_ai`` entry point of prontocheck (``pyproject.toml``): inspect imports this module when it looks up
a name in the ``prontocheck/`` namespace (``inspect eval prontocheck/prontoqa``, ``inspect score LOG --scorer
prontocheck/proof_scorer``), and importing it registers them (:func:`.inspect_scorer.register`).

Where inspect_ai is not installed (nothing can then look the names up) importing it does nothing: a doctest
collector imports every module.
"""

import importlib.util

from prontocheck.integrations.inspect_scorer import register

if importlib.util.find_spec("inspect_ai") is not None:
    register()
