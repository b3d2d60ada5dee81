"""Direct TLS without a proxy: ``mulligan serve --ssl-certfile CERT --ssl-keyfile KEY`` (PEM
files, as uvicorn takes them). `check_certificate` loads them before the server starts, so a
missing, unreadable or mismatched file is one line naming it, not a traceback from a worker.
"""

from __future__ import annotations

import os
import ssl

__all__ = ["check_certificate"]


def check_certificate(certfile: str | None, keyfile: str | None) -> bool:
    """Whether TLS is on (a `certfile` is given); ValueError naming the option and the file
    when the pair cannot serve TLS."""
    if certfile is None:
        if keyfile is not None:
            raise ValueError("--ssl-keyfile needs --ssl-certfile (the certificate it goes with)")
        return False
    for option, path in (("--ssl-certfile", certfile), ("--ssl-keyfile", keyfile)):
        if path is None:
            continue
        try:
            with open(path, "rb") as f:
                f.read(1)
        except OSError as e:
            raise ValueError(f"{option} {path}: cannot read it: {e.strerror or e}") from None
        if os.path.getsize(path) == 0:
            raise ValueError(f"{option} {path}: the file is empty")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (ssl.SSLError, ValueError) as e:
        which = f"--ssl-certfile {certfile}" + (f" with --ssl-keyfile {keyfile}" if keyfile else "")
        reason = getattr(e, "reason", None) or str(e)
        raise ValueError(f"{which}: not a PEM certificate and its private key ({reason})") from None
    return True
