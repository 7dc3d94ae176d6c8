"""Worker processes that end with the process that started them.

A ``ProcessPoolExecutor`` worker waits on its job queue; when the window's process dies without shutting the
pool down (killed, crashed, or a test run stopped), nothing tells the worker, and it stays alive holding its
memory. Each of our pools starts its workers with :func:`exit_with_parent`, so none outlives its parent.
"""

from __future__ import annotations

import multiprocessing
import os
import threading


def exit_with_parent() -> None:
    """In a worker process: end it as soon as the process that started it ends (a pool's ``initializer``)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="malaya-exit-with-parent", daemon=True).start()
