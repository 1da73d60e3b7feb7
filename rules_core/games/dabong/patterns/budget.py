"""The work counter of one matcher call: no check or listing runs away.

Shape units examine candidates one by one (identity assignments of undeclared
Shamans when checking, candidate card sets when a listing still enumerates them:
mirrors, river plays); counted listings (``counted.py``) spend nothing. Each call gets one
``WorkBudget`` and every candidate judged spends from it. When the budget is
spent the call stops with ``MatchBudgetExceeded`` instead of answering late.
The counter lives for one call only (the matcher keeps no state between calls).
"""

from __future__ import annotations

from collections.abc import Callable

from ..matcher_api import MatchBudgetExceeded

#: What to tell the caller when a check runs out of budget.
CHECK_ADVICE = "declare the Shamans' identities, or switch the costly Master patterns off"
#: What to tell the caller when a listing runs out of budget.
LIST_ADVICE = (
    "list with fewer Shamans or a smaller hand, or switch the costly Master patterns off "
    "(mirror, self mirror; with the river in play, the river)"
)


class WorkBudget:
    """Units left for one call; ``spend`` raises once more than ``limit`` were spent."""

    __slots__ = ("advice", "limit", "spent", "task")

    def __init__(self, limit: int, *, task: str | Callable[[], str], advice: str) -> None:
        self.limit = limit
        self.spent = 0
        #: What the call does, for the refusal; a function when wording it costs more than
        #: a call that stays within its budget should pay (every check makes a budget).
        self.task = task
        self.advice = advice

    def spend(self, units: int = 1) -> None:
        self.spent += units
        if self.spent > self.limit:
            task = self.task if isinstance(self.task, str) else self.task()
            raise MatchBudgetExceeded(task=task, spent=self.spent, limit=self.limit, advice=self.advice)
