# Pyodide's fetch (mypy only).
from typing import Any

class FetchResponse:
    ok: bool
    status: int
    async def bytes(self) -> bytes: ...

async def pyfetch(url: str, **kwargs: Any) -> FetchResponse: ...
