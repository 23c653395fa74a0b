import sys

from pyrules.cli import main

sys.exit(main())
