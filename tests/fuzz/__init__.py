"""Fuzzing prontocheck: mutations of real inputs fed to the parser, the output reader, the checker, the rewards
and the record readers; no input may crash them, hang them or lose a record.

- :mod:`tests.fuzz.mutate`: the mutations (words, Unicode, control and zero-width characters, long and nested
  inputs) over any *chooser*: a :class:`random.Random` for the long run, Hypothesis draws for the tests.
- :mod:`tests.fuzz.corpus`: the real material (``fixtures/``, ``tests/data/``, and ``../shared/data`` if present).
- :mod:`tests.fuzz.files`: generated input files (formats mixed, damaged, compressed, truncated).
- :mod:`tests.fuzz.targets`: what each target runs and which errors it documents.
- :mod:`tests.fuzz.strategies`: Hypothesis strategies of the targets' inputs (``tests/test_fuzz.py``).
- ``python -m tests.fuzz --examples 1000000``: the long run (:mod:`tests.fuzz.runner`).
"""
