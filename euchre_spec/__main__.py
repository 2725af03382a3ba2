"""`python -m euchre_spec` runs the `euchre-spec` command."""

import sys

from .launch import main

sys.exit(main())
