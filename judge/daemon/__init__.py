"""`judge serve`: SMTP in, outbox out, deadlines on a scheduler, on one asyncio loop."""
