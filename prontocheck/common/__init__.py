"""Utilities every layer may use: reading compressed text streams and JSON Lines (:mod:`.streams`),
decoding one JSON record within the per-record limits (:mod:`.decode`), proportions with Wilson
intervals (:mod:`.stats`).

They know nothing of formulas, problems or records: the readers of :mod:`prontocheck.io`, the modal
and relational item readers and the reports all build on them.

>>> from prontocheck.common import Rate, loads
>>> Rate(3, 4).value, loads('{"n": 1}')
(0.75, {'n': 1})
"""

from prontocheck.common.decode import JSONBudgetError, loads
from prontocheck.common.stats import Z95, Rate, proportion, wilson_interval
from prontocheck.common.streams import iter_lines, json_lines, open_text

__all__ = ["Z95", "JSONBudgetError", "Rate", "iter_lines", "json_lines", "loads", "open_text", "proportion",
           "wilson_interval"]
