"""The service's Ed25519 signing keys: compact JWS (RFC 7515) with EdDSA (RFC 8037), via joserfc.

A key set is a JWK Set (RFC 7517) of OKP Ed25519 keys, each with its `kid`. The first key that
holds its private part and has not expired signs; every key of the set verifies, so a key is
rotated by putting a new one first and keeping the old one until the states it signed are no
longer in play, then removing it (retired: its states are refused as signed by an unknown key).
A key may carry `exp` (seconds since the epoch): from then on it neither signs nor verifies.

Where the set comes from (`KeyRing.configured`): the environment variable ARBITRU_SIGNING_KEYS (the
set's JSON: a Kubernetes Secret as an environment variable), else the file ARBITRU_SIGNING_KEYS_FILE
names (a Secret mounted as a file), else a key made for this process alone, said on stderr. The
private parts are never logged nor answered: `public_jwks` is what GET /.well-known/jwks.json serves.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import sys
import time
import warnings
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from joserfc import jws
from joserfc.errors import BadSignatureError, JoseError, SecurityWarning
from joserfc.jwk import OKPKey

ALGORITHM = "EdDSA"
CURVE: Literal["Ed25519"] = "Ed25519"
KEYS_ENV = "ARBITRU_SIGNING_KEYS"
DICE_SECRET_LABEL = b"arbitru-dice-secret"


@contextmanager
def _eddsa() -> Iterator[None]:
    """joserfc follows RFC 9864, which deprecates "EdDSA" for the fully-specified "Ed25519", and
    warns at each use. Arbitru signs with "EdDSA" (RFC 8037) because every JOSE library verifies it
    today (jose, PyJWT, jwcrypto, nimbus); the signature is the same Ed25519 either way."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="EdDSA is deprecated", category=SecurityWarning)
        yield


class TrustError(Exception):
    """A state, signature or key refused; `code` names its catalogue text (`trust.<code>`)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def message_key(self) -> str:
        """The catalogue key of the explanation."""
        return f"trust.{self.code}"


@dataclass(frozen=True, slots=True)
class Verified:
    """A compact JWS whose signature checked: its key id and payload bytes."""

    kid: str
    payload: bytes


def new_key(expires: float | None = None) -> dict[str, Any]:
    """A new private Ed25519 JWK, its `kid` the key's RFC 7638 thumbprint."""
    key = OKPKey.generate_key(CURVE, private=True)
    data: dict[str, Any] = dict(key.as_dict(private=True))
    data["kid"] = key.thumbprint()
    if expires is not None:
        data["exp"] = expires
    return data


