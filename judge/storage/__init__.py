"""Everything the judge keeps on disk: atomic writes, locks, password hashes, game folders, the outbox."""
