"""The web face of the judge: every game's pages, served by `judge serve` (shared/spec/judge-web.md)."""
