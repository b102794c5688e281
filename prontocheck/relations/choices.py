"""The values of the relations commands' options, apart so that the CLI names them in its help texts without
importing the modules that read them (:mod:`prontocheck.relations.ewok`, :mod:`prontocheck.relations.score`).
"""

ROLES = ("id", "domain", "context1", "context2", "target1", "target2")
"""The fields of an EWoK record; :data:`~prontocheck.relations.ewok.DEFAULT_COLUMNS` names the keys that hold them."""
REFERENCES = ("full", "common_sense")
"""The blocks of ART's Table 3: the full ART A&B, and its common-sense subset (≥ 80% agreement)."""
