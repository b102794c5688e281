"""``python -m prontocheck``: the ``prontocheck`` command."""

from prontocheck.cli import main

if __name__ == "__main__":  # pragma: no branch - (imported, e.g. by doctest collection, it runs nothing)
    main()
