"""`python -m euchre_spec` runs the `euchre-spec` command."""

import sys

from .cli import main

sys.exit(main())
