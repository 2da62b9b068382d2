"""WilmerAI's optional file encryption (``encryptUsingApiKey``).

The whole JSON byte string is a Fernet token. The key is the urlsafe base64
of PBKDF2-HMAC-SHA256(api key, salt, 100000 iterations, 32 bytes); the salt
depends on whether a username is configured. The ``cryptography`` package
does the primitives: hand-written crypto is never the better choice.
The key lives only in memory: nothing here writes it anywhere.
``cryptography`` is imported by the functions that need it: only encrypted
files do, and it is the costliest import of a command's start-up.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import field

from .records import frozen

ITERATIONS = 100_000
DEFAULT_SALT = b"WilmerAI-encryption-salt-v1"
FERNET_PREFIX = b"gAAAAA"  # version byte 0x80, base64: every token starts so


def salt_for(username: str | None) -> bytes:
    if username:
        return b"WilmerAI-v1-" + hashlib.sha256(username.encode("utf-8")).hexdigest().encode("ascii")
    return DEFAULT_SALT


@frozen
class FileKey:
    """A derived Fernet key; ``repr`` never shows it."""

    fernet_key: bytes = field(repr=False)
    username: str | None = None

    @classmethod
    def derive(cls, api_key: str, username: str | None = None) -> FileKey:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

        kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt_for(username), iterations=ITERATIONS)
        return cls(base64.urlsafe_b64encode(kdf.derive(api_key.encode("utf-8"))), username or None)

    def encrypt(self, plain: bytes) -> bytes:
        from cryptography.fernet import Fernet

        return Fernet(self.fernet_key).encrypt(plain)

    def decrypt(self, token: bytes) -> bytes | None:
        """The plain bytes, or None when this key does not open ``token``."""
        from cryptography.fernet import Fernet, InvalidToken

        try:
            return Fernet(self.fernet_key).decrypt(token.strip())
        except (InvalidToken, ValueError):
            return None


def looks_encrypted(data: bytes) -> bool:
    return data.lstrip().startswith(FERNET_PREFIX)
