"""``python -m prontocheck.cli``: the ``prontocheck`` command."""

from prontocheck.cli import main

main()
