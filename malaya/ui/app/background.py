"""Work done off the window's thread (loading a long game), so the window can show progress meanwhile."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from malaya.ui.app.intents import Problem, Transition, transition_or_warn

T = TypeVar("T")

SHOW_AFTER_S = 0.2
"""Progress is shown only for work that has taken longer than this."""
SAME_FRAME_S = 0.05
"""How long a page waits for work it has just started, so quick work is done in the same frame; longer work
goes on while the window keeps drawing (no frame waits more than this for a file)."""


@dataclass
class Background(Generic[T]):
    """One piece of work on a thread; poll :meth:`result` each frame."""

    work: Callable[[], T]
    label: str
    started: float = field(default_factory=time.monotonic)
    _result: list[T] = field(default_factory=list)
    _error: list[BaseException] = field(default_factory=list)
    _thread: threading.Thread | None = None

    def start(self) -> Background[T]:
        """Start the thread; returns self."""
        self._thread = threading.Thread(target=self._run, name=f"malaya-{self.label}", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        """The thread: keep the result or the error for the window's thread."""
        try:
            self._result.append(self.work())
        except BaseException as exc:  # handed to the window's thread, which reports it
            self._error.append(exc)

    @property
    def done(self) -> bool:
        """True once the work has finished (well or not)."""
        return bool(self._result or self._error)

    def result(self) -> T:
        """The work's result (its error raised here, on the window's thread); only when ``done``."""
        if self._error:
            raise self._error[0]
        return self._result[0]

    def elapsed(self) -> float:
        """Seconds since the work started."""
        return time.monotonic() - self.started

    @property
    def show_progress(self) -> bool:
        """True once the work has taken longer than SHOW_AFTER_S and is still going."""
        return not self.done and self.elapsed() > SHOW_AFTER_S

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread (tests, closing)."""
        if self._thread is not None:
            self._thread.join(timeout)


def started(work: Callable[[], T], label: str) -> Background[T]:
    """``work`` started on a thread and given SAME_FRAME_S to finish (quick work is done in this frame)."""
    task = Background(work, label).start()
    task.join(SAME_FRAME_S)
    return task


def finished(task: Background[T] | None) -> T | None:
    """The result of ``task`` once it has finished (the caller then lets it go); None while it runs or if none."""
    if task is None or not task.done:
        return None
    return task.result()


class Opening(Protocol):
    """A page that opens a game or a lesson off the window's thread."""

    loading: Background[Transition | Problem] | None


def arrival(page: Opening, warn: Callable[[str], None]) -> Transition | None:
    """The way into what ``page`` is opening once it is ready (the page lets its task go), or None: while it runs,
    or after ``warn`` with the reason it could not be opened (nothing changes)."""
    opened = finished(page.loading)
    if opened is None:
        return None
    page.loading = None
    return transition_or_warn(opened, warn)
