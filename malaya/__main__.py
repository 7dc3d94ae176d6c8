"""``python -m malaya`` runs the same command line as the ``malaya`` script."""

from __future__ import annotations

import sys

from malaya.cli import main

sys.exit(main())
