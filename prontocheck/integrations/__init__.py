"""Running prontocheck's jobs inside other systems: :mod:`.ray` (a Ray cluster; the optional extra
``pip install 'prontocheck[ray]'``), and its check inside the evaluators people run: :mod:`.inspect_scorer` (an
inspect_ai scorer and task; ``pip install 'prontocheck[inspect]'``) and :mod:`.lm_eval` (an lm-evaluation-harness
task and metric; ``pip install 'prontocheck[lm-eval]'``), which share :mod:`.verdicts`.

Nothing here imports a third-party system until it is used: ``import prontocheck.integrations.ray`` works
without Ray installed (so do the evaluator modules without their libraries), and their functions say how to
install it.
"""
