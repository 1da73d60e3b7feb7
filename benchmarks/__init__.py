"""The Table Judge benchmark suite: ``python -m benchmarks [--quick]``.

Never part of the test suite. Every part runs for whatever games are
registered, skips (and says so) what is missing, and reports medians over
repeated bounded runs plus ratios against references timed in the same run,
because the machine is shared and noisy.
"""
