"""Table Judge's rules core: pure, deterministic game logic (no web stack, no I/O).

``rules_core.kernel`` holds what every game shares; ``rules_core.games`` holds
one package per game and ``REGISTRY``, the games the service serves.
"""
