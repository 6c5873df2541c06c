"""A helper process that ends with the process that started it, however that one ended.

The server's worker and printer processes wait for work from the server. Killed outright
(SIGKILL, a crash, the power), the server cannot tell them to stop, and they would wait
for ever; so each one looks, every second, whether its parent is still there.
"""

from __future__ import annotations

import os
import threading
import time

#: Seconds between looks at the parent.
EVERY = 1.0


def end_with_parent() -> None:
    """End this process as soon as the process that started it is gone (call it at start)."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(EVERY)
            if os.getppid() != parent:
                os._exit(0)  # the parent is gone: nothing will ever ask this process again

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
