"""The client's address behind reverse proxies, believed only from the proxies named in ``TRUSTED_PROXIES``.

Each proxy appends the address it saw to ``X-Forwarded-For``. The header is read only when the peer (the
connection's own address) is one of the trusted proxies; then the entries are walked from the right, past
every trusted proxy, and the first address that is not one is the client. Whatever a client writes into the
header itself sits to the left of that and is never reached, and a client that connects to the app directly
(not through a proxy) is its own peer address whatever it sends. The client address feeds the rate limit and
the session creation quotas, so trusting a header from anyone would let a client choose its own bucket.
``X-Forwarded-Proto`` is taken from a trusted peer only.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse
    from _typeshed.wsgi import WSGIApplication as WsgiApp

__all__ = ["PEER_KEY", "TrustedProxies"]

PEER_KEY = "cardrules.peer_addr"
"""The environ key that keeps the connection's own address once ``REMOTE_ADDR`` names the client."""

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::1]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 192.0.2.1:443
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


class TrustedProxies:
    """WSGI middleware: ``REMOTE_ADDR`` becomes the client's address when the peer is a trusted proxy."""

    def __init__(self, app: WsgiApp, networks: Sequence[str]) -> None:
        self.app = app
        self.networks: tuple[_Network, ...] = tuple(ipaddress.ip_network(n, strict=False) for n in networks)
        # Few distinct proxies and clients repeat: remembering the verdict saves parsing an address per request.
        self.trusted = lru_cache(maxsize=4096)(self._trusted)

    def _trusted(self, text: str) -> bool:
        address = _address(text)
        if address is None:
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)

    def client(self, peer: str, forwarded: str) -> str:
        """The first address from the right of ``forwarded`` that is not a trusted proxy (``peer`` is one)."""
        chosen = peer
        for entry in reversed(forwarded.split(",")):
            entry = entry.strip()
            address = _address(entry)
            if address is None:  # not written by a proxy: stop at the last proxy that was believed
                break
            chosen = str(address)
            if not self.trusted(chosen):
                break
        return chosen

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        peer = environ.get("REMOTE_ADDR") or ""
        if peer and self.trusted(peer):
            forwarded = environ.get("HTTP_X_FORWARDED_FOR")
            if forwarded:
                environ[PEER_KEY] = peer
                environ["REMOTE_ADDR"] = self.client(peer, forwarded)
            scheme = (environ.get("HTTP_X_FORWARDED_PROTO") or "").rsplit(",", 1)[-1].strip().lower()
            if scheme in ("http", "https"):
                environ["wsgi.url_scheme"] = scheme
        return self.app(environ, start_response)
