"""Running prontocheck's jobs inside other systems: :mod:`.ray` (a Ray cluster; the optional extra
``pip install 'prontocheck[ray]'``).

Nothing here imports a third-party system until it is used: ``import prontocheck.integrations.ray`` works
without Ray installed, and its functions say how to install it.
"""
