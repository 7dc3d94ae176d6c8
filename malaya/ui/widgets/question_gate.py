"""No question acts unless it was drawn: a question's answer counts only once the player could see it.

A question (delete this save? end the phase? quit?) is asked by one event and drawn by the next frame. If
its drawing never finished — the page's drawing failed part-way, or an Enter arrived in the same batch of
events as the click that asked — an answer would act behind a question nobody saw. Every question keeps a
:class:`QuestionGate`: it is closed when the question is asked, opened at the end of the question's own
drawing, and its answers are ignored while it is closed.
"""

from __future__ import annotations


class QuestionGate:
    """Whether the question has been drawn in full since it was asked."""

    def __init__(self) -> None:
        self.drawn = False

    def asked(self) -> None:
        """The question has just been asked: nothing it says has been seen yet."""
        self.drawn = False

    def shown(self) -> None:
        """The question's drawing finished (call this last in its draw): its answers count from now on."""
        self.drawn = True