def _b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class KeyRing:
    """The live keys: one signs, all verify."""

    def __init__(self, jwks: Mapping[str, Any], now: float | None = None) -> None:
        self._keys: dict[str, OKPKey] = {}
        self._expires: dict[str, float | None] = {}
        self._now = now  # fixed time for tests; None: the clock
        signer: str | None = None
        for data in jwks.get("keys", []):
            fields = dict(data)
            expires = fields.pop("exp", None)
            if fields.get("kty") != "OKP" or fields.get("crv") != CURVE or not fields.get("kid"):
                raise ValueError("every signing key must be an OKP Ed25519 JWK with a kid")
            kid = str(fields["kid"])
            self._keys[kid] = OKPKey.import_key(fields)
            self._expires[kid] = None if expires is None else float(expires)
            if signer is None and "d" in fields and not self._expired(kid):
                signer = kid
        if signer is None:
            raise ValueError("the signing key set has no private key that has not expired")
        self.signer = signer

    @classmethod
    def generated(cls) -> KeyRing:
        """A key set of one new key."""
        return cls({"keys": [new_key()]})

    @classmethod
    def configured(cls, keys_file: str = "", environ: Mapping[str, str] | None = None) -> KeyRing:
        """The key set the environment gives (module docstring), or a new key said on stderr."""
        environ = os.environ if environ is None else environ
        text = environ.get(KEYS_ENV, "").strip()
        if text:
            return cls(json.loads(text))
        if keys_file:
            with open(keys_file, encoding="utf-8") as handle:
                return cls(json.load(handle))
        ring = cls.generated()
        print(
            f"arbitru: no signing key configured ({KEYS_ENV} or ARBITRU_SIGNING_KEYS_FILE): "
            f"made key {ring.signer} for this process only; its signed states verify nowhere else",
            file=sys.stderr,
        )
        return ring

    def _expired(self, kid: str) -> bool:
        expires = self._expires.get(kid)
        now = time.time() if self._now is None else self._now
        return expires is not None and now >= expires

    def public_jwks(self) -> dict[str, Any]:
        """The public keys (no private part), each with `kid`, `alg` and `use`: the JWKS document."""
        keys = []
        for kid, key in self._keys.items():
            if not self._expired(kid):
                keys.append({**key.as_dict(private=False), "kid": kid, "alg": ALGORITHM, "use": "sig"})
        return {"keys": keys}

    def sign(self, payload: bytes, typ: str) -> str:
        """A compact JWS of `payload`, signed by the signing key, its header naming `typ`."""
        header = {"alg": ALGORITHM, "kid": self.signer, "typ": typ}
        with _eddsa():
            return jws.serialize_compact(header, payload, self._keys[self.signer], algorithms=[ALGORITHM])

    def verify(self, token: Any, typ: str) -> Verified:
        """The payload of a compact JWS signed by a live key, or TrustError saying why not."""
        if not isinstance(token, str) or token.count(".") != 2:
            raise TrustError("not_compact_jws")
        try:
            header = json.loads(_b64(token.split(".", 1)[0]))
        except ValueError:
            raise TrustError("bad_header") from None
        if not isinstance(header, dict) or header.get("alg") != ALGORITHM:
            raise TrustError("wrong_algorithm", algorithm=ALGORITHM)
        if header.get("typ") != typ:
            raise TrustError("wrong_type", typ=typ)
        kid = header.get("kid")
        if not isinstance(kid, str) or kid not in self._keys:
            raise TrustError("unknown_key", kid=str(kid)[:64])
        if self._expired(kid):
            raise TrustError("expired_key", kid=kid)
        try:
            with _eddsa():
                checked = jws.deserialize_compact(token, self._keys[kid], algorithms=[ALGORITHM])
        except BadSignatureError:
            raise TrustError("bad_signature", kid=kid) from None
        except (JoseError, ValueError):
            raise TrustError("bad_header") from None
        return Verified(kid, checked.payload)

    def dice_secret(self, kid: str) -> bytes:
        """The secret the dice chains of key `kid` are derived from (its private key, hashed with a
        label: a dice seed never reveals the key). TrustError when that key is gone or public only."""
        key = self._keys.get(kid)
        if key is None or self._expired(kid):
            raise TrustError("dice_key_gone", kid=kid)
        private = key.as_dict(private=True).get("d")
        if not private:
            raise TrustError("dice_key_gone", kid=kid)
        return hmac.new(_b64(str(private)), DICE_SECRET_LABEL, hashlib.sha256).digest()


def share_unconfigured_keys(keys_file: str, environ: MutableMapping[str, str] | None = None) -> None:
    """With no key set configured, make one and put it in the environment (ARBITRU_SIGNING_KEYS), said
    on stderr: gunicorn's master calls it, so that every worker it forks signs with the same key."""
    environ = os.environ if environ is None else environ
    if environ.get(KEYS_ENV, "").strip() or keys_file:
        return
    data = {"keys": [new_key()]}
    environ[KEYS_ENV] = json.dumps(data)
    print(
        f"arbitru: no signing key configured ({KEYS_ENV} or ARBITRU_SIGNING_KEYS_FILE): made key "
        f"{data['keys'][0]['kid']} for this run; its signed states do not verify after a restart",
        file=sys.stderr,
    )


def ensure_key_file(path: str) -> None:
    """Make a key set of one new key at `path` unless a file is there, saying so on stderr
    (`make run` on a fresh machine). The file is created readable by its owner only."""
    if os.path.exists(path):
        return
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    data = json.dumps({"keys": [new_key()]}, indent=2)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(data + "\n")
    print(f"arbitru: made a new signing key set at {path} (ARBITRU_SIGNING_KEYS_FILE)", file=sys.stderr)


if __name__ == "__main__":  # python -m arbitru.trust.keys PATH: make the key file if there is none
    ensure_key_file(sys.argv[1])
