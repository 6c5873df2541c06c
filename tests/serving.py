"""The real server the tests need: the benchmarks' `Server` and `Client`, one way to run it."""

from scripts.benchmarks.server import Client, Server, free_port

__all__ = ["Client", "Server", "free_port"]
