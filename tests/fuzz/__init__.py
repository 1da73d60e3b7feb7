"""The state-aware fuzzer: reachable table states, mutated, driven through every operation.

* ``cpu``: the per-request CPU cap and measures (CPU seconds, resident memory peak).
* ``reachable``: seeded playouts (bots and random players) that give reachable states.
* ``mutations``: what is done to a reachable state (fields removed, emptied, swapped, cards
  moved, counters off by one, and the game-specific ones that found faults).
* ``requests``: one HTTP request per operation for a state, with what it must answer.
* ``harness``: sends a case through a client (Flask's in process, or a real gunicorn) and
  checks the properties; ``strategies``: the Hypothesis strategies tying it together.

The suite's share is ``tests/fuzz/test_state_fuzz.py``; the long run is
``python -m tools.fuzz_states`` (see ``docs/reliability.md``, "State-aware fuzzer").
"""
