"""A reverse proxy for the tests, as the README sets nginx up: it takes each request, adds X-Forwarded-For as
`proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` does (the header the client sent, if any, then the
client's own address), and forwards it to the judge from its own address. One request per connection."""
from __future__ import annotations

import asyncio
import contextlib
import threading


class ForwardingProxy:
    def __init__(self, upstream_port: int, source: str = "127.0.0.1", add_forwarded_for: bool = True):
        """`source`: the address the proxy connects to the judge from. `add_forwarded_for` False: a proxy set up
        without the proxy_set_header line, which passes whatever the client sent on untouched."""
        self.upstream_port = upstream_port
        self.source = source
        self.add = add_forwarded_for
        self.server: asyncio.base_events.Server | None = None
        self.port = 0
        self.forwarded: list[str] = []       # the X-Forwarded-For the judge was sent, request by request
        self.handling: set[asyncio.Task] = set()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            # (a browser closes once it has its answer, perhaps before the judge's end reaches the proxy)
            for task in list(self.handling):
                task.cancel()
            await asyncio.gather(*self.handling, return_exceptions=True)
            await self.server.wait_closed()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        self.handling.add(task)
        up_writer = None
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            request_line, fields = head[0], [line for line in head[1:] if line]
            kept, sent_for, length = [], [], 0
            for line in fields:
                name, _, value = line.partition(":")
                lower = name.strip().lower()
                if lower == "content-length":
                    length = int(value)
                if lower == "x-forwarded-for" and self.add:
                    sent_for.append(value.strip())
                elif lower not in ("connection", "keep-alive"):
                    kept.append(line)
            body = await reader.readexactly(length)
            if self.add:
                # $proxy_add_x_forwarded_for: what came (several fields joined with ", "), then $remote_addr
                value = ", ".join(sent_for + [writer.get_extra_info("peername")[0]])
                kept.append(f"X-Forwarded-For: {value}")
                self.forwarded.append(value)
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port,
                                                                 local_addr=(self.source, 0))
            up_writer.write("\r\n".join([request_line, *kept, "Connection: close", "", ""]).encode("latin-1") + body)
            await up_writer.drain()
            while chunk := await up_reader.read(65536):
                writer.write(chunk)
                await writer.drain()
        finally:
            for w in (writer, up_writer):
                if w is not None:
                    w.close()
                    with contextlib.suppress(Exception, asyncio.CancelledError):
                        await w.wait_closed()
            self.handling.discard(task)


class ProxyThread:
    """The proxy on an event loop of its own thread, for a judge running in another process."""

    def __init__(self, upstream_port: int, **options):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="proxy-loop", daemon=True)
        self.proxy = ForwardingProxy(upstream_port, **options)

    def __enter__(self) -> ForwardingProxy:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.proxy.start(), self.loop).result(10)
        return self.proxy

    def __exit__(self, *exc) -> None:
        asyncio.run_coroutine_threadsafe(self.proxy.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
