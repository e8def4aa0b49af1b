"""python -m judge: the command line."""
from judge.cli import main

raise SystemExit(main())
