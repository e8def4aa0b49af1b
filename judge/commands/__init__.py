"""E-mail commands: one class per command, in families, listed in registry.py."""
