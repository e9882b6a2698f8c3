"""Share codes: a whole warband list in one short line that survives a chat, checked offline.

A code is ``LR1-`` followed by characters of the RFC 4648 base-32 alphabet (``A`` to ``Z``,
``2`` to ``7``; case, spaces, line breaks and hyphens do not matter, so a code typed from a
phone or re-wrapped by a chat still reads). Inside: the list as a JSON array without keys
(``[[faction, name, player, notes], [[type, name, weapons, equipment, spice], ...]]``,
trailing defaults left out, ids as the validator writes them), deflated against a fixed
dictionary of the bundled sheets' ids (:data:`_ZDICT`, frozen for format 1: a new faction's
ids still encode, only less tightly), then the CRC-32 of that payload. The bundled Corrino
example (six models) is a 171-character code. A character changed, dropped or added fails
the check, so a code that reads back is the list that was shared. No server is involved:
the code is the list.

Examples
--------
>>> from landsraad.warband.listformat import WarbandList
>>> team = WarbandList(name="Duo", faction="corrino", models=[{"type": "master_assassin", "name": "Hasimir"}, {"type": "scout"}])
>>> code = share_code(team)
>>> code.startswith("LR1-"), is_share_code(code), is_share_code("examples/lists/corrino.yaml")
(True, True, False)
>>> WarbandList.model_validate(decode_share_code(code.lower().replace("-", " "))) == team
True
>>> decode_share_code(code[:-2] + ("AA" if code[-2:] != "AA" else "BB"))
Traceback (most recent call last):
...
landsraad.warband.sharecode.ShareCodeError: The share code's check does not match: a character was changed, lost or added while copying it; copy the whole code again.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from ..errors import LandsraadError
from ..i18n import message
from .listformat import WarbandList

__all__ = ["PREFIX", "ShareCodeError", "share_code", "decode_share_code", "is_share_code"]

PREFIX = "LR1"
"""The version tag that starts every code (format 1)."""

MAX_CODE = 20_000
"""The longest code read (characters): far above any real list, far below a flood."""

_CODE = re.compile(r"\s*LR1[\s:-]*([A-Z2-7][A-Z2-7\s-]{7,})\s*", re.IGNORECASE)


_ZDICT = ('"' + '","'.join(
    "assassin assassin_knife atreides bene_gesserit_sister champion corrino crysknife dart_rifle ducal_signet duellist "
    "elacca_drug explosives fedaykin flamethrower fremen gladiator halberd harkonnen heavy_lasgun hunter_seeker jammer "
    "knife laser machine_gun master_assassin master_of_arms maula_pistol maula_rifle medic mentat naib paired_crysknives "
    "paired_weapons pistol rocket_launcher sardaukar_lance sayyadina scout soldier specialist steel_shield stillsuit "
    "suspensor_belt sword swordmaster warrior".split()) + '"').encode("ascii")
"""The deflate dictionary of format 1: the bundled sheets' ids when the format was made. Never change it (old codes
would no longer read); a new format gets a new prefix."""


class ShareCodeError(LandsraadError):
    """A share code that cannot be read (the sentence says why: ``args[0]``, a :class:`~landsraad.i18n.Message`)."""


def is_share_code(text: str) -> bool:
    """Whether ``text`` is shaped like a share code (its check is not verified here)."""
    return len(text) <= MAX_CODE and _CODE.fullmatch(text) is not None


def share_code(warband: WarbandList) -> str:
    """The share code of a list (see the module's docstring)."""
    models = []
    for m in warband.models:
        row: list[Any] = [m.type, m.name or "", list(m.weapons), list(m.equipment), m.spice]
        while len(row) > 1 and row[-1] in ("", [], 0):
            row.pop()
        models.append(row)
    head = [warband.faction, warband.name, warband.player, warband.notes]
    while len(head) > 1 and head[-1] == "":
        head.pop()
    data = json.dumps([head, models], separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_ZDICT)  # raw deflate: no header, the CRC below is the check
    payload = packer.compress(data.encode("utf-8")) + packer.flush()
    return PREFIX + "-" + base64.b32encode(payload + zlib.crc32(payload).to_bytes(4, "big")).decode("ascii").rstrip("=")


def decode_share_code(text: str) -> dict[str, Any]:
    """The list data of a share code (a mapping for :class:`WarbandList`, not yet validated).

    Raises
    ------
    ShareCodeError
        When the text is not a code, its check fails, or it does not hold a list.
    """
    m = _CODE.fullmatch(text) if len(text) <= MAX_CODE else None
    if m is None:
        raise ShareCodeError(message("This is not a share code: a code starts with {prefix}- and has only the letters A to Z "
                                     "and the digits 2 to 7.", prefix=PREFIX))
    body = re.sub(r"[\s-]", "", m[1]).upper()
    try:
        raw = base64.b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        raw = b""
    payload, check = raw[:-4], raw[-4:]
    # The last character's unused low bits are dropped by the decoder: a code is whole only when it is
    # the encoding of what it decodes to (else changing the last character could pass the check).
    canonical = base64.b32encode(raw).decode("ascii").rstrip("=") == body
    if len(raw) < 5 or not canonical or zlib.crc32(payload).to_bytes(4, "big") != check:
        raise ShareCodeError(message("The share code's check does not match: a character was changed, lost or added while copying "
                                     "it; copy the whole code again."))
    try:
        unpacker = zlib.decompressobj(-15, zdict=_ZDICT)
        data = _from_rows(json.loads(unpacker.decompress(payload, 1_000_000).decode("utf-8")))
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError, TypeError, ValueError):
        data = None
    if data is None:
        raise ShareCodeError(message("The share code passes its check but holds no list; it was not made by `landsraad roster --format code`."))
    return data


def _from_rows(rows: Any) -> dict[str, Any] | None:
    """The list mapping of a code's arrays (``None`` when they are not shaped as :func:`share_code` writes them)."""
    if not (isinstance(rows, list) and len(rows) == 2 and isinstance(rows[0], list) and isinstance(rows[1], list)):
        return None
    head = rows[0] + [""] * (4 - len(rows[0]))
    out: dict[str, Any] = {k: v for k, v in zip(("faction", "name", "player", "notes"), head) if v != ""}
    models = []
    for row in rows[1]:
        if not isinstance(row, list) or not row:
            return None
        row = row + ["", [], [], 0][len(row) - 1:]
        model = {"type": row[0], "name": row[1] or None, "weapons": row[2], "equipment": row[3], "spice": row[4]}
        models.append({k: v for k, v in model.items() if v not in (None, [], 0) or k == "type"})
    out["models"] = models
    return out
