"""Mail in and out: reading an incoming message, loop and rate guards, building the judge's outgoing mail."""
